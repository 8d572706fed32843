import { getAppointment } from "./repos/appointments";
import { offerFreedAppointment } from "./waitlist";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { STATUS_LABELS } from "~/lib/appointment-status";
import { moveSchema, slotRefusalText, staffBookingSchema, statusSchema } from "~/lib/front-desk-schema";
import { formatDA } from "~/lib/money";
import { overBalanceMessage, PAYMENT_MESSAGES, PAYMENT_MODE_LABELS, paymentSchema } from "~/lib/payment-schema";
import { parseId, parseSubmissionKey } from "~/lib/rules";
import type { SlotChoice } from "~/lib/schedule";
import { makeToast, type Toast } from "~/lib/toast";
import { guarded } from "./admin-action";
import { notifyAppointment, type AppointmentMailEvent } from "./appointment-mail";
import { getDb } from "./db";
import type { Appointment } from "./db/types";
import { errorCode, log } from "./log";
import { statusBeforeLastChange } from "./repos/appointments";
import { staffActor } from "./actor";
import { bookAppointment, moveAppointment, setAppointmentStatus, type ChangeResult } from "./repos/booking";
import { recordPayment } from "./repos/payments";
import { loadSettings } from "./repos/schedule";
import type { StaffSession } from "./session";

/**
 * The front desk's staff intents, shared by the agenda and the appointment cards so that both
 * screens change an appointment the same way: 'status' (confirm, came, absent, cancel with a
 * reason), 'move' (another day or time, same availability rules, or forced), and 'book' (a
 * booking taken by phone, at a free slot or forced). Once a change is committed the patient is
 * told by e-mail when the appointment has an address: confirmed, cancelled, moved (forced moves
 * too), and a booking taken by staff (confirmed at once). 'pay' ('Encaisser') records a payment
 * and raises the appointment's prixpay in one transaction (app/.server/repos/payments.ts). Each answers a typed result with its HTTP
 * status; the screen's action calls `frontDeskIntent` from its one `switch`.
 */

export type FrontDeskIntent = "status" | "move" | "book" | "pay";

export interface FrontDeskResult {
  intent: FrontDeskIntent;
  ok: boolean;
  /** the appointment acted on (status, move) */
  id?: number;
  result: SubmissionResult<string[]>;
  toast?: Toast;
  /** the nearest free times, when a slot was refused */
  alternatives?: SlotChoice[];
}

const STORE_FAILED = "la base de données n'a pas répondu. Réessayez dans un instant.";

function answer(body: FrontDeskResult, status = 200) {
  return data(body, { status });
}

export function isFrontDeskIntent(intent: string): intent is FrontDeskIntent {
  return intent === "status" || intent === "move" || intent === "book" || intent === "pay";
}

export function frontDeskIntent(intent: FrontDeskIntent, form: FormData, staff: StaffSession, screen: string) {
  if (intent === "status") return changeStatus(form, staff, screen);
  if (intent === "move") return move(form, staff, screen);
  if (intent === "pay") return pay(form, staff, screen);
  return book(form, staff, screen);
}

