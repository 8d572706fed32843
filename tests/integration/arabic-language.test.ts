import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { saveServiceSettings, saveSettings, saveWeeklyHours } from "~/.server/repos/schedule";
import { saveLanguage } from "~/.server/repos/patients";
import { getPatientRecord } from "~/.server/repos/patient-record";
import { insertStaff } from "~/.server/repos/staff";
import type { BookingReply } from "~/lib/booking-answer";
import { DEFAULT_SETTINGS, DEFAULT_WEEKLY, defaultSchedule } from "~/lib/schedule";
import { action } from "~/routes/appointment";
import { describeEachEngine } from "../helpers/db";
import { postForm, setAppEnv, type FormResult } from "./public-form";

/**
 * The language of a booking (issue 32): a request made on /ar/appointment is stored with
 * language 'ar', and so is the patient record it creates; an existing record follows its latest
 * booking's language until staff set one by hand ('Langue des messages', a 'language' event in
 * its journal), which a later booking no longer changes. Both engines. The clinic's clock:
 * Tuesday 24 November 2026, 09:00 in Algiers.
 */
const NOW = new Date("2026-11-24T08:00:00Z");
const THURSDAY = "2026-11-26";

describeEachEngine("the language of a booking and of its patient record", { appDb: true }, (t) => {
  beforeAll(() => setAppEnv(["SMTP_URL", "RATE_LIMIT_FORM_MAX"], { RATE_LIMIT_FORM_MAX: "50" }));
  afterAll(() => setAppEnv(["RATE_LIMIT_FORM_MAX"]));
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    await saveWeeklyHours(t.h, DEFAULT_WEEKLY);
    await saveServiceSettings(t.h, Object.values(defaultSchedule().services));
    await saveSettings(t.h, DEFAULT_SETTINGS);
  });
  afterEach(() => vi.useRealTimers());

  const fields = (time: string) => ({ name: "Yasmine Haddad", email: "yasmine@exemple.dz", phone: "0661 22 33 44", service: "Orthodontie", date: THURSDAY, time, message: "", consent: "on" });
  const book = async (path: string, time: string) => {
    const r = (await postForm(action, `http://clinic.test${path}`, fields(time), "198.51.100.7")) as { data: BookingReply; init: FormResult["init"] };
    expect(r.data.status).toBe("success");
    return r;
  };
  const rows = () => t.h.db.selectFrom("appointments").select(["time", "language", "patient_id"]).orderBy("time").execute();
  const patient = async () => t.h.db.selectFrom("patients").select(["id", "language"]).executeTakeFirstOrThrow();

  it("/ar/appointment stores 'ar' on the appointment and the new record; the success says it in Arabic", async () => {
    const r = await book("/ar/appointment", "09:00");
    expect(r.data.booked).toMatchObject({ service: "تقويم الأسنان", time: "09:00" });
    expect(r.data.booked?.day).toMatch(/الخميس/);
    expect((await rows()).map((a) => a.language)).toEqual(["ar"]);
    expect((await patient()).language).toBe("ar");
    const record = await getPatientRecord(t.h, (await patient()).id);
    expect(record?.patient.language).toBe("ar");
    expect(record?.appointments.map((a) => a.language)).toEqual(["ar"]);
  });

  it("an existing record follows its latest booking's language, until staff set one by hand", async () => {
    await book("/appointment", "09:00");
    expect((await patient()).language).toBe("fr");
    await book("/ar/appointment", "10:30");
    expect((await patient()).language).toBe("ar");
    await book("/appointment", "13:30");
    expect((await patient()).language).toBe("fr");
    expect((await rows()).map((a) => a.language)).toEqual(["fr", "ar", "fr"]);

    // staff choose Arabic: stored with its journal entry; a French booking no longer changes it
    const u = await insertStaff(t.h, "accueil@clinique.dz", "hash-not-used");
    const id = (await patient()).id;
    expect(await saveLanguage(t.h, id, "ar", { staffUserId: Number(u.id), label: "accueil@clinique.dz" })).toEqual({ ok: true });
    expect(await saveLanguage(t.h, id, "ar", { staffUserId: Number(u.id), label: "accueil@clinique.dz" })).toEqual({ ok: false, reason: "same" });
    const events = await t.h.db.selectFrom("patient_events").select(["action", "detail", "actor"]).where("patient_id", "=", id).where("action", "=", "language").execute();
    expect(events).toEqual([{ action: "language", detail: "ar", actor: "accueil@clinique.dz" }]);
    await book("/appointment", "15:00");
    expect((await patient()).language).toBe("ar");
    expect((await rows()).at(-1)?.language).toBe("fr");
  });
});
