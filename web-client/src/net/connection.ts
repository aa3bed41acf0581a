// The one WebSocket to the server: hello with the remembered session token, requests with ids
// whose replies resolve promises, pushes delivered to listeners by type, and reconnection with
// backoff (the server re-seats a known session by itself after hello). Several nodes
// (docs/protocol.md, `moved`): a room served by another node is answered `moved` with that node's
// URL; the connection reconnects there with the same token (and sends the request again); a `moved`
// without URL, or a node that cannot be reached, sends it back to the URL it started from. A request
// carried by `moved` to a node that cannot be reached (one that died since the server chose it) does
// not fail: it is sent again at that start URL (at once; if it is carried to an unreachable node
// again, after the back-off), until its own deadline (REQUEST_TIMEOUT_MS from when it was sent).

export interface ServerMessage { type: string; id?: number | null; [key: string]: any; }
export interface RequestError { code: string; rule?: string; message: string; }
export type ConnectionState = "connecting" | "open" | "reconnecting" | "closed";

type Listener = (m: ServerMessage) => void;
interface Pending {
  resolve: (m: ServerMessage) => void; reject: (e: RequestError) => void; timer: number;
  msg?: Record<string, unknown>;  // the request (sent again on the node a `moved` names)
  deadline: number;   // Date.now() when it times out (kept when a `moved` carries it elsewhere)
  fallbacks: number;  // times it was carried to a node that could not be reached
}
// A request a `moved` carries to the node it names: sent there once that node welcomes us.
interface Carried {
  msg: Record<string, unknown>; resolve: (m: ServerMessage) => void; reject: (e: RequestError) => void;
  deadline: number; fallbacks: number;
}

const MAX_ID = 2147483647;
const REQUEST_TIMEOUT_MS = 15000;
const BACKOFF_MS = [300, 1000, 2000, 4000, 8000, 15000];

export interface HelloInfo { name: string; token?: string; }

export class Connection {
  private ws: WebSocket | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private listeners = new Map<string, Set<Listener>>();
  private stateListeners = new Set<(s: ConnectionState) => void>();
  private attempt = 0;
  private retryTimer = 0;
  private welcomed = false;
  private waiters: (() => void)[] = [];
  private carried: Carried[] = [];
  private stopped = false;
  state: ConnectionState = "closed";

  private readonly home: string;  // the URL given (a node, or the load balancer in front of the nodes)

  constructor(private url: string, private hello: () => HelloInfo, private onSession: (token: string, name: string) => void) {
    this.home = url;
  }

  /** The URL the socket is (or will be) connected to: a `moved` reply changes it. */
  get currentUrl(): string { return this.url; }

  /** Opens the socket (again). Safe to call when already open: it reconnects with a fresh hello. */
  connect(): void {
    this.stopped = false;
    window.clearTimeout(this.retryTimer);
    if (this.ws) {
      const old = this.ws;
      this.ws = null;
      old.onclose = null;
      old.close();
      this.failPending("disconnected");
    }
    this.welcomed = false;
    this.setState(this.attempt === 0 ? "connecting" : "reconnecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      const h = this.hello();
      const id = this.takeId();
      const msg: Record<string, unknown> = { type: "hello", v: 1, id, name: h.name };
      if (h.token) msg.token = h.token;
      this.track(id).then((welcome) => {
        this.attempt = 0;
        this.welcomed = true;
        this.onSession(String(welcome.session), String(welcome.name ?? h.name));
        this.setState("open");
        for (const r of this.carried.splice(0)) this.send(r.msg, r.deadline, r.fallbacks).then(r.resolve, r.reject);
        const ws = this.waiters.splice(0);
        ws.forEach((w) => w());
        this.emit({ ...welcome, type: "ready" });
      }, () => ws.close());
      ws.send(JSON.stringify(msg));
    };
    ws.onmessage = (ev) => {
      let m: ServerMessage;
      try { m = JSON.parse(String(ev.data)); } catch { return; }
      if (!m || typeof m.type !== "string") return;
      if (m.type === "moved") return this.moved(m);
      // A message the server dropped unread (`rate_limited`) or could not handle (`bad_request`) is
      // answered without id, and no ack will come for a pending action (protocol.md "error"): it is
      // refused now, not 15 s later (a table waiting for its answer stays usable).
      if (m.type === "error" && (m.code === "rate_limited" || m.code === "bad_request") && (m.id === null || m.id === undefined)) this.refuseActions(m);
      this.emit(m);
      if (typeof m.id === "number" && this.pending.has(m.id)) {
        const p = this.pending.get(m.id)!;
        this.pending.delete(m.id);
        window.clearTimeout(p.timer);
        if (m.type === "error") p.reject({ code: String(m.code), rule: m.rule, message: String(m.message ?? m.code) });
        else p.resolve(m);
      }
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      const reached = this.welcomed;
      this.ws = null;
      this.welcomed = false;
      this.failPending("disconnected");
      if (this.stopped) { this.setState("closed"); return; }
      if (!reached && this.url !== this.home && this.carried.length > 0) {
        // The node a `moved` named cannot be reached: what it carried goes to the start URL, which
        // routes it again (at once the first time; then after the back-off below), until its deadline.
        const now = Date.now();
        for (const r of this.carried) if (r.deadline <= now) r.reject({ code: "timeout", message: "no reply from the server" });
        this.carried = this.carried.filter((r) => r.deadline > now);
        let first = false;
        for (const r of this.carried) first = r.fallbacks++ === 0 || first;
        if (first) {
          this.url = this.home;
          this.connect();
          return;
        }
      }
      this.url = this.home;  // a node we were sent to may be gone: the start URL routes us again
      this.setState("reconnecting");
      const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
      this.attempt++;
      this.retryTimer = window.setTimeout(() => this.connect(), base + Math.random() * base * 0.3);
    };
  }

