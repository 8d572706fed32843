import { z } from "~/lib/zod";
import type { Clinic } from "~/lib/clinic";
import { oneLine } from "./control-characters";
import { multiLine } from "./rules";
import { formatTime } from "./format";

/**
 * The WhatsApp and SMS reminders staff send from the front desk (docs/product.md, "Reminders";
 * docs/decisions/009-patients-and-links.md). No paid gateway: the staff member taps a wa.me or
 * sms: link whose text is one of these templates, filled for the appointment. Pure: the browser
 * runs it for the live preview of the template editor, the server for the links.
 *
 * Placeholders: {prénom}, {date}, {heure}, {lien}. They are read whatever the case and the
 * accents ({Prénom}, {prenom}, { heure }); an unknown one ({prenon}) is left as typed, so that a
 * typo shows in the preview instead of vanishing, and the editor refuses to save it.
 *
 * A template must carry {lien}: the personal link is how a patient confirms, cancels or moves,
 * and 'Rappels à envoyer' keeps a patient until they confirm. An appointment without a link
 * (imported before the links existed, or erased) gets, instead of the sentence holding {lien},
 * a sentence that gives the clinic's phone.
 */

/**
 * The reminders' two templates, and the two of a waiting-list offer (issue 31: the WhatsApp/SMS
 * buttons of 'Liste d'attente'; the same placeholders, {lien} being the offer's /offre link).
 */
export const REMINDER_TEMPLATE_KEYS = ["whatsapp", "sms"] as const;
export const OFFER_TEMPLATE_KEYS = ["offer-whatsapp", "offer-sms"] as const;
export const TEMPLATE_KEYS = [...REMINDER_TEMPLATE_KEYS, ...OFFER_TEMPLATE_KEYS] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

export const TEMPLATE_LABELS: Record<TemplateKey, string> = { whatsapp: "WhatsApp", sms: "SMS", "offer-whatsapp": "d'offre WhatsApp", "offer-sms": "d'offre SMS" };

/** Characters of a template as typed (the link adds about 70 once filled in). */
export const TEMPLATE_MAX: Record<TemplateKey, number> = { whatsapp: 1000, sms: 480, "offer-whatsapp": 1000, "offer-sms": 480 };

const isOfferKey = (key: TemplateKey) => key === "offer-whatsapp" || key === "offer-sms";

/** A WhatsApp template (the others are SMS). */
export const isWhatsapp = (key: TemplateKey) => key === "whatsapp" || key === "offer-whatsapp";

export const PLACEHOLDERS = [
  { name: "prénom", description: "le prénom du patient (« Amina » pour « Mme Amina Benali »)" },
  { name: "date", description: "le jour du rendez-vous (« mardi 24 novembre »)" },
  { name: "heure", description: "l'heure du rendez-vous («\u202f10:30\u202f»)" },
  { name: "lien", description: "le lien personnel : confirmer, annuler ou déplacer (obligatoire)" },
] as const;
export type PlaceholderName = (typeof PLACEHOLDERS)[number]["name"];

export type TemplateValues = Record<Exclude<PlaceholderName, "lien">, string> & { lien: string | null };

// the clinic's values as stored, on one line each (app/lib/control-characters.ts): a name saved
// before the forms refused line breaks adds no line to a message
const mainPhone = (clinic: Clinic) => oneLine(clinic.phones[0]?.display ?? "");

