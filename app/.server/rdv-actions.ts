import { offerFreedAppointment } from "./waitlist";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Clinic } from "~/lib/clinic";
import { formatDayLong, parseBookingIntent, type BookingIntent } from "~/lib/slots-view";
import { formatTime } from "~/lib/format";
import { isRdvIntent, rdvConfirmSchema, type RdvIntent, type RdvReply, type RdvView } from "~/lib/rdv-schema";
import { rdvCancelSchemaIn, rdvMoveSchemaIn, rdvTexts } from "~/lib/rdv-texts-ar";
import { localeOf, type Locale } from "~/i18n/locale";
import { t } from "~/i18n";
import { messageText } from "~/i18n/messages";
import { ltr } from "~/lib/message-language";
import { refusalKey } from "./booking-actions";
import type { AppointmentStatus, CancelledBy } from "~/lib/appointment-status";
import { slotRefusalText } from "~/lib/front-desk-schema";
import { type SlotChoice, type SlotRefusal } from "~/lib/schedule";
import { clinicInstant, todayInClinic } from "~/lib/clinic-time";
import { SERVICES, type Service } from "~/lib/services";
import { intentOf, readForm } from "./admin-action";
import { notifyAppointment } from "./appointment-mail";
import { getClinic } from "./clinic";
import { loadBookingRules, loadDaySlots } from "./booking-slots";
import { getDb, writeTransaction, type Db } from "./db";
import type { Appointment } from "./db/types";
import { errorCode, log } from "./log";
import { countLinkMiss, findByToken, linkGuessBlocked } from "./personal-link";
import { getAppointment, markPatientConfirmed } from "./repos/appointments";
import { PATIENT_ACTOR } from "./actor";
import { moveAppointment, setAppointmentStatus } from "./repos/booking";
import { loadContactSettings } from "./repos/contact-settings";
import { loadServiceSettings } from "./repos/schedule";
import { patientAccount } from "./repos/ledger";
import { nextInstalmentOf } from "./repos/plans";
import { quotesForPatientPage } from "./repos/quote-decisions";
import type { RdvAccount } from "~/lib/rdv-account";

/**
 * The patient's own page behind the personal link, /rdv/<token> (docs/product.md, "Personal
 * link"; the token itself: ./personal-link.ts). What the patient may do, and when:
 *
 * - confirm their presence, while the appointment is still to come (the clinic's status is kept;
 *   `patient_confirmed_at` and a 'patient_confirmed' history line record it);
 * - cancel with a reason, or move to another free time of the same service under the public
 *   booking rules, until the cut-off: the start minus `cancel_cutoff_hours` (24 h by default)
 *   must still be ahead. Past it, the page says to call.
 *
 * Each change goes through the booking repo (one transaction: the row, its slot units, its
 * history, actor 'Patient'); the patient's e-mail is queued after the commit.
 */

/**
 * Every answer of /rdv: never cached, never indexed, and the token never leaves the site in a
 * Referer. The policy is "same-origin", not "no-referrer": under "no-referrer" Chromium posts a
 * form with `Origin: null`, which React Router's action guard refuses (400), so the page's forms
 * would not work without JavaScript. "same-origin" sends no Referer to any other site (the map),
 * and the site's own request log never records a Referer.
 */
export const RDV_REFERRER_POLICY = "same-origin";

export const RDV_HEADERS: Record<string, string> = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": RDV_REFERRER_POLICY,
  "X-Robots-Tag": "noindex",
};

/** The `headers` of every personal-link page: RDV_HEADERS, and the Retry-After of a 429. */
export function personalLinkHeaders({ errorHeaders }: { errorHeaders?: Headers }): Headers {
  const out = new Headers(RDV_HEADERS);
  const retry = errorHeaders?.get("Retry-After");
  if (retry) out.set("Retry-After", retry);
  return out;
}

/** The patient's quotes and balance for their page (only this appointment's patient's; issue 29). */
export async function rdvAccount(patientId: number | null, h: Db = getDb()): Promise<RdvAccount> {
  if (patientId === null) return { quotes: [], balance: null, nextInstalment: null };
  const [quotes, account, next] = await Promise.all([quotesForPatientPage(h, patientId), patientAccount(h, patientId), nextInstalmentOf(h, patientId, todayInClinic())]);
  return { quotes, balance: account.lines.length ? account.balance : null, nextInstalment: next };
}

