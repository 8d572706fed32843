import { clinicInstant, todayInClinic } from "~/lib/clinic-time";
import type { Clinic } from "~/lib/clinic";
import { formatTime } from "~/lib/format";
import { defaultTemplates, firstName, renderTemplate } from "~/lib/reminder-template";
import { reminderDateAr } from "~/lib/reminder-template-ar";
import type { Locale } from "~/i18n/locale";
import type { Service } from "~/lib/services";
import { SERVICES } from "~/lib/services";
import { matchesWish, offerExpiry } from "~/lib/waitlist";
import { PATIENT_ACTOR, type Actor } from "./actor";
import { getAppointment } from "./repos/appointments";
import { formatDayLong, clinicPhones, notifyAppointment } from "./appointment-mail";
import { offerMailAr } from "./waitlist-mail-ar";
import { getClinic } from "./clinic";
import { getConfig, publicOrigin } from "./config";
import type { Db } from "./db";
import type { Appointment, WaitlistEntry, WaitlistOffer } from "./db/types";
import { isDemoAppointment } from "./demo";
import { hashToken, offerTokenFromSalt } from "./link-tokens";
import { errorCode, log } from "./log";
import { queueAndSend, type MailMessage } from "./mail";
import { renderMail } from "./mail-layout";
import { personalLink } from "./personal-link";
import { smsHref, whatsappHref } from "./reminder-links";
import { bookAppointment, chairFreeFor } from "./repos/booking";
import { loadSettings } from "./repos/schedule";
import {
  createOffers,
  entriesOfferedSlot,
  expireDueOffers,
  expireEntries,
  findOfferByHash,
  getEntry,
  markClaimed,
  OfferClosedError,
  slotClaimed,
  waitingEntries,
  type FreedSlot,
} from "./repos/waitlist";

/**
 * The waiting list's rules (issue 31, item 1; docs/product.md, "Liste d'attente").
 *
 * When a slot frees (a cancellation by the link or by staff, a move, an 'Absent' early enough),
 * the entries waiting for that half-day, whose service the schedule can still put on that chair at
 * that time, are offered it: the first WAITLIST_OFFER_BATCH of them in the order they joined, each
 * with a personal link /offre/<token> (HMAC of a salt, only the hash stored: as /rdv), sent by
 * e-mail and shown to staff as WhatsApp/SMS links. The first to claim books through the slot
 * units' key (one chair, one booking: the database lets one in); the others read 'Ce créneau vient
 * d'être pris'. An offer holds WAITLIST_OFFER_HOURS (2 h by default), never past the slot's start
 * minus the booking notice; the job (every 5 minutes) and every opening of an offer expire what is
 * due and pass a slot still free to the next entries.
 */

export const SYSTEM_ACTOR: Actor = { staffUserId: null, label: "Système" };

export const OFFER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The offer's personal link: /offre/<token>, or /ar/offre/<token> for an entry in Arabic (issue 32). */
export function offerLink(o: Pick<WaitlistOffer, "link_salt">, origin: string = publicOrigin(), locale: Locale = "fr"): string | null {
  return o.link_salt ? `${origin}${locale === "ar" ? "/ar" : ""}/offre/${offerTokenFromSalt(o.link_salt)}` : null;
}

/** The language of an entry's offers: the one it was made in (waitlist_entries.language), French by default. */
export function entryLanguage(entry: Pick<WaitlistEntry, "language">): Locale {
  return entry.language === "ar" ? "ar" : "fr";
}

function isService(s: string): s is Service {
  return (SERVICES as readonly string[]).includes(s);
}

/**
 * Offer a freed slot to the entries it suits. `now` is injectable (tests' fake clock). Returns the
 * offers made; their e-mails are queued (never for a demo appointment's slot).
 */
