import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { writeTransaction } from "~/.server/db";
import { openDb, type Db } from "~/.server/db/connection";
import { queueMail } from "~/.server/mail";
import { createAppointment, updateAppointment, type AppointmentInput } from "~/.server/repos/appointments";
import { PATIENT_ACTOR, type Actor } from "~/.server/actor";
import { bookAppointment, setAppointmentStatus } from "~/.server/repos/booking";
import { saveContactSettings } from "~/.server/repos/contact-settings";
import { ERASED_NAME, linkPatient, mergePatients, RETENTION_ACTOR, saveNotes } from "~/.server/repos/patients";
import { anonymiseExpiredRequests, erasePatient, monthsBefore } from "~/.server/repos/patient-erasure";
import { exportPatient } from "~/.server/repos/patient-export";
import { listPatients } from "~/.server/repos/patient-list";
import { getPatientRecord } from "~/.server/repos/patient-record";
import { insertStaff } from "~/.server/repos/staff";
import type { AppointmentStatus } from "~/lib/appointment-status";
import { DEFAULT_CONTACT_SETTINGS } from "~/lib/contact-settings";
import { addDaysYmd } from "~/lib/schedule";
import { todayInClinic } from "~/lib/clinic-time";
import type { Service } from "~/lib/services";
import { describeEachEngine, TEST_DATABASE_URL } from "../helpers/db";

/**
 * Patient records and personal data (docs/product.md, "Staff: patients" and "Personal data";
 * app/.server/repos/patients.ts) on both engines: linking by phone and name, two first bookings
 * at once, the search, the money across visits, notes, merge, export, erasure and the retention
 * job. Every call gets the same fixed `now` (a Monday 09:50 in Algiers).
 */
const NOW = new Date("2026-11-23T08:50:00Z");
const TODAY = todayInClinic(NOW);

describe("monthsBefore", () => {
  it("goes back whole months and keeps the day, or the last day of a shorter month", () => {
    expect(monthsBefore("2026-11-23", 12)).toBe("2025-11-23");
    expect(monthsBefore("2026-03-31", 1)).toBe("2026-02-28");
    expect(monthsBefore("2024-03-31", 1)).toBe("2024-02-29");
    expect(monthsBefore("2026-01-15", 1)).toBe("2025-12-15");
    expect(monthsBefore("2026-01-15", 25)).toBe("2023-12-15");
  });
});

