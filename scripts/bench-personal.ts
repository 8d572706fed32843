import { openDb } from "../app/.server/db/connection";
import { formationOfferTokenFromSalt, newFormationOfferLinkColumns, newOfferLinkColumns, offerTokenFromSalt, recallTokenFromSalt, tokenFromSalt } from "../app/.server/link-tokens";
import { writeTransaction } from "../app/.server/db";
import { createAppointment } from "../app/.server/repos/appointments";
import { refreshRecall } from "../app/.server/repos/recalls";
import { issueCertificates, markAttendance } from "../app/.server/repos/certificates";
import { joinWaitlist } from "../app/.server/repos/formation-waitlist";
import { insertEntry } from "../app/.server/repos/waitlist";
import { todayInClinic } from "../app/lib/clinic-time";
import { addDaysYmd, weekdayOf } from "../app/lib/schedule";
import { wishOf } from "../app/lib/waitlist";

/**
 * The personal pages of `npm run bench:http` (never in the sitemap: noindex, never cached): one of
 * each kind, made in the running server's database after its demo seed, with the server's
 * SESSION_SECRET (the tokens are HMACs of stored salts). Returns their paths:
 * /rdv/<token>, /offre/<token>, /offre-formation/<token>, /rappel/<token>, /attestation/<code>.
 */
export async function personalPages(dbFile: string, secret: string): Promise<string[]> {
  process.env.SESSION_SECRET = secret;
  const h = openDb({ kind: "sqlite", path: dbFile });
  const paths: string[] = [];
  try {
    const today = todayInClinic();
    const now = new Date();
    const iso = now.toISOString();
    const staff = { staffUserId: null, label: "bench-http" };

    // an appointment to come (its personal link), and an honoured visit of the same patient (a recall)
    const who = { name: "Amina Benali", email: "amina@exemple.dz", phone: "0550 12 34 56", message: null };
    const { appointment: rdv } = await createAppointment(h, { ...who, service: "Soins conservateurs", date: addDaysYmd(today, 3), time: "10:00" });
    if (!rdv.link_salt) throw new Error("the appointment has no personal link");
    paths.push(`/rdv/${tokenFromSalt(rdv.link_salt)}`);
    const { appointment: visit } = await createAppointment(h, { ...who, service: "Soins conservateurs", date: addDaysYmd(today, -200), time: "10:00" });
    await h.db.updateTable("appointments").set({ status: "attended" }).where("id", "=", Number(visit.id)).execute();
    await writeTransaction(h, (trx) => refreshRecall(trx, Number(visit.patient_id), "Soins conservateurs"));

    // a waiting-list offer of a morning slot on the next working day
    let day = addDaysYmd(today, 2);
    while (weekdayOf(day) === 5) day = addDaysYmd(day, 1);
    const { entry } = await insertEntry(
      h,
      { patientId: null, name: "Patiente Bench", phone: "0550 00 00 99", email: "bench@exemple.dz", service: "Soins conservateurs", wishes: wishOf(day, "10:00"), untilDate: addDaysYmd(day, 7), source: "online", submissionKey: null },
      staff,
    );
    const offer = newOfferLinkColumns();
    await h.db
      .insertInto("waitlist_offers")
      .values({ entry_id: Number(entry.id), freed_appointment_id: null, service: "Soins conservateurs", date: day, time: "10:00", chair: 1, status: "open", ...offer, expires_at: new Date(now.getTime() + 2 * 3_600_000).toISOString(), appointment_id: null, created_at: iso })
      .execute();
    paths.push(`/offre/${offerTokenFromSalt(offer.link_salt)}`);

    const recall = await h.db.selectFrom("recalls").select("link_salt").where("patient_id", "=", Number(visit.patient_id)).executeTakeFirst();
    if (recall?.link_salt) paths.push(`/rappel/${recallTokenFromSalt(recall.link_salt)}`);

    // a course: a session to come with a place offered, and a session held with a certificate
    const f = await h.db
      .insertInto("formations")
      // dated before the demo formation: /syllabus and /ar/syllabus (the newest one's programme) stay the demo's, as the sitemap read them
      .values({ title: "Implantologie orale (bench)", description: "Cours pratique", duration_months: 1, max_participants: 10, price: null, is_active: 1, syllabus: null, created_at: "2020-01-01T00:00:00.000Z", updated_at: iso })
      .returning("id")
      .executeTakeFirstOrThrow();
    const session = (start: string, end: string, capacity = 10) =>
      h.db
        .insertInto("formation_sessions")
        .values({ formation_id: Number(f.id), start_date: start, end_date: end, day_start: "09:00", day_end: "17:00", place: "Salle de formation, Kouba (Alger)", capacity, price: 35_000_000, created_at: iso, updated_at: iso })
        .returning("id")
        .executeTakeFirstOrThrow();
    // a full session (one place, taken), whose waiting list is offered a place that came free
    const coming = await session(addDaysYmd(today, 30), addDaysYmd(today, 32), 1);
    const enrol = (sessionId: number, first: string, last: string) =>
      h.db
        .insertInto("enrollments")
        .values({ formation_id: Number(f.id), session_id: sessionId, user_name: first, user_surname: last, email: `${first.toLowerCase()}@exemple.dz`, phone: "0550123456", formation_chosen: "Implantologie orale (bench)", enrollment_date: iso, status: "confirmed", submission_key: null })
        .returning("id")
        .executeTakeFirstOrThrow();
    await enrol(Number(coming.id), "Lina", "Haddad");
    const joined = await joinWaitlist(h, Number(coming.id), { user_name: "Samia", user_surname: "Belkacem", email: "samia@exemple.dz", phone: "0550123456" });
    if (!joined.ok) throw new Error(`joinWaitlist: ${JSON.stringify(joined)}`);
    const place = newFormationOfferLinkColumns();
    await h.db
      .updateTable("formation_waitlist")
      .set({ status: "offered", ...place, offered_at: iso, offer_expires_at: new Date(now.getTime() + 24 * 3_600_000).toISOString() })
      .where("id", "=", Number(joined.entry.id))
      .execute();
    paths.push(`/offre-formation/${formationOfferTokenFromSalt(place.link_salt)}`);

    const held = await session(addDaysYmd(today, -10), addDaysYmd(today, -9));
    const e = await enrol(Number(held.id), "Karim", "Ould");
    for (const d of [addDaysYmd(today, -10), addDaysYmd(today, -9)]) await markAttendance(h, { sessionId: Number(held.id), enrollmentId: Number(e.id), day: d, present: true, today }, staff);
    const issued = await issueCertificates(h, Number(held.id), { today, trainer: "Dr Bench" }, staff);
    if (!issued.ok) throw new Error(`issueCertificates: ${issued.reason}`);
    const cert = await h.db.selectFrom("certificates").select("code").where("session_id", "=", Number(held.id)).executeTakeFirstOrThrow();
    paths.push(`/attestation/${cert.code}`);
  } finally {
    await h.close();
  }
  return paths;
}
