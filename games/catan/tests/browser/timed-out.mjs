// Catan's "your time ran out" notice for the notices scenario (tests/browser/scenario-notices.mjs):
// from the server's timedOut event, over the board; it stays up (Max does not act again there).
import { tid } from "../../../../tests/browser/lib.mjs";

export const timedOut = {
  who: "Max",
  notice: `${tid("steal-notice")}[data-role="timeout"]`,
};
