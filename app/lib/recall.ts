import type { SubmissionResult } from "@conform-to/react";
import { z } from "~/lib/zod";
import type { Toast } from "~/lib/toast";
import type { Clinic } from "~/lib/clinic";
import { oneLine } from "./control-characters";
import { SERVICES, type Service } from "./services";
import { multiLine, singleLine } from "./rules";
import { firstName } from "./reminder-template";

/**
 * 'Rappels de suivi' (docs/product.md, "Staff: recalls"; issue 31, item 2). Pure: the server
 * builds the list and the messages with it, the browser previews the templates with it.
 *
 * A recall is due `months` after the last honoured visit of a service (the service's interval,
 * /admin/suivis). The list 'Suivis à proposer' shows the recalls due before the end of the
 * current month (clinic time): 'En retard' those due before the first day of this month, 'Ce
 * mois-ci' those due within it.
 */

export const RECALL_MONTHS_MAX = 60;

/**
 * The intervals until staff set their own (months; null: no recall): check-ups ('Soins
 * conservateurs') and orthodontic follow-up 6, implants, prostheses, whitening and aesthetics 12;
 * surgery and extraction none. A service without a row of `recall_intervals` reads as this.
 */
export const DEFAULT_RECALL_MONTHS: Record<Service, number | null> = {
  Implementation: 12,
  "Prothèses dentaires": 12,
  "Blanchiment des dents": 12,
  Orthodontie: 6,
  "Chirurgie dentaire": null,
  "Extraction dentaire": null,
  "Soins conservateurs": 6,
  "Esthétique dentaire": 12,
};

/** "2026-05-31" + 6 months → "2026-11-30" (the last day of a shorter month). */
export function addMonthsYmd(ymd: string, months: number): string {
  const [y, m, d] = ymd.split("-").map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${String(year).padStart(4, "0")}-${pad(month)}-${pad(Math.min(d, last))}`;
}

/** The last day of `today`'s month. */
export function endOfMonth(today: string): string {
  const [y, m] = today.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${today.slice(0, 7)}-${String(last).padStart(2, "0")}`;
}

export type RecallBucket = "late" | "month";

/** Which part of the list a due day belongs to, or null when it is not due yet (after this month). */
export function recallBucket(due: string, today: string): RecallBucket | null {
  if (due > endOfMonth(today)) return null;
  return due < `${today.slice(0, 7)}-01` ? "late" : "month";
}

/** The list's two parts, each in due order (the oldest first). */
export function splitRecalls<T extends { due: string }>(rows: readonly T[], today: string): { late: T[]; month: T[] } {
  const out = { late: [] as T[], month: [] as T[] };
  for (const r of [...rows].sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : 0))) {
    const bucket = recallBucket(r.due, today);
    if (bucket) out[bucket].push(r);
  }
  return out;
}

// ---- the intervals' form -------------------------------------------------------------------------

export const RECALL_INTERVAL_MESSAGE = `Indiquez un nombre de mois entre 1 et ${RECALL_MONTHS_MAX}, ou laissez vide pour ne pas rappeler.`;

const INTERVALS_INCOMPLETE = "Le formulaire des intervalles est incomplet : rechargez la page.";

/** One field of months: empty (Conform reads it as undefined) means no recall. */
const monthsField = singleLine({ error: RECALL_INTERVAL_MESSAGE })
  .refine((v) => v.trim() === "" || (/^\d{1,2}$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= RECALL_MONTHS_MAX), { error: RECALL_INTERVAL_MESSAGE })
  .transform((v) => (v.trim() === "" ? null : Number(v.trim())))
  .optional();

/**
 * One field per service, `months[<index>]` in the order of SERVICES, and `services`, their number:
 * a post without it (not this form) changes nothing.
 */
export const recallIntervalsSchema = z.object({
  services: singleLine({ error: INTERVALS_INCOMPLETE }).refine((v) => v === String(SERVICES.length), { error: INTERVALS_INCOMPLETE }),
  months: z.array(monthsField).max(SERVICES.length, { error: INTERVALS_INCOMPLETE }).optional(),
});

export function intervalsFromForm(months: (number | null | undefined)[] | undefined): Record<Service, number | null> {
  return Object.fromEntries(SERVICES.map((s, i) => [s, months?.[i] ?? null])) as Record<Service, number | null>;
}

// ---- the messages --------------------------------------------------------------------------------

export const RECALL_TEMPLATE_KEYS = ["recall-whatsapp", "recall-sms"] as const;
export type RecallTemplateKey = (typeof RECALL_TEMPLATE_KEYS)[number];
export const RECALL_TEMPLATE_LABELS: Record<RecallTemplateKey, string> = { "recall-whatsapp": "WhatsApp", "recall-sms": "SMS" };
export const RECALL_TEMPLATE_MAX: Record<RecallTemplateKey, number> = { "recall-whatsapp": 1000, "recall-sms": 480 };

export const RECALL_PLACEHOLDERS = [
  { name: "prénom", description: "le prénom du patient" },
  { name: "soin", description: "le soin à renouveler (« Blanchiment des dents »)" },
  { name: "lien", description: "le lien de prise de rendez-vous, le soin déjà choisi (obligatoire)" },
  { name: "stop", description: "le lien « Ne plus me rappeler » (obligatoire)" },
] as const;
type RecallPlaceholder = (typeof RECALL_PLACEHOLDERS)[number]["name"];
export type RecallValues = Record<RecallPlaceholder, string>;

const mainPhone = (clinic: Clinic) => oneLine(clinic.phones[0]?.display ?? "");

