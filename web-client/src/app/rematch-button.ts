// The Rematch button every game's end screen shows to a seated player (issue 18): "Rematch" starts
// one; once another player has, "Join the rematch" (GameContext.rematch does either, room/rematch.ts).
import type { GameContext } from "./contract";
import { t } from "../i18n";

export function rematchButton(ctx: GameContext, className = "hx-btn primary"): HTMLElement | null {
  if (!ctx.rematch || ctx.seat < 0) return null;
  let joining = false;
  try { joining = !!ctx.room().rematch; } catch { /* no room yet */ }
  const b = document.createElement("button");
  b.type = "button";
  b.className = className;
  b.dataset.testid = "rematch";
  b.dataset.join = String(joining);
  b.textContent = t(joining ? "game.joinRematch" : "game.rematch");
  const go = ctx.rematch;
  b.addEventListener("click", () => { b.disabled = true; go(); });
  return b;
}
