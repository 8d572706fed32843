import { lookup, t, type MessageKey } from "./index";
import { fr } from "./fr";
import type { Locale } from "./locale";

/**
 * Form messages by key (issue 32, item 7). A public schema's Zod message, and a public action's
 * own refusal (slot taken, rate limit…), is a catalogue key: "forms.phoneInvalid", or with its
 * values "booking.farDate?horizon=30" (`messageKey`). The action answers with the text in its
 * page's language (`messageText`, the URL's locale): the French pages show the very texts they
 * showed before, the Arabic pages Arabic. A message that is no key of the catalogue (the staff
 * schemas keep their French sentences) is shown as it is.
 */

/** A key with its values, as a Zod message carries it: "booking.farDate?horizon=30". */
export function messageKey(key: MessageKey, params?: Record<string, string | number>): string {
  if (!params) return key;
  return `${key}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;
}

const KEY = /^([a-zA-Z]+\.[A-Za-z0-9]+)(?:\?(.*))?$/;

/** The key and values of a keyed message, or null for a plain sentence. */
export function parseMessageKey(message: string): { key: MessageKey; params: Record<string, string> } | null {
  const m = KEY.exec(message);
  if (!m || lookup(fr, m[1]) === undefined) return null;
  return { key: m[1] as MessageKey, params: Object.fromEntries(new URLSearchParams(m[2] ?? "")) };
}

/** The text of a message in `locale`: a key's text with its values, a plain sentence as it is. */
export function messageText(locale: Locale, message: string): string {
  const parsed = parseMessageKey(message);
  return parsed ? t(locale, parsed.key, parsed.params) : message;
}

/** Every message of a Conform reply's errors (`{ field: [messages] }`) in `locale`. */
export function localizeErrors<E extends Record<string, string[] | null | undefined> | null | undefined>(locale: Locale, errors: E): E {
  if (!errors) return errors;
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v ? v.map((m) => messageText(locale, m)) : v])) as E;
}
