import { describe, expect, it } from "vitest";
import { isMarkableDay, pickDay, sessionDays } from "./attendance";

describe("the days of an attendance sheet", () => {
  it("lists every day of a short session up to today, and nothing before it starts", () => {
    expect(sessionDays("2026-12-07", "2026-12-11", "2026-12-09", [])).toEqual(["2026-12-07", "2026-12-08", "2026-12-09"]);
    expect(sessionDays("2026-12-07", "2026-12-11", "2026-12-20", [])).toHaveLength(5);
    expect(sessionDays("2026-12-07", "2026-12-11", "2026-12-01", [])).toEqual([]);
  });

  it("on a long session lists the days held and today only", () => {
    expect(sessionDays("2026-01-10", "2026-06-27", "2026-03-14", ["2026-01-10", "2026-02-07", "2026-07-01"])).toEqual(["2026-01-10", "2026-02-07", "2026-03-14"]);
    expect(sessionDays("2026-01-10", "2026-06-27", "2026-08-01", ["2026-01-10"])).toEqual(["2026-01-10"]);
  });

  it("shows the day asked for when offered, else today, else the last day", () => {
    const days = ["2026-12-07", "2026-12-08", "2026-12-09"];
    expect(pickDay(days, "2026-12-08", "2026-12-09")).toBe("2026-12-08");
    expect(pickDay(days, "2026-12-25", "2026-12-09")).toBe("2026-12-09");
    expect(pickDay(days, null, "2026-12-20")).toBe("2026-12-09");
    expect(pickDay([], null, "2026-12-01")).toBeNull();
  });

  it("lets a day be added only within the session and not in the future", () => {
    expect(isMarkableDay("2026-02-07", "2026-01-10", "2026-06-27", "2026-03-14")).toBe(true);
    expect(isMarkableDay("2026-03-15", "2026-01-10", "2026-06-27", "2026-03-14")).toBe(false);
    expect(isMarkableDay("2026-01-09", "2026-01-10", "2026-06-27", "2026-03-14")).toBe(false);
    expect(isMarkableDay("07/02/2026", "2026-01-10", "2026-06-27", "2026-03-14")).toBe(false);
  });
});