export const LINK_NOT_FOUND_MESSAGE = "Lien introuvable.";
export const LINK_BLOCKED_MESSAGE = "Trop de tentatives.";

/**
 * The appointment a link opens, for the client at `ip`; else a thrown 404 (wrong, malformed,
 * expired: the same answer) or, past the miss limit, a thrown 429 for every token.
 */
export async function openPersonalLink(token: string | undefined, ip: string, h: Db = getDb(), now: Date = new Date()): Promise<Appointment> {
  const blocked = await linkGuessBlocked(ip, h);
  if (blocked.blocked) {
    log.warn({ event: "rdv_link_blocked" }, "personal link refused: too many misses");
    throw data(
      { message: LINK_BLOCKED_MESSAGE },
      {
        status: 429,
        headers: {
          ...RDV_HEADERS,
          "Retry-After": String(blocked.retryAfterSeconds),
        },
      },
    );
  }
  const appointment = await findByToken(token ?? "", h, now);
  if (appointment) return appointment;
  try {
    await countLinkMiss(ip, h);
  } catch (err) {
    log.error({ event: "rdv_link_miss_count_failed", ...errorCode(err) }, "personal link miss not counted");
  }
  log.info({ event: "rdv_link_miss" }, "personal link: no appointment");
  throw data({ message: LINK_NOT_FOUND_MESSAGE }, { status: 404, headers: RDV_HEADERS });
}

/**
 * A refusal thrown by `openPersonalLink`, as a small French page, for the resource routes (the
 * .ics): React Router would answer their thrown responses with JSON. Same status, same headers.
 */
export function linkRefusalResponse(err: unknown, clinic: Clinic): Response | null {
  if (!err || typeof err !== "object" || (err as { type?: unknown }).type !== "DataWithResponseInit") return null;
  const { init } = err as { init?: ResponseInit | null };
  const status = init?.status ?? 404;
  const headers = new Headers(init?.headers);
  headers.set("Content-Type", "text/html; charset=utf-8");
  const page =
    status === 429
      ? { title: "Trop de tentatives", text: "Trop de liens de rendez-vous invalides ont été ouverts depuis votre connexion. Réessayez dans quelques minutes, ou appelez-nous." }
      : { title: "Lien introuvable", text: "Ce lien ne permet pas d'afficher un rendez-vous. Vérifiez qu'il a été copié en entier. Pour toute question sur votre rendez-vous, appelez-nous." };
  const phones = clinic.phones.map((p) => `<a href="tel:${p.tel}">${p.label} : ${p.display}</a>`).join(" · ");
  const body =
    `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><meta name="referrer" content="${RDV_REFERRER_POLICY}"><title>${page.title} | ${clinic.name}</title>` +
    `<style>body{font-family:system-ui,sans-serif;color:#1e293b;margin:0}main{max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.6}h1{color:#0b2a47}a{color:#0a6f78}</style></head>` +
    `<body><main><p>Erreur ${status}</p><h1>${page.title}</h1><p>${page.text}</p><p>${phones}</p><p><a href="/">Retour à l'accueil</a></p></main></body></html>`;
  return new Response(body, { status, headers });
}

// ---- the rules ---------------------------------------------------------------------------------

const OPEN_STATUSES: readonly AppointmentStatus[] = ["requested", "confirmed"];

export interface PatientWindow {
  /** requested or confirmed, and its start still ahead */
  upcoming: boolean;
  /** cancel and move online: requested or confirmed, and the cut-off still ahead */
  canChange: boolean;
  /** the instant after which only a call changes it */
  cutoffAt: Date;
}

/** What the patient may still do with an appointment at `now`, under a cut-off of `cutoffHours`. */
export function patientWindow(a: Pick<Appointment, "date" | "time" | "status">, cutoffHours: number, now: Date = new Date()): PatientWindow {
  const start = clinicInstant(a.date, a.time).getTime();
  const cutoffAt = new Date(start - cutoffHours * 3_600_000);
  const open = OPEN_STATUSES.includes(a.status);
  return {
    upcoming: open && start > now.getTime(),
    canChange: open && cutoffAt.getTime() > now.getTime(),
    cutoffAt,
  };
}

