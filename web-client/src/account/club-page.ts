// Clubs (docs/protocol.md, "Clubs"; docs/decisions/028-clubs.md):
// #/clubs — your clubs, found one, join one with a code;
// #/clubs/<name> — a club's page from GET /clubs/<name>: members, the owner's invite link (copy,
//   make a new one) and remove buttons, leave, and the club's ladder per game;
// #/club-join/<invite> — an invite link: joins (once logged in) and shows the club.
import { h, clear } from "../app/dom";
import { go } from "../app/router";
import { errorText, type Shell } from "../app/shell";
import { t, lang, onLang } from "../i18n";
import { gameTitle } from "../games/words";
import { account, onAccount } from "./state";

interface MyClub { id: string; name: string; owner: boolean; members: number; invite?: string }

/** The link that joins a club (its owner sends it). */
export function clubJoinLink(invite: string): string {
  return `${location.origin}${location.pathname}#/club-join/${encodeURIComponent(invite)}`;
}

async function myClubs(shell: Shell): Promise<MyClub[]> {
  const reply = await shell.conn.request({ type: "myClubs" });
  return Array.isArray(reply.clubs) ? reply.clubs : [];
}

function loginHint(): HTMLElement {
  return h("p", { class: "muted", "data-testid": "club-login" }, t("club.loginFirst"), " ",
    h("a", { href: "#/account" }, t("club.toAccount")));
}

