import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/**
 * A patient's phone number as the clinic's identity key (docs/decisions/009-patients-and-links.md).
 *
 * Algerian numbers are written many ways: "0550 12 34 56", "05.50.12.34.56", "+213 550 12 34 56",
 * "00213550123456", "213550123456", a landline "021 28 45 67" (0 + area code). libphonenumber-js
 * (Google's metadata, the "max" set that knows which ranges exist) reads them with Algeria as the
 * default country and gives one canonical E.164 form: "+213550123456". A foreign number typed with
 * its prefix ("+33 6 12 34 56 78", "0033…") keeps its own country.
 */

/** The canonical E.164 form ("+213550123456"), or null when the number is not a valid one. */
export function toE164(input: string | null | undefined): string | null {
  if (!input) return null;
  let raw = input.trim();
  if (!raw || raw.length > 40) return null;
  // "00" is the international prefix in Algeria as in most of the world
  if (/^00/.test(raw.replace(/[\s.\-()]/g, ""))) raw = `+${raw.replace(/[\s.\-()]/g, "").slice(2)}`;
  // "213…" without + or 00, as WhatsApp and some forms show it
  else if (/^213\d{8,9}$/.test(raw.replace(/[\s.\-()]/g, ""))) raw = `+${raw.replace(/[\s.\-()]/g, "")}`;
  const parsed = parsePhoneNumberFromString(raw, "DZ");
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}

/** An Algerian mobile (05, 06, 07) or landline, or a foreign number, as staff and patients read it. */
export function formatPhoneDisplay(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === "DZ" ? parsed.formatNational() : parsed.formatInternational();
}

/** The digits wa.me wants: the E.164 form without '+' ("213550123456"). */
export function whatsappDigits(e164: string): string {
  return e164.replace(/^\+/, "");
}
