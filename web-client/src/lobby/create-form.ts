// The lobby's create-room card: the shell's options (game, players, clock, bots, privacy, seeds)
// around the chosen game's own, drawn from its descriptor's fields (src/games/<name>/meta.ts).
import { h } from "../app/dom";
import { t } from "../i18n";
import { botLabel, gt } from "../i18n/game-words";
import { gameMeta, gameMetas } from "../games";
import type { FieldValue, OptionField } from "../games/game-meta";
import type { CreateOptions } from "./options";

/** The create-room card for `form` (kept up to date as it changes); `submit` creates the room. */
export function createForm(form: CreateOptions, submit: () => void): Element {
  const game = gameMeta(form.game) ?? gameMetas[0];
  const values = (form.values[game.name] ??= {});
  const radio = (id: string, current: FieldValue, choices: [string, string][], set: (v: string) => void) =>
    h("div", { class: "seg", role: "radiogroup" }, choices.map(([v, label]) => h("label", { class: "seg-item" },
      h("input", { type: "radio", name: `opt-${id}`, value: v, checked: String(current) === v, "data-testid": `opt-${id}-${v}`,
        onchange: () => set(v) }),
      h("span", {}, label))));
  const select = (id: string, current: FieldValue, choices: [string, string][], set: (v: string) => void) =>
    h("select", { id: `opt-${id}`, "data-testid": `opt-${id}`, onchange: (e: Event) => set((e.target as HTMLSelectElement).value) },
      choices.map(([v, label]) => h("option", { value: v, selected: String(current) === v }, label)));
  const field = (label: string, control: Element, forId?: string) =>
    h("div", { class: "field" }, h("label", { class: "field-label", for: forId }, label), control);
  const num = (id: string, current: FieldValue, min: number | undefined, max: number | undefined, set: (v: string) => void) =>
    h("input", { id: `opt-${id}`, "data-testid": `opt-${id}`, type: "number", min, max, value: String(current),
      oninput: (e: Event) => set((e.target as HTMLInputElement).value) });
  const text = (id: string, current: FieldValue, set: (v: string) => void, attrs: Record<string, unknown> = {}) =>
    h("input", { id: `opt-${id}`, "data-testid": `opt-${id}`, value: String(current), ...attrs,
      oninput: (e: Event) => set((e.target as HTMLInputElement).value) });
  const check = (name: "private" | "spectators", label: string) =>
    h("label", { class: "check" }, h("input", { type: "checkbox", "data-testid": `opt-${name}`, checked: form[name],
      onchange: (e: Event) => { form[name] = (e.target as HTMLInputElement).checked; } }), h("span", {}, label));
  const digits = { inputmode: "numeric", pattern: "\\d*" };
  // One of the game's fields; a number field's value is a number.
  const gameField = (f: OptionField): Element => {
    const set = (v: string) => { values[f.key] = typeof f.default === "number" ? Number(v) : v; };
    const current = values[f.key] ?? f.default;
    const choices = (f.choices ?? []).map((c): [string, string] => [c.value, gt(game, c.label)]);
    if (f.kind === "radio") return field(gt(game, f.label), radio(f.key, current, choices, set));
    const control = f.kind === "select" ? select(f.key, current, choices, set)
      : f.kind === "number" ? num(f.key, current, f.min, f.max, set)
      : text(f.key, current, set, { ...(f.numeric ? digits : {}), placeholder: f.hint && gt(game, f.hint) });
    return field(gt(game, f.label), control, `opt-${f.key}`);
  };
  // The game's short fields share rows of two (an empty cell keeps the shell's fields in place);
  // its segment rows take the whole width.
  const cells = (fs: OptionField[]) => (fs.length ? fs.map(gameField) : [h("div", {})]);
  const main = game.fields.filter((f) => !f.advanced);
  const advanced = game.fields.filter((f) => f.advanced);

  const seatCounts: [string, string][] = [];
  for (let n = game.seats[0]; n <= game.seats[1]; n++) seatCounts.push([String(n), String(n)]);
  const gameSelect = h("select", { id: "opt-game", "data-testid": "opt-game", onchange: (e: Event) => {
    form.game = (e.target as HTMLSelectElement).value;
    const g = gameMeta(form.game) ?? gameMetas[0];
    form.players = Math.min(Math.max(form.players, g.seats[0]), g.seats[1]);
    if (!g.clocks?.includes(form.clock)) form.clock = "none";
    if (form.botFill && !g.bots.includes(form.botFill)) form.botFill = "";
    // The form is drawn again for that game: the focus stays on the game chooser (keyboard users, issue 27).
    const next = createForm(form, submit);
    card.replaceWith(next);
    next.querySelector<HTMLSelectElement>('[data-testid="opt-game"]')?.focus();
  } }, gameMetas.map((g) => h("option", { value: g.name, selected: g.name === form.game }, gt(g, "title"))));
  const card: Element = h("section", { class: "card", "data-testid": "create-card" },
    h("h2", {}, t("lobby.create")),
    h("form", { class: "create-form", "data-testid": "create-room", onsubmit: (e: Event) => { e.preventDefault(); submit(); } },
      field(t("opt.game"), gameSelect, "opt-game"),
      h("div", { class: "grid2" },
        field(t("opt.players"), radio("players", form.players, seatCounts, (v) => { form.players = Number(v); })),
        ...cells(main.filter((f) => f.kind !== "radio"))),
      ...main.filter((f) => f.kind === "radio").map(gameField),
      h("div", { class: "grid2" },
        game.clocks ? field(t("opt.clock"), select("clock", form.clock, game.clocks.map((c) => [c, gt(game, `opt.clock.${c}`)]), (v) => { form.clock = v; }), "opt-clock") : h("div", {}),
        field(t("opt.botFill"), select("botFill", form.botFill, [["", t("opt.botFill.none")], ...game.bots.map((b): [string, string] => [b, botLabel(b, game.name)])], (v) => { form.botFill = v; }), "opt-botFill")),
      h("div", { class: "checks" },
        check("private", t("opt.private")),
        check("spectators", t("opt.spectators"))),
      field(t("opt.password"), text("password", form.password, (v) => { form.password = v; }, { type: "password", maxlength: 64, autocomplete: "new-password", placeholder: t("opt.passwordHint") }), "opt-password"),
      h("details", { class: "advanced" },
        h("summary", {}, t("opt.advanced")),
        h("div", { class: "grid2" },
          ...cells(advanced),
          field(t("opt.seed"), text("seed", form.seed, (v) => { form.seed = v; }, { ...digits, placeholder: t("opt.seedHint") }), "opt-seed"),
          field(t("opt.grace"), num("grace", form.grace, 0, 3600, (v) => { form.grace = Number(v); }), "opt-grace"),
          field(t("opt.externalBots"), text("externalBots", form.externalBots, (v) => { form.externalBots = v; }, { placeholder: t("opt.externalBotsHint") }), "opt-externalBots"))),
      h("div", { class: "row end" }, h("button", { class: "btn btn-primary", type: "submit", "data-testid": "create-submit" }, t("lobby.createButton")))));
  return card;
}
