import { z } from "zod";
import { parsePriceToCentimes, todayInClinic } from "./format";
import { SERVICES } from "./services";

/**
 * The rules of every appointment form, shared by the route actions (always) and the browser
 * (before posting, so that a visitor sees the same French messages at once).
 * Inputs are the raw strings of a form; outputs are clean values (prices in centimes).
 */

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export type ParseResult<T, K extends string> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors<K> };

/** A form's string values, as typed (checkboxes: "on" when checked, "" otherwise). */
export type FormValues<K extends string> = Record<K, string>;

export function formValues<K extends string>(form: FormData, fields: readonly K[]): FormValues<K> {
  const out = {} as FormValues<K>;
  for (const f of fields) {
    const v = form.get(f);
    out[f] = typeof v === "string" ? v : "";
  }
  return out;
}

function toResult<T, K extends string>(r: z.ZodSafeParseResult<T>): ParseResult<T, K> {
  if (r.success) return { ok: true, data: r.data };
  const fieldErrors: FieldErrors<K> = {};
  for (const issue of r.error.issues) {
    const key = String(issue.path[0] ?? "form") as K;
    if (!fieldErrors[key]) fieldErrors[key] = issue.message;
  }
  return { ok: false, fieldErrors };
}

// ---- shared field rules -------------------------------------------------------------------

const PHONE_CHARS = /^[0-9+\-.\s()]+$/;

const requiredText = (requiredMessage: string, max: number, tooLongMessage: string) =>
  z.string().trim().min(1, requiredMessage).max(max, tooLongMessage);

const nameField = requiredText("Veuillez indiquer le nom complet.", 120, "Le nom ne peut pas dépasser 120 caractères.");

const emailField = z
  .string()
  .trim()
  .min(1, "Veuillez indiquer une adresse e-mail.")
  .max(254, "L'adresse e-mail est trop longue.")
  .pipe(z.email("Adresse e-mail invalide (exemple : nom@exemple.com)."));

const phoneField = z
  .string()
  .trim()
  .min(1, "Veuillez indiquer un numéro de téléphone.")
  .max(30, "Le numéro de téléphone est trop long.")
  .refine((v) => {
    if (!PHONE_CHARS.test(v)) return false;
    const digits = v.replace(/\D/g, "").length;
    return digits >= 8 && digits <= 20;
  }, "Numéro de téléphone invalide : indiquez 8 à 20 chiffres (exemple : 0550 12 34 56).");

const serviceField = z.string().refine((v): v is (typeof SERVICES)[number] => (SERVICES as readonly string[]).includes(v), "Veuillez choisir un service.");

/** A real calendar day written YYYY-MM-DD. */
export function isValidYmd(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

const dateField = z.string().trim().min(1, "Veuillez choisir une date.").refine(isValidYmd, "Date invalide.");

/** HH:MM, or HH:MM:SS as some browsers send it; stored as HH:MM. */
const timeField = z
  .string()
  .trim()
  .min(1, "Veuillez choisir une heure.")
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "Heure invalide (format HH:MM).")
  .transform((v) => v.slice(0, 5));

const optionalText = (max: number, tooLongMessage: string) =>
  z
    .string()
    .trim()
    .max(max, tooLongMessage)
    .transform((v) => (v === "" ? null : v));

/** The farthest a patient may book ahead. */
export const BOOKING_MAX_DAYS_AHEAD = 730;

function addDays(ymd: string, days: number): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// ---- public booking form ------------------------------------------------------------------

export const BOOKING_FIELDS = ["name", "email", "phone", "service", "date", "time", "message", "consent"] as const;
export type BookingField = (typeof BOOKING_FIELDS)[number];

export const PAST_DATE_MESSAGE = "La date ne peut pas être dans le passé.";

export function bookingSchema(today: string = todayInClinic()) {
  return z.object({
    name: nameField,
    email: emailField,
    phone: phoneField,
    service: serviceField,
    date: dateField
      .refine((v) => v >= today, PAST_DATE_MESSAGE)
      .refine((v) => v <= addDays(today, BOOKING_MAX_DAYS_AHEAD), "Choisissez une date dans les deux prochaines années."),
    time: timeField,
    message: optionalText(2000, "Le message ne peut pas dépasser 2000 caractères."),
    consent: z
      .string()
      .refine((v) => v === "on" || v === "true" || v === "1", "Veuillez accepter la politique de confidentialité pour envoyer votre demande."),
  });
}

export type BookingInput = z.output<ReturnType<typeof bookingSchema>>;

export function parseBooking(values: Partial<FormValues<BookingField>>, today?: string): ParseResult<BookingInput, BookingField> {
  const input = Object.fromEntries(BOOKING_FIELDS.map((f) => [f, values[f] ?? ""]));
  return toResult(bookingSchema(today).safeParse(input));
}

// ---- money ----------------------------------------------------------------------------------

/** 1 000 000 000 DA: far above any dental bill, far below what the columns hold. */
export const MAX_PRICE_CENTIMES = 100_000_000_000;

const INVALID_PRICE = "Montant invalide : indiquez un nombre en DA (exemple : 15000 ou 15000,50).";