export async function offerFreedSlot(h: Db, slot: Omit<FreedSlot, "service"> & { service?: string }, opts: { actor: Actor; now?: Date; batch?: number }): Promise<WaitlistOffer[]> {
  const now = opts.now ?? new Date();
  const today = todayInClinic(now);
  const settings = await loadSettings(h);
  const expiresAt = offerExpiry(now, clinicInstant(slot.date, slot.time), { hours: getConfig().WAITLIST_OFFER_HOURS, noticeMinutes: settings.minNoticeMinutes });
  if (!expiresAt) return [];
  if (await slotClaimed(h, slot)) return [];
  const already = await entriesOfferedSlot(h, slot);
  const batch = opts.batch ?? getConfig().WAITLIST_OFFER_BATCH;
  const chosen: { id: number; service: string }[] = [];
  const fits = new Map<string, boolean>();
  for (const entry of await waitingEntries(h, slot.date)) {
    if (chosen.length >= batch) break;
    if (already.has(Number(entry.id)) || !matchesWish(entry, slot, today) || !isService(entry.service)) continue;
    let fit = fits.get(entry.service);
    if (fit === undefined) {
      fit = await chairFreeFor(h, entry.service, { date: slot.date, time: slot.time }, slot.chair, { now });
      fits.set(entry.service, fit);
    }
    if (fit) chosen.push({ id: Number(entry.id), service: entry.service });
  }
  if (chosen.length === 0) return [];
  // one service per offer batch: the entries' own services may differ, each offer carries its entry's
  const offers: WaitlistOffer[] = [];
  for (const service of new Set(chosen.map((c) => c.service))) {
    const ids = chosen.filter((c) => c.service === service).map((c) => c.id);
    offers.push(...(await createOffers(h, { ...slot, service }, ids, expiresAt, opts.actor, now)));
  }
  log.info({ event: "waitlist_offered", offers: offers.length }, "freed slot offered to the waiting list");
  await mailOffers(h, offers, now);
  return offers;
}

/**
 * The slot an appointment held, offered once it is freed (call after the change is committed,
 * with the appointment as it was before). Never throws: the change is stored whatever happens here.
 */
export async function offerFreedAppointment(h: Db, before: Appointment, actor: Actor, now: Date = new Date()): Promise<WaitlistOffer[]> {
  try {
    if (isDemoAppointment(before) || before.chair === null) return [];
    return await offerFreedSlot(h, { date: before.date, time: before.time, chair: Number(before.chair), freedAppointmentId: Number(before.id) }, { actor, now });
  } catch (err) {
    log.error({ event: "waitlist_offer_failed", appointmentId: before.id, ...errorCode(err) }, "freed slot not offered");
    return [];
  }
}

/**
 * The job (and every opening of an offer): wishes past their last day expire, offers past their
 * time expire, and each slot they were for passes to the next entries when it is still free.
 */
export async function expireAndHandOver(h: Db, now: Date = new Date(), opts: { batch?: number } = {}): Promise<{ expired: number; handedOver: number }> {
  await expireEntries(h, todayInClinic(now), now.toISOString());
  const slots = await expireDueOffers(h, now, SYSTEM_ACTOR);
  let handedOver = 0;
  for (const slot of slots) {
    const { service: _service, ...where } = slot;
    handedOver += (await offerFreedSlot(h, where, { actor: SYSTEM_ACTOR, now, batch: opts.batch })).length;
  }
  return { expired: slots.length, handedOver };
}

// ---- the offer link --------------------------------------------------------------------------

export async function findOfferByToken(h: Db, token: string): Promise<WaitlistOffer | null> {
  if (!OFFER_TOKEN_PATTERN.test(token)) return null;
  return (await findOfferByHash(h, hashToken(token))) ?? null;
}

export type ClaimOutcome =
  | { ok: true; appointment: Appointment; link: string | null; already: boolean }
  | { ok: false; reason: "taken" | "expired" | "closed" };

/**
 * 'Prendre ce rendez-vous': the booking on the offer's chair, the offer claimed in the same
 * transaction. `locale`: the page's language (/ar/offre: the booking is made in Arabic, as on any
 * /ar page, and its personal link is /ar/rdv).
 */
export async function claimOffer(h: Db, offer: WaitlistOffer, now: Date = new Date(), locale: Locale = "fr"): Promise<ClaimOutcome> {
  if (offer.status === "claimed" && offer.appointment_id !== null) {
    const appointment = await getAppointment(h, Number(offer.appointment_id));
    if (appointment) return { ok: true, appointment, link: personalLink(appointment, undefined, locale), already: true };
  }
  if (offer.status === "taken") return { ok: false, reason: "taken" };
  if (offer.status !== "open") return { ok: false, reason: offer.status === "expired" ? "expired" : "closed" };
  if (Date.parse(offer.expires_at) <= now.getTime()) return { ok: false, reason: "expired" };
  const entry = await getEntry(h, Number(offer.entry_id));
  if (!entry || !isService(offer.service)) return { ok: false, reason: "closed" };
  try {
    const booked = await bookAppointment(
      h,
      { name: entry.name, email: entry.email, phone: entry.phone, service: offer.service, date: offer.date, time: offer.time, message: null, language: locale },
      {
        actor: PATIENT_ACTOR,
        mode: "staff",
        chair: Number(offer.chair),
        status: "confirmed",
        submissionKey: `waitlist-offer-${offer.id}`,
        now,
        alsoInTransaction: (trx, row) => markClaimed(trx, offer, Number(row.id), PATIENT_ACTOR, now),
      },
    );
    if (!booked.ok) return { ok: false, reason: "taken" };
    if (!booked.duplicate) {
      log.info({ event: "waitlist_claimed", offerId: offer.id, appointmentId: booked.appointment.id }, "waiting-list offer claimed");
      await notifyAppointment(booked.appointment, "confirmed", h, { now });
    }
    return { ok: true, appointment: booked.appointment, link: personalLink(booked.appointment, undefined, locale), already: booked.duplicate };
  } catch (err) {
    if (err instanceof OfferClosedError) return { ok: false, reason: Date.parse(offer.expires_at) <= now.getTime() ? "expired" : "taken" };
    throw err;
  }
}

