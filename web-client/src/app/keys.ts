// Game hotkeys (every game UI): a key press the game should not take — typed into a field, or with
// a modifier (the browser's own shortcuts).
export function ignoredKey(e: KeyboardEvent): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return true;
  const el = e.target as HTMLElement | null;
  const tag = el?.tagName ?? "";
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || !!el?.isContentEditable;
}
