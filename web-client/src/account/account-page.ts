// #/account: register or log in (the guest session keeps its seats), and once logged in: log out,
// log out everywhere, change the password, delete the account (docs/protocol.md, "Accounts").
import { h, clear } from "../app/dom";
import { go } from "../app/router";
import { session } from "../app/session";
import { errorText, type Shell } from "../app/shell";
import { t, onLang } from "../i18n";
import { account, accountOf, onAccount, playingOf, setAccount, setPlaying } from "./state";

export function mountAccountPage(root: HTMLElement, shell: Shell): () => void {
  function field(id: string, label: string, type: string, hint?: string, autocomplete?: string) {
    const input = h("input", { id, type, "data-testid": id, autocomplete, required: true }) as HTMLInputElement;
    return { input, el: h("div", { class: "field" }, h("label", { for: id, class: "field-label" }, label), input,
      hint ? h("p", { class: "muted small" }, hint) : null) };
  }

  async function send(msg: Record<string, unknown>, after?: (reply: any) => void) {
    try {
      await shell.ensureName();
      const reply = await shell.conn.request(msg);
      after?.(reply);
      shell.toast(t("account.done"));
    } catch (e) {
      shell.toast(t("error.generic", { what: errorText(e) }), "error");
    }
  }

  function loggedOut() {
    const forms = [["register", "account.register", "new-password"], ["login", "account.login", "current-password"]] as const;
    return forms.map(([type, title, complete]) => {
      const name = field(`${type}-name`, t("account.name"), "text", type === "register" ? t("account.nameRule") : undefined, "username");
      const pw = field(`${type}-password`, t("account.password"), "password", type === "register" ? t("account.passwordRule") : undefined, complete);
      return h("section", { class: "card" }, h("h2", {}, t(title)),
        h("form", { class: "stack", onsubmit: (e: Event) => {
          e.preventDefault();
          send({ type, name: name.input.value.trim(), password: pw.input.value }, (reply) => {
            const a = accountOf(reply);
            if (a) session.setName(a.name);
            setAccount(a);
            setPlaying(playingOf(reply));  // the account's games in progress (the lobby lists them)
            if (typeof reply.claimed === "number" && reply.claimed > 0) shell.toast(t("account.claimed", { n: reply.claimed }));
          });
        } }, name.el, pw.el, h("button", { class: "btn btn-primary", type: "submit", "data-testid": `${type}-submit` }, t(title))));
    });
  }

  function loggedIn(name: string) {
    const old = field("old-password", t("account.password"), "password", undefined, "current-password");
    const fresh = field("new-password", t("account.newPassword"), "password", t("account.passwordRule"), "new-password");
    const del = field("delete-password", t("account.password"), "password", undefined, "current-password");
    return [
      h("section", { class: "card" }, h("h2", {}, t("account.title")),
        h("p", { "data-testid": "account-name" }, t("account.loggedInAs", { name })),
        h("div", { class: "row wrap" },
          h("a", { class: "btn btn-small", href: `#/players/${encodeURIComponent(name)}`, "data-testid": "account-profile" }, t("account.profile")),
          h("a", { class: "btn btn-small", href: "#/clubs", "data-testid": "account-clubs" }, t("club.title")),
          h("button", { class: "btn btn-small", "data-testid": "logout", onclick: () => send({ type: "logout" }, () => setAccount(null)) }, t("account.logout")),
          h("button", { class: "btn btn-small", "data-testid": "logout-all", onclick: () => send({ type: "logoutAll" }, () => setAccount(null)) }, t("account.logoutAll")))),
      h("section", { class: "card" }, h("h2", {}, t("account.change")),
        h("form", { class: "stack", onsubmit: (e: Event) => {
          e.preventDefault();
          send({ type: "changePassword", password: old.input.value, newPassword: fresh.input.value });
        } }, old.el, fresh.el, h("button", { class: "btn", type: "submit", "data-testid": "change-submit" }, t("account.change")))),
      h("section", { class: "card" }, h("h2", {}, t("account.delete")),
        h("form", { class: "stack", onsubmit: (e: Event) => {
          e.preventDefault();
          if (!window.confirm(t("account.deleteConfirm"))) return;
          send({ type: "deleteAccount", password: del.input.value }, () => { setAccount(null); go({ name: "lobby" }); });
        } }, del.el, h("button", { class: "btn btn-danger", type: "submit", "data-testid": "delete-submit" }, t("account.delete")))),
    ];
  }

  function render() {
    clear(root);
    const a = account();
    root.append(h("div", { class: "account-page narrow stack" },
      h("h1", {}, t("account.title")),
      a ? null : h("p", { class: "muted" }, t("account.hint")),
      a ? loggedIn(a.name) : loggedOut()));
  }
  render();
  const offLang = onLang(render);
  const offAccount = onAccount(render);
  return () => { offLang(); offAccount(); };
}