/** A price typed in DA -> centimes, or null when empty. */
const priceField = (requiredMessage?: string) =>
  z.string().transform((raw, ctx) => {
    const value = parsePriceToCentimes(raw);
    if (value === null) {
      if (requiredMessage) {
        ctx.addIssue({ code: "custom", message: requiredMessage });
        return z.NEVER;
      }
      return null;
    }
    if (Number.isNaN(value)) {
      ctx.addIssue({ code: "custom", message: INVALID_PRICE });
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

export const PAID_ABOVE_TOTAL_MESSAGE = "Le montant payé ne peut pas dépasser le prix total.";
export const PAID_WITHOUT_TOTAL_MESSAGE = "Indiquez le prix total avant le montant payé.";

function checkAmounts(v: { prixtotal: number | null; prixpay: number | null }, ctx: z.RefinementCtx) {
  if (v.prixpay !== null && v.prixtotal === null && v.prixpay > 0) {
    ctx.addIssue({ code: "custom", path: ["prixpay"], message: PAID_WITHOUT_TOTAL_MESSAGE });
  } else if (v.prixpay !== null && v.prixtotal !== null && v.prixpay > v.prixtotal) {
    ctx.addIssue({ code: "custom", path: ["prixpay"], message: PAID_ABOVE_TOTAL_MESSAGE });
  }
}

// ---- admin: add an appointment ------------------------------------------------------------

export const ADMIN_CREATE_FIELDS = ["name", "email", "phone", "service", "date", "time", "prixtotal", "prixpay", "progress", "tips"] as const;
export type AdminCreateField = (typeof ADMIN_CREATE_FIELDS)[number];

const progressRequired = requiredText("Veuillez indiquer l'avancement.", 500, "L'avancement ne peut pas dépasser 500 caractères.");
const progressOptional = optionalText(500, "L'avancement ne peut pas dépasser 500 caractères.");
const tipsField = optionalText(1000, "Les remarques ne peuvent pas dépasser 1000 caractères.");

export const adminCreateSchema = z
  .object({
    name: nameField,
    email: emailField,
    phone: phoneField,
    service: serviceField,
    date: dateField,
    time: timeField,
    prixtotal: priceField("Veuillez indiquer le prix total."),
    prixpay: priceField("Veuillez indiquer le montant payé (0 si rien n'a été payé)."),
    progress: progressRequired,
    tips: tipsField,
  })
  .superRefine(checkAmounts);

export type AdminCreateInput = z.output<typeof adminCreateSchema>;

export function parseAdminCreate(values: Partial<FormValues<AdminCreateField>>): ParseResult<AdminCreateInput, AdminCreateField> {
  const input = Object.fromEntries(ADMIN_CREATE_FIELDS.map((f) => [f, values[f] ?? ""]));
  return toResult(adminCreateSchema.safeParse(input));
}

// ---- admin: inline edit of a card ---------------------------------------------------------

export const ADMIN_UPDATE_FIELDS = ["progress", "prixtotal", "prixpay", "tips"] as const;
export type AdminUpdateField = (typeof ADMIN_UPDATE_FIELDS)[number];

export const adminUpdateSchema = z
  .object({
    progress: progressOptional,
    prixtotal: priceField(),
    prixpay: priceField(),
    tips: tipsField,
  })
  .superRefine(checkAmounts);

export type AdminUpdateInput = z.output<typeof adminUpdateSchema>;

export function parseAdminUpdate(values: Partial<FormValues<AdminUpdateField>>): ParseResult<AdminUpdateInput, AdminUpdateField> {
  const input = Object.fromEntries(ADMIN_UPDATE_FIELDS.map((f) => [f, values[f] ?? ""]));
  return toResult(adminUpdateSchema.safeParse(input));
}

// ---- admin: list filters (from the URL) ---------------------------------------------------

export const APPOINTMENTS_PAGE_SIZE = 24;

export interface AppointmentListQuery {
  q: string;
  submitted: string;
  date: string;
  service: string;
  status: "" | "done" | "todo";
  page: number;
}

/** Lenient: a value that makes no sense is ignored rather than refused. */
export function parseAppointmentQuery(params: URLSearchParams): AppointmentListQuery {
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const submitted = params.get("submitted") ?? "";
  const date = params.get("date") ?? "";
  const service = params.get("service") ?? "";
  const statuses = params.getAll("status").filter((s) => s === "done" || s === "todo");
  const page = Number(params.get("page") ?? "1");
  return {
    q,
    submitted: isValidYmd(submitted) ? submitted : "",
    date: isValidYmd(date) ? date : "",
    service: (SERVICES as readonly string[]).includes(service) ? service : "",
    // both boxes sent (possible without JavaScript): they cancel out
    status: statuses.length === 1 ? (statuses[0] as "done" | "todo") : "",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The query string of a list state (empty values left out, page 1 implicit). */
export function appointmentQueryString(q: Partial<AppointmentListQuery>): string {
  const p = new URLSearchParams();
  if (q.q) p.set("q", q.q);
  if (q.submitted) p.set("submitted", q.submitted);
  if (q.date) p.set("date", q.date);
  if (q.service) p.set("service", q.service);
  if (q.status) p.set("status", q.status);
  if (q.page && q.page > 1) p.set("page", String(q.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}
