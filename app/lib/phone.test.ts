import { describe, expect, it } from "vitest";
import { formatPhoneDisplay, toE164, whatsappDigits } from "./phone";

/**
 * The phone as the identity key of a patient record (docs/decisions/009-patients-and-links.md):
 * every way an Algerian number is written gives one E.164 form, and anything that is not a
 * number in service gives null (the record then keys on the digits typed).
 */

describe("toE164: Algerian mobiles (05, 06, 07) in every spelling", () => {
  it.each([
    ["0550 12 34 56", "+213550123456"],
    ["0550123456", "+213550123456"],
    ["05.50.12.34.56", "+213550123456"],
    ["0550-12-34-56", "+213550123456"],
    ["(0550) 12-34-56", "+213550123456"],
    ["  0550 12 34 56  ", "+213550123456"],
    ["0661 23 45 67", "+213661234567"],
    ["06 61 23 45 67", "+213661234567"],
    ["0770 12 34 56", "+213770123456"],
    ["0790123456", "+213790123456"],
    ["0540 12 34 56", "+213540123456"],
    // the international forms: +213, 00213 and 213 (as WhatsApp shows it)
    ["+213 550 12 34 56", "+213550123456"],
    ["+213550123456", "+213550123456"],
    ["00213550123456", "+213550123456"],
    ["00 213 550 12 34 56", "+213550123456"],
    ["213550123456", "+213550123456"],
    ["+213 (0) 550 12 34 56", "+213550123456"],
  ])("%s → %s", (input, e164) => {
    expect(toE164(input)).toBe(e164);
  });

  // Decision: "+213 0550…" (the national 0 kept after the country code, a frequent slip) is the
  // same mobile. libphonenumber-js drops the national prefix, and refusing it would split one
  // patient into two records.
  it.each([["+213 0550 12 34 56"], ["+2130550123456"], ["00213 0550 12 34 56"]])("the national 0 after the country code is dropped: %s", (input) => {
    expect(toE164(input)).toBe("+213550123456");
  });
});

describe("toE164: landlines (0 + area code)", () => {
  it.each([
    ["021 28 45 67", "+21321284567"], // Alger
    ["023 12 34 56", "+21323123456"], // Alger (Est)
    ["025 12 34 56", "+21325123456"], // Blida
    ["029 12 34 56", "+21329123456"], // Ghardaïa
    ["031 12 34 56", "+21331123456"], // Constantine
    ["038 12 34 56", "+21338123456"], // Annaba
    ["041 12 34 56", "+21341123456"], // Oran
    ["043 12 34 56", "+21343123456"], // Tlemcen
    ["021.28.45.67", "+21321284567"],
    ["+213 21 28 45 67", "+21321284567"],
    ["00213 21 28 45 67", "+21321284567"],
  ])("%s → %s", (input, e164) => {
    expect(toE164(input)).toBe(e164);
  });
});

describe("toE164: numbers that are not valid", () => {
  it.each([
    ["0550 12 34 5", "one digit short"],
    ["0550 12 34 567", "one digit too many"],
    ["055012", "far too short"],
    ["0450 12 34 56", "04 is no mobile range"],
    ["04 12 34 56", "04 with eight digits"],
    ["0500 00 00 00", "a 05 range not in service"],
    ["+213 550 12 34 5", "+213 and too short"],
    ["abc", "letters"],
    ["0550 AB 34 56", "letters among the digits"],
    ["", "empty"],
    ["   ", "blanks"],
    ["0".repeat(41), "longer than any phone"],
  ])("%s (%s) → null", (input) => {
    expect(toE164(input)).toBeNull();
  });

  it("null and undefined give null", () => {
    expect(toE164(null)).toBeNull();
    expect(toE164(undefined)).toBeNull();
  });
});

describe("toE164: foreign numbers keep their country", () => {
  it.each([
    ["+33 6 12 34 56 78", "+33612345678"],
    ["0033 6 12 34 56 78", "+33612345678"],
    ["+33612345678", "+33612345678"],
    ["+216 20 123 456", "+21620123456"], // Tunisia
    ["+1 202 555 0143", "+12025550143"],
  ])("%s → %s", (input, e164) => {
    expect(toE164(input)).toBe(e164);
  });

  it("a French mobile typed without its prefix is read as Algerian, and is not valid there", () => {
    expect(toE164("06 12 34 56 7")).toBeNull();
  });
});

describe("formatPhoneDisplay and whatsappDigits", () => {
  it("an Algerian number reads in the national form, grouped by two", () => {
    expect(formatPhoneDisplay("+213550123456")).toBe("0550 12 34 56");
    expect(formatPhoneDisplay("+21321284567")).toBe("021 28 45 67");
  });

  it("a foreign number reads in the international form", () => {
    expect(formatPhoneDisplay("+33612345678")).toBe("+33 6 12 34 56 78");
  });

  it("every spelling of a number shows the same way", () => {
    const shown = ["0550 12 34 56", "05.50.12.34.56", "+213 550 12 34 56", "00213550123456", "213550123456"].map((v) => formatPhoneDisplay(toE164(v)!));
    expect(new Set(shown)).toEqual(new Set(["0550 12 34 56"]));
  });

  it("wa.me gets the digits without '+'", () => {
    expect(whatsappDigits("+213550123456")).toBe("213550123456");
    expect(whatsappDigits("+33612345678")).toBe("33612345678");
  });
});
