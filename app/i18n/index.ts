import { ar } from "./ar";
import { fr, type Catalogue } from "./fr";

export { ARABIC_PAGES, alternatePath, frenchPathOf, hasArabic, localeOf, localizedPath, type Locale } from "./locale";
import type { Locale } from "./locale";

/** Each language's catalogue (app/i18n/fr.ts is the source of the keys). */
export const CATALOGUES: Record<Locale, Catalogue> = { fr, ar };

/** Every key of the catalogue, dotted: "layout.menu", "pages./gallery". */
type Keys<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Keys<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Keys<Catalogue>;

/** The raw text of a key (its placeholders unfilled); undefined for a key that is not one. */
export function lookup(catalogue: Catalogue, key: string): string | undefined {
  const dot = key.indexOf(".");
  const group = (catalogue as unknown as Record<string, Record<string, unknown>>)[key.slice(0, dot)];
  const text = group?.[key.slice(dot + 1)];
  return typeof text === "string" ? text : undefined;
}

/** Fill `{name}` placeholders; a placeholder without a value stays as written (a test catches it). */
export function fill(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The text of `key` in `locale`, its placeholders filled: t("ar", "layout.homeOf", { name }). */
export function t(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  return fill(lookup(CATALOGUES[locale], key) ?? lookup(fr, key) ?? key, params);
}

/** The label of a page of the menus in `locale` (its French path as key), or undefined. */
export function pageLabel(locale: Locale, path: string): string | undefined {
  return (CATALOGUES[locale].pages as Record<string, string>)[path];
}
