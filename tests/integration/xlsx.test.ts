import { readSheet } from "read-excel-file/node";
import readXlsxFile from "read-excel-file/node";
import writeXlsxFile from "write-excel-file/node";
import { beforeEach, describe, expect, it } from "vitest";
import { createLoadContext, staffContext } from "~/context";
import { staffActor, type Actor } from "~/.server/actor";
import { bookAppointment } from "~/.server/repos/booking";
import { enroll, setEnrollmentStatus } from "~/.server/repos/enrollments";
import { createFormation } from "~/.server/repos/formations";
import { exportPatient } from "~/.server/repos/patient-export";
import { insertStaff } from "~/.server/repos/staff";
import { ENROLLMENT_XLSX_COLUMNS, toXlsx, XLSX_CONTENT_TYPE, xlsxCell } from "~/.server/xlsx";
import { ENROLLMENT_CSV_HEADER } from "~/.server/csv";
import { addDaysYmd } from "~/lib/schedule";
import { todayInClinic } from "~/lib/clinic-time";
import { loader as xlsxLoader } from "~/routes/admin.formations.$id.inscriptions[.]xlsx";
import { loader as patientExportLoader } from "~/routes/admin.patients.$id.export";
import { describeEachEngine } from "../helpers/db";
import { staffSession } from "../helpers/staff";

/**
 * The Excel exports (app/.server/xlsx.ts; docs/product.md, "Staff: formations" and "Personal
 * data"): each file is read back with read-excel-file, as a spreadsheet would open it.
 * A formula cell without a computed value reads back as null, a text cell as its text: so a
 * formula-looking value read back as its own text proves it was stored as text.
 */
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
/** A date cell read back to the minute (Excel stores days as a fraction: the reader is a millisecond off). */
const toMinute = (v: unknown) => (v instanceof Date ? new Date(Math.round(v.getTime() / 60_000) * 60_000) : v);
const readRows = async (file: Buffer) => (await readSheet(file)).map((row) => row.map(toMinute));

describe("xlsx writer", () => {
  it("writes a bold header and typed cells: text, whole numbers, DA amounts, instants in the clinic's time, calendar days", async () => {
    const file = await toXlsx([
      {
        name: "Essai",
        columns: [
          { header: "Texte", kind: "text", width: 20 },
          { header: "Nombre", kind: "integer", width: 8 },
          { header: "Montant", kind: "amount", width: 14 },
          { header: "Le", kind: "datetime", width: 18 },
          { header: "Jour", kind: "date", width: 12 },
        ],
        rows: [
          ["=1+1", 42, 15000.5, "2026-03-02T14:05:00.000Z", "2026-11-23"],
          ["@SUM(A1)", null, 0, "pas une date", ""],
        ],
      },
    ]);
    const rows = await readRows(Buffer.from(file));
    expect(rows[0]).toEqual(["Texte", "Nombre", "Montant", "Le", "Jour"]);
    // 14:05 UTC is 15:05 in Algiers: the cell holds the clinic's wall-clock time
    expect(rows[1]).toEqual(["=1+1", 42, 15000.5, new Date("2026-03-02T15:05:00.000Z"), new Date("2026-11-23T00:00:00.000Z")]);
    expect(rows[2]).toEqual(["@SUM(A1)", null, 0, "pas une date", null]);
  });

  it("a formula-like value is a string cell, never a formula (the check can tell them apart)", async () => {
    expect(xlsxCell("text", "=HYPERLINK(\"http://evil\")")).toEqual({ value: '=HYPERLINK("http://evil")', type: String });
    const ours = await readSheet(Buffer.from(await toXlsx([{ name: "x", columns: [{ header: "x", kind: "text", width: 10 }], rows: [["=1+1"]] }])));
    expect(ours[1]).toEqual(["=1+1"]);
    // what a real formula would read back as: no text at all
    const formula = await readSheet(await writeXlsxFile([["x"], [{ value: "=1+1", type: "Formula" }], ["fin"]]).toBuffer());
    expect(formula[1]).toEqual([null]);
  });

  it("keeps text XML cannot hold out of the file and names sheets as Excel allows", async () => {
    const file = await toXlsx([{ name: "Inscriptions [2026]: a/b", columns: [{ header: "x", kind: "text", width: 10 }], rows: [["a\u0001b\tc"]] }]);
    const sheets = await readXlsxFile(Buffer.from(file));
    expect(sheets.map((s) => s.sheet)).toEqual(["Inscriptions  2026   a b"]);
    expect(sheets[0].data[1]).toEqual(["ab\tc"]);
  });

  it("the enrolment columns are the CSV's header", () => {
    expect(ENROLLMENT_XLSX_COLUMNS.map((c) => c.header)).toEqual(ENROLLMENT_CSV_HEADER);
  });
});

