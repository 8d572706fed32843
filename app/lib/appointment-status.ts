/**
 * 'Terminé' (docs/product.md, "Staff: appointments"): a total is set and the amount paid equals
 * it. An appointment with no price yet is not complete; "0 DA paid of 0 DA" is.
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
} as const;

export type AppointmentAmounts = {
  [K in (typeof COMPLETION_RULE)[keyof typeof COMPLETION_RULE]]: number | null;
};

export function isAppointmentDone(a: AppointmentAmounts): boolean {
  const total = a[COMPLETION_RULE.total];
  const paid = a[COMPLETION_RULE.paid];
  return total !== null && paid !== null && paid === total;
}