export type PatientOutcome =
  | { ok: true; appointment: Appointment; already?: boolean }
  /** closed: cancelled, attended, absent or already begun; cutoff: too late to change online */
  | {
      ok: false;
      reason: "closed" | "cutoff" | "conflict" | "same_slot" | "not_online";
    }
  | {
      ok: false;
      reason: "slot";
      refusal: SlotRefusal;
      alternatives: SlotChoice[];
    };

type RefusedOutcome = Exclude<PatientOutcome, { ok: true } | { reason: "slot" }>;

/** 'Je confirme ma présence': the date is recorded once, with a history line; the status stays the clinic's. */
export async function confirmPresence(h: Db, a: Appointment, now: Date = new Date()): Promise<PatientOutcome> {
  if (!patientWindow(a, 0, now).upcoming) return { ok: false, reason: "closed" };
  if (a.patient_confirmed_at) return { ok: true, appointment: a, already: true };
  const row = await writeTransaction(h, (trx) => markPatientConfirmed(trx, a.id, OPEN_STATUSES, PATIENT_ACTOR));
  if (row) return { ok: true, appointment: row };
  // confirmed meanwhile (a second tab), or cancelled by the clinic
  const fresh = await getAppointment(h, a.id);
  if (fresh?.patient_confirmed_at && OPEN_STATUSES.includes(fresh.status)) return { ok: true, appointment: fresh, already: true };
  return { ok: false, reason: "closed" };
}

/** Why a change is refused before the repo is asked: closed, or past the cut-off. */
async function changeRefusal(h: Db, a: Appointment, now: Date): Promise<PatientOutcome | null> {
  if (!OPEN_STATUSES.includes(a.status)) return { ok: false, reason: "closed" };
  const { cancelCutoffHours } = await loadContactSettings(h);
  if (!patientWindow(a, cancelCutoffHours, now).canChange) return { ok: false, reason: "cutoff" };
  return null;
}

/** 'Annuler le rendez-vous', with the patient's reason: the slot units are freed. */
export async function cancelByPatient(h: Db, a: Appointment, reason: string, now: Date = new Date()): Promise<PatientOutcome> {
  // a second 'Annuler' of what the patient has already cancelled (a double tap, a page left open in a
  // second tab) is answered as done, once: no second history line, message or offer
  if (cancelledByPatient(a)) return { ok: true, appointment: a, already: true };
  const refused = await changeRefusal(h, a, now);
  if (refused) return refused;
  const cancelledBy: CancelledBy = "patient";
  const outcome = await setAppointmentStatus(h, a.id, "cancelled", {
    actor: PATIENT_ACTOR,
    reason,
    cancelledBy,
  });
  if (outcome.ok) return { ok: true, appointment: outcome.appointment };
  // changed meanwhile (a lost race is a conflict, a status read after the other's change a
  // transition): cancelled by the patient's other post is done
  const fresh = await getAppointment(h, a.id);
  if (fresh && cancelledByPatient(fresh)) return { ok: true, appointment: fresh, already: true };
  return {
    ok: false,
    reason: outcome.reason === "transition" ? "closed" : "conflict",
  };
}

function cancelledByPatient(a: Appointment): boolean {
  return a.status === "cancelled" && a.cancelled_by === "patient";
}

/** 'Déplacer': another free time of the same service, under the public booking rules. */
export async function moveByPatient(h: Db, a: Appointment, wanted: SlotChoice, now: Date = new Date()): Promise<PatientOutcome> {
  const refused = await changeRefusal(h, a, now);
  if (refused) return refused;
  if (wanted.date === a.date && wanted.time === a.time) return { ok: false, reason: "same_slot" };
  const outcome = await moveAppointment(h, a.id, wanted, { actor: PATIENT_ACTOR, mode: "public", now });
  if (outcome.ok) return { ok: true, appointment: outcome.appointment };
  if (!("alternatives" in outcome)) return { ok: false, reason: outcome.reason === "conflict" ? "conflict" : "closed" };
  // a service booked by phone only cannot be moved online either
  if (outcome.reason === "not_online") return { ok: false, reason: "not_online" };
  return { ok: false, reason: "slot", refusal: outcome.reason, alternatives: outcome.alternatives };
}

// ---- what the page shows -----------------------------------------------------------------------