/** A refused change, said in French beside the field it concerns. */
async function refusedChange(
  intent: FrontDeskIntent,
  id: number | undefined,
  outcome: Exclude<ChangeResult, { ok: true }>,
  reply: (o: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>,
) {
  if (outcome.reason === "not_found") return answer({ intent, ok: false, id, result: reply({ formErrors: ["Ce rendez-vous n'existe plus."] }) }, 404);
  if (outcome.reason === "transition") return answer({ intent, ok: false, id, result: reply({ formErrors: ["Ce changement n'est pas possible depuis le statut actuel."] }) }, 409);
  if (outcome.reason === "conflict") return answer({ intent, ok: false, id, result: reply({ formErrors: ["Ce rendez-vous vient d'être modifié par quelqu'un d'autre : la page est à jour, recommencez."] }) }, 409);
  if (!("alternatives" in outcome)) throw new Error("unreachable");
  const settings = await loadSettings(getDb());
  const message = slotRefusalText(outcome.reason, settings, outcome.alternatives);
  return answer({ intent, ok: false, id, result: reply({ fieldErrors: { time: [message] } }), alternatives: outcome.alternatives }, 409);
}

/**
 * The patient's e-mail about a committed change (app/.server/appointment-mail.ts): queued here,
 * sent in the background (the request never waits for SMTP), and never a reason to fail the
 * action (notifyAppointment logs and swallows its own failure).
 */
async function tellPatient(a: Appointment, event: AppointmentMailEvent, when?: () => Promise<boolean>) {
  try {
    if (when && !(await when())) return;
    await notifyAppointment(a, event);
  } catch (err) {
    log.error({ event: "appointment_mail_queue_failed", appointmentId: a.id, kind: event, ...errorCode(err) }, "change stored, but its e-mail could not be queued");
  }
}

/** True when the status change just written made the appointment confirmed from 'requested' or 'cancelled'. */
async function confirmsAnew(id: number): Promise<boolean> {
  const from = await statusBeforeLastChange(getDb(), id);
  return from === "requested" || from === "cancelled";
}

async function changeStatus(form: FormData, staff: StaffSession, screen: string) {
  const submission = parseWithZod(form, { schema: statusSchema });
  const id = parseId(form.get("id"));
  if (id === null) return answer({ intent: "status", ok: false, result: submission.reply({ formErrors: ["Rendez-vous inconnu."] }) }, 400);
  if (submission.status !== "success") return answer({ intent: "status", ok: false, id, result: submission.reply() }, 400);
  const { to, reason, cancelled_by } = submission.value;
  return guarded(
    screen,
    "status",
    async () => {
      const outcome = await setAppointmentStatus(getDb(), id, to, { actor: staffActor(staff), reason, cancelledBy: cancelled_by ?? "clinic" });
      if (!outcome.ok) {
        if (outcome.reason === "taken") {
          return answer({ intent: "status", ok: false, id, result: submission.reply({ formErrors: ["Ce créneau a été repris par un autre rendez-vous : déplacez celui-ci avant de le reprendre."] }) }, 409);
        }
        return refusedChange("status", id, outcome, (o) => submission.reply(o));
      }
      log.info({ event: "appointment_status", appointmentId: id, userId: staff.userId, to }, "appointment status changed");
      if (to === "cancelled") await tellPatient(outcome.appointment, "cancelled");
      // the freed slot goes to the waiting list (issue 31); an 'Absent' too, while it is still useful
      if (to === "cancelled" || to === "no_show") await offerFreedAppointment(getDb(), outcome.appointment, staffActor(staff));
      // confirmed from a request or a cancellation; not the undo of a wrong 'Honoré' or 'Absent'
      if (to === "confirmed") await tellPatient(outcome.appointment, "confirmed", () => confirmsAnew(id));
      const toast = makeToast({ type: "success", description: `Statut : ${STATUS_LABELS[to]}.`, duration: 4000 });
      return answer({ intent: "status", ok: true, id, result: submission.reply({ resetForm: true }), toast });
    },
    () => answer({ intent: "status", ok: false, id, result: submission.reply({ formErrors: [STORE_FAILED] }) }, 503),
  );
}

async function move(form: FormData, staff: StaffSession, screen: string) {
  const submission = parseWithZod(form, { schema: moveSchema });
  const id = parseId(form.get("id"));
  if (id === null) return answer({ intent: "move", ok: false, result: submission.reply({ formErrors: ["Rendez-vous inconnu."] }) }, 400);
  if (submission.status !== "success") return answer({ intent: "move", ok: false, id, result: submission.reply() }, 400);
  const { date, time, forced, chair } = submission.value;
  return guarded(
    screen,
    "move",
    async () => {
      // a chair is asked for by a drop on the grid only; a forced move stays the form's (any chair)
      const before = await getAppointment(getDb(), id);
      const outcome = await moveAppointment(getDb(), id, { date, time }, { actor: staffActor(staff), mode: forced ? "forced" : "staff", chair: forced ? undefined : chair });
      if (!outcome.ok) return refusedChange("move", id, outcome, (o) => submission.reply(o));
      if (before) await offerFreedAppointment(getDb(), before, staffActor(staff));
      log.info({ event: "appointment_moved", appointmentId: id, userId: staff.userId, forced }, "appointment moved");
      // forced too: the patient must know the new time
      await tellPatient(outcome.appointment, "moved");
      const toast = makeToast({ type: "success", description: forced ? "Rendez-vous déplacé (hors des règles de l'agenda)." : "Rendez-vous déplacé.", duration: 4000 });
      return answer({ intent: "move", ok: true, id, result: submission.reply({ resetForm: true }), toast });
    },
    () => answer({ intent: "move", ok: false, id, result: submission.reply({ formErrors: [STORE_FAILED] }) }, 503),
  );
}

async function book(form: FormData, staff: StaffSession, screen: string) {
  const submission = parseWithZod(form, { schema: staffBookingSchema });
  if (submission.status !== "success") return answer({ intent: "book", ok: false, result: submission.reply() }, 400);
  const key = parseSubmissionKey(form.get("submission_key"));
  const { forced, ...input } = submission.value;
  return guarded(
    screen,
    "book",
    async () => {
      const outcome = await bookAppointment(getDb(), input, {
        actor: staffActor(staff),
        mode: forced ? "forced" : "staff",
        submissionKey: key && `staff:${key}`,
        // taken by the clinic itself: nothing left to confirm
        status: "confirmed",
      });
      if (!outcome.ok) return refusedChange("book", undefined, outcome, (o) => submission.reply(o));
      if (!outcome.duplicate) {
        log.info({ event: "appointment_booked_by_staff", appointmentId: outcome.appointment.id, userId: staff.userId, forced }, "appointment booked by staff");
        // taken by the clinic, so confirmed at once: the patient gets the confirmation and its .ics
        await tellPatient(outcome.appointment, "confirmed");
      }
      const toast = makeToast({
        type: "success",
        description: forced ? "Rendez-vous ajouté hors des règles de l'agenda (noté dans l'historique)." : "Rendez-vous ajouté.",
        duration: 5000,
      });
      return answer({ intent: "book", ok: true, id: Number(outcome.appointment.id), result: submission.reply({ resetForm: true }), toast });
    },
    () => answer({ intent: "book", ok: false, result: submission.reply({ formErrors: [STORE_FAILED] }) }, 503),
  );
}

/**
 * 'Encaisser': the amount, the mode and an optional note. Refusals are said beside the amount
 * (over the balance, with what is left) or above the form (cancelled, no price, gone); nothing is
 * answered a success before the commit.
 */
async function pay(form: FormData, staff: StaffSession, screen: string) {
  const submission = parseWithZod(form, { schema: paymentSchema });
  const id = parseId(form.get("id"));
  if (id === null) return answer({ intent: "pay", ok: false, result: submission.reply({ formErrors: ["Rendez-vous inconnu."] }) }, 400);
  if (submission.status !== "success") return answer({ intent: "pay", ok: false, id, result: submission.reply() }, 400);
  const { amount, mode, note, chequeNumber } = submission.value;
  return guarded(
    screen,
    "pay",
    async () => {
      const outcome = await recordPayment(getDb(), { appointmentId: id, amount, mode, chequeNumber, note, actor: staffActor(staff) });
      if (!outcome.ok) {
        if (outcome.reason === "over_balance") {
          return answer({ intent: "pay", ok: false, id, result: submission.reply({ fieldErrors: { amount: [overBalanceMessage(outcome.balance ?? 0)] } }) }, 409);
        }
        const message = outcome.reason === "cancelled" ? PAYMENT_MESSAGES.cancelled : outcome.reason === "no_price" ? PAYMENT_MESSAGES.noPrice : PAYMENT_MESSAGES.notFound;
        return answer({ intent: "pay", ok: false, id, result: submission.reply({ formErrors: [message] }) }, outcome.reason === "not_found" ? 404 : 409);
      }
      log.info({ event: "payment_recorded", appointmentId: id, paymentId: outcome.payment.id, userId: staff.userId, mode }, "payment recorded");
      const toast = makeToast({ type: "success", description: `Encaissé : ${formatDA(amount)} (${PAYMENT_MODE_LABELS[mode]}), reçu n° ${outcome.payment.receipt_no}.`, duration: 6000 });
      return answer({ intent: "pay", ok: true, id, result: submission.reply({ resetForm: true }), toast });
    },
    () => answer({ intent: "pay", ok: false, id, result: submission.reply({ formErrors: [STORE_FAILED] }) }, 503),
  );
}
