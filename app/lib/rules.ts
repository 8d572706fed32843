import { z } from "~/lib/zod";
import { hasMultiLineControl, hasSingleLineControl } from "./control-characters";
import { MAX_AMOUNT_CENTIMES, parsePriceToCentimes } from "./money";
import { addDays, isValidYmd } from "./ymd";

/**
 * Each field rule of the site, once. Forms compose their Zod schema from these; the action
 * (parseWithZod) and the browser run the same schema. Conform hands an empty field to the schema
 * as `undefined`, so "missing" is the schema's type error and "empty" its min(1).
 * See docs/product.md ("Rules of the fields") for the values in words.
 */

// ---- control characters -----------------------------------------------------------------------

export const CONTROL_CHARACTER_MESSAGE = "Ce champ ne peut pas contenir de retour à la ligne ni de caractère de contrôle.";
export const MULTILINE_CONTROL_CHARACTER_MESSAGE = "Ce texte ne peut pas contenir de caractère de contrôle (seuls les retours à la ligne et les tabulations sont permis).";

/**
 * The base of every single-line text field of every form (the rule of ./control-characters.ts):
 * a tab, which only a paste from a spreadsheet or a table puts in a field, becomes a space; any
 * other control character, a line break, a Unicode line separator or a bidirectional override is
 * refused with CONTROL_CHARACTER_MESSAGE, before any other check (nothing trims it away first).
 * A browser already strips CR and LF from a text input: this refuses what a crafted post sends.
 */
export function singleLine(params?: { error?: string; messages?: RuleMessages }) {
  return z
    .string({ error: params?.error })
    .overwrite((v) => v.replace(/\t/g, " "))
    .refine((v) => !hasSingleLineControl(v), { error: params?.messages?.control ?? CONTROL_CHARACTER_MESSAGE, abort: true });
}

/** The base of every multi-line text field (a textarea): line breaks and tabs kept, any other control character refused. */
export function multiLine(params?: { error?: string; messages?: RuleMessages }) {
  return z.string({ error: params?.error }).refine((v) => !hasMultiLineControl(v), { error: params?.messages?.multilineControl ?? MULTILINE_CONTROL_CHARACTER_MESSAGE, abort: true });
}

/**
 * The rules' own messages, when a form gives them otherwise than the French defaults: the public
 * forms give catalogue keys (KEYED_RULE_MESSAGES, issue 32 item 7: shown in the page's language);
 * the staff forms keep the French sentences (no `messages`).
 */
export interface RuleMessages {
  control?: string;
  multilineControl?: string;
  nameTooLong?: (max: number) => string;
  emailTooLong?: string;
  phoneTooLong?: string;
  phoneInvalid?: string;
  dateInvalid?: string;
  timeInvalid?: string;
}

/** The rules' messages as catalogue keys (app/i18n/messages.ts): the public forms' (their texts: fr.ts/ar.ts `forms`). */
export const KEYED_RULE_MESSAGES: Required<RuleMessages> = {
  control: "forms.controlCharacter",
  multilineControl: "forms.multilineControlCharacter",
  nameTooLong: (max) => `forms.nameTooLong?max=${max}`,
  emailTooLong: "forms.emailTooLong",
  phoneTooLong: "forms.phoneTooLong",
  phoneInvalid: "forms.phoneInvalid",
  dateInvalid: "forms.dateInvalid",
  timeInvalid: "forms.timeInvalid",
};

// ---- text -------------------------------------------------------------------------------------

/** A required text, trimmed, with its French messages; one line unless `multiline` (a textarea). */
export function requiredText(o: { missing: string; max: number; tooLong: string; multiline?: boolean; messages?: RuleMessages }) {
  const base = o.multiline ? multiLine({ error: o.missing, messages: o.messages }) : singleLine({ error: o.missing, messages: o.messages });
  return base.trim().min(1, { error: o.missing }).max(o.max, { error: o.tooLong });
}

/** An optional text, trimmed; empty becomes null. One line unless `multiline` (a textarea). */
export function optionalText(o: { max: number; tooLong: string; multiline?: boolean; messages?: RuleMessages }) {
  return (o.multiline ? multiLine({ messages: o.messages }) : singleLine({ messages: o.messages }))
    .trim()
    .max(o.max, { error: o.tooLong })
    .optional()
    .transform((v) => (v ? v : null));
}

// ---- people -----------------------------------------------------------------------------------

export const NAME_MAX = 120;

/** A person's name (or one part of it). */
export function personName(o: { missing: string; max?: number; tooLong?: string; messages?: RuleMessages }) {
  const max = o.max ?? NAME_MAX;
  const tooLong = o.tooLong ?? o.messages?.nameTooLong?.(max) ?? `Le nom ne peut pas dépasser ${max} caractères.`;
  return requiredText({ missing: o.missing, max, tooLong, messages: o.messages });
}

/** RFC 5321: an address is at most 254 characters. */
export const EMAIL_MAX = 254;

