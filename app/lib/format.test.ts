import { describe, expect, it } from "vitest";
import { formatFigure, formatMegabytes, formatNumber, formatPercent, formatTime, formatTimeRange, NARROW_NBSP, NBSP } from "./format";
import { formatDA } from "./money";
import { MEDIA_WIDTHS, mediaSrcSet, parseWidths, widthsFor } from "./media";

const n = (s: string) => s.replaceAll(" ", NARROW_NBSP);

describe("the one number format", () => {
  it("groups thousands with a narrow no-break space", () => {
    expect(formatNumber(7000)).toBe(n("7 000"));
    expect(formatNumber(1234567)).toBe(n("1 234 567"));
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(0)).toBe("0");
  });

  it("writes two decimals whenever there are centimes, none otherwise", () => {
    expect(formatNumber(15000.5)).toBe(n("15 000,50"));
    expect(formatNumber(15000.05)).toBe(n("15 000,05"));
    expect(formatNumber(15000)).toBe(n("15 000"));
  });

  it("writes amounts in DA from centimes", () => {
    expect(formatDA(1500050)).toBe(`${n("15 000,50")}${NBSP}DA`);
    expect(formatDA(1500000)).toBe(`${n("15 000")}${NBSP}DA`);
    expect(formatDA(-250)).toBe(`-2,50${NBSP}DA`);
    expect(formatDA(null)).toBe("");
  });

  it("writes a count as toLocaleString('fr-FR') did, byte for byte", () => {
    for (const count of [0, 1, 999, 1000, 12_345, 1_234_567]) expect(formatNumber(count)).toBe(count.toLocaleString("fr-FR"));
    expect(formatNumber(12_345)).toBe("12\u202f345");
  });

  it("writes sizes in megabytes with one decimal at most, as toLocaleString('fr-FR') did", () => {
    expect(formatMegabytes(1_572_864)).toBe("1,5 Mo");
    expect(formatMegabytes(1_048_576)).toBe("1 Mo");
    expect(formatMegabytes(0)).toBe("0 Mo");
    expect(formatMegabytes(2_621_440_000)).toBe(`${n("2 500")} Mo`);
    expect(formatMegabytes(1_234_567_890)).toBe(`${n("1 177,4")} Mo`);
    for (const bytes of [0, 1_000, 1_572_864, 52_428_800, 1_234_567_890, 9_876_543_210]) {
      expect(formatMegabytes(bytes)).toBe(`${(bytes / 1024 / 1024).toLocaleString("fr-FR", { maximumFractionDigits: 1 })} Mo`);
    }
  });

  it("writes each public figure one way", () => {
    expect(formatFigure(7000)).toBe(n("7 000+"));
    expect(formatFigure(98, "%")).toBe(`98${NBSP}%`);
  });
});

describe("photo widths", () => {
  it("makes only the widths an original can fill, and its own", () => {
    expect(widthsFor(4000)).toEqual([...MEDIA_WIDTHS]);
    expect(widthsFor(1000)).toEqual([480, 960, 1000]);
    expect(widthsFor(300)).toEqual([300]);
    expect(widthsFor(960)).toEqual([480, 960]);
  });

  it("reads stored widths and writes the srcset", () => {
    expect(parseWidths("960,480, 1600,x")).toEqual([480, 960, 1600]);
    expect(mediaSrcSet({ id: "a".repeat(32), width: 960, height: 640, widths: [480, 960] }, "avif")).toBe(
      `/uploads/media/${"a".repeat(32)}-480.avif 480w, /uploads/media/${"a".repeat(32)}-960.avif 960w`,
    );
  });
});

describe("formatPercent", () => {
  it("writes a rate with one decimal at most, a comma and a no-break space before %", () => {
    expect(formatPercent(12.5)).toBe("12,5\u00a0%");
    expect(formatPercent(40)).toBe("40\u00a0%");
    expect(formatPercent(1.17)).toBe("1,2\u00a0%");
    expect(formatPercent(1234.5)).toBe("1\u202f234,5\u00a0%");
  });
});

describe("formatTime", () => {
  it("writes every time of day one way: two-digit hours, a colon, 24 hours", () => {
    expect(formatTime("9:00")).toBe("09:00");
    expect(formatTime("09:00")).toBe("09:00");
    expect(formatTime("17:30:00")).toBe("17:30");
    expect(formatTime("")).toBe("");
    expect(formatTime("fermé")).toBe("fermé");
    expect(formatTimeRange("9:00", "17:00")).toBe(`09:00${NBSP}–${NBSP}17:00`);
  });
});
