import { describe, expect, it } from "vitest";
import { firstName, formatDayLong, telHref, whatsappHref, whatsappNumber } from "./contact";

describe("front-desk contact links", () => {
  it("writes an Algerian number in international form, whatever its spacing or prefix", () => {
    for (const phone of ["0550 12 34 56", "+213 550 12 34 56", "00213550123456", "213550123456", "0550-12-34-56"]) {
      expect(whatsappNumber(phone), phone).toBe("213550123456");
    }
    expect(whatsappNumber("023 70 45 12")).toBe("21323704512");
  });

  it("keeps a foreign number's own prefix, and gives nothing for too few digits", () => {
    expect(whatsappNumber("+33 6 12 34 56 78")).toBe("33612345678");
    expect(whatsappNumber("0033 6 12 34 56 78")).toBe("33612345678");
    expect(whatsappNumber("12")).toBe("");
    expect(whatsappHref("12", "Amina", "2026-11-24", "10:30")).toBeNull();
  });

  it("prefills a French confirmation with the first name, the day and the time", () => {
    const href = whatsappHref("0551 23 45 67", "Mme Amina Belkacem", "2026-11-24", "10:30")!;
    expect(href.startsWith("https://wa.me/213551234567?text=")).toBe(true);
    const text = decodeURIComponent(href.split("?text=")[1]);
    expect(text).toMatch(/^Bonjour Amina, nous vous confirmons votre rendez-vous du mardi 24 novembre à 10:30 à la Clinique /);
  });

  it("dials the digits and the leading +, and names the day in French", () => {
    expect(telHref("+213 (0)550 12-34-56")).toBe("tel:+2130550123456");
    expect(telHref("0550 12 34 56")).toBe("tel:0550123456");
    expect(formatDayLong("2026-11-27")).toBe("vendredi 27 novembre");
    expect(formatDayLong("2026-11-27", { year: true })).toBe("vendredi 27 novembre 2026");
    expect(firstName("Dr Nadir Hamdi")).toBe("Nadir");
  });
});
