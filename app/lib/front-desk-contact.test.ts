import { describe, expect, it } from "vitest";
import { formatDayLong, reminderFetcherKey, telHref, whatsappNumber } from "./front-desk-contact";

describe("front-desk contact links", () => {
  it("writes an Algerian number in international form by its digits, whatever its spacing or prefix", () => {
    for (const phone of ["0550 12 34 56", "+213 550 12 34 56", "00213550123456", "213550123456", "0550-12-34-56"]) {
      expect(whatsappNumber(phone), phone).toBe("213550123456");
    }
    expect(whatsappNumber("023 70 45 12")).toBe("21323704512");
  });

  it("keeps a foreign number's own prefix, and gives nothing for too few digits", () => {
    expect(whatsappNumber("+33 6 12 34 56 78")).toBe("33612345678");
    expect(whatsappNumber("0033 6 12 34 56 78")).toBe("33612345678");
    expect(whatsappNumber("12")).toBe("");
  });

  it("dials the digits and the leading +, and names the day in French", () => {
    expect(telHref("+213 (0)550 12-34-56")).toBe("tel:+2130550123456");
    expect(telHref("0550 12 34 56")).toBe("tel:0550123456");
    expect(formatDayLong("2026-11-27")).toBe("vendredi 27 novembre");
    expect(formatDayLong("2026-11-27", { year: true })).toBe("vendredi 27 novembre 2026");
  });

  it("gives each appointment its own reminder fetcher", () => {
    expect(reminderFetcherKey(12)).toBe("reminder:12");
    expect(reminderFetcherKey(12)).not.toBe(reminderFetcherKey(121));
  });
});