/** #/clubs */
export function mountClubsPage(root: HTMLElement, shell: Shell): () => void {
  let mine: MyClub[] | null = null;
  let disposed = false;

  async function load() {
    if (!account()) { mine = null; render(); return; }
    try { await shell.ensureName(); mine = await myClubs(shell); } catch (e) { shell.toast(t("error.generic", { what: errorText(e) }), "error"); }
    if (!disposed) render();
  }

  function form(id: string, label: string, button: string, submit: (value: string) => Promise<void>) {
    const input = h("input", { id, type: "text", "data-testid": id, required: true, autocomplete: "off" }) as HTMLInputElement;
    return h("form", { class: "stack", onsubmit: async (e: Event) => {
      e.preventDefault();
      try { await submit(input.value.trim()); } catch (err) { shell.toast(t("error.generic", { what: errorText(err) }), "error"); }
    } }, h("div", { class: "field" }, h("label", { for: id, class: "field-label" }, label), input),
      h("button", { class: "btn btn-primary", type: "submit", "data-testid": `${id}-submit` }, button));
  }

  function render() {
    clear(root);
    const a = account();
    root.append(h("div", { class: "clubs-page narrow stack", "data-testid": "clubs-page" },
      h("h1", {}, t("club.title")),
      h("p", { class: "muted" }, t("club.hint")),
      !a ? loginHint() : [
        h("section", { class: "card" }, h("h2", {}, t("club.mine")),
          mine && mine.length ? h("ul", { class: "plain", "data-testid": "my-clubs" }, mine.map((c) =>
            h("li", {}, h("a", { href: `#/clubs/${encodeURIComponent(c.name)}` }, c.name), " ",
              h("span", { class: "muted small" }, t("club.memberCount", { n: c.members })),
              c.owner ? h("span", { class: "badge" }, t("club.owner")) : null)))
            : h("p", { class: "muted" }, mine ? t("club.none") : "…")),
        h("section", { class: "card" }, h("h2", {}, t("club.found")),
          form("club-name", t("club.name"), t("club.found"), async (name) => {
            const reply = await shell.conn.request({ type: "createClub", name });
            go({ name: "club", club: reply.club.name });
          }),
          h("p", { class: "muted small" }, t("account.nameRule"))),
        h("section", { class: "card" }, h("h2", {}, t("club.join")),
          form("club-invite", t("club.code"), t("club.join"), async (text) => {
            const code = text.replace(/^.*#\/club-join\//, "");  // a whole link works too
            const reply = await shell.conn.request({ type: "joinClub", invite: decodeURIComponent(code) });
            go({ name: "club", club: reply.club.name });
          })),
      ]));
  }

  render();
  void load();
  const offLang = onLang(render);
  const offAccount = onAccount(() => void load());
  return () => { disposed = true; offLang(); offAccount(); };
}

/** #/clubs/<name> */
export function mountClubPage(root: HTMLElement, shell: Shell, name: string): () => void {
  let page: any = null;
  let invite: string | null = null;  // the owner's: from myClubs
  let error = "";
  let disposed = false;

  async function load() {
    try {
      const res = await fetch(`/clubs/${encodeURIComponent(name)}`);
      if (disposed) return;
      if (!res.ok) { error = res.status === 404 ? t("club.notFound") : `${res.status}`; page = null; render(); return; }
      page = await res.json();
      error = "";
      invite = null;
      const me = account();
      if (me && page.owner?.id === me.id) {
        await shell.ensureName();
        invite = (await myClubs(shell)).find((c) => c.id === page.id)?.invite ?? null;
      }
    } catch (e) { error = errorText(e); }
    if (!disposed) render();
  }

  async function act(msg: Record<string, unknown>, after?: () => void) {
    try {
      await shell.ensureName();
      await shell.conn.request(msg);
      shell.toast(t("account.done"));
      after?.();
      await load();
    } catch (e) { shell.toast(t("error.generic", { what: errorText(e) }), "error"); }
  }

  function date(ms: number): string {
    return new Date(ms).toLocaleDateString(lang(), { year: "numeric", month: "short", day: "numeric" });
  }

  function ladder(l: any): HTMLElement {
    const rows: any[] = Array.isArray(l.rows) ? l.rows : [];
    const unranked: any[] = Array.isArray(l.unranked) ? l.unranked : [];
    const title = `${gameTitle(l.game, lang())}${l.ruleset && l.ruleset !== "standard" ? " · " + l.ruleset : ""}`;
    return h("section", { class: "card", "data-testid": `club-ladder-${l.game}` }, h("h2", {}, title),
      rows.length ? h("table", { class: "board" },
        h("thead", {}, h("tr", {}, h("th", {}, t("board.rank")), h("th", {}, t("board.player")), h("th", {}, t("board.rating")), h("th", {}, t("board.games")))),
        h("tbody", {}, rows.map((r) => h("tr", {},
          h("td", {}, String(r.rank)),
          h("td", {}, h("a", { href: `#/players/${encodeURIComponent(r.name)}` }, r.name)),
          h("td", { title: `μ ${r.mu.toFixed(2)}, σ ${r.sigma.toFixed(2)}` }, r.ordinal.toFixed(1)),
          h("td", {}, String(r.games))))))
        : h("p", { class: "muted" }, t("board.empty", { n: l.minGames })),
      unranked.length ? h("p", { class: "muted small" }, t("club.unranked", { names: unranked.map((u) => `${u.name} (${u.games})`).join(", ") })) : null);
  }

  function render() {
    clear(root);
    if (error) { root.append(h("div", { class: "narrow stack" }, h("p", { class: "muted", "data-testid": "club-error" }, error))); return; }
    if (!page) return;
    const me = account();
    const owner = !!me && page.owner?.id === me.id;
    const member = !!me && (page.members ?? []).some((m: any) => m.id === me.id);
    const ladders: any[] = Array.isArray(page.ladders) ? page.ladders : [];
    root.append(h("div", { class: "club-page narrow stack", "data-testid": "club-page" },
      h("h1", {}, page.name),
      h("p", { class: "muted" }, t("club.since", { date: date(page.since ?? 0), owner: page.owner?.name ?? "" })),
      owner && invite ? h("section", { class: "card", "data-testid": "club-invite-card" }, h("h2", {}, t("club.invite")),
        h("p", { class: "muted small" }, t("club.inviteHint")),
        h("input", { type: "text", readonly: true, value: clubJoinLink(invite), "aria-label": t("club.invite"), "data-testid": "club-invite-link",
          onfocus: (e: Event) => (e.target as HTMLInputElement).select() }),
        h("div", { class: "row wrap" },
          h("button", { class: "btn btn-small", type: "button", "data-testid": "club-copy", onclick: async () => {
            try { await navigator.clipboard.writeText(clubJoinLink(invite!)); shell.toast(t("club.copied")); } catch { shell.toast(clubJoinLink(invite!)); }
          } }, t("club.copy")),
          h("button", { class: "btn btn-small", type: "button", "data-testid": "club-new-invite",
            onclick: () => act({ type: "clubInvite", club: page.id }) }, t("club.newInvite")))) : null,
      h("section", { class: "card" }, h("h2", {}, t("club.members", { n: (page.members ?? []).length })),
        h("ul", { class: "plain", "data-testid": "club-members" }, (page.members ?? []).map((m: any) => h("li", { class: "row wrap" },
          h("a", { href: `#/players/${encodeURIComponent(m.name)}` }, m.name),
          m.id === page.owner?.id ? h("span", { class: "badge" }, t("club.owner")) : null,
          owner && m.id !== page.owner?.id ? h("button", { class: "btn btn-small btn-danger", type: "button", "data-testid": `club-remove-${m.name}`,
            "aria-label": t("club.removeWho", { name: m.name }),
            onclick: () => { if (window.confirm(t("club.removeWho", { name: m.name }))) void act({ type: "removeMember", club: page.id, account: m.id }); } },
          t("club.remove")) : null))),
        member && !owner ? h("button", { class: "btn btn-small", type: "button", "data-testid": "club-leave",
          onclick: () => void act({ type: "leaveClub", club: page.id }) }, t("club.leave")) : null,
        !me ? loginHint() : null),
      h("h2", {}, t("club.ladder")),
      h("p", { class: "muted small" }, t("club.ladderHint")),
      ladders.length ? ladders.map(ladder) : h("p", { class: "muted", "data-testid": "club-no-games" }, t("club.noGames"))));
  }

  void load();
  const offLang = onLang(render);
  const offAccount = onAccount(() => void load());
  return () => { disposed = true; offLang(); offAccount(); };
}

/** #/club-join/<invite> */
export function mountClubJoinPage(root: HTMLElement, shell: Shell, code: string): () => void {
  let disposed = false;
  let error = "";
  async function join() {
    if (!account()) return render();
    try {
      await shell.ensureName();
      const reply = await shell.conn.request({ type: "joinClub", invite: code });
      if (!disposed) go({ name: "club", club: reply.club.name }, true);
    } catch (e: any) {
      if (e?.code === "already_member") {  // joined before: your clubs list it
        if (!disposed) go({ name: "clubs" }, true);
        return;
      }
      error = errorText(e);
      if (!disposed) render();
    }
  }
  function render() {
    clear(root);
    root.append(h("div", { class: "narrow stack", "data-testid": "club-join-page" }, h("h1", {}, t("club.join")),
      error ? h("p", { class: "muted", "data-testid": "club-error" }, error) : null,
      !account() ? loginHint() : h("p", { class: "muted" }, "…")));
  }
  render();
  void join();
  const offLang = onLang(render);
  const offAccount = onAccount(() => void join());
  return () => { disposed = true; offLang(); offAccount(); };
}
