import { describe, expect, it } from "vitest";
import { formatDA } from "./money";
import { computePlan, readPlanRows } from "./plan-schema";
import { addMonthsYmd } from "./ymd";

describe("the payment plan's form", () => {
  it("computes equal instalments a month apart, the down payment first; keeps month ends", () => {
    expect(computePlan(30_000_000, "100000", "2", "2026-12-15")).toEqual({
      rows: [
        { dueDay: "2026-12-15", amount: 10_000_000 },
        { dueDay: "2027-01-15", amount: 10_000_000 },
        { dueDay: "2027-02-15", amount: 10_000_000 },
      ],
    });
    expect(computePlan(100, "", "3", "2026-12-01")).toEqual({ rows: [{ dueDay: "2026-12-01", amount: 100 }, { dueDay: "2027-01-01", amount: 0 }, { dueDay: "2027-02-01", amount: 0 }] });
    expect(addMonthsYmd("2027-01-31", 1)).toBe("2027-02-28");
    expect(computePlan(100, "2", "1", "2026-12-01")).toEqual({ error: expect.stringContaining("Acompte") });
    expect(computePlan(100, "", "0", "2026-12-01")).toEqual({ error: expect.stringContaining("nombre d'échéances") });
    expect(computePlan(100, "", "2", "")).toEqual({ error: expect.stringContaining("première échéance") });
  });

  it("reads edited lines that must sum to the total to the centime", () => {
    expect(readPlanRows([{ dueDay: "2026-12-01", amount: "1 000" }, { dueDay: "2027-01-01", amount: "500,50" }], 150_050, formatDA)).toEqual({ lines: [{ dueDay: "2026-12-01", amount: 100_000 }, { dueDay: "2027-01-01", amount: 50_050 }] });
    expect(readPlanRows([{ dueDay: "2026-12-01", amount: "1000" }], 150_050, formatDA)).toEqual({ error: expect.stringMatching(/^Les échéances font 1\u202f000\u00a0DA pour un devis de 1\u202f500,50\u00a0DA/) });
    expect(readPlanRows([{ dueDay: "x", amount: "1000" }], 100_000, formatDA)).toEqual({ error: "Échéance 1 : indiquez une date et un montant en DA supérieur à 0." });
    expect(readPlanRows([], 0, formatDA)).toEqual({ error: "Ajoutez au moins une échéance." });
  });
});
