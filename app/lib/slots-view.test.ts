import { describe, expect, it } from "vitest";
import { defaultSchedule } from "~/lib/schedule";
import { formatDayLong, parseBookingIntent, parseDayQuery, slotIntent, toSlotsView } from "./slots-view";

const settings = defaultSchedule().settings;

describe("the booking form's free times", () => {
  it("says a day the French way, with the year only when it is not this year's", () => {
    expect(formatDayLong("2026-11-24")).toBe("mardi 24 novembre");
    expect(formatDayLong("2026-11-24", "2026-11-23")).toBe("mardi 24 novembre");
    expect(formatDayLong("2027-01-02", "2026-12-30")).toBe("samedi 2 janvier 2027");
  });

  it("writes the status line of each kind of day", () => {
    const day = (state: "open" | "full" | "closed" | "past" | "beyond", times: string[] = [], label?: string) =>
      toSlotsView("Orthodontie", { day: { date: "2026-11-24", state, times, label }, settings, online: true }, "2026-11-23");
    expect(day("open", ["09:00"]).message).toBe("1 horaire libre le mardi 24 novembre");
    expect(day("open", ["09:00", "09:15"], "Horaires de Ramadan").message).toBe("2 horaires libres le mardi 24 novembre (Horaires de Ramadan)");
    expect(day("full").message).toBe("Complet ce jour-là");
    expect(day("closed").message).toBe("La clinique est fermée ce jour-là");
    expect(day("closed", [], "Aïd el-Fitr").message).toBe("La clinique est fermée ce jour-là (Aïd el-Fitr)");
    expect(day("past").message).toBe("Cette date est passée : choisissez un jour à venir.");
    expect(day("beyond").message).toBe("Les rendez-vous en ligne s'ouvrent 60 jours à l'avance au plus. Choisissez une date plus proche.");
    // a service booked by phone only offers nothing, whatever the day
    const phone = toSlotsView("Chirurgie dentaire", { day: { date: "2026-11-24", state: "open", times: ["09:00"] }, next: undefined, settings, online: false });
    expect(phone).toMatchObject({ state: "not_online", times: [], next: null, message: "Ce soin ne se réserve pas en ligne : appelez-nous pour convenir d'un rendez-vous." });
  });

  it("reads the service and the day asked, and nothing else", () => {
    const q = (v: Record<string, string>) => parseDayQuery((n) => v[n]);
    expect(q({ service: "Orthodontie", date: "2026-11-24" })).toEqual({ service: "Orthodontie", date: "2026-11-24" });
    expect(q({ service: "orthodontie", date: "2026-11-24" })).toBeNull();
    expect(q({ service: "Orthodontie", date: "2026-02-30" })).toBeNull();
    expect(q({ service: "Orthodontie" })).toBeNull();
  });

  it("tells the form's buttons apart by their intent", () => {
    expect(parseBookingIntent(undefined)).toEqual({ kind: "book" });
    expect(parseBookingIntent("slots")).toEqual({ kind: "slots" });
    expect(parseBookingIntent("day:2026-11-28")).toEqual({ kind: "day", date: "2026-11-28" });
    expect(parseBookingIntent(slotIntent({ date: "2026-11-28", time: "09:30" }))).toEqual({ kind: "slot", date: "2026-11-28", time: "09:30" });
    for (const bad of ["day:2026-02-30", "slot:2026-11-28T24:00", "slot:2026-11-28 09:30", "autre"]) expect(parseBookingIntent(bad)).toEqual({ kind: "book" });
  });
});
