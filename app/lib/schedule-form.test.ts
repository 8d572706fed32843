import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { dayMonth, DEFAULT_WEEKLY, defaultSchedule, exceptionSummary } from "./schedule";
import {
  exceptionFromForm,
  exceptionSchema,
  formatLongDay,
  nextRangeSuggestion,
  outsideOpeningHours,
  outsideWarning,
  RANGE_MESSAGES,
  servicesFormValue,
  servicesFromForm,
  servicesSchema,
  settingsFormValue,
  settingsFromForm,
  settingsSchema,
  weeklyFormValue,
  weeklyFromForm,
  weeklyHoursSchema,
} from "./schedule-form";

/** A form as the browser posts it. */
function form(entries: Record<string, string | string[]>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) for (const x of Array.isArray(v) ? v : [v]) fd.append(k, x);
  return fd;
}

/** The messages of a refused form, by field name. */
function errors(s: object): Record<string, string[] | null | undefined> {
  return ("error" in s ? (s.error as Record<string, string[] | null> | null | undefined) : undefined) ?? {};
}

/** The posted fields of a weekly form: every day closed except those given. */
function weekly(days: Partial<Record<string, [string, string][]>>) {
  const out: Record<string, string> = {};
  for (const [key, ranges] of Object.entries(days)) {
    ranges?.forEach(([opens, closes], i) => {
      out[`${key}[${i}].opens`] = opens;
      out[`${key}[${i}].closes`] = closes;
    });
  }
  return out;
}

describe("weekly hours form", () => {
  it("stores several ranges per day, sorted, and a day without a range as closed", () => {
    const s = parseWithZod(form(weekly({ d6: [["13:30", "17:00"], ["09:00", "12:30"]], d0: [["09:00:00", "13:00"]] })), { schema: weeklyHoursSchema });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    const value = weeklyFromForm(s.value);
    expect(value[6]).toEqual([
      { opens: "09:00", closes: "12:30" },
      { opens: "13:30", closes: "17:00" },
    ]);
    expect(value[0]).toEqual([{ opens: "09:00", closes: "13:00" }]);
    expect(value[5]).toEqual([]);
    expect(value[1]).toEqual([]);
  });

  it("says beside each field what is wrong: format, quarter hours, order, overlap", () => {
    const s = parseWithZod(
      form(
        weekly({
          d6: [["9h", "12:00"]],
          d0: [["09:10", "12:00"]],
          d1: [["14:00", "13:00"]],
          d2: [["09:00", "12:30"], ["12:00", "17:00"]],
          d3: [["", "12:00"]],
        }),
      ),
      { schema: weeklyHoursSchema },
    );
    expect(s.status).toBe("error");
    const e = errors(s);
    expect(e["d6[0].opens"]).toEqual([RANGE_MESSAGES.invalid]);
    expect(e["d0[0].opens"]).toEqual([RANGE_MESSAGES.quarter]);
    expect(e["d1[0].closes"]).toEqual([RANGE_MESSAGES.order]);
    expect(e["d2[1].opens"]).toEqual(["Cette plage chevauche celle de 09:00 à 12:30."]);
    expect(e["d2[0].opens"]).toBeUndefined();
    expect(e["d3[0].opens"]).toEqual([RANGE_MESSAGES.opensMissing]);
  });

  it("says the overlap on the later range whatever the order typed, and accepts ranges that touch", () => {
    const s = parseWithZod(form(weekly({ d4: [["13:00", "17:00"], ["09:00", "13:30"]] })), { schema: weeklyHoursSchema });
    expect(errors(s)["d4[0].opens"]).toEqual(["Cette plage chevauche celle de 09:00 à 13:30."]);
    const touching = parseWithZod(form(weekly({ d4: [["09:00", "13:00"], ["13:00", "17:00"]] })), { schema: weeklyHoursSchema });
    expect(touching.status).toBe("success");
  });

  it("refuses more than four ranges in a day, on the day", () => {
    const five: [string, string][] = [["08:00", "09:00"], ["09:00", "10:00"], ["10:00", "11:00"], ["11:00", "12:00"], ["12:00", "13:00"]];
    const s = parseWithZod(form(weekly({ d1: five })), { schema: weeklyHoursSchema });
    expect(errors(s).d1).toEqual([RANGE_MESSAGES.tooMany]);
  });

  it("turns the stored week into form values, Saturday first", () => {
    const v = weeklyFormValue(DEFAULT_WEEKLY);
    expect(Object.keys(v)).toEqual(["d6", "d0", "d1", "d2", "d3", "d4", "d5"]);
    expect(v.d5).toEqual([]);
    expect(v.d6).toEqual(DEFAULT_WEEKLY[6]);
  });

  it("suggests the next range after a lunch break", () => {
    expect(nextRangeSuggestion([])).toEqual({ opens: "09:00", closes: "12:30" });
    expect(nextRangeSuggestion([{ opens: "09:00", closes: "12:30" }])).toEqual({ opens: "13:30", closes: "17:00" });
    expect(nextRangeSuggestion([{ opens: "18:00", closes: "22:30" }])).toEqual({ opens: "", closes: "" });
  });
});