describeEachEngine("Excel exports", { appDb: true }, (t) => {
  let actor: Actor;
  let userId: number;
  const NOW = new Date("2026-11-23T08:50:00Z");

  beforeEach(async () => {
    const u = await insertStaff(t.h, "dentiste@clinique.dz", "hash-not-used", "dentist");
    userId = Number(u.id);
    actor = staffActor({ userId, email: "dentiste@clinique.dz", ip: "198.51.100.7" });
  });

  function context() {
    const c = createLoadContext({ nonce: "", clientIp: "203.0.113.9" });
    c.set(staffContext, staffSession({ userId, email: "dentiste@clinique.dz", role: "dentist" }));
    return c;
  }

  it("inscriptions.xlsx: the formation's enrolments newest first, typed, audited before it is sent", async () => {
    const f = await createFormation(t.h, { title: "Orthodontie « interceptive »", description: "D", duration_months: 6, max_participants: 10, price: null, is_active: true, syllabus: null });
    const other = await createFormation(t.h, { title: "Autre", description: "D", duration_months: 3, max_participants: 5, price: null, is_active: true, syllabus: null });
    const a = await enroll(t.h, { formation_id: f.id, user_name: "Benali", user_surname: "Amina", email: "amina@exemple.dz", phone: "0550 12 34 56" }, { at: "2026-03-01T09:30:00.000Z" });
    const b = await enroll(t.h, { formation_id: f.id, user_name: '=HYPERLINK("x")', user_surname: "Karim", email: "@karim@exemple.dz", phone: "+213 661 00 00 00" }, { at: "2026-03-02T14:05:00.000Z" });
    await enroll(t.h, { formation_id: other.id, user_name: "Pas", user_surname: "Moi", email: "x@y.dz", phone: "0550000000" });
    if (!a.ok || !b.ok) throw new Error("enrol failed");
    await setEnrollmentStatus(t.h, a.enrollment.id, "confirmed");

    const res = (await xlsxLoader({ request: new Request(`http://clinic.test/admin/formations/${f.id}/inscriptions.xlsx`), url: new URL(`http://clinic.test/admin/formations/${f.id}/inscriptions.xlsx`), params: { id: String(f.id) }, context: context() } as never)) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="inscriptions_${f.id}.xlsx"`);
    const rows = await readRows(await bytes(res));
    expect(rows).toEqual([
      ["Nom", "Prénom", "Email", "Téléphone", "Formation", "Date d'inscription", "Statut"],
      ['=HYPERLINK("x")', "Karim", "@karim@exemple.dz", "+213 661 00 00 00", "Orthodontie « interceptive »", new Date("2026-03-02T15:05:00.000Z"), "En attente"],
      ["Benali", "Amina", "amina@exemple.dz", "0550 12 34 56", "Orthodontie « interceptive »", new Date("2026-03-01T10:30:00.000Z"), "Confirmé"],
    ]);
    const audit = await t.h.db.selectFrom("audit_log").selectAll().execute();
    expect(audit.map((e) => [e.action, e.target_type, e.target_id, e.detail])).toEqual([["export.xlsx", "formation", String(f.id), `Inscriptions (inscriptions_${f.id}.xlsx)`]]);
  });

  it("inscriptions.xlsx of an unknown formation is a 404 and records nothing", async () => {
    const run = () => xlsxLoader({ request: new Request("http://clinic.test/admin/formations/999/inscriptions.xlsx"), url: new URL("http://clinic.test/admin/formations/999/inscriptions.xlsx"), params: { id: "999" }, context: context() } as never);
    await expect(run()).rejects.toMatchObject({ status: 404 });
    expect(await t.h.db.selectFrom("audit_log").selectAll().execute()).toEqual([]);
  });

  it("the patient's data as Excel: one sheet per part, dates as dates, amounts in DA as numbers, recorded in the record and the audit log", async () => {
    const today = todayInClinic(NOW);
    const r = await bookAppointment(
      t.h,
      { name: "Amina Benali", phone: "0550 12 34 56", email: "amina.benali@exemple.dz", service: "Orthodontie", date: addDaysYmd(today, 3), time: "10:00", message: "=1+1 Douleur" } as never,
      { actor, mode: "forced", status: "confirmed", now: NOW },
    );
    if (!r.ok) throw new Error("booking refused");
    await t.h.db.updateTable("appointments").set({ prixtotal: 1_500_050, prixpay: 500_000 }).where("id", "=", r.appointment.id).execute();
    const { patient_id } = await t.h.db.selectFrom("appointments").select("patient_id").where("id", "=", r.appointment.id).executeTakeFirstOrThrow();
    const id = Number(patient_id);

    const file = await exportPatient(t.h, id, actor, "xlsx", NOW);
    expect(file?.fileName).toBe(`patient-${id}-donnees-${today}.xlsx`);
    expect(file?.contentType).toBe(XLSX_CONTENT_TYPE);
    const sheets = await readXlsxFile(Buffer.from(file!.body));
    expect(sheets.map((s) => s.sheet)).toEqual(["Patient", "Rendez-vous", "Historique", "E-mails", "Journal du dossier"]);
    const patient = Object.fromEntries(sheets[0].data.slice(1).map(([k, v]) => [String(k), toMinute(v)]));
    expect(patient).toMatchObject({ "Dossier n°": id, Nom: "Amina Benali", "E-mail": "amina.benali@exemple.dz", "Export fait le": new Date("2026-11-23T09:50:00.000Z") });
    const [header, appointment] = sheets[1].data;
    const cell = (name: string) => appointment[header.indexOf(name)];
    expect(cell("RDV n°")).toBe(Number(r.appointment.id));
    expect(cell("Date")).toEqual(new Date(`${addDaysYmd(today, 3)}T00:00:00.000Z`));
    expect(cell("Heure")).toBe("10:00");
    expect(cell("Prix total")).toBe(15000.5);
    expect(cell("Payé")).toBe(5000);
    expect(cell("Reste à payer")).toBe(10000.5);
    expect(cell("Message")).toBe("=1+1 Douleur");
    expect(cell("Statut")).toBe("Confirmé");
    expect(sheets[4].data.slice(1).map((row) => row[2])).toEqual(["export_xlsx"]);

    const events = await t.h.db.selectFrom("patient_events").select(["action"]).where("patient_id", "=", id).execute();
    expect(events.map((e) => e.action)).toEqual(["export_xlsx"]);
    const audit = await t.h.db.selectFrom("audit_log").select(["action", "detail"]).where("action", "=", "patient.export").execute();
    expect(audit).toEqual([{ action: "patient.export", detail: "XLSX" }]);
  });

  it("the export route answers format=xlsx with the file, and refuses another format", async () => {
    const r = await bookAppointment(
      t.h,
      { name: "Karim Haddad", phone: "0661 00 00 00", email: null, service: "Orthodontie", date: addDaysYmd(todayInClinic(), 3), time: "11:00", message: "" } as never,
      { actor, mode: "forced", status: "requested" },
    );
    if (!r.ok) throw new Error("booking refused");
    const { patient_id } = await t.h.db.selectFrom("appointments").select("patient_id").where("id", "=", r.appointment.id).executeTakeFirstOrThrow();
    const call = (format: string) =>
      patientExportLoader({ request: new Request(`http://clinic.test/admin/patients/${patient_id}/export?format=${format}`), url: new URL(`http://clinic.test/admin/patients/${patient_id}/export?format=${format}`), params: { id: String(patient_id) }, context: context() } as never) as Promise<Response>;
    const res = await call("xlsx");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="patient-\d+-donnees-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect((await readXlsxFile(await bytes(res)))[0].data[0]).toEqual(["Champ", "Valeur"]);
    expect((await call("ods")).status).toBe(400);
  });
});
