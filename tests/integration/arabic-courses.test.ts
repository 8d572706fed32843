import { beforeEach, describe, expect, it } from "vitest";
import { certificateMail } from "~/.server/certificate-actions";
import { getClinic } from "~/.server/clinic";
import { buildEnrollmentEmails } from "~/.server/enrollment-mail";
import { certificateLanguages, certificatesByIds, issueCertificates, markAttendance } from "~/.server/repos/certificates";
import { runPaymentDeadlines } from "~/.server/repos/enrollment-deadlines";
import { enroll } from "~/.server/repos/enrollments";
import { createSession } from "~/.server/repos/formation-sessions";
import { joinWaitlist, type OfferContext } from "~/.server/repos/formation-waitlist";
import { createFormation } from "~/.server/repos/formations";
import { insertStaff } from "~/.server/repos/staff";
import type { Clinic } from "~/lib/clinic";
import { describeEachEngine } from "../helpers/db";

/**
 * The course messages in the trainee's language (issue 32, the training side), on both engines: an
 * enrolment or a waiting-list entry made on an /ar page ('ar') gets its acknowledgement, payment
 * reminder, release, waiting-list offer and certificate e-mail in Arabic, with links to the /ar
 * pages; a French one gets the French messages as before.
 */
const NOW = new Date("2027-01-04T09:00:00.000Z");
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const ORIGIN = "https://clinique.example";
const LATIN = /[A-Za-zÀ-ÿ]{3,}/;
/** An Arabic text's own words: its isolated runs (a French title, a price, a time) and its links left out. */
const arabicOnly = (text: string) => text.replace(/[\u2066\u2067\u2068][^\u2069]*\u2069/g, " ").replace(/https?:\/\/\S+/g, " ");
const person = (i: number, language: "fr" | "ar") => ({ user_name: `Nom${i}`, user_surname: `Prénom${i}`, email: `${language}${i}@exemple.dz`, phone: "0550 12 34 56", language });

