// Keeping a view in sync: apply a patch's RFC 6902 ops, then check the digest (docs/protocol.md).
// The server's patches use only `add`, `remove` and `replace` (they come from nlohmann::json::diff):
// `replace` with path "" swaps the whole view; `add` with a last token "-" appends to an array.
import { createHash } from 'node:crypto';

// A JSON Pointer (RFC 6901): "/players/0/hand" -> ["players", "0", "hand"]; "~1" is "/", "~0" is "~".
const tokens = (path) => path.split('/').slice(1).map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));

// Returns the patched view (a new object only when the whole view is replaced).
export function applyPatch(view, ops) {
  for (const { op, path, value } of ops) {
    if (path === '') {
      if (op !== 'replace') throw new Error(`unsupported op ${op} on the whole view`);
      view = value;
      continue;
    }
    const parts = tokens(path);
    const last = parts.pop();
    let target = view;
    for (const t of parts) target = target[Array.isArray(target) ? Number(t) : t];
    if (Array.isArray(target)) {
      const i = last === '-' ? target.length : Number(last);
      if (op === 'add') target.splice(i, 0, value);
      else if (op === 'remove') target.splice(i, 1);
      else if (op === 'replace') target[i] = value;
      else throw new Error(`unsupported op ${op}`);
    } else if (op === 'add' || op === 'replace') {
      target[last] = value;
    } else if (op === 'remove') {
      delete target[last];
    } else {
      throw new Error(`unsupported op ${op}`);
    }
  }
  return view;
}

// The canonical text: JSON.stringify with object keys sorted at every level (no whitespace).
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

// Lowercase hex SHA-256 of the canonical text.
export const digest = (view) => createHash('sha256').update(canonical(view), 'ascii').digest('hex');
