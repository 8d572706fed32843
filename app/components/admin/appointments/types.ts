import type { AdminCreateField, AdminUpdateField, FieldErrors, FormValues } from "~/lib/appointment-schema";

/** An appointment as the admin screen receives it (no internal columns). */
export interface AppointmentView {
  id: number;
  name: string;
  email: string;
  phone: string;
  service: string;
  date: string;
  time: string;
  message: string | null;
  prixtotal: number | null;
  prixpay: number | null;
  progress: string | null;
  tips: string | null;
  created_at: string | null;
}

export type UpdateResult =
  | { intent: "update"; ok: true; appointment: AppointmentView }
  | { intent: "update"; ok: false; id: number | null; message: string; fieldErrors: FieldErrors<AdminUpdateField> };

export type CreateResult =
  | { intent: "create"; ok: true; appointment: AppointmentView }
  | { intent: "create"; ok: false; message: string; fieldErrors: FieldErrors<AdminCreateField>; values: FormValues<AdminCreateField> };

export type AppointmentsActionResult = UpdateResult | CreateResult | { intent: "unknown"; ok: false; message: string };

/** 'Terminé' only when a total is set and the amount paid equals it (an appointment with no price yet is not complete). */
export function isComplete(a: Pick<AppointmentView, "prixtotal" | "prixpay">): boolean {
  return a.prixtotal !== null && a.prixpay !== null && a.prixpay === a.prixtotal;
}
