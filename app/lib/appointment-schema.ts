import { z } from "~/lib/zod";
import { isAppointmentStatus, type AppointmentStatus } from "./appointment-status";
import { staffBookingSchema } from "./front-desk-schema";
import { calendarDay, isValidYmd, money, optionalText, personName, phone, requiredText, timeOfDay } from "./rules";
import { SERVICES } from "./services";

/**
 * The staff appointment screen (docs/product.md, "Staff: appointments"): the form to add an
 * appointment by hand, the inline edit of a card, and the list's filters from the URL. The two
 * forms are composed from the field rules of ./rules; the action and the browser run the same
 * schema (prices typed in DA come out in centimes).
 */

export const PAID_ABOVE_TOTAL_MESSAGE = "Le montant payé ne peut pas dépasser le prix total.";
export const PAID_WITHOUT_TOTAL_MESSAGE = "Indiquez le prix total avant le montant payé.";

function checkAmounts(v: { prixtotal: number | null; prixpay: number | null }, ctx: z.RefinementCtx) {
  if (v.prixpay !== null && v.prixtotal === null && v.prixpay > 0) {
    ctx.addIssue({
      code: "custom",
      path: ["prixpay"],
      message: PAID_WITHOUT_TOTAL_MESSAGE,
    });
  } else if (v.prixpay !== null && v.prixtotal !== null && v.prixpay > v.prixtotal) {
    ctx.addIssue({
      code: "custom",
      path: ["prixpay"],
      message: PAID_ABOVE_TOTAL_MESSAGE,
    });
  }
}

const PROGRESS = {
  max: 500,
  tooLong: "L'avancement ne peut pas dépasser 500 caractères.",
};
const tips = optionalText({
  max: 1000,
  tooLong: "Les remarques ne peuvent pas dépasser 1000 caractères.",
  multiline: true,
});

// ---- who may write prices ------------------------------------------------------------------

/**
 * Whether a posted form carries prices. A staff member without `appointment:price` (an
 * assistant, unless the team setting allows it; docs/product.md, "Staff roles") gets the add
 * form and the card's edit without the price fields, and the staff guard refuses price fields
 * from them: the action picks the schema of what was posted.
 */
export function postsPrices(form: FormData): boolean {
  return form.has("prixtotal") || form.has("prixpay");
}

// ---- add an appointment (a patient who called, for instance): everything but the e-mail and the tips ----

const createFields = {
  name: personName({ missing: "Veuillez indiquer le nom complet." }),
  // a booking taken by phone or at the desk: the e-mail is optional (the rule of the front desk's forms)
  email: staffBookingSchema.shape.email,
  phone: phone({ missing: "Veuillez indiquer un numéro de téléphone." }),
  service: z.enum(SERVICES, { error: "Veuillez choisir un service." }),
  // any real day: the slot is then judged by the schedule (a past day or outside the hours
  // needs 'Forcer (hors horaires)', to record an appointment already held for instance)
  date: calendarDay({ missing: "Veuillez choisir une date." }),
  time: timeOfDay({ missing: "Veuillez choisir une heure." }),
  progress: requiredText({
    missing: "Veuillez indiquer l'avancement.",
    ...PROGRESS,
  }),
  tips,
  // 'Forcer (hors horaires)': booked over the schedule's rules, on purpose (noted in the history)
  forced: staffBookingSchema.shape.forced,
};

export const adminCreateSchema = z
  .object({
    ...createFields,
    prixtotal: money({ missing: "Veuillez indiquer le prix total." }),
    prixpay: money({
      missing: "Veuillez indiquer le montant payé (0 si rien n'a été payé).",
    }),
  })
  .superRefine(checkAmounts);

/**
 * The add form of a staff member who may not set prices: stored without prices ("Non renseigné"),
 * as a booking from the site. No root transform: Conform's getZodConstraint cannot read one.
 */
export const adminCreateWithoutPricesSchema = z.object(createFields);

/** The add form's schema for a posted form (the action) or for the fields a screen shows (the browser). */
export function adminCreateSchemaFor(prices: boolean) {
  return prices ? adminCreateSchema : adminCreateWithoutPricesSchema;
}

export type AdminCreateInput = z.output<typeof adminCreateSchema>;

// ---- inline edit of a card: every field may be left empty ----------------------------------

export const adminUpdateSchema = z
  .object({
    progress: optionalText(PROGRESS),
    prixtotal: money(),
    prixpay: money(),
    tips,
  })
  .superRefine(checkAmounts);

/** The card's edit without prices: the stored prices stay as they are. */
export const adminUpdateWithoutPricesSchema = z.object({
  progress: optionalText(PROGRESS),
  tips,
});

/** The edit's schema for a posted form (the action) or for the fields a screen shows (the browser). */
export function adminUpdateSchemaFor(prices: boolean) {
  return prices ? adminUpdateSchema : adminUpdateWithoutPricesSchema;
}

export type AdminUpdateInput = z.output<typeof adminUpdateSchema>;

// ---- the list's filters (from the URL) -----------------------------------------------------

export const APPOINTMENTS_PAGE_SIZE = 24;

export interface AppointmentListQuery {
  q: string;
  submitted: string;
  date: string;
  service: string;
  /** 'Terminé' / 'Non terminé' (param `status`) */
  status: "" | "done" | "todo";
  /** the front-desk status (param `statut`) */
  state: "" | AppointmentStatus;
  /** 'Reste à payer' (param `du=1`) */
  due: boolean;
  page: number;
}

/** Lenient: a value that makes no sense is ignored rather than refused. */
export function parseAppointmentQuery(params: URLSearchParams): AppointmentListQuery {
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const submitted = params.get("submitted") ?? "";
  const date = params.get("date") ?? "";
  const service = params.get("service") ?? "";
  const state = params.get("statut") ?? "";
  const statuses = params.getAll("status").filter((s) => s === "done" || s === "todo");
  const page = Number(params.get("page") ?? "1");
  return {
    q,
    submitted: isValidYmd(submitted) ? submitted : "",
    date: isValidYmd(date) ? date : "",
    service: (SERVICES as readonly string[]).includes(service) ? service : "",
    // both boxes sent (possible without JavaScript): they cancel out
    status: statuses.length === 1 ? (statuses[0] as "done" | "todo") : "",
    state: isAppointmentStatus(state) ? state : "",
    due: params.get("du") === "1",
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
  if (q.state) p.set("statut", q.state);
  if (q.due) p.set("du", "1");
  if (q.page && q.page > 1) p.set("page", String(q.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}