export async function patientView(a: Appointment, h: Db = getDb(), now: Date = new Date()): Promise<RdvView> {
  const [{ cancelCutoffHours }, services] = await Promise.all([loadContactSettings(h), loadServiceSettings(h)]);
  const window = patientWindow(a, cancelCutoffHours, now);
  const known = (SERVICES as readonly string[]).includes(a.service);
  return {
    service: a.service,
    date: a.date,
    time: a.time,
    durationMinutes: a.duration_minutes === null ? null : Number(a.duration_minutes),
    status: a.status,
    cancelledBy: a.cancelled_by ?? null,
    patientConfirmed: Boolean(a.patient_confirmed_at),
    upcoming: window.upcoming,
    canChange: window.canChange,
    movable: known && services[a.service as Service].online,
    cutoffHours: cancelCutoffHours,
  };
}


// ---- the page's action -------------------------------------------------------------------------

function answer(body: RdvReply, status = 200) {
  return data(body, { status, headers: RDV_HEADERS });
}

/** A refusal that concerns no field: said at the top of the page (which is read again, so it shows the current state). */
async function refusedReply(intent: RdvIntent, outcome: Exclude<PatientOutcome, { ok: true } | { reason: "slot" }>, result: RdvReply["result"], cutoffHours: number, locale: Locale = "fr") {
  const clinic = await getClinic();
  const texts = rdvTexts(locale);
  const message = {
    closed: texts.closed(clinic),
    cutoff: texts.cutoff(cutoffHours, clinic),
    conflict: texts.conflict,
    same_slot: texts.sameSlot,
    not_online: texts.notOnline(clinic),
  }[outcome.reason];
  return answer({ intent, status: "refused", message, result }, outcome.reason === "same_slot" ? 400 : 409);
}

/** Run one write of the page; a failure is logged by intent and error code and said in the page's language (503). */
async function stored(intent: RdvIntent, appointmentId: number, result: RdvReply["result"], run: () => Promise<ReturnType<typeof answer>>, locale: Locale = "fr") {
  try {
    return await run();
  } catch (err) {
    log.error({ event: "rdv_action_failed", intent, appointmentId, ...errorCode(err) }, "patient action failed");
    const clinic = await getClinic().catch(() => null);
    return answer({ intent, status: "refused", message: rdvTexts(locale).storeFailed(clinic), result }, 503);
  }
}

async function confirmIntent(a: Appointment, form: FormData, locale: Locale) {
  const submission = parseWithZod(form, { schema: rdvConfirmSchema });
  return stored("confirm", a.id, submission.reply(), async () => {
    const outcome = await confirmPresence(getDb(), a);
    if (!outcome.ok) return refusedReply("confirm", outcome as RefusedOutcome, submission.reply(), 0, locale);
    if (!outcome.already) log.info({ event: "rdv_patient_confirmed", appointmentId: a.id }, "patient confirmed presence");
    return answer({
      intent: "confirm",
      status: "done",
      message: rdvTexts(locale).confirmed,
      result: submission.reply({ resetForm: true }),
    });
  }, locale);
}

async function cancelIntent(a: Appointment, form: FormData, locale: Locale) {
  const submission = parseWithZod(form, { schema: rdvCancelSchemaIn(locale) });
  if (submission.status !== "success") return answer({ intent: "cancel", status: "refused", result: submission.reply() }, 400);
  return stored("cancel", a.id, submission.reply(), async () => {
    const h = getDb();
    const outcome = await cancelByPatient(h, a, submission.value.reason);
    if (!outcome.ok) {
      const { cancelCutoffHours } = await loadContactSettings(h);
      return refusedReply("cancel", outcome as RefusedOutcome, submission.reply(), cancelCutoffHours, locale);
    }
    if (!outcome.already) {
      log.info({ event: "rdv_patient_cancelled", appointmentId: a.id }, "patient cancelled through the personal link");
      // queued in the outbox; the sending runs in the background
      await notifyAppointment(outcome.appointment, "cancelled", h);
      await offerFreedAppointment(h, outcome.appointment, PATIENT_ACTOR);
    }
    return answer({
      intent: "cancel",
      status: "done",
      message: rdvTexts(locale).cancelled,
      result: submission.reply({ resetForm: true }),
    });
  }, locale);
}

