/**
 * The two independent states of an appointment (docs/product.md, "Staff: appointments"):
 *
 * 1. Its status at the front desk: 'Demande reçue' → 'Confirmé' → 'Honoré' or 'Absent', or
 *    'Annulé' (who cancelled and why). Requested, confirmed and attended appointments hold their
 *    chair's slot units; an absent or cancelled one frees them.
 * 2. Its payment badge, 'Terminé' / 'Le travail n'est pas terminé' (SPEC's completion rule).
 */

export const APPOINTMENT_STATUSES = ["requested", "confirmed", "attended", "no_show", "cancelled"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  requested: "Demande reçue",
  confirmed: "Confirmé",
  attended: "Honoré",
  no_show: "Absent",
  cancelled: "Annulé",
};

/** The statuses whose appointment holds slot units. */
export const OCCUPYING_STATUSES: readonly AppointmentStatus[] = ["requested", "confirmed", "attended"];

export function holdsSlot(status: AppointmentStatus): boolean {
  return OCCUPYING_STATUSES.includes(status);
}

/**
 * The moves staff may make. 'Honoré' and 'Absent' may be swapped (a wrong tap), and a cancelled
 * or absent appointment may be booked again (it takes its slot back if that is still free).
 */
export const STATUS_TRANSITIONS: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  requested: ["confirmed", "attended", "no_show", "cancelled"],
  confirmed: ["attended", "no_show", "cancelled", "requested"],
  attended: ["no_show", "confirmed"],
  no_show: ["attended", "confirmed"],
  cancelled: ["confirmed"],
};

export function canMove(from: AppointmentStatus, to: AppointmentStatus): boolean {
  return STATUS_TRANSITIONS[from].includes(to);
}

export function isAppointmentStatus(v: unknown): v is AppointmentStatus {
  return typeof v === "string" && (APPOINTMENT_STATUSES as readonly string[]).includes(v);
}

/** Who cancelled: the patient (by phone, or later through the personal link) or the clinic. */
export const CANCELLED_BY = ["patient", "clinic"] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];
export const CANCELLED_BY_LABELS: Record<CancelledBy, string> = { patient: "le patient", clinic: "la clinique" };

// ---- payment -----------------------------------------------------------------------------------

/**
 * 'Terminé': a total is set and the amount paid equals it; and an appointment whose total is 0
 * is complete only once the patient has come ('Honoré'), so that "0 DA paid of 0 DA" is never
 * shown as paid in full before it has happened.
 *
 * The one definition of the rule. The card's badge uses `isAppointmentDone`; the list filter
 * ('Terminé' / 'Non terminé') is its SQL form, built in ~/.server/repos/appointments from the
 * same `COMPLETION_RULE`, and an integration test checks that both pick the same rows.
 */
export const COMPLETION_RULE = {
  /** the column that must be set */
  total: "prixtotal",
  /** the column that must equal it */
  paid: "prixpay",
  /** a total of 0 counts only with this status */
  freeOnlyWhen: "attended",
} as const;

export interface AppointmentAmounts {
  prixtotal: number | null;
  prixpay: number | null;
  status: AppointmentStatus;
}

export function isAppointmentDone(a: AppointmentAmounts): boolean {
  const total = a[COMPLETION_RULE.total];
  const paid = a[COMPLETION_RULE.paid];
  if (total === null || paid === null || paid !== total) return false;
  return total > 0 || a.status === COMPLETION_RULE.freeOnlyWhen;
}

// 'Reste à payer' (balanceDue) is in ./money.ts, with every other computation on amounts.