describeEachEngine("patient records", (t) => {
  let staff: Actor;
  let slot = 0;

  /** A booking taken by staff over the rules (any day, past ones too), each at its own hour. */
  async function book(over: Partial<AppointmentInput> & { status?: AppointmentStatus } = {}) {
    const { status, ...input } = over;
    slot += 1;
    const r = await bookAppointment(
      t.h,
      {
        name: "Amina Benali",
        email: "amina.benali@exemple.dz",
        phone: "0550 12 34 56",
        service: "Orthodontie",
        date: addDaysYmd(TODAY, 2 + Math.floor(slot / 14)),
        // an hour each: 30 minutes and 15 of sterilisation never overlap the next one
        time: `${String(7 + (slot % 14)).padStart(2, "0")}:00`,
        message: null,
        ...input,
      } as AppointmentInput & { service: Service },
      { actor: staff, mode: "forced", status: status ?? "requested", now: NOW },
    );
    if (!r.ok) throw new Error(`booking refused: ${r.reason}`);
    return r.appointment;
  }
  const patientCount = async () =>
    Number(
      (
        await t.h.db
          .selectFrom("patients")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const patientOf = async (appointmentId: number) =>
    Number((await t.h.db.selectFrom("appointments").select("patient_id").where("id", "=", appointmentId).executeTakeFirstOrThrow()).patient_id);
  const setStatus = async (id: number, to: AppointmentStatus, reason?: string) => {
    const r = await setAppointmentStatus(t.h, id, to, { actor: staff, reason, cancelledBy: "patient" });
    if (!r.ok) throw new Error(`status refused: ${r.reason}`);
  };
  const setAmounts = (id: number, prixtotal: number | null, prixpay: number | null) => updateAppointment(t.h, id, { prixtotal, prixpay }, staff);
  const events = async (patientId: number) =>
    t.h.db.selectFrom("patient_events").select(["action", "actor", "staff_user_id", "detail"]).where("patient_id", "=", patientId).orderBy("id").execute();

  beforeEach(async () => {
    slot = 0;
    const u = await insertStaff(t.h, "accueil@clinique.dz", "hash-not-used");
    staff = { staffUserId: Number(u.id), label: "accueil@clinique.dz" };
  });

  // ---- linking ----------------------------------------------------------------------------------

  it("one person who writes the phone and the name differently has one record", async () => {
    const forms: [string, string][] = [
      ["Amina Benali", "0550 12 34 56"],
      ["benali amina", "+213 550 12 34 56"],
      ["Mme Amina BENALI", "00213550123456"],
      ["Amina Bénali", "213550123456"],
      ["AMINA BENALI", "05.50.12.34.56"],
    ];
    const ids = [];
    for (const [name, phone] of forms) ids.push(await patientOf(Number((await book({ name, phone })).id)));
    expect(new Set(ids).size).toBe(1);
    expect(await patientCount()).toBe(1);
    const p = await t.h.db.selectFrom("patients").selectAll().executeTakeFirstOrThrow();
    expect(p).toMatchObject({ phone_e164: "+213550123456", merged_into: null, erased_at: null });
    // the latest contacts typed are the record's
    expect(p.phone).toBe("05.50.12.34.56");
  });

  it("the same phone with another name is another record (a parent booking for a child)", async () => {
    const mother = await book({ name: "Amina Benali" });
    const child = await book({ name: "Yanis Benali", email: null });
    expect(await patientOf(Number(mother.id))).not.toBe(await patientOf(Number(child.id)));
    expect(await patientCount()).toBe(2);
  });

  it("a booking without e-mail keeps the e-mail the record knows", async () => {
    const first = await book({ email: "amina.benali@exemple.dz" });
    await book({ email: null, phone: "+213550123456" });
    const record = await getPatientRecord(t.h, await patientOf(Number(first.id)), NOW);
    expect(record?.patient.email).toBe("amina.benali@exemple.dz");
    expect(record?.appointments).toHaveLength(2);
  });

  it("two first bookings at once give one record", async () => {
    // PostgreSQL: half of the transactions through a second pool, as two app servers would
    let other: Db | undefined;
    if (t.engine === "postgres") {
      const name = (await sql<{ name: string }>`select current_database() as name`.execute(t.h.db)).rows[0].name;
      const url = new URL(TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      other = openDb({ kind: "postgres", url: url.toString() });
    }
    try {
      const handles = [t.h, other ?? t.h];
      const who = [
        { name: "Karim Mansouri", phone: "0551 87 65 43", email: null },
        { name: "karim mansouri", phone: "+213 551 87 65 43", email: "karim@exemple.dz" },
        { name: "Mansouri Karim", phone: "00213551876543", email: null },
      ];
      const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => writeTransaction(handles[i % 2], (trx) => linkPatient(trx, who[i % 3]))));
      expect(new Set(ids).size).toBe(1);
      expect(await patientCount()).toBe(1);

      // and through the booking itself
      const [a, b] = await Promise.all([book({ name: "Nadia Cherif", phone: "0662 10 20 30" }), book({ name: "Nadia CHERIF", phone: "+213 662 10 20 30" })]);
      expect(await patientOf(Number(a.id))).toBe(await patientOf(Number(b.id)));
      expect(await patientCount()).toBe(2);
    } finally {
      await other?.close();
    }
  });

  it("a staff edit of the name or the phone links the appointment again, in the same change", async () => {
    const a = await book({ name: "Amina Benali" });
    const amina = await patientOf(Number(a.id));
    await updateAppointment(t.h, Number(a.id), { name: "Leïla Benali" }, staff);
    const leila = await patientOf(Number(a.id));
    expect(leila).not.toBe(amina);
    // another spelling of the same number: the same record
    await updateAppointment(t.h, Number(a.id), { phone: "+213 550 12 34 56" }, staff);
    expect(await patientOf(Number(a.id))).toBe(leila);
    const row = await t.h.db.selectFrom("appointments").select(["phone", "phone_digits", "name"]).where("id", "=", Number(a.id)).executeTakeFirstOrThrow();
    expect(row).toEqual({ phone: "+213 550 12 34 56", phone_digits: "550123456", name: "Leïla Benali" });
    const history = await t.h.db
      .selectFrom("appointment_history")
      .select(["action", "detail"])
      .where("appointment_id", "=", Number(a.id))
      .orderBy("id")
      .execute();
    expect(history.filter((h) => h.action === "edited").map((h) => h.detail)).toEqual(["nom", "téléphone"]);
  });

  // ---- search and the record ------------------------------------------------------------------

  it("search by name (accents, case, word order), by phone in any form and by e-mail, paginated", async () => {
    const amina = await patientOf(Number((await book({ name: "Amina Bénali", phone: "0550 12 34 56", email: "Amina.Benali@Exemple.dz" })).id));
    const karim = await patientOf(Number((await book({ name: "Karim Mansouri", phone: "021 28 45 67", email: null })).id));
    const leila = await patientOf(Number((await book({ name: "Leïla Aït Ahmed", phone: "0661 23 45 67", email: "leila@exemple.dz" })).id));
    const ids = async (q: string) => (await listPatients(t.h, { q })).rows.map((r) => r.id).sort();

    expect(await ids("benali")).toEqual([amina]);
    expect(await ids("BÉNALI amina")).toEqual([amina]);
    expect(await ids("leila ait")).toEqual([leila]);
    expect(await ids("Leïla")).toEqual([leila]);
    expect(await ids("+213 550 12 34 56")).toEqual([amina]);
    expect(await ids("00213550123456")).toEqual([amina]);
    expect(await ids("0550-12-34-56")).toEqual([amina]);
    expect(await ids("550 12 34")).toEqual([amina]);
    // a part of the digits finds every number that holds it
    expect(await ids("0661 23")).toEqual([leila]);
    expect(await ids("234 5")).toEqual([amina, leila].sort());
    expect(await ids("+213 21 28 45 67")).toEqual([karim]);
    expect(await ids("amina.benali@")).toEqual([amina]);
    expect(await ids("LEILA@EXEMPLE")).toEqual([leila]);
    expect(await ids("personne")).toEqual([]);
    expect(await ids("50%")).toEqual([]);

    const page1 = await listPatients(t.h, {}, { limit: 2, offset: 0 });
    const page2 = await listPatients(t.h, {}, { limit: 2, offset: 2 });
    expect(page1.total).toBe(3);
    expect([...page1.rows, ...page2.rows].map((r) => r.id).sort()).toEqual([amina, karim, leila].sort());
  });

  it("the record: appointments latest first, counts, and billed, paid and due across visits", async () => {
    const a1 = await book({ date: addDaysYmd(TODAY, -30), status: "confirmed" });
    const a2 = await book({ date: addDaysYmd(TODAY, -20), status: "confirmed" });
    const a3 = await book({ date: addDaysYmd(TODAY, -10), status: "confirmed" });
    const a4 = await book({ date: addDaysYmd(TODAY, 5) });
    await setStatus(Number(a1.id), "attended");
    await setAmounts(Number(a1.id), 1_000_000, 600_000); // 10 000 DA, 6 000 paid
    await setStatus(Number(a2.id), "no_show");
    await setAmounts(Number(a2.id), 500_000, null); // 5 000 DA billed, nothing paid
    await setAmounts(Number(a3.id), 300_000, 100_000);
    await setStatus(Number(a3.id), "cancelled", "Empêchement");
    const id = await patientOf(Number(a1.id));

    const record = await getPatientRecord(t.h, id, NOW);
    expect(record?.appointments.map((a) => a.id)).toEqual([a4, a3, a2, a1].map((a) => Number(a.id)));
    expect(record?.appointments.map((a) => a.status)).toEqual(["requested", "cancelled", "no_show", "attended"]);
    expect(record?.counts).toEqual({ appointments: 4, attended: 1, noShows: 1, cancelled: 1, upcoming: 1 });
    // cancelled left out: 10 000 + 5 000 billed, 6 000 paid, 4 000 + 5 000 due
    expect(record?.totals).toEqual({ billed: 1_500_000, paid: 600_000, due: 900_000 });

    const [listed] = (await listPatients(t.h, { q: "benali" }, undefined, TODAY)).rows;
    expect(listed).toMatchObject({ id, appointments: 4, attended: 1, noShows: 1, cancelled: 1, due: 900_000, lastDate: a4.date });
    // the list says the last visit (the one marked 'Honoré', in the past) and the next appointment apart
    expect(listed).toMatchObject({ lastVisit: a1.date, nextDate: a4.date });
    await setStatus(Number(a4.id), "cancelled", "Empêchement");
    expect((await listPatients(t.h, { q: "benali" }, undefined, TODAY)).rows[0]).toMatchObject({ lastVisit: a1.date, nextDate: null });
  });

  it("staff notes are stored; the event says they changed, never what they say", async () => {
    const id = await patientOf(Number((await book()).id));
    expect(await saveNotes(t.h, id, "  Allergique à la pénicilline.  ", staff)).toEqual({ ok: true });
    const record = await getPatientRecord(t.h, id, NOW);
    expect(record?.patient.notes).toBe("Allergique à la pénicilline.");
    expect(await events(id)).toEqual([{ action: "notes", actor: "accueil@clinique.dz", staff_user_id: staff.staffUserId, detail: null }]);
    expect(await saveNotes(t.h, 9999, "x", staff)).toEqual({ ok: false, reason: "not_found" });
  });

  // ---- merge --------------------------------------------------------------------------------------

  it("merging moves the appointments, joins the notes, closes the other record and says so on both", async () => {
    const k1 = await book({ name: "Amina Benali", phone: "0550 12 34 56", email: null });
    const k2 = await book({ name: "Amina Benali", phone: "0550 12 34 56", email: null });
    const g1 = await book({ name: "Amina Ben Ali", phone: "0661 23 45 67", email: "amina@exemple.dz" });
    const keep = await patientOf(Number(k1.id));
    const gone = await patientOf(Number(g1.id));
    expect(keep).not.toBe(gone);
    await saveNotes(t.h, keep, "Note A", staff);
    await saveNotes(t.h, gone, "Note B", staff);

    expect(await mergePatients(t.h, keep, gone, staff)).toEqual({ ok: true, moved: 1 });

    for (const a of [k1, k2, g1]) expect(await patientOf(Number(a.id))).toBe(keep);
    const kept = await t.h.db.selectFrom("patients").selectAll().where("id", "=", keep).executeTakeFirstOrThrow();
    const closed = await t.h.db.selectFrom("patients").selectAll().where("id", "=", gone).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ notes: "Note A\n\nNote B", email: "amina@exemple.dz", merged_into: null });
    expect(closed).toMatchObject({ merged_into: keep, match_key: null });
    const moved = await t.h.db
      .selectFrom("appointment_history")
      .select(["action", "detail", "actor"])
      .where("appointment_id", "=", Number(g1.id))
      .where("action", "=", "merged")
      .execute();
    expect(moved).toEqual([{ action: "merged", detail: `Dossier #${gone} fusionné dans #${keep}`, actor: "accueil@clinique.dz" }]);
    expect((await events(keep)).at(-1)).toMatchObject({ action: "merged", detail: `#${gone}` });
    expect((await events(gone)).at(-1)).toMatchObject({ action: "merged_into", detail: `#${keep}` });

    // the list shows live records only; the record keeps the three appointments
    expect((await listPatients(t.h, {})).rows.map((r) => r.id)).toEqual([keep]);
    expect((await getPatientRecord(t.h, keep, NOW))?.appointments).toHaveLength(3);
    expect((await getPatientRecord(t.h, gone, NOW))?.patient.mergedInto).toBe(keep);

    // a later booking under the closed record's phone and name goes to the kept record
    const later = await book({ name: "Amina Ben Ali", phone: "+213 661 23 45 67", email: null });
    expect(await patientOf(Number(later.id))).toBe(keep);
    expect(await patientCount()).toBe(2);

    // refused: a record into itself, a merged record, an unknown one
    expect(await mergePatients(t.h, keep, keep, staff)).toEqual({ ok: false, reason: "same" });
    expect(await mergePatients(t.h, keep, gone, staff)).toEqual({ ok: false, reason: "merged" });
    expect(await mergePatients(t.h, keep, 9999, staff)).toEqual({ ok: false, reason: "not_found" });
  });

  // ---- export -------------------------------------------------------------------------------------

  it("the export holds everything about the patient, as JSON and CSV, and is recorded first", async () => {
    const a = await book({ message: "=1+1 Douleur en bas à droite", status: "confirmed" });
    await setAmounts(Number(a.id), 1_500_050, 500_000);
    const id = await patientOf(Number(a.id));
    await saveNotes(t.h, id, "Préfère être appelée le matin.", staff);
    await queueMail(
      [{ to: "amina.benali@exemple.dz", subject: "Votre rendez-vous est confirmé", text: "…", kind: "appointment_confirmed", appointmentId: Number(a.id) }],
      t.h,
    );

    const json = await exportPatient(t.h, id, staff, "json", NOW);
    expect(json?.fileName).toBe(`patient-${id}-donnees-${TODAY}.json`);
    expect(json?.contentType).toBe("application/json; charset=utf-8");
    const doc = JSON.parse(json!.body);
    expect(doc.patient).toMatchObject({
      numero: id,
      nom: "Amina Benali",
      telephone: "0550 12 34 56",
      telephone_e164: "+213550123456",
      email: "amina.benali@exemple.dz",
    });
    expect(doc.notes_equipe).toBe("Préfère être appelée le matin.");
    expect(doc.rendez_vous).toHaveLength(1);
    expect(doc.rendez_vous[0]).toMatchObject({
      numero: Number(a.id),
      soin: "Orthodontie",
      statut: "Confirmé",
      prix_total: 15000.5,
      prix_paye: 5000,
      reste_a_payer: 10000.5,
      message: "=1+1 Douleur en bas à droite",
    });
    expect(doc.rendez_vous[0].historique.map((e: { action: string }) => e.action)).toEqual(["created", "edited"]);
    expect(doc.messages).toEqual([
      expect.objectContaining({ destinataire: "amina.benali@exemple.dz", objet: "Votre rendez-vous est confirmé", rendez_vous: Number(a.id) }),
    ]);
    // the export itself is in the file: it was recorded before
    expect(doc.evenements_du_dossier.map((e: { action: string }) => e.action)).toEqual(["notes", "export_json"]);
    expect(json!.body).not.toContain(String((await t.h.db.selectFrom("appointments").select("link_hash").executeTakeFirstOrThrow()).link_hash));

    const csv = await exportPatient(t.h, id, staff, "csv", NOW);
    expect(csv?.fileName).toBe(`patient-${id}-donnees-${TODAY}.csv`);
    expect(csv!.body.startsWith("\uFEFFRubrique;Référence;Champ;Valeur\r\n")).toBe(true);
    expect(csv!.body).toContain("Patient;#" + id + ";nom;Amina Benali\r\n");
    // ';' separated with a decimal comma, as French Excel reads
    expect(csv!.body).toContain(`Rendez-vous;RDV #${a.id};prix_total;15000,5\r\n`);
    // a cell a spreadsheet would run is shown as text
    expect(csv!.body).toContain(`Rendez-vous;RDV #${a.id};message;'=1+1 Douleur en bas à droite\r\n`);
    expect(csv!.body).toContain("E-mails;1;destinataire;amina.benali@exemple.dz");

    expect((await events(id)).map((e) => [e.action, e.actor, e.staff_user_id])).toEqual([
      ["notes", "accueil@clinique.dz", staff.staffUserId],
      ["export_json", "accueil@clinique.dz", staff.staffUserId],
      ["export_csv", "accueil@clinique.dz", staff.staffUserId],
    ]);
    expect(await exportPatient(t.h, 9999, staff, "json", NOW)).toBeUndefined();
  });

  // ---- erasure -------------------------------------------------------------------------------------

  it("erasure leaves no name, phone or e-mail of the patient anywhere; day, service and amounts stay", async () => {
    const attended = await book({ date: addDaysYmd(TODAY, -7), status: "confirmed", message: "Je suis Amina Benali, rappelez-moi au 0550 12 34 56" });
    await setStatus(Number(attended.id), "attended");
    await updateAppointment(
      t.h,
      Number(attended.id),
      { prixtotal: 800_000, prixpay: 500_000, progress: "Composite posé — Amina", tips: "Mme Benali : brossage" },
      staff,
    );
    const cancelled = await book({ name: "Benali Amina", phone: "+213 550 12 34 56", date: addDaysYmd(TODAY, 3) });
    await setStatus(Number(cancelled.id), "cancelled", "Amina Benali a appelé depuis le 0550 12 34 56");
    const id = await patientOf(Number(attended.id));
    // a second record of the same person, merged into this one
    const alias = await patientOf(Number((await book({ name: "Amina Ben Ali", phone: "0770 99 88 77", email: "a.benali@exemple.dz" })).id));
    await mergePatients(t.h, id, alias, staff);
    await saveNotes(t.h, id, "Amina préfère le matin", staff);
    // e-mails: about an appointment, an older one without appointment id, the clinic's notice quoting the phone
    await queueMail(
      [
        { to: "amina.benali@exemple.dz", subject: "Confirmé", text: "Bonjour Amina", appointmentId: Number(cancelled.id) },
        { to: "amina.benali@exemple.dz", subject: "Votre demande", text: "Bonjour" },
        { to: "clinique@exemple.dz", subject: "Nouvelle demande", text: "Nom complet : Amina Benali\nTéléphone : 0550 12 34 56" },
      ],
      t.h,
    );
    // someone else's data stays
    const other = await book({ name: "Karim Mansouri", phone: "0551 87 65 43", email: "karim@exemple.dz" });
    await queueMail([{ to: "karim@exemple.dz", subject: "Confirmé", text: "Bonjour Karim", appointmentId: Number(other.id) }], t.h);

    const before = await t.h.db
      .selectFrom("appointments")
      .select(["id", "date", "time", "service", "status", "prixtotal", "prixpay", "duration_minutes", "chair"])
      .where("patient_id", "=", id)
      .orderBy("id")
      .execute();
    const units = await t.h.db.selectFrom("appointment_slots").select(["chair", "unit_start"]).where("appointment_id", "=", Number(attended.id)).execute();

    expect(await erasePatient(t.h, id, staff, NOW)).toEqual({ ok: true, appointments: 3 });

    // nothing of the identity left in any table the patient's data went to
    const dump = JSON.stringify({
      appointments: await t.h.db.selectFrom("appointments").selectAll().where("id", "!=", Number(other.id)).execute(),
      history: await t.h.db.selectFrom("appointment_history").selectAll().where("appointment_id", "!=", Number(other.id)).execute(),
      outbox: await t.h.db.selectFrom("outbox").selectAll().where("to_address", "not like", "karim%").execute(),
      patients: await t.h.db.selectFrom("patients").selectAll().where("name", "not like", "Karim%").execute(),
      events: await t.h.db.selectFrom("patient_events").selectAll().execute(),
    });
    for (const trace of ["Amina", "amina", "Benali", "Ben Ali", "0550", "550 12", "550123456", "0770 99", "770998877", "exemple.dz", "Allerg", "préfère"]) {
      expect(dump, trace).not.toContain(trace);
    }

    // the accounts keep day, time, service, status, amounts, duration, chair and slot units
    const after = await t.h.db
      .selectFrom("appointments")
      .select([
        "id",
        "date",
        "time",
        "service",
        "status",
        "prixtotal",
        "prixpay",
        "duration_minutes",
        "chair",
        "name",
        "email",
        "phone",
        "patient_id",
        "anonymised_at",
        "link_hash",
        "message",
        "cancel_reason",
      ])
      .where(
        "id",
        "in",
        before.map((b) => b.id),
      )
      .orderBy("id")
      .execute();
    expect(
      after.map(({ id: i, date, time, service, status, prixtotal, prixpay, duration_minutes, chair }) => ({
        id: i,
        date,
        time,
        service,
        status,
        prixtotal,
        prixpay,
        duration_minutes,
        chair,
      })),
    ).toEqual(before);
    for (const a of after) {
      expect(a).toMatchObject({
        name: ERASED_NAME,
        email: null,
        phone: "",
        patient_id: null,
        anonymised_at: NOW.toISOString(),
        link_hash: null,
        message: null,
        cancel_reason: null,
      });
    }
    expect(await t.h.db.selectFrom("appointment_slots").select(["chair", "unit_start"]).where("appointment_id", "=", Number(attended.id)).execute()).toEqual(
      units,
    );
    const anonymised = await t.h.db.selectFrom("appointment_history").select(["actor", "detail"]).where("action", "=", "anonymised").execute();
    expect(anonymised).toHaveLength(3);
    expect(anonymised[0].actor).toBe("accueil@clinique.dz");

    // the records stay as "Patient effacé", with who erased them and when
    const records = await t.h.db.selectFrom("patients").selectAll().where("id", "in", [id, alias]).execute();
    for (const r of records)
      expect(r).toMatchObject({ name: ERASED_NAME, phone: null, phone_e164: null, email: null, notes: null, match_key: null, erased_at: NOW.toISOString() });
    expect((await events(id)).at(-1)).toMatchObject({ action: "erased", actor: "accueil@clinique.dz", staff_user_id: staff.staffUserId });

    // someone else's appointment and e-mail untouched
    expect(await t.h.db.selectFrom("appointments").select(["name", "email"]).where("id", "=", Number(other.id)).executeTakeFirstOrThrow()).toEqual({
      name: "Karim Mansouri",
      email: "karim@exemple.dz",
    });
    expect((await t.h.db.selectFrom("outbox").select("to_address").execute()).map((r) => r.to_address)).toEqual(["karim@exemple.dz"]);

    // an erased record is no longer listed, exported, merged or erased again
    expect((await listPatients(t.h, {})).rows.map((r) => r.name)).toEqual(["Karim Mansouri"]);
    expect(await exportPatient(t.h, id, staff, "csv", NOW)).toBeUndefined();
    expect(await erasePatient(t.h, id, staff, NOW)).toEqual({ ok: false, reason: "erased" });
    // the same person booking again starts a new record
    const back = await book({ name: "Amina Benali", phone: "0550 12 34 56" });
    expect(await patientOf(Number(back.id))).not.toBe(id);
  });

  // ---- retention ------------------------------------------------------------------------------------

  it("the retention job anonymises only the requests never confirmed older than the period", async () => {
    const old = monthsBefore(TODAY, 13);
    const recent = monthsBefore(TODAY, 11);
    // a person who only ever sent one request, long ago
    const lone = await book({ name: "Omar Slimani", phone: "0665 23 45 67", email: "omar@exemple.dz", date: old, message: "Omar, rappelez-moi" });
    // a patient who came, and also has an old request and an old cancellation never confirmed
    const visit = await book({ name: "Sofiane Brahimi", phone: "0550 21 43 65", date: old, status: "confirmed" });
    await setStatus(Number(visit.id), "attended");
    const oldRequest = await book({ name: "Sofiane Brahimi", phone: "0550 21 43 65", date: old });
    const oldCancelled = await book({ name: "Sofiane Brahimi", phone: "0550 21 43 65", date: old });
    await setStatus(Number(oldCancelled.id), "cancelled", "Sofiane a trouvé un autre dentiste");
    // kept: cancelled after a confirmation, absent, recent request
    const confirmedThenCancelled = await book({ name: "Lina Kaci", phone: "0554 90 80 70", date: old, status: "confirmed" });
    await setStatus(Number(confirmedThenCancelled.id), "cancelled", "Lina est malade");
    const absent = await book({ name: "Meriem Toumi", phone: "0661 45 78 12", date: old });
    await setStatus(Number(absent.id), "no_show");
    const recentRequest = await book({ name: "Rayan Belaid", phone: "0773 56 89 01", date: recent });
    const lonePatient = await patientOf(Number(lone.id));
    const sofiane = await patientOf(Number(visit.id));

    // a longer period: nothing is old enough
    await saveContactSettings(t.h, { ...DEFAULT_CONTACT_SETTINGS, retentionMonths: 24 });
    expect(await anonymiseExpiredRequests(t.h, NOW)).toBe(0);
    // the default 12 months
    await saveContactSettings(t.h, { ...DEFAULT_CONTACT_SETTINGS, retentionMonths: 12 });
    expect(await anonymiseExpiredRequests(t.h, NOW)).toBe(3);
    expect(await anonymiseExpiredRequests(t.h, NOW)).toBe(0);

    const state = async (a: { id: number | bigint }) =>
      t.h.db
        .selectFrom("appointments")
        .select(["name", "phone", "email", "message", "cancel_reason", "anonymised_at", "date", "service", "status"])
        .where("id", "=", Number(a.id))
        .executeTakeFirstOrThrow();
    for (const a of [lone, oldRequest, oldCancelled]) {
      expect(await state(a)).toMatchObject({
        name: ERASED_NAME,
        phone: "",
        email: null,
        message: null,
        cancel_reason: null,
        anonymised_at: NOW.toISOString(),
        date: old,
        service: "Orthodontie",
      });
    }
    for (const a of [visit, confirmedThenCancelled, absent, recentRequest]) expect((await state(a)).anonymised_at).toBeNull();
    expect((await state(confirmedThenCancelled)).cancel_reason).toBe("Lina est malade");

    const histories = await t.h.db
      .selectFrom("appointment_history")
      .select(["appointment_id", "actor", "detail"])
      .where("action", "=", "anonymised")
      .orderBy("appointment_id")
      .execute();
    expect(histories.map((h) => [Number(h.appointment_id), h.actor])).toEqual(
      [lone, oldRequest, oldCancelled].map((a) => [Number(a.id), RETENTION_ACTOR.label]),
    );
    expect(JSON.stringify(await t.h.db.selectFrom("appointment_history").select("detail").execute())).not.toContain("autre dentiste");

    // the lone request's record had nothing else: erased; Sofiane's stays with his visit
    expect(await t.h.db.selectFrom("patients").select(["name", "phone", "email", "erased_at"]).where("id", "=", lonePatient).executeTakeFirstOrThrow()).toEqual(
      { name: ERASED_NAME, phone: null, email: null, erased_at: NOW.toISOString() },
    );
    expect((await events(lonePatient)).at(-1)).toMatchObject({ action: "erased", actor: RETENTION_ACTOR.label, staff_user_id: null });
    const kept = await getPatientRecord(t.h, sofiane, NOW);
    expect(kept?.patient).toMatchObject({ name: "Sofiane Brahimi", erasedAt: null });
    expect(kept?.appointments.map((a) => a.id)).toEqual([Number(visit.id)]);
    expect((await events(sofiane)).at(-1)).toMatchObject({ action: "anonymised", actor: RETENTION_ACTOR.label });
  });

  it("a request by the patient themself (public booking) is linked like any other", async () => {
    const r = await createAppointment(t.h, {
      name: "Hocine Mebarki",
      email: "hocine@exemple.dz",
      phone: "0775 12 34 56",
      service: "Orthodontie",
      date: addDaysYmd(TODAY, 4),
      time: "10:00",
    });
    const b = await bookAppointment(
      t.h,
      { name: "Hocine Mebarki", email: null, phone: "+213775123456", service: "Orthodontie", date: addDaysYmd(TODAY, 9), time: "10:00", message: null },
      { actor: PATIENT_ACTOR, mode: "public", now: NOW },
    );
    expect(b.ok).toBe(true);
    if (!b.ok) return;
    expect(await patientOf(Number(b.appointment.id))).toBe(await patientOf(Number(r.appointment.id)));
  });
});
