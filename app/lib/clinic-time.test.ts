import { describe, expect, it } from "vitest";
import {
  CLINIC_TIME_ZONE,
  clinicDayBounds,
  clinicHour,
  clinicInstant,
  clinicNow,
  clinicOffset,
  clinicOffsetMinutes,
  todayInClinic,
} from "./clinic-time";

describe("the clinic's zone", () => {
  it("is Africa/Algiers, which Intl knows", () => {
    expect(CLINIC_TIME_ZONE).toBe("Africa/Algiers");
    expect(new Intl.DateTimeFormat("en-GB", { timeZone: CLINIC_TIME_ZONE }).resolvedOptions().timeZone).toBe("Africa/Algiers");
  });

  it("reads its offset from Intl: UTC+1 in winter and in summer (no summer time since 1981)", () => {
    expect(clinicOffsetMinutes(new Date("2026-01-15T12:00:00Z"))).toBe(60);
    expect(clinicOffsetMinutes(new Date("2026-07-15T12:00:00Z"))).toBe(60);
    expect(clinicOffset(new Date("2026-11-23T23:30:00Z"))).toBe("+01:00");
    // before 1981 Algeria had summer time: the offset is read, not assumed
    expect(clinicOffset(new Date("1980-07-01T12:00:00Z"))).toBe("+01:00");
    expect(clinicOffset(new Date("1980-01-01T12:00:00Z"))).toBe("+00:00");
  });
});

describe("today and now in the clinic", () => {
  it("turns the day at the clinic's midnight, an hour before UTC's", () => {
    expect(todayInClinic(new Date("2026-11-23T22:59:59Z"))).toBe("2026-11-23");
    expect(todayInClinic(new Date("2026-11-23T23:00:00Z"))).toBe("2026-11-24");
    expect(todayInClinic(new Date("2026-11-24T00:30:00Z"))).toBe("2026-11-24");
    expect(todayInClinic(new Date("2026-12-31T23:15:00Z"))).toBe("2027-01-01");
  });

  it("gives the day and the minutes after the clinic's midnight", () => {
    expect(clinicNow(new Date("2026-11-23T08:50:00Z"))).toEqual({ date: "2026-11-23", minutes: 9 * 60 + 50 });
    expect(clinicNow(new Date("2026-11-23T22:59:00Z"))).toEqual({ date: "2026-11-23", minutes: 23 * 60 + 59 });
    expect(clinicNow(new Date("2026-11-23T23:00:00Z"))).toEqual({ date: "2026-11-24", minutes: 0 });
    expect(clinicNow(new Date("2026-07-01T12:00:00Z"))).toEqual({ date: "2026-07-01", minutes: 13 * 60 });
  });

  it("gives the clinic's hour", () => {
    expect(clinicHour(new Date("2026-11-23T22:59:00Z"))).toBe(23);
    expect(clinicHour(new Date("2026-11-23T23:00:00Z"))).toBe(0);
    expect(clinicHour(new Date("2026-11-23T02:00:00Z"))).toBe(3);
  });
});

describe("instants and day bounds", () => {
  it("places a clinic day and time in UTC", () => {
    expect(clinicInstant("2026-11-23", "09:30").toISOString()).toBe("2026-11-23T08:30:00.000Z");
    expect(clinicInstant("2026-11-23", "09:30:00").toISOString()).toBe("2026-11-23T08:30:00.000Z");
    expect(clinicInstant("2026-11-24", "00:00").toISOString()).toBe("2026-11-23T23:00:00.000Z");
    expect(clinicInstant("2026-07-01", "13:00").toISOString()).toBe("2026-07-01T12:00:00.000Z");
    expect(Number.isNaN(clinicInstant("2026-02-3x", "09:30").getTime())).toBe(true);
  });

  it("goes back to the same wall clock", () => {
    for (const iso of ["2026-11-23T22:59:00Z", "2026-11-23T23:00:00Z", "2027-01-01T00:00:00Z"]) {
      const now = clinicNow(new Date(iso));
      const hhmm = `${String(Math.floor(now.minutes / 60)).padStart(2, "0")}:${String(now.minutes % 60).padStart(2, "0")}`;
      expect(clinicInstant(now.date, hhmm).toISOString()).toBe(new Date(iso).toISOString());
    }
  });

  it("bounds a clinic day from its midnight to the next one, across a year and around UTC's midnight", () => {
    expect(clinicDayBounds("2026-11-10")).toEqual(["2026-11-09T23:00:00.000Z", "2026-11-10T23:00:00.000Z"]);
    expect(clinicDayBounds("2025-03-15")).toEqual(["2025-03-14T23:00:00.000Z", "2025-03-15T23:00:00.000Z"]);
    expect(clinicDayBounds("2026-12-31")).toEqual(["2026-12-30T23:00:00.000Z", "2026-12-31T23:00:00.000Z"]);
    // 23:30 UTC on the 23rd is already the 24th in the clinic, inside the 24th's bounds
    const [start, end] = clinicDayBounds("2026-11-24");
    const lateUtc = "2026-11-23T23:30:00.000Z";
    expect(lateUtc >= start && lateUtc < end).toBe(true);
    expect(todayInClinic(new Date(lateUtc))).toBe("2026-11-24");
  });

  it("follows a change of offset (1980's summer time): a day of 23 hours", () => {
    // Algeria's summer time of 1980 started on 25 April at midnight (UTC+0 -> UTC+1)
    const [start, end] = clinicDayBounds("1980-04-25");
    expect((Date.parse(end) - Date.parse(start)) / 3_600_000).toBe(23);
    expect(start).toBe("1980-04-25T00:00:00.000Z");
  });
});
