"""Keeping a view in sync: apply a patch's RFC 6902 ops, then check the digest (docs/protocol.md).

The server's patches use only `add`, `remove` and `replace` (they come from nlohmann::json::diff):
`replace` with path "" swaps the whole view; `add` with a last token "-" appends to an array.
"""
import hashlib
import json


def _tokens(path):
    # A JSON Pointer (RFC 6901): "/players/0/hand" -> ["players", "0", "hand"]; "~1" is "/", "~0" is "~".
    return [t.replace("~1", "/").replace("~0", "~") for t in path.split("/")[1:]]


def apply_patch(view, ops):
    """Returns the patched view (a new object only when the whole view is replaced)."""
    for op in ops:
        kind, path = op["op"], op["path"]
        if path == "":
            if kind != "replace":
                raise ValueError(f"unsupported op {kind} on the whole view")
            view = op["value"]
            continue
        *parents, last = _tokens(path)
        target = view
        for t in parents:
            target = target[int(t)] if isinstance(target, list) else target[t]
        if isinstance(target, list):
            if kind == "add":
                target.insert(len(target) if last == "-" else int(last), op["value"])
            elif kind == "remove":
                del target[int(last)]
            elif kind == "replace":
                target[int(last)] = op["value"]
            else:
                raise ValueError(f"unsupported op {kind}")
        else:
            if kind in ("add", "replace"):
                target[last] = op["value"]
            elif kind == "remove":
                del target[last]
            else:
                raise ValueError(f"unsupported op {kind}")
    return view


def digest(view):
    """Lowercase hex SHA-256 of the canonical text: no whitespace, keys sorted, ASCII."""
    text = json.dumps(view, separators=(",", ":"), sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()
