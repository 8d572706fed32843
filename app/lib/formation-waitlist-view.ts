import { formatDateTime } from "./format";

/**
 * What staff read of a person on a session's waiting list (issue 31, /admin/formations/:id/sessions):
 * waiting, an offer sent (with its expiry), an offer expired, or accepted.
 */
export type WaitlistState = "waiting" | "offered" | "expired" | "claimed";

export function waitlistState(row: { status: string; offer_expires_at: string | null }, at: Date): WaitlistState {
  if (row.status === "claimed") return "claimed";
  if (row.status === "expired") return "expired";
  if (row.status === "offered") return row.offer_expires_at && Date.parse(row.offer_expires_at) > at.getTime() ? "offered" : "expired";
  return "waiting";
}

/** 'En attente', 'Offre envoyée — expire le 12/02/2027 14:00', 'Expirée', 'Acceptée'. */
export function waitlistStateLabel(state: WaitlistState, offerExpiresAt: string | null): string {
  if (state === "offered") return `Offre envoyée — expire le ${formatDateTime(offerExpiresAt)}`;
  return { waiting: "En attente", expired: "Expirée", claimed: "Acceptée" }[state];
}

/** Whether 'Retirer' applies: a person still waiting or with an offer not yet accepted. */
export const canWithdraw = (state: WaitlistState) => state === "waiting" || state === "offered";
