// The language registry: the current language (remembered), switching, and the shell's strings.
// The game UI keeps its own strings (src/game/strings.ts) and reads the language from its context.
import type { Lang } from "../app/contract";
import { session } from "../app/session";
import { strings, type Key } from "./strings";

export const LANGS: { lang: Lang; label: string }[] = [
  { lang: "en", label: "English" },
  { lang: "zh-Hant", label: "繁體中文" },
  { lang: "zh-Hans", label: "简体中文" },
];

let current: Lang = session.lang() ?? guess();
const listeners = new Set<(l: Lang) => void>();

function guess(): Lang {
  for (const l of navigator.languages ?? [navigator.language]) {
    const s = l.toLowerCase();
    if (s.startsWith("zh")) return s.includes("tw") || s.includes("hk") || s.includes("mo") || s.includes("hant") ? "zh-Hant" : "zh-Hans";
    if (s.startsWith("en")) return "en";
  }
  return "en";
}

export function lang(): Lang { return current; }

export function setLang(l: Lang): void {
  if (l === current) return;
  current = l;
  session.setLang(l);
  document.documentElement.lang = l;
  for (const fn of [...listeners]) fn(l);
}

export function onLang(fn: (l: Lang) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The string for `key` in the current language, with {name} placeholders filled from `params`. */
export function t(key: Key, params: Record<string, string | number> = {}): string {
  const s = strings[current][key] ?? strings.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, p) => (p in params ? String(params[p]) : `{${p}}`));
}

document.documentElement.lang = current;
