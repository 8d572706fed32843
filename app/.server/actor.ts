/**
 * Who made a change (docs/architecture.md, "Where each feature lives"): the repos record it in
 * an appointment's history, app/.server/audit.ts writes a staff actor's changes to the audit
 * log. A leaf module: it imports nothing, so the repos and the audit log both use it without
 * importing each other.
 */

/** Who made a change: a staff account (its e-mail is shown) or the patient. */
export interface Actor {
  staffUserId: number | null;
  label: string;
  /** the client's address of a staff change (the audit log keeps it) */
  ip?: string | null;
}

/** The actor of a signed-in staff member (the staff guard sets `ip`). */
export function staffActor(staff: { userId: number; email: string; ip?: string }): Actor {
  return { staffUserId: staff.userId, label: staff.email, ip: staff.ip ?? null };
}

export const PATIENT_ACTOR: Actor = { staffUserId: null, label: "Patient" };