export const defaultRecallTemplates = (clinic: Clinic): Record<RecallTemplateKey, string> => ({
  "recall-whatsapp": [
    "Bonjour {prénom},",
    "",
    `Il est temps de prévoir votre prochain rendez-vous de suivi (« {soin} ») à la ${oneLine(clinic.name)}.`,
    "",
    "Choisissez le jour et l'heure qui vous conviennent : {lien}",
    "",
    `Pour toute question, appelez-nous au ${mainPhone(clinic)}.`,
    "Ne plus recevoir ces rappels : {stop}",
  ].join("\n"),
  // typography-ignore: an SMS, in the GSM alphabet (a narrow space would make it a Unicode SMS)
  "recall-sms": `${oneLine(clinic.shortName)} : votre suivi ({soin}) est à prévoir. RDV : {lien} Stop : {stop}`,
});

const PLACEHOLDER = /\{([^{}\n]{1,40})\}/g;
const normalise = (name: string) =>
  name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .trim();
const KNOWN = new Map<string, RecallPlaceholder>(RECALL_PLACEHOLDERS.map((p) => [normalise(p.name), p.name]));

/** The message of a recall: known placeholders filled (one line each), unknown ones left as typed. */
export function renderRecall(body: string, values: RecallValues): string {
  return body
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(PLACEHOLDER, (whole, inner: string) => {
      const name = KNOWN.get(normalise(inner));
      return name ? oneLine(values[name]) : whole;
    });
}

export function recallValues(r: { name: string; service: string }, bookingLink: string, stopLink: string): RecallValues {
  return { prénom: firstName(r.name), soin: r.service, lien: bookingLink, stop: stopLink };
}

/** What is wrong with a recall template, in French (empty when it may be saved). */
export function recallTemplateProblems(key: RecallTemplateKey, body: string): string[] {
  const text = body.trim();
  if (!text) return ["Écrivez le message."];
  const problems: string[] = [];
  if (text.length > RECALL_TEMPLATE_MAX[key]) problems.push(`Le message ${RECALL_TEMPLATE_LABELS[key]} ne peut pas dépasser ${RECALL_TEMPLATE_MAX[key]} caractères (il en compte ${text.length}).`);
  const found = new Set<RecallPlaceholder>();
  const unknown = new Set<string>();
  for (const m of text.normalize("NFC").matchAll(PLACEHOLDER)) {
    const name = KNOWN.get(normalise(m[1]));
    if (name) found.add(name);
    else unknown.add(m[0]);
  }
  if (unknown.size) problems.push(`Repère inconnu : ${[...unknown].join(", ")}. Repères possibles : ${RECALL_PLACEHOLDERS.map((p) => `{${p.name}}`).join(", ")}.`);
  if (!found.has("lien")) problems.push("Le message doit contenir {lien} : c'est le lien qui permet au patient de prendre rendez-vous.");
  if (!found.has("stop")) problems.push("Le message doit contenir {stop} : c'est le lien qui permet au patient de ne plus être rappelé.");
  return problems;
}

export const recallTemplateSchema = z
  .object({
    key: z.enum(RECALL_TEMPLATE_KEYS, { error: "Modèle inconnu." }),
    // the template's language: French, or Arabic (stored under "ar:" + key, ~/lib/recall-ar)
    language: z.enum(["fr", "ar"], { error: "Langue inconnue." }).optional(),
    body: multiLine({ error: "Écrivez le message." }).transform((v) => v.normalize("NFC").replace(/\r\n?/g, "\n").trim()),
  })
  .superRefine((v, ctx) => {
    for (const message of recallTemplateProblems(v.key, v.body)) ctx.addIssue({ code: "custom", path: ["body"], message });
  });

// ---- 'Relancé le …' --------------------------------------------------------------------------------

export const RECALL_CHANNELS = ["whatsapp", "sms", "appel"] as const;
export type RecallChannel = (typeof RECALL_CHANNELS)[number];
export const RECALL_CHANNEL_LABELS: Record<RecallChannel, string> = { whatsapp: "WhatsApp", sms: "SMS", appel: "Appel téléphonique" };

export const recallSentSchema = z.object({
  channel: z.enum(RECALL_CHANNELS, { error: "Choisissez comment le patient a été relancé." }),
});

/** The booking page with the service chosen: /appointment?service=… (works with and without JavaScript). */
export function bookingPath(service: string): string {
  return `/appointment?${new URLSearchParams({ service }).toString()}`;
}

export function isService(v: unknown): v is Service {
  return typeof v === "string" && (SERVICES as readonly string[]).includes(v);
}

/** One row of 'Suivis à proposer' as the screen shows it. */
export interface RecallRowView {
  id: number;
  patientId: number;
  name: string;
  phone: string | null;
  service: string;
  visitDate: string;
  due: string;
  demo: boolean;
  /** the language of the patient's messages (patients.language): the template and links used */
  language: "fr" | "ar";
  whatsapp: string | null;
  sms: string | null;
  sent: { at: string; by: string | null; channel: RecallChannel | null } | null;
}


export const RECALL_PATH = "/admin/suivis";

/** The answer of a fetcher post to /admin/suivis ('Relancé', a template, the intervals). */
export interface RecallActionResult {
  intent: "recall-sent" | "recall-template" | "recall-intervals" | "unknown";
  ok: boolean;
  id?: number;
  key?: RecallTemplateKey;
  /** the edited template's language ("fr" when absent) */
  language?: "fr" | "ar";
  result?: SubmissionResult<string[]>;
  toast?: Toast;
}