// ---- messages ------------------------------------------------------------------------------

export function offerWhen(o: Pick<WaitlistOffer, "date" | "time">): string {
  return `${formatDayLong(o.date)} à ${formatTime(o.time)}`;
}

function offerUntil(o: Pick<WaitlistOffer, "expires_at">): string {
  return new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Africa/Algiers" }).format(new Date(o.expires_at));
}

/** The e-mail of one offer (null without an address), in the entry's language (the link given is that language's). */
export function offerMessage(offer: WaitlistOffer, entry: Pick<WaitlistEntry, "email" | "name"> & Partial<Pick<WaitlistEntry, "language">>, clinic: Clinic, link: string): MailMessage | null {
  if (!entry.email) return null;
  if (entry.language === "ar") return { to: entry.email, ...offerMailAr(offer, clinic, link, offerUntil(offer)), kind: "waitlist_offer", dedupeKey: `waitlist-offer-${offer.id}` };
  const when = offerWhen(offer);
  const subject = `Un créneau s'est libéré le ${when} — ${clinic.name}`;
  return {
    to: entry.email,
    subject,
    ...renderMail({
      clinic,
      title: subject,
      preheader: `Créneau libre le ${when}, réservable jusqu'à ${formatTime(offerUntil(offer))}.`,
      heading: "Un créneau s'est libéré",
      intro: [`Vous êtes sur notre liste d'attente : un créneau correspondant à vos disponibilités vient de se libérer.`],
      details: [
        { label: "Service", value: offer.service },
        { label: "Date", value: formatDayLong(offer.date) },
        { label: "Heure", value: offer.time },
      ],
      action: { label: "Prendre ce rendez-vous", url: link, textLabel: "Prendre ce rendez-vous", hint: `Ce lien est personnel. Le premier patient qui confirme obtient le créneau ; l'offre vaut jusqu'à ${formatTime(offerUntil(offer))}.` },
      outro: [`Pour toute question, appelez-nous au ${clinicPhones(clinic)}.`],
      footnote: "Vous recevez ce message parce que vous vous êtes inscrit sur la liste d'attente de notre clinique.",
    }),
    kind: "waitlist_offer",
    dedupeKey: `waitlist-offer-${offer.id}`,
  };
}

async function mailOffers(h: Db, offers: WaitlistOffer[], _now: Date): Promise<void> {
  try {
    const clinic = await getClinic(h);
    const messages: MailMessage[] = [];
    for (const offer of offers) {
      const entry = await getEntry(h, Number(offer.entry_id));
      const link = entry ? offerLink(offer, undefined, entryLanguage(entry)) : null;
      const message = entry && link ? offerMessage(offer, entry, clinic, link) : null;
      if (message) messages.push(message);
    }
    if (messages.length) await queueAndSend(messages, h);
  } catch (err) {
    log.error({ event: "waitlist_mail_failed", ...errorCode(err) }, "offers stored, but their e-mails could not be queued");
  }
}

/** One-tap links for staff: wa.me and sms: with the offer's text (the templates of 'Rappels', null without a readable number). */
export function offerContactLinks(
  offer: WaitlistOffer,
  entry: Pick<WaitlistEntry, "name" | "phone">,
  clinic: Clinic,
  templates: { whatsapp: string; sms: string } = { whatsapp: defaultTemplates(clinic)["offer-whatsapp"], sms: defaultTemplates(clinic)["offer-sms"] },
  /** the entry's language (waitlist_entries.language): the templates given are that language's */
  locale: Locale = "fr",
): { whatsapp: string | null; sms: string | null } {
  const link = offerLink(offer, undefined, locale);
  if (!link) return { whatsapp: null, sms: null };
  const values = { prénom: firstName(entry.name), date: locale === "ar" ? reminderDateAr(offer.date) : formatDayLong(offer.date), heure: formatTime(offer.time), lien: link };
  return { whatsapp: whatsappHref(entry.phone, renderTemplate(templates.whatsapp, values, clinic)), sms: smsHref(entry.phone, renderTemplate(templates.sms, values, clinic)) };
}
