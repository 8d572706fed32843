import { describe, expect, test } from "vitest";
import { RATE_LIMIT_MESSAGE } from "~/.server/rate-limit";
import { BOOKING_FIX_MESSAGE, BOOKING_SUCCESS_MESSAGE } from "~/lib/booking-answer";
import { BOOKING_MESSAGES, bookingSchema, farDateMessage } from "~/lib/booking-schema";
import { bookingTexts } from "~/lib/booking-texts";
import { CONTROL_CHARACTER_MESSAGE, KEYED_RULE_MESSAGES, MULTILINE_CONTROL_CHARACTER_MESSAGE, PHONE_INVALID } from "~/lib/rules";
import { SLOT_REFUSAL_MESSAGES } from "~/lib/schedule";
import { SERVICES } from "~/lib/services";
import { serviceName } from "~/lib/service-names";
import { SLOT_PANEL_TEXTS } from "~/components/booking/SlotPanel";
import { BOOKING_NETWORK_MESSAGE } from "~/components/booking/BookingForm";
import { lookup } from "./index";
import { ar } from "./ar";
import { fr } from "./fr";
import { messageKey, messageText, parseMessageKey } from "./messages";
import { RDV_MESSAGE_KEYS, RDV_MESSAGES } from "~/lib/rdv-schema";
import { rdvCancelSchemaIn, rdvMoveSchemaIn } from "~/lib/rdv-texts-ar";

/**
 * Form messages by key (issue 32, item 7; app/i18n/messages.ts): the public booking schema gives
 * catalogue keys, each in both catalogues; the French texts are the ones the pages showed before
 * (the product spec's); a plain sentence (a staff schema's) is shown as it is.
 */
const TODAY = "2026-11-24";

/** Every message the booking schema gives for a post with every field wrong or missing. */
function bookingMessages(): string[] {
  const bad = [
    {},
    { name: "x".repeat(200), email: "a@", phone: "12", service: "Détartrage", date: "2026-11-01", time: "25:00", message: "x".repeat(2001) },
    { name: "a\u0000", email: "a\u0000@b.dz", phone: "0550\u0000", date: "2027-06-01", time: "09:00\u0000", message: "\u0000" },
    { email: "x".repeat(300), phone: "1".repeat(40), date: "2026-02-30" },
  ];
  return bad.flatMap((fields) => bookingSchema(TODAY, 60).safeParse(fields).error?.issues.map((i) => i.message) ?? []);
}

