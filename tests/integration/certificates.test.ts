import { beforeEach, expect, it } from "vitest";
import type { Actor } from "~/.server/actor";
import { attendanceSheet, certificateByCode, issueCertificates, markAttendance, revokeCertificate, sessionCertificates } from "~/.server/repos/certificates";
import { insertStaff } from "~/.server/repos/staff";
import { certificatesPdf } from "~/.server/pdf/certificate";
import { DEMO_CLINIC } from "~/lib/clinic";
import { describeEachEngine } from "../helpers/db";
import { pdfPages } from "../helpers/pdf-text";

/**
 * Attendance and certificates of a course session (issue 31, item 6) on both engines: one mark
 * per participant and day (a second tap changes it), only on the session's days up to today and
 * for its confirmed participants; certificates for those present at least one day, numbered per
 * year without gaps, one per enrolment even when two staff members issue at once; the public code
 * finds it, a withdrawn one says so.
 */
describeEachEngine("attendance and certificates", (t) => {
  let staff: Actor;
  let sessionId: number;
  const people: Record<string, number> = {};

  beforeEach(async () => {
    staff = { staffUserId: Number((await insertStaff(t.h, "formation@clinique.dz", "x", "dentist")).id), label: "formation@clinique.dz" };
    const now = "2026-11-01T09:00:00.000Z";
    const f = await t.h.db
      .insertInto("formations")
      .values({ title: "Implantologie orale", description: "Cours", duration_months: 1, max_participants: 10, price: null, is_active: 1, syllabus: null, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const s = await t.h.db
      .insertInto("formation_sessions")
      .values({ formation_id: Number(f.id), start_date: "2026-12-07", end_date: "2026-12-09", day_start: "09:00", day_end: "17:00", place: "Salle de formation, Kouba (Alger)", capacity: 10, price: 35_000_000, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    sessionId = Number(s.id);
    const enrol = async (first: string, last: string, status: "pending" | "confirmed" | "cancelled", email = `${first.toLowerCase()}@exemple.dz`) => {
      const e = await t.h.db
        .insertInto("enrollments")
        .values({ formation_id: Number(f.id), session_id: sessionId, user_name: first, user_surname: last, email, phone: "0550123456", formation_chosen: "Implantologie orale", enrollment_date: now, status, submission_key: null })
        .returning("id")
        .executeTakeFirstOrThrow();
      people[first] = Number(e.id);
    };
    await enrol("Samia", "Belkacem", "confirmed");
    await enrol("Karim", "Ould", "confirmed");
    await enrol("Lina", "Haddad", "confirmed");
    await enrol("Yacine", "Mebarki", "pending");
    await enrol("Nora", "Saidi", "cancelled");
  });

  const mark = (who: string, day: string, present: boolean, today = "2026-12-09") => markAttendance(t.h, { sessionId, enrollmentId: people[who], day, present, today }, staff);

  it("keeps one mark per participant and day, refuses other days, the future and who does not take part; audited", async () => {
    expect(await mark("Samia", "2026-12-07", true)).toEqual({ ok: true });
    expect(await mark("Samia", "2026-12-07", false)).toEqual({ ok: true });
    expect(await mark("Samia", "2026-12-07", true)).toEqual({ ok: true });
    expect(await mark("Karim", "2026-12-07", false)).toEqual({ ok: true });
    expect(await mark("Samia", "2026-12-06", true)).toEqual({ ok: false, reason: "day_outside" });
    expect(await mark("Samia", "2026-12-09", true, "2026-12-08")).toEqual({ ok: false, reason: "day_future" });
    expect(await mark("Yacine", "2026-12-07", true)).toEqual({ ok: false, reason: "not_participant" });
    expect(await mark("Nora", "2026-12-07", true)).toEqual({ ok: false, reason: "not_participant" });
    const rows = await t.h.db.selectFrom("session_attendance").select(["enrollment_id", "day", "present"]).orderBy("enrollment_id").execute();
    expect(rows.map((r) => [Number(r.enrollment_id), r.day, Number(r.present)])).toEqual([
      [people.Samia, "2026-12-07", 1],
      [people.Karim, "2026-12-07", 0],
    ]);
    const sheet = await attendanceSheet(t.h, sessionId);
    expect(sheet!.daysHeld).toEqual(["2026-12-07"]);
    expect(sheet!.participants.map((p) => [p.name, p.marks["2026-12-07"]])).toEqual([
      ["Samia Belkacem", true],
      ["Lina Haddad", undefined],
      ["Karim Ould", false],
    ]);
    const audit = await t.h.db.selectFrom("audit_log").select("action").where("action", "like", "attendance.%").execute();
    expect(audit).toHaveLength(4);
  });

  it("issues certificates from the last day to those present at least one day, numbered without gaps, once each, even when issued twice at once", async () => {
    await mark("Samia", "2026-12-07", true);
    await mark("Samia", "2026-12-08", true);
    await mark("Samia", "2026-12-09", false);
    await mark("Karim", "2026-12-07", true);
    await mark("Karim", "2026-12-08", true);
    await mark("Karim", "2026-12-09", true);
    await mark("Lina", "2026-12-07", false);
    expect(await issueCertificates(t.h, sessionId, { today: "2026-12-08", trainer: "Dr Nadir Hamdi" }, staff)).toEqual({ ok: false, reason: "not_ended" });
    const at = new Date("2026-12-09T16:00:00Z");
    const [a, b] = await Promise.all([
      issueCertificates(t.h, sessionId, { today: "2026-12-09", trainer: "Dr Nadir Hamdi", now: at }, staff),
      issueCertificates(t.h, sessionId, { today: "2026-12-09", trainer: "Dr Nadir Hamdi", now: at }, staff),
    ]);
    // one of the two issued both; the other found nobody left
    expect([a, b].filter((r) => r.ok).map((r) => (r.ok ? r.issued.length : 0))).toEqual([2]);
    expect([a, b].filter((r) => !r.ok)).toEqual([{ ok: false, reason: "nobody" }]);
    const certs = await sessionCertificates(t.h, sessionId);
    expect(certs.map((c) => [c.number, c.holder, c.daysPresent.length, c.daysHeld])).toEqual([
      ["2026-0001", "Samia Belkacem", 2, 3],
      ["2026-0002", "Karim Ould", 3, 3],
    ]);
    expect(Number((await t.h.db.selectFrom("certificate_counters").select("last").where("year", "=", 2026).executeTakeFirstOrThrow()).last)).toBe(2);
    // Lina, absent every day, gets none; the public code finds a certificate, a made-up one nothing
    const found = await certificateByCode(t.h, certs[0].code);
    expect(found?.holder).toBe("Samia Belkacem");
    expect(found?.formationTitle).toBe("Implantologie orale");
    expect(await certificateByCode(t.h, "AAAAAAAAAAAA")).toBeUndefined();
    // a renamed formation does not change a certificate already given
    await t.h.db.updateTable("formations").set({ title: "Autre titre" }).execute();
    expect((await certificateByCode(t.h, certs[1].code))?.formationTitle).toBe("Implantologie orale");
    // withdrawn: the code still finds it, and says so; the session's download leaves it out
    expect(await revokeCertificate(t.h, certs[0].id, staff)).toBe(true);
    expect(await revokeCertificate(t.h, certs[0].id, staff)).toBe(false);
    expect((await certificateByCode(t.h, certs[0].code))?.revokedAt).not.toBeNull();
    expect((await sessionCertificates(t.h, sessionId)).map((c) => c.number)).toEqual(["2026-0002"]);
    // the file of the session reads back
    const pages = await pdfPages(await certificatesPdf(DEMO_CLINIC, await sessionCertificates(t.h, sessionId), "https://clinique.example"));
    expect(pages).toHaveLength(1);
    expect(pages[0].replace(/\s/g, " ")).toContain("Karim Ould");
    expect(pages[0]).toContain(`https://clinique.example/attestation/${certs[1].code}`);
    const audit = await t.h.db.selectFrom("audit_log").select("action").where("action", "like", "certificate.%").orderBy("id").execute();
    expect(audit.map((r) => r.action)).toEqual(["certificate.issue", "certificate.revoke"]);
  });
});
