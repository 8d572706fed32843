import { data } from "react-router";
import { getDb, type Db } from "./db";
import { errorCode, log } from "./log";
import { countLinkMiss, linkGuessBlocked } from "./personal-link";
import { RDV_HEADERS } from "./rdv-actions";
import { claimOffer, findOffer, type OfferView } from "./repos/formation-waitlist";
import { courseTitleAr, dateTimeAr, priceAr, sessionDatesAr } from "~/lib/course-texts-ar";
import { formatDateTime } from "~/lib/format";
import { t, type Locale } from "~/i18n";
import { sessionDates } from "~/lib/formation-session";
import { formationPriceLabel } from "~/lib/money";
import { formOrNull } from "~/lib/form-body";

/**
 * /offre-formation/<token>: the place of a full course session offered to the next person on its
 * waiting list (issue 31, item 4; ADR 028). The token is the offer's personal link (only its hash
 * is stored); misses count towards the personal links' guessing limit; never cached nor indexed.
 */

export type FormationOfferState = "open" | "claimed" | "expired" | "gone";

function stateOf(v: OfferView, at: Date): FormationOfferState {
  if (v.entry.status === "claimed") return "claimed";
  if (v.entry.status === "offered") return v.entry.offer_expires_at && Date.parse(v.entry.offer_expires_at) > at.getTime() ? "open" : "expired";
  if (v.entry.status === "expired") return "expired";
  return "gone";
}

export async function openFormationOffer(token: string | undefined, ip: string, h: Db = getDb(), at: Date = new Date()): Promise<OfferView> {
  const blocked = await linkGuessBlocked(ip, h);
  if (blocked.blocked) throw data({ message: "Trop de tentatives." }, { status: 429, headers: { ...RDV_HEADERS, "Retry-After": String(blocked.retryAfterSeconds) } });
  const found = token && token.length <= 100 ? await findOffer(h, token, at) : null;
  if (found) return found;
  await countLinkMiss(ip, h).catch(() => undefined);
  throw data({ message: "Lien introuvable." }, { status: 404, headers: RDV_HEADERS });
}

/**
 * What the page shows: the session offered and the offer's state; nothing of the person but the
 * first name. In Arabic (/ar/offre-formation): the Arabic title when staff wrote one, dates in
 * Arabic, times and price isolated left to right; the place as staff wrote it (the page isolates it).
 */
export function formationOfferView(v: OfferView, at: Date = new Date(), locale: Locale = "fr") {
  const ar = locale === "ar";
  return {
    title: ar ? courseTitleAr(v) : v.title,
    dates: ar ? sessionDatesAr(v.session) : sessionDates(v.session),
    place: v.session.place,
    price: ar ? priceAr(v.session.price) : formationPriceLabel(v.session.price, "Prix sur demande"),
    firstName: v.entry.user_name,
    state: stateOf(v, at),
    expiresAt: v.entry.offer_expires_at ? (ar ? dateTimeAr(v.entry.offer_expires_at) : formatDateTime(v.entry.offer_expires_at)) : null,
  };
}

export type FormationOfferReply = { ok: boolean; message: string };

export const FORMATION_OFFER_TEXTS = {
  claimed: "Votre place est réservée. Votre inscription attend votre paiement",
  expired: "Cette offre a expiré : la place a été proposée à la personne suivante de la liste d'attente.",
  gone: "Cette place n'est plus disponible. Pour une autre session, appelez-nous.",
  failed: "Votre réponse n'a pas pu être enregistrée. Réessayez dans un instant ou appelez-nous.",
} as const;

/** 'Prendre cette place' (the only post of the page), answered in the page's language (`locale`, its URL's). */
export async function formationOfferAction(v: OfferView, request: Request, h: Db = getDb(), at: Date = new Date(), locale: Locale = "fr") {
  const text = (key: "gone" | "expired" | "failed") => (locale === "ar" ? t("ar", `courseOffer.${key}`) : FORMATION_OFFER_TEXTS[key]);
  const form = await formOrNull(request);
  if (!form || form.get("intent") !== "claim") return data<FormationOfferReply>({ ok: false, message: text("gone") }, { status: 400, headers: RDV_HEADERS });
  try {
    const r = await claimOffer(h, Number(v.entry.id), at);
    if (r.ok) {
      const dueAt = r.enrollment.payment_due_at;
      const claimed = t(locale, "courseOffer.claimed");
      const message = dueAt
        ? t(locale, "courseOffer.claimedDue", { claimed, date: locale === "ar" ? dateTimeAr(dueAt) : formatDateTime(dueAt) })
        : t(locale, "courseOffer.claimedNoDue", { claimed });
      return data<FormationOfferReply>({ ok: true, message }, { headers: RDV_HEADERS });
    }
    const message = r.reason === "expired" ? text("expired") : text("gone");
    return data<FormationOfferReply>({ ok: false, message }, { status: 409, headers: RDV_HEADERS });
  } catch (err) {
    log.error({ event: "formation_offer_claim_failed", ...errorCode(err) }, "formation offer claim failed");
    return data<FormationOfferReply>({ ok: false, message: text("failed") }, { status: 503, headers: RDV_HEADERS });
  }
}