/** The templates used until staff write their own: they name the clinic as stored (/admin/clinique). */
export const defaultTemplates = (clinic: Clinic): Record<TemplateKey, string> => ({
  whatsapp: [
    "Bonjour {prénom},",
    "",
    `Nous vous rappelons votre rendez-vous à la ${oneLine(clinic.name)} le {date} à {heure}.`,
    "",
    "Pour confirmer votre présence, annuler ou déplacer le rendez-vous : {lien}",
    "",
    `Pour toute question, appelez-nous au ${mainPhone(clinic)}.`,
    "À bientôt,",
    oneLine(clinic.name),
  ].join("\n"),
  // one SMS (160 GSM characters) with a link of about 80 characters: no greeting
  // typography-ignore: an SMS, in the GSM alphabet (no narrow space: one would make it a Unicode SMS, 70 characters a part)
  sms: `${oneLine(clinic.shortName)} : RDV le {date} à {heure}. Confirmer ou annuler : {lien}`,
  // a freed slot offered to the waiting list (the texts that were fixed in the code until they became editable)
  "offer-whatsapp": ["Bonjour {prénom},\n\nUn créneau vient de se libérer le {date} à {heure}. Pour le prendre, touchez ce lien (le premier qui confirme l'obtient) : {lien}\n\nÀ bientôt,", oneLine(clinic.name)].join("\n"),
  // typography-ignore: an SMS, in the GSM alphabet
  "offer-sms": "Créneau libéré le {date} à {heure}. Pour le prendre : {lien}",
});

/** Said instead of the sentence that holds {lien}, for an appointment without a personal link. */
export const noLinkSentence = (clinic: Clinic) => `Pour confirmer, annuler ou déplacer votre rendez-vous, appelez-nous au ${mainPhone(clinic)}.`;

// ---- placeholders -------------------------------------------------------------------------------

const PLACEHOLDER = /\{([^{}\n]{1,40})\}/g;

/** "Prénom", " prenom ", "PRÉNOM" → "prenom": the spelling does not matter. */
function normalise(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .trim();
}

const KNOWN = new Map<string, PlaceholderName>(PLACEHOLDERS.map((p) => [normalise(p.name), p.name]));

/** The placeholder a `{…}` names, or null when it is not one of the four. */
function placeholderOf(inner: string): PlaceholderName | null {
  return KNOWN.get(normalise(inner)) ?? null;
}

/** The `{…}` of a template that are no placeholder ("{prenon}"), each once, as typed. */
export function unknownPlaceholders(body: string): string[] {
  const out = new Set<string>();
  for (const m of body.normalize("NFC").matchAll(PLACEHOLDER)) if (!placeholderOf(m[1])) out.add(m[0]);
  return [...out];
}

export function hasLinkPlaceholder(body: string): boolean {
  for (const m of body.normalize("NFC").matchAll(PLACEHOLDER)) if (placeholderOf(m[1]) === "lien") return true;
  return false;
}

/**
 * The sentence around each {lien}: from the previous line break or sentence end to the next line
 * break or sentence end (the punctuation kept with it). The first becomes noLinkSentence(clinic), any
 * other is removed.
 */
function withoutLinkSentences(body: string, sentence: string): string {
  let out = body;
  let first = true;
  for (;;) {
    const match = [...out.matchAll(PLACEHOLDER)].find((m) => placeholderOf(m[1]) === "lien");
    if (!match || match.index === undefined) break;
    const at = match.index;
    const before = out.slice(0, at);
    const lineStart = before.lastIndexOf("\n") + 1;
    let start = lineStart;
    for (const m of before.slice(lineStart).matchAll(/[.!?…](?:\s+)/g)) start = lineStart + (m.index ?? 0) + m[0].length;
    const afterAt = at + match[0].length;
    const rest = out.slice(afterAt);
    const stop = rest.search(/[.!?…](?=\s|$)|\n/);
    const end = stop === -1 ? out.length : afterAt + stop + (rest[stop] === "\n" ? 0 : 1);
    out = out.slice(0, start) + (first ? sentence : "") + out.slice(end);
    first = false;
  }
  return out
    .replace(/[ \t]{2,}/g, " ")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * The message of a template for one appointment. Known placeholders are filled; unknown ones
 * stay as typed. Without a link (`lien: null`), the sentence that holds {lien} says to call
 * (`noLink`: the sentence in the template's language, French by default).
 */
export function renderTemplate(body: string, values: TemplateValues, clinic: Clinic, noLink: string = noLinkSentence(clinic)): string {
  const text = body.normalize("NFC").replace(/\r\n?/g, "\n");
  const source = values.lien ? text : withoutLinkSentences(text, noLink);
  return source.replace(PLACEHOLDER, (whole, inner: string) => {
    const name = placeholderOf(inner);
    if (!name) return whole;
    const v = values[name];
    // a value is one line (a name stored with a line break adds none)
    return v === null || v === undefined ? whole : oneLine(v);
  });
}

// ---- the values of an appointment -------------------------------------------------------------

const dayLong = new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });

