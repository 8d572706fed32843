import { describe, expect, it } from "vitest";
import { BOOKING_FIX_MESSAGE, formMessage, isBookingAnswer, postedValues, toBookingAnswer, type BookingReply } from "./booking-answer";
import type { SlotsView } from "./slots-view";

const VIEW: SlotsView = { service: "Orthodontie", date: "2026-12-01", state: "open", times: ["09:00", "14:00"], label: null, next: null, message: "2 horaires libres le mardi 1 décembre" };

function reply(over: Partial<BookingReply>): BookingReply {
  return { status: "error", result: { status: "error", initialValue: {}, error: {} }, submissionKey: "k-1", ...over };
}

describe("toBookingAnswer: the JSON the booking island reads", () => {
  it("a refused input: one French message per field (the first), no form message of its own", () => {
    const answer = toBookingAnswer(
      reply({
        result: {
          status: "error",
          initialValue: { name: "Amel", email: "amel@" },
          error: { email: ["Adresse e-mail invalide (exemple : nom@exemple.com).", "second"], time: ["Veuillez choisir une heure."], unknown: ["x"], phone: null },
        },
        slots: VIEW,
      }),
    );
    expect(answer).toEqual({
      status: "error",
      formError: null,
      fieldErrors: { email: "Adresse e-mail invalide (exemple : nom@exemple.com).", time: "Veuillez choisir une heure." },
      submissionKey: "k-1",
      slots: VIEW,
      alternatives: [],
      link: null,
      booked: null,
    });
    // nothing the visitor typed goes back in the JSON
    expect(JSON.stringify(answer)).not.toContain("Amel");
    expect(formMessage(answer)).toBe(BOOKING_FIX_MESSAGE);
  });

  it("a refused slot: the form's message, the time's reason and the nearest free times", () => {
    const alternatives = [{ date: "2026-12-01", time: "09:15" }];
    const answer = toBookingAnswer(
      reply({ result: { status: "error", error: { "": [BOOKING_FIX_MESSAGE], time: ["Ce créneau vient d'être pris."] } }, alternatives, slots: VIEW }),
    );
    expect(answer.formError).toBe(BOOKING_FIX_MESSAGE);
    expect(answer.fieldErrors).toEqual({ time: "Ce créneau vient d'être pris." });
    expect(answer.alternatives).toEqual(alternatives);
  });

  it("a storage failure: the form's message alone", () => {
    const answer = toBookingAnswer(reply({ result: { status: "error", error: { "": ["Votre demande n'a pas pu être enregistrée."] } } }));
    expect(formMessage(answer)).toBe("Votre demande n'a pas pu être enregistrée.");
    expect(answer.fieldErrors).toEqual({});
  });

  it("a success: the new key and the personal link, no message", () => {
    const answer = toBookingAnswer({ status: "success", result: { status: "success", initialValue: null }, submissionKey: "k-2", link: "/rdv/abc", slots: null });
    expect(answer).toMatchObject({ status: "success", submissionKey: "k-2", link: "/rdv/abc", fieldErrors: {}, formError: null });
    expect(formMessage(answer)).toBeNull();
    expect(isBookingAnswer(answer)).toBe(true);
  });
});

describe("postedValues: what an answer page shows again", () => {
  it("the posted fields of a refusal (strings only), none after a success", () => {
    const result = { status: "error" as const, initialValue: { name: "Amel", consent: "on", time: "09:00", website: "", extra: ["a"] }, error: {} };
    expect(postedValues(reply({ result }))).toEqual({ name: "Amel", consent: "on", time: "09:00" });
    expect(postedValues(reply({ status: "success", result }))).toEqual({});
  });
});

describe("isBookingAnswer", () => {
  it("refuses what is not an answer (an HTML page read as text, another JSON)", () => {
    expect(isBookingAnswer(null)).toBe(false);
    expect(isBookingAnswer("<!DOCTYPE html>")).toBe(false);
    expect(isBookingAnswer({ status: "error", submissionKey: "k" })).toBe(false);
    expect(isBookingAnswer({ status: "done", submissionKey: "k", fieldErrors: {}, alternatives: [] })).toBe(false);
    expect(isBookingAnswer({ status: "error", submissionKey: "k", fieldErrors: {}, alternatives: [] })).toBe(true);
  });
});