describe("closure and special hours form", () => {
  const today = "2026-03-01";
  const schema = exceptionSchema(today);

  it("stores a closure over a range of days with no hours", () => {
    const s = parseWithZod(form({ startDate: "2026-03-30", endDate: "2026-04-01", label: " Aïd el-Fitr ", kind: "closed", "ranges[0].opens": "10:00", "ranges[0].closes": "15:00" }), {
      schema,
    });
    expect(s.status).toBe("success");
    if (s.status === "success") expect(exceptionFromForm(s.value)).toEqual({ startDate: "2026-03-30", endDate: "2026-04-01", label: "Aïd el-Fitr", ranges: [] });
  });

  it("stores special hours with their ranges", () => {
    const s = parseWithZod(form({ startDate: "2026-03-01", endDate: "2026-03-29", label: "Horaires du Ramadan", kind: "special", "ranges[0].opens": "10:00", "ranges[0].closes": "15:00" }), { schema });
    expect(s.status).toBe("success");
    if (s.status === "success") expect(exceptionFromForm(s.value).ranges).toEqual([{ opens: "10:00", closes: "15:00" }]);
  });

  it("refuses an end before the start, a past period, a missing label, and special hours without a range", () => {
    const a = parseWithZod(form({ startDate: "2026-04-02", endDate: "2026-04-01", label: "", kind: "closed" }), { schema });
    expect(errors(a).label).toEqual(["Indiquez un libellé (exemple : Aïd el-Fitr, Congé annuel)."]);
    // every message at once, not one after another
    expect(errors(a).endDate).toEqual(["Le dernier jour doit être le même que le premier, ou après."]);
    const b = parseWithZod(form({ startDate: "2026-04-02", endDate: "2026-04-01", label: "Congé", kind: "closed" }), { schema });
    expect(errors(b).endDate).toEqual(["Le dernier jour doit être le même que le premier, ou après."]);
    const c = parseWithZod(form({ startDate: "2026-02-01", endDate: "2026-02-28", label: "Congé", kind: "closed" }), { schema });
    expect(errors(c).endDate).toEqual(["Cette période est déjà passée : choisissez des jours à venir."]);
    const d = parseWithZod(form({ startDate: "2026-03-02", endDate: "2026-03-02", label: "Demi-journée", kind: "special" }), { schema });
    expect(errors(d).ranges).toEqual([RANGE_MESSAGES.noRange]);
    const e = parseWithZod(form({ startDate: "2026-03-02", endDate: "2026-03-02", label: "Demi-journée", kind: "special", "ranges[0].opens": "15:00", "ranges[0].closes": "10:00" }), {
      schema,
    });
    expect(errors(e)["ranges[0].closes"]).toEqual([RANGE_MESSAGES.order]);
    const f = parseWithZod(form({ startDate: "2026-03-02", endDate: "2027-03-10", label: "Travaux", kind: "closed" }), { schema });
    expect(errors(f).endDate).toEqual(["Une période dure au plus 366 jours."]);
  });

  it("is said on the site as a sentence", () => {
    expect(exceptionSummary({ startDate: "2026-03-30", endDate: "2026-04-01", label: "Aïd el-Fitr", ranges: [] })).toBe("Fermé du 30/03 au 01/04 : Aïd el-Fitr");
    expect(exceptionSummary({ startDate: "2026-07-05", endDate: "2026-07-05", label: "Fête de l'Indépendance", ranges: [] })).toBe("Fermé le 05/07 : Fête de l'Indépendance");
    expect(exceptionSummary({ startDate: "2026-02-18", endDate: "2026-03-19", label: "Horaires du Ramadan", ranges: [{ opens: "10:00", closes: "15:00" }] })).toBe(
      "Horaires du Ramadan du 18/02 au 19/03 : 10:00\u00a0–\u00a015:00",
    );
    expect(dayMonth("2026-12-01")).toBe("01/12");
    expect(formatLongDay("2026-03-30")).toBe("lundi 30 mars 2026");
  });
});

describe("the forms' constraints", () => {
  it("are readable by Conform (no transform at a schema's root)", () => {
    for (const schema of [weeklyHoursSchema, exceptionSchema("2026-03-01"), servicesSchema, settingsSchema]) expect(() => getZodConstraint(schema)).not.toThrow();
  });
});