/** "2026-11-24" → "mardi 24 novembre". */
export function reminderDate(ymd: string): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? ymd : dayLong.format(d);
}

/** The time as the site writes it everywhere ("09:00", ~/lib/format). */
export function reminderTime(hhmm: string): string {
  return formatTime(hhmm);
}

/** The first name as a greeting uses it ("Mme Amina Benali" → "Amina"). */
export function firstName(name: string): string {
  const words = name.trim().split(/\s+/).filter((w) => !/^(m\.?|mme\.?|mlle\.?|mr\.?|dr\.?)$/i.test(w));
  return words[0] ?? name.trim();
}

export function reminderValues(a: { name: string; date: string; time: string }, link: string | null): TemplateValues {
  return { prénom: firstName(a.name), date: reminderDate(a.date), heure: reminderTime(a.time), lien: link };
}

// ---- the editor's rules -----------------------------------------------------------------------

export const TEMPLATE_MESSAGES = {
  missing: "Écrivez le message.",
  tooLong: (key: TemplateKey, length: number) => `Le message ${TEMPLATE_LABELS[key]} ne peut pas dépasser ${TEMPLATE_MAX[key]} caractères (il en compte ${length}).`,
  noLink: "Le message doit contenir {lien} : c'est le lien qui permet au patient de confirmer, d'annuler ou de déplacer son rendez-vous.",
  noOfferLink: "Le message doit contenir {lien} : c'est le lien qui permet au patient de prendre le créneau proposé.",
  unknown: (found: string[]) =>
    `${found.length > 1 ? "Repères inconnus" : "Repère inconnu"} : ${found.join(", ")}. Repères possibles : ${PLACEHOLDERS.map((p) => `{${p.name}}`).join(", ")}.`,
} as const;

/** What is wrong with a template, in French (empty when it may be saved). */
export function templateProblems(key: TemplateKey, body: string): string[] {
  const text = body.trim();
  if (!text) return [TEMPLATE_MESSAGES.missing];
  const problems: string[] = [];
  if (text.length > TEMPLATE_MAX[key]) problems.push(TEMPLATE_MESSAGES.tooLong(key, text.length));
  const unknown = unknownPlaceholders(text);
  if (unknown.length) problems.push(TEMPLATE_MESSAGES.unknown(unknown));
  if (!hasLinkPlaceholder(text)) problems.push(isOfferKey(key) ? TEMPLATE_MESSAGES.noOfferLink : TEMPLATE_MESSAGES.noLink);
  return problems;
}

/** The editor's form (one per template): which template, and its text. */
export const templateSchema = z
  .object({
    key: z.enum(TEMPLATE_KEYS, { error: "Modèle inconnu." }),
    // the template's language: French, or Arabic (stored under "ar:" + key, ~/lib/reminder-template-ar)
    language: z.enum(["fr", "ar"], { error: "Langue inconnue." }).optional(),
    body: multiLine({ error: TEMPLATE_MESSAGES.missing }).transform((v) => v.normalize("NFC").replace(/\r\n?/g, "\n").trim()),
  })
  .superRefine((v, ctx) => {
    for (const message of templateProblems(v.key, v.body)) ctx.addIssue({ code: "custom", path: ["body"], message });
  });

export type TemplateForm = z.output<typeof templateSchema>;

// ---- marking a reminder sent --------------------------------------------------------------------

/** How a reminder went: a tap on WhatsApp or SMS, or a phone call marked by hand. */
export const REMINDER_CHANNELS = ["whatsapp", "sms", "appel"] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

/** As the history shows it (`appointment_history.detail` of a "reminded" row). */
export const REMINDER_CHANNEL_LABELS: Record<ReminderChannel, string> = { whatsapp: "WhatsApp", sms: "SMS", appel: "Appel téléphonique" };

export const reminderMarkSchema = z.object({
  channel: z.enum(REMINDER_CHANNELS, { error: "Choisissez comment le patient a été prévenu." }),
});
