import { describe, expect, it } from "vitest";
import { ENROLLMENT_KEYS, ENROLLMENT_MESSAGES } from "~/lib/enrollment-messages";
import { WAITLIST_KEYS, WAITLIST_MESSAGES } from "~/lib/waitlist-messages";
import { ENROLLMENT_FIELD_MESSAGES } from "~/lib/enrollment-schema";
import { courseTitleAr, dateTimeAr, priceAr, sessionDatesAr } from "~/lib/course-texts-ar";
import { messageText } from "./messages";

/**
 * The enrolment's messages by key (issue 32, the training side): the French page shows the very
 * sentences it showed before; the Arabic page shows Arabic, without a Latin word outside an isolate.
 */
const LATIN = /[A-Za-zÀ-ÿ]{2,}/;
const outsideIsolates = (text: string) => text.replace(/[\u2066\u2067\u2068][^\u2069]*\u2069/g, " ");

describe("the enrolment's messages", () => {
  it("each result key's French text is the sentence the form always answered", () => {
    for (const k of Object.keys(ENROLLMENT_KEYS) as (keyof typeof ENROLLMENT_KEYS)[]) expect(messageText("fr", ENROLLMENT_KEYS[k])).toBe(ENROLLMENT_MESSAGES[k]);
    for (const k of Object.keys(WAITLIST_KEYS) as (keyof typeof WAITLIST_KEYS)[]) expect(messageText("fr", WAITLIST_KEYS[k])).toBe(WAITLIST_MESSAGES[k]);
  });

  it("every key has its Arabic text, with no Latin word", () => {
    for (const key of [...Object.values(ENROLLMENT_KEYS), ...Object.values(WAITLIST_KEYS), ...Object.values(ENROLLMENT_FIELD_MESSAGES)]) {
      const ar = messageText("ar", key);
      expect(ar).not.toBe(key);
      expect(ar).not.toMatch(LATIN);
    }
  });
});

describe("a course's pieces in Arabic", () => {
  const session = { start_date: "2027-02-15", end_date: "2027-02-17", day_start: "09:00", day_end: "17:00" };
  it("dates in Arabic with Western digits, hours and prices isolated left to right, a French title isolated", () => {
    expect(sessionDatesAr(session)).toBe("من الاثنين، 15 فيفري 2027 إلى الأربعاء، 17 فيفري 2027، \u206609:00\u00a0–\u00a017:00\u2069");
    expect(priceAr(35000000)).toBe("\u2066350\u202f000\u00a0DA\u2069");
    expect(priceAr(0)).toBe("السعر عند الطلب");
    expect(courseTitleAr({ title: "Implantologie", title_ar: null })).toBe("\u2068Implantologie\u2069");
    expect(courseTitleAr({ title: "Implantologie", title_ar: "زراعة الأسنان" })).toBe("زراعة الأسنان");
    // 13:05 UTC is 14:05 in Algiers
    expect(dateTimeAr("2027-02-10T13:05:00Z")).toBe("10 فيفري 2027 على الساعة \u206614:05\u2069");
    for (const text of [sessionDatesAr(session), priceAr(35000000), dateTimeAr("2027-02-10T13:05:00Z")]) expect(outsideIsolates(text)).not.toMatch(LATIN);
  });
});
