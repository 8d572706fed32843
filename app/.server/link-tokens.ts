import crypto from "node:crypto";
import { getSessionSecret } from "./toast";

/**
 * The personal link's token from an appointment's salt, and the columns of a new link
 * (app/.server/personal-link.ts explains the scheme). A leaf: the appointments' repository gives
 * a new appointment its link without importing the link's lookups, which import that repository.
 */

export function newLinkSalt(): string {
  return crypto.randomBytes(16).toString("base64url");
}

export function tokenFromSalt(salt: string): string {
  return crypto.createHmac("sha256", getSessionSecret()).update(`rdv-link:${salt}`).digest("base64url");
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** The columns that give a new appointment its link. */
export function newLinkColumns(): { link_salt: string; link_hash: string } {
  const link_salt = newLinkSalt();
  return { link_salt, link_hash: hashToken(tokenFromSalt(link_salt)) };
}

/** A quote's link /devis/<token> (issue 29): its own salt, another HMAC label than /rdv's. */
export function quoteTokenFromSalt(salt: string): string {
  return crypto.createHmac("sha256", getSessionSecret()).update(`devis-link:${salt}`).digest("base64url");
}

/** The columns that give a quote its link. */
export function newQuoteLinkColumns(): { link_salt: string; link_hash: string } {
  const link_salt = newLinkSalt();
  return { link_salt, link_hash: hashToken(quoteTokenFromSalt(link_salt)) };
}

/** A waiting-list offer's link /offre/<token> (issue 31): its own salt, its own HMAC label. */
export function offerTokenFromSalt(salt: string): string {
  return crypto.createHmac("sha256", getSessionSecret()).update(`offre-link:${salt}`).digest("base64url");
}

/** The columns that give an offer its link. */
export function newOfferLinkColumns(): { link_salt: string; link_hash: string } {
  const link_salt = newLinkSalt();
  return { link_salt, link_hash: hashToken(offerTokenFromSalt(link_salt)) };
}

/** A recall's link 'Ne plus me rappeler' /rappel/<token> (issue 31): its own salt, its own HMAC label. */
export function recallTokenFromSalt(salt: string): string {
  return crypto.createHmac("sha256", getSessionSecret()).update(`rappel-link:${salt}`).digest("base64url");
}

/** The columns that give a recall its link. */
export function newRecallLinkColumns(): { link_salt: string; link_hash: string } {
  const link_salt = newLinkSalt();
  return { link_salt, link_hash: hashToken(recallTokenFromSalt(link_salt)) };
}

/** A course waiting-list offer's link /offre-formation/<token> (issue 31): its own salt and HMAC label. */
export function formationOfferTokenFromSalt(salt: string): string {
  return crypto.createHmac("sha256", getSessionSecret()).update(`formation-offer:${salt}`).digest("base64url");
}

/** The columns that give a course waiting-list offer its link. */
export function newFormationOfferLinkColumns(): { link_salt: string; link_hash: string } {
  const link_salt = newLinkSalt();
  return { link_salt, link_hash: hashToken(formationOfferTokenFromSalt(link_salt)) };
}
