// The action bar: every button is enabled only when catan.legal allows it.
import { h, button } from "./dom";
import { t, Key } from "./strings";
import { UI, isLegal, legalOf } from "./state";
import { whyNot, type Control } from "./aids";

export type BuildMode = "road" | "settlement" | "city" | null;

export interface BarHooks {
  mode: BuildMode;
  setMode(m: BuildMode): void;
  openDialog(kind: "bank" | "offer" | "yop" | "monopoly"): void;
}

export function renderActionBar(ui: UI, hooks: BarHooks): HTMLElement | null {
  if (ui.seat < 0) return null;
  // A fixed place and a fixed height (issue 18): the buttons scroll sideways in one row when they do
  // not fit, Roll dice first and End turn pinned at the end, so neither ever moves.
  const bar = h("div", { class: "hx-actionbar", role: "toolbar", "data-testid": "action-bar" });
  // (focusable: a row that scrolls sideways is reachable by the keyboard even when its buttons are greyed)
  const row = h("div", { class: "hx-actionbar-row", tabindex: 0 });
  const pinned = h("div", { class: "hx-actionbar-end" });
  bar.append(row, pinned);
  const me = ui.view?.players?.[ui.seat];
  const inRoadBuilding = ui.view?.phase === "roadBuilding";
  const control: Record<string, Control> = { "action-roll": "roll", "action-build-road": "road", "action-build-settlement": "settlement",
    "action-build-city": "city", "action-buy-dev": "devCard", "bank-trade": "bank", "trade-offer": "offer", "action-end": "endTurn" };
  const add = (key: Key, testid: string, enabled: boolean, onClick: () => void, pressed?: boolean) => {
    const b = button(t(ui.lang, key), { class: `hx-btn${pressed ? " pressed" : ""}`, "data-testid": testid,
      "aria-pressed": pressed === undefined ? null : String(pressed) }, onClick);
    b.disabled = !enabled;
    // A greyed button says why (issue 18), as its tooltip and accessible description.
    const why = enabled ? "" : whyNot(ui.lang, ui.view, ui.seat, control[testid] ?? "playDev");
    if (why) { b.title = why; b.setAttribute("aria-description", why); b.setAttribute("data-why", why); }
    (testid === "action-end" ? pinned : row).append(b);
    return b;
  };
  const send = (type: string) => () => { const a = legalOf(ui, type)[0]; if (a) ui.act(a); };
  add("roll", "action-roll", isLegal(ui, "rollDice"), send("rollDice"));
  const modeBtn = (m: Exclude<BuildMode, null>, key: Key, type: string) =>
    add(key, `action-build-${m}`, isLegal(ui, type) && !(m === "road" && inRoadBuilding),
      () => hooks.setMode(hooks.mode === m ? null : m), hooks.mode === m);
  modeBtn("road", "buildRoad", "buildRoad");
  modeBtn("settlement", "buildSettlement", "buildSettlement");
  modeBtn("city", "buildCity", "buildCity");
  add("buyDev", "action-buy-dev", isLegal(ui, "buyDevCard"), send("buyDevCard"));
  const held = (d: string) => (me?.devCards?.[d] ?? 0) > 0;
  if (held("knight") || isLegal(ui, "playKnight")) add("playKnight", "action-play-knight", isLegal(ui, "playKnight"), send("playKnight"));
  if (held("roadBuilding") || isLegal(ui, "playRoadBuilding")) add("playRoadBuilding", "action-play-road-building", isLegal(ui, "playRoadBuilding"), send("playRoadBuilding"));
  if (held("yearOfPlenty") || isLegal(ui, "playYearOfPlenty")) add("playYearOfPlenty", "action-play-year-of-plenty", isLegal(ui, "playYearOfPlenty"), () => hooks.openDialog("yop"));
  if (held("monopoly") || isLegal(ui, "playMonopoly")) add("playMonopoly", "action-play-monopoly", isLegal(ui, "playMonopoly"), () => hooks.openDialog("monopoly"));
  add("bankTrade", "bank-trade", isLegal(ui, "bankTrade"), () => hooks.openDialog("bank"));
  add("offerTrade", "trade-offer", !!ui.legal?.offerTrade, () => hooks.openDialog("offer"));
  add("endTurn", "action-end", isLegal(ui, "endTurn"), send("endTurn"));
  return bar;
}