describe("services form", () => {
  it("round-trips the stored settings", () => {
    const values = servicesFormValue(defaultSchedule().services);
    const entries: Record<string, string> = {};
    values.services.forEach((s, i) => {
      entries[`services[${i}].service`] = s.service;
      entries[`services[${i}].duration`] = s.duration;
      entries[`services[${i}].buffer`] = s.buffer;
      if (s.online && i !== 3) entries[`services[${i}].online`] = "on";
    });
    const s = parseWithZod(form(entries), { schema: servicesSchema });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    const stored = servicesFromForm(s.value);
    expect(stored).toHaveLength(8);
    expect(stored[0]).toEqual({ service: "Implementation", durationMinutes: 90, bufferMinutes: 15, online: true });
    // an unticked box: not bookable online
    expect(stored[3]).toEqual({ service: "Orthodontie", durationMinutes: 30, bufferMinutes: 15, online: false });
  });

  it("keeps durations in quarter hours within their limits", () => {
    const s = parseWithZod(
      form({
        "services[0].service": "Implementation",
        "services[0].duration": "50",
        "services[0].buffer": "135",
        "services[1].service": "Orthodontie",
        "services[1].duration": "",
        "services[1].buffer": "abc",
        "services[2].service": "Extraction dentaire",
        "services[2].duration": "495",
        "services[2].buffer": "0",
      }),
      { schema: servicesSchema },
    );
    expect(errors(s)["services[0].duration"]).toEqual(["Par quarts d'heure : 0, 15, 30, 45, 60… minutes."]);
    expect(errors(s)["services[0].buffer"]).toEqual(["La stérilisation : de 0 à 120 minutes."]);
    expect(errors(s)["services[1].duration"]).toEqual(["Indiquez la durée en minutes."]);
    expect(errors(s)["services[1].buffer"]).toEqual(["Indiquez un nombre entier de minutes."]);
    expect(errors(s)["services[2].duration"]).toEqual(["La durée : de 15 à 480 minutes."]);
    expect(errors(s)["services[2].buffer"]).toBeUndefined();
  });
});

describe("booking rules form", () => {
  it("stores the notice in minutes, typed in hours or minutes", () => {
    const h = parseWithZod(form({ notice: "2", noticeUnit: "hours", horizonDays: "60", chairs: "1" }), { schema: settingsSchema });
    expect(h.status === "success" && settingsFromForm(h.value)).toEqual({ minNoticeMinutes: 120, horizonDays: 60, chairs: 1 });
    const m = parseWithZod(form({ notice: "45", noticeUnit: "minutes", horizonDays: "30", chairs: "3" }), { schema: settingsSchema });
    expect(m.status === "success" && settingsFromForm(m.value)).toEqual({ minNoticeMinutes: 45, horizonDays: 30, chairs: 3 });
    expect(settingsFormValue({ minNoticeMinutes: 120, horizonDays: 60, chairs: 1 })).toEqual({ notice: "2", noticeUnit: "hours", horizonDays: "60", chairs: "1" });
    expect(settingsFormValue({ minNoticeMinutes: 90, horizonDays: 60, chairs: 1 })).toMatchObject({ notice: "90", noticeUnit: "minutes" });
  });

  it("refuses values out of their limits, with the limits said", () => {
    const s = parseWithZod(form({ notice: "200", noticeUnit: "hours", horizonDays: "0", chairs: "11" }), { schema: settingsSchema });
    expect(errors(s).notice).toEqual(["Le délai minimum va de 0 à 7 jours (168 heures)."]);
    expect(errors(s).horizonDays).toEqual(["De 1 à 365 jours."]);
    expect(errors(s).chairs).toEqual(["De 1 à 10 fauteuils."]);
    const t = parseWithZod(form({ notice: "48", noticeUnit: "hours", horizonDays: "2", chairs: "1" }), { schema: settingsSchema });
    expect(errors(t).notice?.[0]).toMatch(/plus court que la période de réservation/);
  });
});

describe("appointments left outside the hours", () => {
  const schedule = { weekly: DEFAULT_WEEKLY, exceptions: [{ startDate: "2026-03-30", endDate: "2026-04-01", label: "Aïd", ranges: [] }] };
  it("finds the booked appointments that no longer fit their day", () => {
    const list = [
      { id: 1, date: "2026-03-28", time: "09:00", duration_minutes: 90 }, // Saturday, fits
      { id: 2, date: "2026-03-28", time: "12:00", duration_minutes: 60 }, // runs into the break
      { id: 3, date: "2026-03-31", time: "10:00", duration_minutes: 30 }, // closure
      { id: 4, date: "2026-03-27", time: "10:00", duration_minutes: 30 }, // a Friday
    ];
    expect(outsideOpeningHours(schedule, list).map((a) => a.id)).toEqual([2, 3, 4]);
    expect(outsideWarning(0)).toBeNull();
    expect(outsideWarning(1)).toMatch(/^1 rendez-vous déjà pris tombe en dehors/);
    expect(outsideWarning(3)).toMatch(/^3 rendez-vous déjà pris tombent en dehors/);
  });
});