/** An e-mail address. The wording of the two messages follows the form's voice. */
export function email(o: { missing: string; invalid: string; messages?: RuleMessages }) {
  return requiredText({ missing: o.missing, max: EMAIL_MAX, tooLong: o.messages?.emailTooLong ?? "L'adresse e-mail est trop longue.", messages: o.messages }).pipe(
    z.email({ error: o.invalid }),
  );
}

export const PHONE_MAX_CHARS = 30;
/** E.164 allows at most 15 digits; an Algerian number has 9 to 12 with its prefix. */
export const PHONE_DIGITS = { min: 8, max: 15 } as const;
export const PHONE_INVALID = `Numéro de téléphone invalide : indiquez ${PHONE_DIGITS.min} à ${PHONE_DIGITS.max} chiffres (exemple : 0550 12 34 56).`;

/** Digits, spaces, dots, dashes, brackets and a leading "+". */
export function isPlausiblePhone(v: string): boolean {
  if (!/^\+?[0-9\s().-]+$/.test(v)) return false;
  const digits = v.replace(/\D/g, "").length;
  return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}

export function phone(o: { missing: string; messages?: RuleMessages }) {
  return requiredText({ missing: o.missing, max: PHONE_MAX_CHARS, tooLong: o.messages?.phoneTooLong ?? "Le numéro de téléphone est trop long.", messages: o.messages }).refine(
    isPlausiblePhone,
    { error: o.messages?.phoneInvalid ?? PHONE_INVALID },
  );
}

/** A consent box that must be ticked (Conform hands a ticked box as `true`). */
export function consent(message: string) {
  return z.boolean({ error: message }).refine((v) => v === true, { error: message });
}

// ---- money: integer centimes, typed in DA ---------------------------------------------------

/** 1 000 000 000 DA: far above any dental bill or course, far below what the columns hold. */
export const MAX_PRICE_CENTIMES = MAX_AMOUNT_CENTIMES;
export const PRICE_INVALID = "Montant invalide : indiquez un nombre en DA (exemple : 15000 ou 15000,50).";

/** A price typed in DA ("15 000", "15000,50") -> centimes; null when empty unless `missing` is given. */
export function money(o: { missing?: string; invalid?: string } = {}) {
  return singleLine()
    .optional()
    .transform((raw, ctx): number | null => {
      const value = parsePriceToCentimes(raw ?? "");
      if (value === null) {
        if (o.missing) {
          ctx.addIssue({ code: "custom", message: o.missing });
          return z.NEVER;
        }
        return null;
      }
      if (Number.isNaN(value)) {
        ctx.addIssue({ code: "custom", message: o.invalid ?? PRICE_INVALID });
        return z.NEVER;
      }
      if (value < 0) {
        ctx.addIssue({ code: "custom", message: "Le montant ne peut pas être négatif." });
        return z.NEVER;
      }
      if (value > MAX_PRICE_CENTIMES) {
        ctx.addIssue({ code: "custom", message: "Montant trop élevé." });
        return z.NEVER;
      }
      return value;
    });
}

// ---- calendar days and times in the clinic's time zone (Africa/Algiers) ----------------------

export { addDays, isValidYmd };

export function calendarDay(o: { missing: string; invalid?: string; messages?: RuleMessages }) {
  return singleLine({ error: o.missing, messages: o.messages })
    .trim()
    .min(1, { error: o.missing })
    .refine(isValidYmd, { error: o.invalid ?? o.messages?.dateInvalid ?? "Date invalide." });
}

/** HH:MM, or HH:MM:SS as some browsers send it; kept as HH:MM. */
export function timeOfDay(o: { missing: string; messages?: RuleMessages }) {
  return singleLine({ error: o.missing, messages: o.messages })
    .trim()
    .min(1, { error: o.missing })
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { error: o.messages?.timeInvalid ?? "Heure invalide (format HH:MM)." })
    .transform((v) => v.slice(0, 5));
}

// ---- ids and keys -----------------------------------------------------------------------------

/** A database id typed in a form or a URL: 1 to 999 999 999. */
export function parseId(v: unknown): number | null {
  return typeof v === "string" && /^\d{1,9}$/.test(v) && Number(v) >= 1 ? Number(v) : null;
}

const SUBMISSION_KEY = /^[A-Za-z0-9-]{8,100}$/;

/**
 * The idempotency key of a public form (a hidden field with a random UUID): a post sent twice
 * with the same key stores one row. Anything else is no key.
 */
export function parseSubmissionKey(v: unknown): string | null {
  return typeof v === "string" && SUBMISSION_KEY.test(v) ? v : null;
}

// ---- phone numbers as a search key -------------------------------------------------------------

/**
 * The national digits of an Algerian number, whatever its spacing or prefix: "0550 12 34 56",
 * "+213 550 12 34 56" and "00213550123456" all give "550123456". Stored beside the number so that
 * staff find a patient by any part of it typed in any form.
 */
export function nationalDigits(v: string): string {
  let d = v.replace(/\D/g, "");
  if (d.startsWith("00213")) d = d.slice(5);
  else if (d.startsWith("213") && d.length >= 11) d = d.slice(3);
  return d.replace(/^0+/, "");
}
