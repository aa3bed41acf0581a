// Catan's board touch targets at every zoom (issue 27), shared by the layout and keyboard scenarios.
import { checkTargetsAtEveryZoom } from "../../../../tests/browser/lib.mjs";

/** Catan's legal board spots (roads, intersections, robber hexes) are ≥ 44 CSS px both ways at every
 *  zoom the board reaches (1 to 4), at 1280×800, 390×844 and 360×640. (With the old road areas, 48 units
 *  across, it failed: 31×34 px at 390×844.)
 *  The layout scenario checks roads and intersections, the keyboard scenario the robber's hexes. */
export function checkBoardTargets(page, where, viewports = [{ width: 1280, height: 800 }, { width: 390, height: 844 }, { width: 360, height: 640 }]) {
  return checkTargetsAtEveryZoom(page, `Catan board targets, ${where}`, {
    targets: '[data-testid="board"] [data-legal]', board: '[data-testid="board"]', zoom: ['[data-testid="game"]', "data-zoom"],
    zoomIn: '[data-testid="zoom-in"]', zoomOut: '[data-testid="zoom-out"]', fit: '[data-testid="zoom-fit"]', viewports });
}
