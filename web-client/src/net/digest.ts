// The view digest, exactly as docs/protocol.md "Digest: canonical form" defines it:
// lowercase hex SHA-256 of the view printed with no whitespace, object keys sorted bytewise
// (recursively), arrays in order, integers in decimal. SHA-256 comes from @noble/hashes because
// crypto.subtle exists only in secure contexts (https / localhost), and the server may be on plain http.
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/** Bytewise key order. Every key in a view is ASCII, where UTF-16 order equals byte order. */
function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isInteger(value)) throw new Error("canonical form has no floats");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return "[" + value.map(canonicalJson).join(",") + "]";
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort(byteOrder);
  return "{" + keys.map((k) => JSON.stringify(k) + ":" + canonicalJson(obj[k])).join(",") + "}";
}

export function digestOf(view: unknown): string {
  return bytesToHex(sha256(utf8ToBytes(canonicalJson(view))));
}
