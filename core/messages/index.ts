import type { ByLocale, Locale } from "../locale";
import { en } from "./en";
import { si } from "./si";
import { ta } from "./ta";

/**
 * Every catalog has exactly the keys of the English one. `satisfies Messages`
 * in si.ts fails to compile when Sinhala lacks a key or has an extra one.
 */
export type Messages = { readonly [Key in keyof typeof en]: string };
export type MessageKey = keyof Messages;

// ByLocale, not catalog(): the same check, and the widget's script no larger by the closure.
const catalogs: ByLocale<Messages> = { si, en, ta };

export function messagesFor(locale: Locale): Messages {
  return catalogs[locale];
}

/**
 * Fills `{name}` placeholders: fill("{count} offers", { count: 3 }) → "3 offers".
 * A placeholder without a value stays visible rather than vanishing.
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}
