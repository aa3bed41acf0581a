// Room chat: the log of `chat` pushes and a line to send (1–300 characters).
import { h } from "../app/dom";
import { seatMark } from "../app/seats";
import { errorText, type Shell } from "../app/shell";
import { t } from "../i18n";

export interface ChatPanel { el: HTMLElement; add(m: any): void; relabel(): void; }

export function chatPanel(shell: Shell, roomId: string): ChatPanel {
  const log = h("ol", { class: "chat-log", "data-testid": "chat-log", "aria-live": "polite" });
  const seen = new Set<string>();
  const input = h("input", { id: "chat-input", "data-testid": "chat-input", maxlength: 300, autocomplete: "off" }) as HTMLInputElement;
  const button = h("button", { class: "btn btn-small", type: "submit", "data-testid": "chat-send" });
  const title = h("h3", {});
  const label = h("label", { for: "chat-input", class: "sr-only" });

  async function send(e: Event) {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    input.value = "";
    try {
      await shell.conn.request({ type: "chat", room: roomId, text });
    } catch (err: any) {
      input.value = text;
      shell.toast(err?.code === "rate_limited" ? t("chat.rateLimited") : t("error.generic", { what: errorText(err) }), "error");
    }
  }

  function relabel() {
    title.textContent = t("chat.title");
    label.textContent = t("chat.placeholder");
    input.placeholder = t("chat.placeholder");
    button.textContent = t("chat.send");
    if (!log.children.length) log.append(h("li", { class: "muted small chat-empty" }, t("chat.empty")));
    else log.querySelector(".chat-empty")?.replaceWith(h("li", { class: "muted small chat-empty" }, t("chat.empty")));
  }

  const el = h("section", { class: "card chat", "aria-labelledby": "chat-title" },
    title, log, h("form", { class: "row chat-form", onsubmit: send }, label, input, button));
  title.id = "chat-title";
  relabel();

  return {
    el,
    relabel,
    add(m: any) {
      if (m.room !== roomId) return;
      // The server sends the room's recent chat again on every (re)join: each line is shown once.
      const key = `${m.time}|${m.seat}|${m.name}|${m.text}`;
      if (seen.has(key)) return;
      seen.add(key);
      log.querySelector(".chat-empty")?.remove();
      const time = typeof m.time === "number" ? new Date(m.time).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : "";
      const seat = typeof m.seat === "number" ? m.seat : -1;
      log.append(h("li", { class: "chat-line" },
        seat >= 0 ? seatMark(seat, m.name) : h("span", { class: "spectator-mark", "aria-hidden": "true" }, "◌"),
        h("span", { class: "chat-name" }, String(m.name ?? "?")),
        h("span", { class: "chat-text" }, String(m.text ?? "")),
        h("time", { class: "muted small" }, time)));
      // Lines leave from the top only past 2,000: removed while the list sits at its end, they move
      // every line in view up (a layout shift, issue 27); a table's chat rarely gets near it.
      while (log.children.length > 2000) log.firstElementChild?.remove();
      log.scrollTop = log.scrollHeight;
    },
  };
}