describeEachEngine("course messages in the trainee's language", (t) => {
  let clinic: Clinic;
  let ctx: OfferContext;
  beforeEach(async () => {
    clinic = await getClinic(t.h);
    ctx = { clinic, origin: ORIGIN };
  });
  const outbox = (kind: string) => t.h.db.selectFrom("outbox").select(["to_address", "subject", "body_text"]).where("kind", "=", kind).orderBy("id").execute();

  async function seeded(capacity: number) {
    const f = await createFormation(t.h, { title: "Implantologie orale", description: "D", duration_months: 6, max_participants: 10, price: 35_000_000, is_active: true, syllabus: null, title_ar: "تكوين في زراعة الأسنان" });
    const s = await createSession(t.h, f.id, { start_date: "2027-02-15", end_date: "2027-02-17", day_start: "09:00", day_end: "17:00", place: "Kouba (Alger)", capacity, price: 35_000_000, status: "open", payment_days: 3, offer_hours: 24 });
    return { f, s };
  }

  it("the acknowledgement: Arabic for an Arabic enrolment (its Arabic title, /ar/syllabus), French as before for a French one", async () => {
    const { f, s } = await seeded(10);
    const ar = await enroll(t.h, { formation_id: null, session_id: s.id, ...person(1, "ar") }, { at: NOW.toISOString() });
    const fr = await enroll(t.h, { formation_id: null, session_id: s.id, ...person(2, "fr") }, { at: NOW.toISOString() });
    if (!ar.ok || !fr.ok) throw new Error("enrol");
    expect([ar.enrollment.language, fr.enrollment.language]).toEqual(["ar", "fr"]);
    const formation = { id: f.id, title: f.title, title_ar: f.title_ar, duration_months: 6, price: 35_000_000, place: "Kouba (Alger)" };
    const opts = { clinic, publicUrl: ORIGIN, clinicAddress: "clinique@exemple.dz" };
    const [toArabic, staffNotice] = buildEnrollmentEmails(ar.enrollment, formation, opts);
    expect(toArabic.subject).toMatch(/^طلب تسجيلكم — /);
    expect(toArabic.text).toContain("دورة «تكوين في زراعة الأسنان»");
    expect(toArabic.text).toContain(`${ORIGIN}/ar/syllabus/${f.id}`);
    expect(toArabic.text).toContain("\u2066350\u202f000\u00a0DA\u2069");
    expect(arabicOnly(toArabic.text)).not.toMatch(LATIN);
    // the clinic's notice stays French, and says the trainee's language
    expect(staffNotice.text).toMatch(/Nouvelle demande d'inscription/);
    expect(staffNotice.text).toMatch(/Langue des messages\u202f: arabe/);
    const [toFrench] = buildEnrollmentEmails(fr.enrollment, formation, opts);
    expect(toFrench.subject).toMatch(/^Votre demande d'inscription — /);
    expect(toFrench.text).toContain(`${ORIGIN}/syllabus/${f.id}`);
    expect(toFrench.text).not.toContain("/ar/");
  });

  it("payment reminder, release and the waiting list's offer: Arabic with the /ar/offre-formation link for Arabic trainees, French for French ones", async () => {
    const { s } = await seeded(2);
    const ar = await enroll(t.h, { formation_id: null, session_id: s.id, ...person(10, "ar") }, { at: NOW.toISOString() });
    const fr = await enroll(t.h, { formation_id: null, session_id: s.id, ...person(11, "fr") }, { at: NOW.toISOString() });
    expect([ar.ok, fr.ok]).toEqual([true, true]);
    expect((await joinWaitlist(t.h, s.id, person(12, "ar"), { at: NOW })).ok).toBe(true);
    expect(await t.h.db.selectFrom("formation_waitlist").select("language").where("session_id", "=", s.id).execute()).toEqual([{ language: "ar" }]);

    const pastDue = new Date(NOW.getTime() + 3 * DAY + 1000);
    expect(await runPaymentDeadlines(t.h, pastDue, ctx)).toEqual({ reminded: 2, released: 0, offered: 0 });
    const reminders = await outbox("course_payment_reminder");
    const arReminder = reminders.find((m) => m.to_address === "ar10@exemple.dz")!;
    const frReminder = reminders.find((m) => m.to_address === "fr11@exemple.dz")!;
    expect(arReminder.subject).toBe("تذكير: دفع مستحقات تسجيلكم — تكوين في زراعة الأسنان");
    expect(arReminder.body_text).toContain("من الاثنين، 15 فيفري 2027 إلى الأربعاء، 17 فيفري 2027");
    expect(arabicOnly(arReminder.body_text)).not.toMatch(LATIN);
    expect(frReminder.subject).toBe("Rappel\u202f: paiement de votre inscription — Implantologie orale");
    expect(frReminder.body_text).toContain("du lundi 15 février 2027 au mercredi 17 février 2027");

    // the Arabic trainee's place is released (the French one paid in the meantime) and offered to the Arabic waiting list
    await t.h.db.updateTable("enrollments").set({ paid_at: pastDue.toISOString(), status: "confirmed" }).where("email", "=", "fr11@exemple.dz").execute();
    expect(await runPaymentDeadlines(t.h, new Date(pastDue.getTime() + 48 * HOUR), ctx)).toEqual({ reminded: 0, released: 1, offered: 1 });
    const [released] = await outbox("course_released");
    expect(released.subject).toBe("تحرير التسجيل — تكوين في زراعة الأسنان");
    expect(arabicOnly(released.body_text)).not.toMatch(LATIN);
    const [offer] = await outbox("course_offer");
    expect(offer.to_address).toBe("ar12@exemple.dz");
    expect(offer.subject).toBe("تحرّر مقعد — تكوين في زراعة الأسنان");
    expect(offer.body_text).toMatch(new RegExp(`^${ORIGIN}/ar/offre-formation/[A-Za-z0-9_-]{20,}$`, "m"));
    expect(arabicOnly(offer.body_text)).not.toMatch(LATIN);
  });

  describe("the certificate's e-mail", () => {
    it("in Arabic for an Arabic enrolment (the /ar/attestation check; the PDF itself stays French), in French otherwise", async () => {
      const staff = { staffUserId: Number((await insertStaff(t.h, "formation@clinique.dz", "x", "dentist")).id), label: "formation@clinique.dz" };
      const now = "2026-11-01T09:00:00.000Z";
      const f = await t.h.db.insertInto("formations").values({ title: "Implantologie orale", description: "Cours", duration_months: 1, max_participants: 10, price: null, is_active: 1, syllabus: null, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
      const s = await t.h.db
        .insertInto("formation_sessions")
        .values({ formation_id: Number(f.id), start_date: "2026-12-07", end_date: "2026-12-07", day_start: "09:00", day_end: "17:00", place: "Kouba (Alger)", capacity: 10, price: 0, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      const ids: Record<string, number> = {};
      for (const language of ["ar", "fr"] as const) {
        const e = await t.h.db
          .insertInto("enrollments")
          .values({ formation_id: Number(f.id), session_id: Number(s.id), user_name: "Nom", user_surname: language, email: `${language}@exemple.dz`, phone: "0550123456", formation_chosen: "Implantologie orale", enrollment_date: now, status: "confirmed", submission_key: null, language })
          .returning("id")
          .executeTakeFirstOrThrow();
        ids[language] = Number(e.id);
        expect(await markAttendance(t.h, { sessionId: Number(s.id), enrollmentId: Number(e.id), day: "2026-12-07", present: true, today: "2026-12-08" }, staff)).toEqual({ ok: true });
      }
      const issued = await issueCertificates(t.h, Number(s.id), { today: "2026-12-08", trainer: clinic.doctor.name }, staff);
      if (!issued.ok) throw new Error("issue");
      const languages = await certificateLanguages(t.h, issued.issued);
      const mails = (await certificatesByIds(t.h, issued.issued)).map((c) => certificateMail(c, clinic, Buffer.from("%PDF"), ORIGIN, languages.get(c.id))!);
      const ar = mails.find((m) => m.to === "ar@exemple.dz")!;
      const fr = mails.find((m) => m.to === "fr@exemple.dz")!;
      expect(ar.subject).toBe("شهادة حضوركم — \u2068Implantologie orale\u2069");
      expect(ar.text).toMatch(new RegExp(`${ORIGIN}/ar/attestation/[A-Z0-9]{12}`));
      expect(ar.text).toContain("يوم الاثنين، 7 ديسمبر 2026");
      expect(ar.text).toContain("الشهادة محرّرة باللغة الفرنسية.");
      expect(arabicOnly(ar.text)).not.toMatch(LATIN);
      expect(ar.attachments?.[0].filename).toMatch(/^attestation-2026-\d{4}\.pdf$/);
      expect(fr.subject).toBe("Votre attestation de présence — Implantologie orale");
      expect(fr.text).toMatch(new RegExp(`${ORIGIN}/attestation/[A-Z0-9]{12}`));
      expect(fr.text).not.toContain("/ar/");
    });
  });
});