  close(): void {
    this.stopped = true;
    window.clearTimeout(this.retryTimer);
    this.ws?.close();
  }

  /** Sends a request once the session is up; resolves with the reply carrying its id, rejects on `error`. */
  async request(msg: Record<string, unknown>): Promise<ServerMessage> {
    if (!this.welcomed) await new Promise<void>((r) => this.waiters.push(r));
    return this.send(msg, Date.now() + REQUEST_TIMEOUT_MS, 0);
  }

  private send(msg: Record<string, unknown>, deadline: number, fallbacks: number): Promise<ServerMessage> {
    const id = this.takeId();
    const reply = this.track(id, msg, deadline, fallbacks);
    this.ws!.send(JSON.stringify({ ...msg, v: 1, id }));
    return reply;
  }

  /** `moved`: the room is on another node (url), or this node stopped serving it (no url). */
  private moved(m: ServerMessage): void {
    const url = typeof m.url === "string" && /^wss?:\/\//.test(m.url) ? m.url : this.home;
    let again: Pending | undefined;
    if (typeof m.id === "number" && this.pending.has(m.id)) {  // a joinRoom: sent again over there
      again = this.pending.get(m.id)!;
      this.pending.delete(m.id);
      window.clearTimeout(again.timer);
    }
    if (again?.msg) {
      const { msg, resolve, reject, deadline, fallbacks } = again;
      this.carried.push({ msg, resolve, reject, deadline, fallbacks });
    }
    this.url = url;
    this.attempt = 0;
    this.connect();
    this.url = url;  // connect() keeps it; onclose falls back to home if that node is gone
  }

  on(type: string, fn: Listener): () => void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(fn);
    return () => set!.delete(fn);
  }

  onState(fn: (s: ConnectionState) => void): () => void {
    this.stateListeners.add(fn);
    return () => this.stateListeners.delete(fn);
  }

  get ready(): boolean { return this.welcomed; }

  private takeId(): number {
    const id = this.nextId;
    this.nextId = this.nextId >= MAX_ID ? 1 : this.nextId + 1;
    return id;
  }

  private track(id: number, msg?: Record<string, unknown>, deadline = Date.now() + REQUEST_TIMEOUT_MS, fallbacks = 0): Promise<ServerMessage> {
    return new Promise((resolve, reject) => {
      const timer = window.setTimeout(() => {
        this.pending.delete(id);
        reject({ code: "timeout", message: "no reply from the server" });
      }, Math.max(0, deadline - Date.now()));
      this.pending.set(id, { resolve, reject, timer, msg, deadline, fallbacks });
    });
  }

  private refuseActions(m: ServerMessage): void {
    for (const [id, p] of [...this.pending]) {
      if (p.msg?.type !== "action") continue;
      this.pending.delete(id);
      window.clearTimeout(p.timer);
      p.reject({ code: String(m.code), message: String(m.message ?? m.code) });
    }
  }

  private failPending(code: string): void {
    for (const p of this.pending.values()) {
      window.clearTimeout(p.timer);
      p.reject({ code, message: code });
    }
    this.pending.clear();
  }

  private emit(m: ServerMessage): void {
    for (const fn of [...(this.listeners.get(m.type) ?? [])]) fn(m);
    for (const fn of [...(this.listeners.get("*") ?? [])]) fn(m);
  }

  private setState(s: ConnectionState): void {
    if (this.state === s) return;
    this.state = s;
    for (const fn of [...this.stateListeners]) fn(s);
  }
}

export function serverUrl(): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
}
