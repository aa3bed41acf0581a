// RFC 6902 JSON Patch, enough for the server's patches (add, remove, replace, move, copy, test),
// used by the replay viewer. Returns a new document; the input is not modified.

function unescape(tok: string): string { return tok.replace(/~1/g, "/").replace(/~0/g, "~"); }

function split(path: string): string[] {
  if (path === "") return [];
  if (path[0] !== "/") throw new Error(`bad JSON pointer ${path}`);
  return path.slice(1).split("/").map(unescape);
}

function get(doc: any, toks: string[]): any {
  let cur = doc;
  for (const k of toks) cur = Array.isArray(cur) ? cur[k === "-" ? cur.length : Number(k)] : cur?.[k];
  return cur;
}

function setIn(doc: any, toks: string[], value: any, insert: boolean): any {
  if (toks.length === 0) return value;
  const parent = get(doc, toks.slice(0, -1));
  const last = toks[toks.length - 1];
  if (Array.isArray(parent)) {
    const i = last === "-" ? parent.length : Number(last);
    if (insert) parent.splice(i, 0, value); else parent[i] = value;
  } else parent[last] = value;
  return doc;
}

function removeIn(doc: any, toks: string[]): any {
  const parent = get(doc, toks.slice(0, -1));
  const last = toks[toks.length - 1];
  if (Array.isArray(parent)) parent.splice(Number(last), 1); else delete parent[last];
  return doc;
}

export function applyPatch(doc: any, ops: any[]): any {
  let out = structuredClone(doc);
  for (const op of ops ?? []) {
    const toks = split(op.path);
    switch (op.op) {
      case "add": out = setIn(out, toks, structuredClone(op.value), true); break;
      case "replace": out = setIn(out, toks, structuredClone(op.value), false); break;
      case "remove": out = removeIn(out, toks); break;
      case "move": { const v = get(out, split(op.from)); out = removeIn(out, split(op.from)); out = setIn(out, toks, v, true); break; }
      case "copy": out = setIn(out, toks, structuredClone(get(out, split(op.from))), true); break;
      case "test": break;
      default: throw new Error(`unknown patch op ${op.op}`);
    }
  }
  return out;
}