describe("form messages by key", () => {
  test("the booking schema gives only keys, each in both catalogues, with their values", () => {
    const messages = bookingMessages();
    expect(messages.length).toBeGreaterThan(10);
    for (const m of messages) {
      const parsed = parseMessageKey(m);
      expect(parsed, m).not.toBeNull();
      expect(lookup(fr, parsed!.key), m).toBeDefined();
      expect(lookup(ar, parsed!.key), m).toBeDefined();
      expect(messageText("ar", m), m).toMatch(/[\u0600-\u06FF]/);
      expect(messageText("ar", m), m).not.toMatch(/\{\w+\}/);
    }
  });

  test("every key the public forms and actions use exists in both catalogues", () => {
    const keys = [
      ...Object.values(BOOKING_MESSAGES),
      ...Object.values(KEYED_RULE_MESSAGES).map((m) => (typeof m === "function" ? m(120) : m)),
      "forms.rateLimit",
      messageKey("forms.storeFailed", { phone: "023 70 45 12" }),
      "forms.storeFailedNoPhone",
      "booking.fix",
      ...["refusedPast", "refusedTooSoon", "refusedClosed", "refusedOutsideHours", "refusedTaken", "notOnline", "farDate"].map((k) => `booking.${k}`),
    ];
    for (const k of keys) {
      const parsed = parseMessageKey(k);
      expect(parsed, k).not.toBeNull();
      expect(lookup(ar, parsed!.key), k).toBeDefined();
    }
  });

  test("on a French page, each key says exactly what the page said before", () => {
    expect(messageText("fr", KEYED_RULE_MESSAGES.phoneInvalid)).toBe(PHONE_INVALID);
    expect(messageText("fr", KEYED_RULE_MESSAGES.control)).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(messageText("fr", KEYED_RULE_MESSAGES.multilineControl)).toBe(MULTILINE_CONTROL_CHARACTER_MESSAGE);
    expect(messageText("fr", KEYED_RULE_MESSAGES.nameTooLong(120))).toBe("Le nom ne peut pas dépasser 120 caractères.");
    expect(messageText("fr", "forms.rateLimit")).toBe(RATE_LIMIT_MESSAGE);
    expect(messageText("fr", "booking.farDate?horizon=60")).toBe(farDateMessage(60));
    expect(messageText("fr", "booking.refusedTaken")).toBe(SLOT_REFUSAL_MESSAGES.taken);
    expect(messageText("fr", "booking.refusedTooSoon?notice=2%C2%A0h")).toBe(SLOT_REFUSAL_MESSAGES.too_soon.replace("{notice}", "2\u00a0h"));
    expect(messageText("fr", "booking.refusedClosed")).toBe(SLOT_REFUSAL_MESSAGES.closed);
    expect(messageText("fr", "booking.refusedOutsideHours")).toBe(SLOT_REFUSAL_MESSAGES.outside_hours);
    expect(messageText("fr", "booking.refusedPast")).toBe(SLOT_REFUSAL_MESSAGES.past);
    expect(messageText("fr", "booking.notOnline")).toBe(SLOT_REFUSAL_MESSAGES.not_online);
    const texts = bookingTexts("fr");
    expect([texts.success, texts.fix, texts.network]).toEqual([BOOKING_SUCCESS_MESSAGE, BOOKING_FIX_MESSAGE, BOOKING_NETWORK_MESSAGE]);
    for (const [k, v] of Object.entries(SLOT_PANEL_TEXTS)) expect(texts[k as keyof typeof texts], k).toBe(v);
  });

  test("a plain sentence (a staff schema's) is shown as it is, in any language", () => {
    for (const m of ["Le titre est obligatoire.", "booking.nokey", "Dr. Hamdi", "a.b c"]) {
      expect(messageText("ar", m)).toBe(m);
      expect(messageText("fr", m)).toBe(m);
    }
  });

  test("the services: stored French names, labelled in Arabic on the Arabic page", () => {
    for (const s of SERVICES) {
      expect(serviceName("fr", s)).toBe(s);
      expect(serviceName("ar", s)).toMatch(/^[\u0600-\u06FF\s]+$/);
    }
    expect(serviceName("ar", "Détartrage")).toBe("Détartrage");
  });

  test("the personal page's keys: their French texts are the French page's; the Arabic schemas answer only Arabic", () => {
    expect(messageText("fr", RDV_MESSAGE_KEYS.reason)).toBe(RDV_MESSAGES.reason);
    expect(messageText("fr", RDV_MESSAGE_KEYS.reasonTooLong)).toBe(RDV_MESSAGES.reasonTooLong);
    expect(messageText("fr", RDV_MESSAGE_KEYS.time)).toBe(RDV_MESSAGES.time);
    const messages = [
      ...(rdvCancelSchemaIn("ar").safeParse({ reason: "" }).error?.issues ?? []),
      ...(rdvCancelSchemaIn("ar").safeParse({ reason: "x".repeat(600) }).error?.issues ?? []),
      ...(rdvCancelSchemaIn("ar").safeParse({ reason: "a\u0000" }).error?.issues ?? []),
      ...(rdvMoveSchemaIn(TODAY, 60, "ar").safeParse({}).error?.issues ?? []),
      ...(rdvMoveSchemaIn(TODAY, 60, "ar").safeParse({ date: "2026-11-01", time: "25:00" }).error?.issues ?? []),
      ...(rdvMoveSchemaIn(TODAY, 60, "ar").safeParse({ date: "2027-06-01", time: "09:00\u0000" }).error?.issues ?? []),
      ...(rdvMoveSchemaIn(TODAY, 60, "ar").safeParse({ date: "2026-02-30", time: "09:00" }).error?.issues ?? []),
    ].map((i) => i.message);
    expect(messages.length).toBeGreaterThanOrEqual(7);
    for (const m of messages) expect(m, m).not.toMatch(/[A-Za-z]{2,}/);
  });
});
