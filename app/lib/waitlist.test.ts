import { localizeErrors, messageText } from "~/i18n/messages";
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { isoWeekday, matchesWish, offerExpiry, storeWishes, waitlistJoinSchema, wishesText, wishOf } from "./waitlist";

/** The matching of wishes and the offer's time limit (issue 31, item 1). */

const TODAY = "2026-11-23"; // a Monday
const entry = { service: "Orthodontie", wishes: "1am,6pm", until_date: "2026-12-05", status: "waiting" };

describe("waiting list: wishes", () => {
  it("reads the weekday and the half-day of a start time (13:00 splits the day)", () => {
    expect(isoWeekday("2026-11-23")).toBe(1);
    expect(isoWeekday("2026-11-29")).toBe(7);
    expect(wishOf("2026-11-23", "09:00")).toBe("1am");
    expect(wishOf("2026-11-23", "12:45")).toBe("1am");
    expect(wishOf("2026-11-28", "13:00")).toBe("6pm");
  });

  it("matches a freed slot on a wished half-day within the dates, for an entry still waiting", () => {
    expect(matchesWish(entry, { date: "2026-11-30", time: "10:00" }, TODAY)).toBe(true);
    expect(matchesWish(entry, { date: "2026-11-28", time: "14:30" }, TODAY)).toBe(true);
    // the other half-day, another day, past the last day, an entry already offered or booked
    expect(matchesWish(entry, { date: "2026-11-30", time: "14:00" }, TODAY)).toBe(false);
    expect(matchesWish(entry, { date: "2026-11-24", time: "10:00" }, TODAY)).toBe(false);
    expect(matchesWish(entry, { date: "2026-12-07", time: "10:00" }, TODAY)).toBe(false);
    expect(matchesWish({ ...entry, status: "offered" }, { date: "2026-11-30", time: "10:00" }, TODAY)).toBe(false);
    expect(matchesWish({ ...entry, status: "booked" }, { date: "2026-11-30", time: "10:00" }, TODAY)).toBe(false);
    // a wish that ran out before today
    expect(matchesWish({ ...entry, until_date: "2026-11-22" }, { date: "2026-11-23", time: "10:00" }, TODAY)).toBe(false);
  });

  it("stores known wishes once, in the week's order, and says them in French", () => {
    expect(storeWishes(["1pm", "6am", "1am", "1pm", "9am", "x"])).toBe("6am,1am,1pm");
    expect(wishesText("6am,1am,1pm")).toBe("Samedi matin, Lundi matin et après-midi");
    expect(wishesText("")).toBe("—");
  });
});

describe("waiting list: the offer's time limit", () => {
  const now = new Date("2026-11-23T08:50:00Z");
  it("is 2 hours by default, or the slot's start minus the notice when that comes first", () => {
    expect(offerExpiry(now, new Date("2026-11-24T09:00:00Z"), { hours: 2, noticeMinutes: 120 })).toEqual(new Date("2026-11-23T10:50:00Z"));
    expect(offerExpiry(now, new Date("2026-11-23T12:30:00Z"), { hours: 2, noticeMinutes: 120 })).toEqual(new Date("2026-11-23T10:30:00Z"));
  });
  it("is none when less than 30 minutes would be left", () => {
    expect(offerExpiry(now, new Date("2026-11-23T11:10:00Z"), { hours: 2, noticeMinutes: 120 })).toBeNull();
    expect(offerExpiry(now, new Date("2026-11-23T08:00:00Z"), { hours: 2, noticeMinutes: 0 })).toBeNull();
  });
});

describe("waiting list: the join form", () => {
  const form = (fields: Record<string, string | string[]>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) f.append(k, one);
    return f;
  };
  const good = { service: "Orthodontie", wishes: ["1am", "6pm"], until: "2026-12-20", name: "Amina Benali", phone: "0550 12 34 56", consent: "on" };

  it("accepts a complete form, e-mail optional", () => {
    const r = parseWithZod(form(good), { schema: waitlistJoinSchema(TODAY) });
    expect(r.status).toBe("success");
    if (r.status === "success") expect(r.value).toMatchObject({ wishes: ["1am", "6pm"], email: null });
  });

  it("says what is missing or wrong, field by field, in French (its keys on the French page)", () => {
    const r = parseWithZod(form({ ...good, wishes: [], until: "2026-11-01", email: "pas-une-adresse", consent: "" }), { schema: waitlistJoinSchema(TODAY) });
    expect(r.status).toBe("error");
    const errors = localizeErrors("fr", r.reply().error) ?? {};
    expect(errors.wishes).toEqual(["Cochez au moins une demi-journée qui vous convient."]);
    expect(errors.until).toEqual(["La date ne peut pas être dans le passé."]);
    expect(errors.email?.[0]).toMatch(/Adresse e-mail invalide/);
    expect(errors.consent?.[0]).toMatch(/politique de confidentialité/);
    const far = parseWithZod(form({ ...good, until: "2027-12-01" }), { schema: waitlistJoinSchema(TODAY) });
    expect(messageText("fr", far.reply().error?.until?.[0] ?? "")).toMatch(/au plus 180 jours/);
    const bad = parseWithZod(form({ ...good, wishes: ["9am"] }), { schema: waitlistJoinSchema(TODAY) });
    expect(bad.status).toBe("error");
  });
});
