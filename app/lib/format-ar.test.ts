import { describe, expect, test } from "vitest";
import { formatDayFullAr, formatLongDateAr, weekdayAr } from "./format";

describe("Arabic dates (ar-DZ, Western digits, the clinic's time zone)", () => {
  test("a long date, in Africa/Algiers: 23:30 UTC is already the next day there", () => {
    expect(formatLongDateAr("2026-11-22T10:00:00Z")).toBe("22 نوفمبر 2026");
    expect(formatLongDateAr("2026-11-22T23:30:00Z")).toBe("23 نوفمبر 2026");
    expect(formatLongDateAr("pas une date")).toBe("");
    expect(formatLongDateAr(null)).toBe("");
  });

  test("a calendar day with its weekday, Western digits", () => {
    const text = formatDayFullAr("2026-11-24");
    expect(text).toBe("الثلاثاء، 24 نوفمبر 2026");
    expect(text).not.toMatch(/[\u0660-\u0669]/);
  });

  test("the weekdays, Sunday = 0", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(weekdayAr)).toEqual(["الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"]);
  });
});
