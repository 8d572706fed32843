import { describe, expect, it } from "vitest";
import { bucketKeys, bucketLabel, parseReportPeriod, percentOf, weekStart } from "./reports";

describe("the reports' period and buckets", () => {
  it("starts the clinic's week on Saturday", () => {
    // 2026-11-21 is a Saturday
    expect(["2026-11-21", "2026-11-22", "2026-11-26", "2026-11-27"].map(weekStart)).toEqual(["2026-11-21", "2026-11-21", "2026-11-21", "2026-11-21"]);
    expect(weekStart("2026-11-28")).toBe("2026-11-28");
  });

  it("lists every bucket of a period, the partial first and last ones included", () => {
    expect(bucketKeys({ from: "2026-11-01", to: "2026-11-30", granularity: "semaine" })).toEqual(["2026-10-31", "2026-11-07", "2026-11-14", "2026-11-21", "2026-11-28"]);
    expect(bucketKeys({ from: "2026-11-29", to: "2026-12-01", granularity: "jour" })).toEqual(["2026-11-29", "2026-11-30", "2026-12-01"]);
    expect(bucketKeys({ from: "2026-11-15", to: "2027-02-01", granularity: "mois" })).toEqual(["2026-11", "2026-12", "2027-01", "2027-02"]);
    expect(bucketKeys({ from: "2025-06-01", to: "2026-01-01", granularity: "annee" })).toEqual(["2025", "2026"]);
  });

  it("names buckets in French", () => {
    expect(bucketLabel("2026-11-21", "semaine")).toBe("sem. du 21/11");
    expect(bucketLabel("2026-02", "mois")).toBe("févr. 2026");
    expect(bucketLabel("2026-11-03", "jour")).toBe("03/11");
  });

  it("defaults to the current month by weeks, and corrects a wrong query with a note", () => {
    expect(parseReportPeriod(new URLSearchParams(), "2026-02-10")).toEqual({ period: { from: "2026-02-01", to: "2026-02-28", granularity: "semaine" }, notes: [] });
    const swapped = parseReportPeriod(new URLSearchParams("du=2026-03-31&au=2026-03-01&pas=jour"), "2026-02-10");
    expect(swapped.period).toEqual({ from: "2026-03-01", to: "2026-03-31", granularity: "jour" });
    expect(swapped.notes).toHaveLength(1);
    expect(parseReportPeriod(new URLSearchParams("du=2026-02-30"), "2026-02-10").period.from).toBe("2026-02-01");
    // a year by days would be 365 bars: widened to weeks (53)
    expect(parseReportPeriod(new URLSearchParams("du=2026-01-01&au=2026-12-31&pas=jour"), "2026-02-10").period.granularity).toBe("semaine");
  });

  it("divides a rate only when there is something to divide", () => {
    expect(percentOf({ num: 1, den: 8 })).toBe(12.5);
    expect(percentOf({ num: 0, den: 0 })).toBeNull();
  });
});