async function moveIntent(a: Appointment, form: FormData, locale: Locale) {
  const rules = await loadBookingRules();
  const today = todayInClinic();
  const submission = parseWithZod(form, {
    schema: rdvMoveSchemaIn(today, rules.horizonDays, locale),
  });
  const service = a.service as Service;
  const known = (SERVICES as readonly string[]).includes(a.service);
  if (submission.status !== "success") {
    const date = form.get("date");
    const slots =
      known && typeof date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(date) ? (await loadDaySlots(service, date, locale).catch(() => undefined))?.view : undefined;
    return answer(
      {
        intent: "move",
        status: "refused",
        result: submission.reply(),
        slots: slots ?? null,
      },
      400,
    );
  }
  const wanted = { date: submission.value.date, time: submission.value.time };
  return stored("move", a.id, submission.reply(), async () => {
    const h = getDb();
    const outcome = await moveByPatient(h, a, wanted);
    if (outcome.ok) {
      log.info({ event: "rdv_patient_moved", appointmentId: a.id }, "patient moved through the personal link");
      await notifyAppointment(outcome.appointment, "moved", h);
      await offerFreedAppointment(h, a, PATIENT_ACTOR);
      const { date, time } = outcome.appointment;
      const when =
        locale === "ar"
          ? t("ar", "rdvChange.movedAt", { day: formatDayLong(date, today, "ar"), time: ltr(formatTime(time)) })
          : `${formatDayLong(date, today)} à ${formatTime(time)}`;
      return answer({
        intent: "move",
        status: "done",
        message: rdvTexts(locale).moved(when),
        result: submission.reply({ resetForm: true }),
      });
    }
    if (outcome.reason !== "slot") {
      const { cancelCutoffHours } = await loadContactSettings(h);
      return refusedReply("move", outcome, submission.reply(), cancelCutoffHours, locale);
    }
    // the time is refused: said beside 'Heure', with the day's free times and the nearest ones
    const { view, settings } = await loadDaySlots(service, wanted.date, locale);
    const refusal =
      locale === "fr" ? slotRefusalText(outcome.refusal, settings, []) : messageText(locale, refusalKey(outcome.refusal, settings.minNoticeMinutes, locale, settings.horizonDays));
    return answer(
      {
        intent: "move",
        status: "refused",
        result: submission.reply({
          fieldErrors: {
            time: [refusal],
          },
        }),
        slots: view,
        alternatives: outcome.alternatives,
      },
      409,
    );
  }, locale);
}

/** Without JavaScript: the free times of the day asked, every field kept; nothing is stored. */
async function showFreeTimes(a: Appointment, form: FormData, intent: Exclude<BookingIntent, { kind: "book" }>, locale: Locale) {
  if (intent.kind !== "slots") {
    form.set("date", intent.date);
    form.set("time", intent.kind === "slot" ? intent.time : "");
  }
  form.delete("intent");
  const rules = await loadBookingRules();
  const submission = parseWithZod(form, {
    schema: rdvMoveSchemaIn(todayInClinic(), rules.horizonDays, locale).pick({
      date: true,
    }),
  });
  const known = (SERVICES as readonly string[]).includes(a.service);
  if (submission.status !== "success" || !known) {
    return answer(
      {
        intent: "move",
        status: "refused",
        result: submission.reply(),
        slots: null,
      },
      400,
    );
  }
  const { view } = await loadDaySlots(a.service as Service, submission.value.date, locale);
  return answer({
    intent: "move",
    status: "slots",
    result: submission.reply(),
    slots: view,
  });
}

/** The page's action: one `switch` on the posted intent. */
export async function rdvAction(a: Appointment, request: Request) {
  // the page's language is its URL's: /ar/rdv/<token> answers in Arabic (decision 029)
  const locale = localeOf(new URL(request.url).pathname);
  const form = await readForm(request);
  const intent = intentOf(form);
  if (isRdvIntent(intent)) {
    switch (intent) {
      case "confirm":
        return confirmIntent(a, form, locale);
      case "cancel":
        return cancelIntent(a, form, locale);
      case "move":
        return moveIntent(a, form, locale);
    }
  }
  const slotIntent = parseBookingIntent(intent);
  if (slotIntent.kind !== "book") return showFreeTimes(a, form, slotIntent, locale);
  return answer(
    {
      intent: "confirm",
      status: "refused",
      message: rdvTexts(locale).unknownIntent,
      result: { status: "error" },
    },
    400,
  );
}
