// The tournament desk's HTTP API (docs/tournaments.md, "HTTP API"): JSON in and out, the caller's
// token as a bearer token; a refusal becomes a DeskError carrying the server's code and message.

export class DeskError extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly rule?: string) {
    super(message);
  }
}

export async function desk(method: "GET" | "POST" | "PATCH", path: string, token = "", body?: unknown): Promise<any> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const init: RequestInit = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  let { res, text, json } = await send(`/tournaments${path}`, init);
  // Another node runs the tournament (docs/decisions/030-tournaments-on-several-nodes.md): the change
  // goes to that node's URL with the same headers, once. (A browser's request gets 409 with the URL:
  // fetch would follow a 307 itself and drop the Authorization header across origins.)
  if (json?.error === "moved" && typeof json.url === "string" && json.url)
    ({ res, text, json } = await send(json.url, init));
  if (!res.ok) throw new DeskError(res.status, String(json?.error ?? res.status), String(json?.message ?? text ?? res.statusText), json?.rule);
  return json;
}

async function send(url: string, init: RequestInit): Promise<{ res: Response; text: string; json: any }> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (e) {
    throw new DeskError(0, "offline", String((e as Error).message ?? e));
  }
  const text = await res.text();
  let json: any = null;
  try { json = text ? JSON.parse(text) : null; } catch { /* not JSON: the message is the text */ }
  return { res, text, json };
}

/** "message (rule)" for showing a refusal. */
export function deskErrorText(e: unknown): string {
  if (e instanceof DeskError) return e.rule ? `${e.message} (${e.rule})` : e.message;
  return String((e as Error)?.message ?? e);
}

/** The links this browser was given (organiser, entrant, referee), per tournament, remembered. */
export type Role = "org" | "me" | "ref";
const KEY = "hexhall.tournaments";

function all(): Record<string, Partial<Record<Role, string>> & { name?: string }> {
  try { return JSON.parse(localStorage.getItem(KEY) ?? "{}") ?? {}; } catch { return {}; }
}

export const remembered = {
  get(id: string, role: Role): string | undefined { return all()[id]?.[role]; },
  set(id: string, role: Role, token: string, name?: string): void {
    const m = all();
    m[id] = { ...(m[id] ?? {}), [role]: token, ...(name ? { name } : {}) };
    try { localStorage.setItem(KEY, JSON.stringify(m)); } catch { /* private mode */ }
  },
  /** Every remembered tournament: id, name and the roles held. */
  list(): { id: string; name: string; roles: Partial<Record<Role, string>> }[] {
    return Object.entries(all()).map(([id, v]) => ({ id, name: v.name ?? id, roles: { org: v.org, me: v.me, ref: v.ref } }));
  },
};
