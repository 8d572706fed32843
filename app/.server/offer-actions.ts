import { data } from "react-router";
import { formOrNull } from "~/lib/form-body";
import { formatDayFull, formatDayFullAr, formatTime } from "~/lib/format";
import { localeOf, localizedPath, type Locale } from "~/i18n/locale";
import { t } from "~/i18n";
import { serviceIn } from "~/lib/services-ar";
import type { Service } from "~/lib/services";
import { SERVICES } from "~/lib/services";
import { getDb, type Db } from "./db";
import type { WaitlistOffer } from "./db/types";
import { errorCode, log } from "./log";
import { countLinkMiss, linkGuessBlocked } from "./personal-link";
import { LINK_BLOCKED_MESSAGE, LINK_NOT_FOUND_MESSAGE, RDV_HEADERS } from "./rdv-actions";
import { freeTimes } from "./repos/booking";
import { claimOffer, expireAndHandOver, findOfferByToken } from "./waitlist";

/**
 * /offre/<token>: a waiting-list offer (issue 31, item 1). The same rules as /rdv: a wrong, a
 * malformed and an unknown token are the same 404, every miss counts towards the address's limit
 * (shared with /rdv), past it every link is a 429; the answers are never stored nor indexed.
 */

export async function openOffer(token: string | undefined, ip: string, h: Db = getDb(), now: Date = new Date()): Promise<WaitlistOffer> {
  const blocked = await linkGuessBlocked(ip, h);
  if (blocked.blocked) {
    log.warn({ event: "offer_link_blocked" }, "offer link refused: too many misses");
    throw data({ message: LINK_BLOCKED_MESSAGE }, { status: 429, headers: { ...RDV_HEADERS, "Retry-After": String(blocked.retryAfterSeconds) } });
  }
  // what is due expires first (and its slot passes to the next): the page tells the truth at read time
  await expireAndHandOver(h, now).catch((err) => log.error({ event: "offer_expiry_failed", ...errorCode(err) }, "offer expiry at read time failed"));
  const offer = await findOfferByToken(h, token ?? "");
  if (offer) return offer;
  await countLinkMiss(ip, h).catch((err) => log.error({ event: "offer_link_miss_count_failed", ...errorCode(err) }, "offer link miss not counted"));
  log.info({ event: "offer_link_miss" }, "offer link: no offer");
  throw data({ message: LINK_NOT_FOUND_MESSAGE }, { status: 404, headers: RDV_HEADERS });
}

export type OfferState = "open" | "taken" | "expired" | "claimed" | "closed";

export interface OfferView {
  state: OfferState;
  service: string;
  /** the service as the page's language names it */
  serviceName: string;
  day: string;
  time: string;
  until: string;
  /** after a refusal: the next free times of the service (that day or the next free one) */
  next: { day: string; date: string; times: string[]; href: string } | null;
  bookingHref: string;
}

function stateOf(o: WaitlistOffer, now: Date): OfferState {
  if (o.status === "open") return Date.parse(o.expires_at) <= now.getTime() ? "expired" : "open";
  if (o.status === "claimed") return "claimed";
  if (o.status === "taken") return "taken";
  if (o.status === "expired") return "expired";
  return "closed";
}

async function nextFree(h: Db, o: WaitlistOffer, locale: Locale): Promise<OfferView["next"]> {
  if (!(SERVICES as readonly string[]).includes(o.service)) return null;
  const free = await freeTimes(h, o.service as Service, o.date, { mode: "public" });
  const day = free.day.times.length ? free.day : free.next;
  if (!day || day.times.length === 0) return null;
  return {
    day: locale === "ar" ? formatDayFullAr(day.date) : formatDayFull(day.date),
    date: day.date,
    times: day.times.slice(0, 6).map(formatTime),
    href: `${localizedPath(locale, "/appointment")}?${new URLSearchParams({ service: o.service, date: day.date }).toString()}`,
  };
}

/**
 * What the page shows of an offer, in `locale` (/ar/offre/<token>: the service's Arabic name and
 * the days in Arabic; `service` stays the stored name, the booking page's value).
 */
export async function offerView(o: WaitlistOffer, h: Db = getDb(), now: Date = new Date(), state: OfferState = stateOf(o, now), locale: Locale = "fr"): Promise<OfferView> {
  const until = new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Africa/Algiers" }).format(new Date(o.expires_at));
  return {
    state,
    service: o.service,
    serviceName: serviceIn(locale, o.service),
    day: locale === "ar" ? formatDayFullAr(o.date) : formatDayFull(o.date),
    time: formatTime(o.time),
    until: formatTime(until),
    next: state === "taken" || state === "expired" ? await nextFree(h, o, locale) : null,
    bookingHref: `${localizedPath(locale, "/appointment")}?${new URLSearchParams({ service: o.service, date: o.date }).toString()}`,
  };
}

export interface OfferReply {
  status: "booked" | "refused";
  message: string;
  link?: string | null;
}

/** The answers in French (the catalogue's `offerPage` group holds them in both languages: offerText). */
export const OFFER_TEXTS = {
  booked: "C'est fait : ce rendez-vous est à vous. Un e-mail de confirmation suit si vous avez donné une adresse.",
  taken: "Ce créneau vient d'être pris par un autre patient de la liste d'attente.",
  expired: "Cette offre a expiré : le créneau a été proposé à d'autres patients.",
  closed: "Cette offre n'est plus valable.",
  failed: "Le rendez-vous n'a pas pu être enregistré. Réessayez dans un instant ou appelez-nous.",
} as const;

/** An answer of the page in `locale`: the French constants as they were, the Arabic from the catalogue. */
export function offerText(locale: Locale, key: keyof typeof OFFER_TEXTS): string {
  return locale === "ar" ? t("ar", `offerPage.${key}`) : OFFER_TEXTS[key];
}

/**
 * 'Prendre ce rendez-vous' (the only post of the page), answered in the page's language (its URL:
 * /ar/offre/<token> in Arabic); a claim there books in Arabic (the appointment's language, its
 * personal link /ar/rdv/<token>).
 */
export async function offerAction(o: WaitlistOffer, request: Request, h: Db = getDb(), now: Date = new Date()) {
  const locale = localeOf(new URL(request.url).pathname);
  const form = await formOrNull(request);
  if (!form || form.get("intent") !== "claim") return data<OfferReply>({ status: "refused", message: offerText(locale, "closed") }, { status: 400, headers: RDV_HEADERS });
  try {
    const outcome = await claimOffer(h, o, now, locale);
    if (outcome.ok) return data<OfferReply>({ status: "booked", message: offerText(locale, "booked"), link: outcome.link }, { headers: RDV_HEADERS });
    return data<OfferReply>({ status: "refused", message: offerText(locale, outcome.reason) }, { status: 409, headers: RDV_HEADERS });
  } catch (err) {
    log.error({ event: "offer_claim_failed", offerId: o.id, ...errorCode(err) }, "offer claim failed");
    return data<OfferReply>({ status: "refused", message: offerText(locale, "failed") }, { status: 503, headers: RDV_HEADERS });
  }
}
