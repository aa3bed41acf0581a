// The sound on/off button every game UI can place (issue 18): one stored choice for every game
// (app/sound.ts), labelled in the shell's language.
import { setSoundOn, soundOn } from "./sound";
import { t } from "../i18n";

export function soundToggle(className: string): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.className = className;
  b.dataset.testid = "sound-toggle";
  const paint = () => {
    const on = soundOn();
    b.textContent = "♪";
    b.classList.toggle("off", !on);
    b.setAttribute("aria-pressed", String(on));
    const label = t(on ? "game.soundOn" : "game.soundOff");
    b.title = label;
    b.setAttribute("aria-label", label);
  };
  b.addEventListener("click", () => { setSoundOn(!soundOn()); paint(); });
  paint();
  return b;
}
