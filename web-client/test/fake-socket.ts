// A stand-in for the browser's WebSocket in tests of src/net/connection. installFakeSocket() makes it
// the global WebSocket (and globalThis the `window` that Connection reads its timers from); every
// socket made is kept in FakeSocket.all, what the page sends is kept parsed in `sent`, and receive()
// plays a message from the server.
export class FakeSocket {
  static all: FakeSocket[] = [];
  sent: any[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(public url: string) { FakeSocket.all.push(this); }
  send(text: string) { this.sent.push(JSON.parse(text)); }
  close() { this.closed = true; }
  open() { this.onopen?.(); }
  receive(m: object) { this.onmessage?.({ data: JSON.stringify(m) }); }
  welcome() { this.receive({ type: "welcome", v: 1, id: this.sent[0].id, session: "t".repeat(64), name: "Ann" }); }
}

export function installFakeSocket() {
  (globalThis as any).window = globalThis;
  (globalThis as any).WebSocket = FakeSocket;
}

// Lets the promises settled by what was just received run their continuations.
export const tick = () => new Promise((r) => setTimeout(r, 0));
