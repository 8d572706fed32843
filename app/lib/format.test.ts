import { describe, expect, it } from "vitest";
import { formatDA, formatFigure, formatNumber, NARROW_NBSP, NBSP } from "./format";
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
