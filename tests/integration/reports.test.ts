import { beforeEach, expect, it } from "vitest";
import { loadReportData, productionAndCollected } from "~/.server/repos/reports";
import { addException, saveSettings } from "~/.server/repos/schedule";
import { insertStaff } from "~/.server/repos/staff";
import { reportTables } from "~/lib/report-tables";
import type { ReportPeriod } from "~/lib/reports";
import type { AppointmentStatus } from "~/lib/appointment-status";
import { DEFAULT_SETTINGS } from "~/lib/schedule";
import { reportsXlsx } from "~/.server/reports-xlsx";
import readXlsxFile from "read-excel-file/node";
import { describeEachEngine } from "../helpers/db";

/**
 * The reports of /admin/rapports (app/.server/repos/reports.ts) on both engines, against a small
 * fixture whose every figure is worked out by hand below. November 2026 by weeks: the clinic's
 * weeks start on Saturday, so the buckets are 31/10 (1–6 Nov), 7/11, 14/11, 21/11 and 28/11
 * (28–30 Nov). 1 November 2026 is a Sunday. Instants are UTC; the clinic is UTC+1.
 */

const NOVEMBER: ReportPeriod = { from: "2026-11-01", to: "2026-11-30", granularity: "semaine" };
const WEEKS = ["2026-10-31", "2026-11-07", "2026-11-14", "2026-11-21", "2026-11-28"];

type Who = "online" | "staff" | "none";
interface Row {
  date: string;
  service: string;
  status: AppointmentStatus;
  total: number | null;
  paid: number | null;
  minutes: number;
  created: string;
  who: Who;
}

// prettier-ignore
const APPOINTMENTS: Record<string, Row> = {
  A1: { date: "2026-11-02", service: "Orthodontie", status: "attended", total: 1_500_000, paid: 1_000_000, minutes: 30, created: "2026-10-20T10:00:00.000Z", who: "online" },
  // received at 23:30 in Algiers on 1 November
  A2: { date: "2026-11-02", service: "Orthodontie", status: "no_show", total: null, paid: null, minutes: 30, created: "2026-11-01T22:30:00.000Z", who: "staff" },
  // received at 00:30 on 3 November in Algiers (still the 2nd in UTC)
  A3: { date: "2026-11-03", service: "Implementation", status: "attended", total: 5_000_050, paid: 5_000_050, minutes: 90, created: "2026-11-02T23:30:00.000Z", who: "online" },
  A4: { date: "2026-11-09", service: "Implementation", status: "cancelled", total: 2_000_000, paid: null, minutes: 90, created: "2026-11-05T09:00:00.000Z", who: "staff" },
  A5: { date: "2026-11-21", service: "Orthodontie", status: "attended", total: 800_000, paid: 0, minutes: 30, created: "2026-11-20T09:00:00.000Z", who: "none" },
  A6: { date: "2026-11-22", service: "Soins conservateurs", status: "confirmed", total: null, paid: null, minutes: 45, created: "2026-11-21T09:00:00.000Z", who: "online" },
  A7: { date: "2026-11-22", service: "Soins conservateurs", status: "requested", total: 300_000, paid: null, minutes: 45, created: "2026-11-21T10:00:00.000Z", who: "staff" },
  A8: { date: "2026-10-15", service: "Orthodontie", status: "attended", total: 1_000_000, paid: 400_000, minutes: 30, created: "2026-10-01T10:00:00.000Z", who: "online" },
  A9: { date: "2026-06-01", service: "Orthodontie", status: "attended", total: 2_000_000, paid: 0, minutes: 30, created: "2026-05-20T10:00:00.000Z", who: "online" },
  // after the period, but received on 30 November at 23:59 in Algiers
  A10: { date: "2026-12-05", service: "Orthodontie", status: "confirmed", total: null, paid: null, minutes: 30, created: "2026-11-30T22:59:00.000Z", who: "online" },
  A11: { date: "2026-11-28", service: "Orthodontie", status: "no_show", total: null, paid: null, minutes: 30, created: "2026-11-27T08:00:00.000Z", who: "online" },
  A12: { date: "2026-07-01", service: "Orthodontie", status: "attended", total: 1_000_000, paid: 250_000, minutes: 30, created: "2026-06-20T10:00:00.000Z", who: "online" },
};

describeEachEngine("reports", (t) => {
  const ids: Record<string, number> = {};

  beforeEach(async () => {
    const staff = Number((await insertStaff(t.h, "accueil@clinique.dz", "hash-not-used", "assistant")).id);
    let i = 0;
    for (const [key, a] of Object.entries(APPOINTMENTS)) {
      const row = await t.h.db
        .insertInto("appointments")
        .values({
          name: `Patient ${key}`,
          email: null,
          phone: `0550 00 00 ${String(++i).padStart(2, "0")}`,
          service: a.service,
          date: a.date,
          time: "10:00",
          message: null,
          prixtotal: a.total,
          prixpay: a.paid,
          progress: null,
          tips: null,
          submission_key: null,
          created_at: a.created,
          status: a.status,
          chair: 1,
          duration_minutes: a.minutes,
          buffer_minutes: 15,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids[key] = Number(row.id);
      if (a.who !== "none") {
        await t.h.db
          .insertInto("appointment_history")
          .values({ appointment_id: ids[key], at: a.created, staff_user_id: a.who === "staff" ? staff : null, actor: a.who === "staff" ? "accueil@clinique.dz" : "Patient", action: "created", from_status: null, to_status: "requested", detail: null })
          .execute();
      }
    }
    const pay = (key: string, amount: number, mode: "especes" | "cib" | "cheque", day: string) => ({ appointment_id: ids[key], patient_id: null, amount, mode, paid_at: `${day}T10:00:00.000Z`, paid_day: day, taken_by: staff, note: null, created_at: `${day}T10:00:00.000Z` });
    await t.h.db
      .insertInto("payments")
      .values([pay("A1", 1_000_000, "especes", "2026-11-02"), pay("A3", 5_000_050, "cib", "2026-11-03"), pay("A8", 400_000, "especes", "2026-10-15"), pay("A12", 250_000, "cheque", "2026-11-30")])
      .execute();

    const patient = (name: string, created: string, mergedInto: number | null = null) => ({ name, phone: null, phone_e164: null, email: null, notes: null, match_key: null, created_at: created, updated_at: created, merged_into: mergedInto, erased_at: null });
    const first = await t.h.db.insertInto("patients").values(patient("P1", "2026-11-01T00:30:00.000Z")).returning("id").executeTakeFirstOrThrow();
    await t.h.db
      .insertInto("patients")
      .values([
        patient("P2", "2026-10-31T23:30:00.000Z"), // 00:30 on 1 November in Algiers: in
        patient("P3", "2026-11-30T23:10:00.000Z"), // 00:10 on 1 December: out
        patient("P4", "2026-11-15T10:00:00.000Z", Number(first.id)), // merged into P1: not a new patient
        patient("P5", "2026-11-16T10:00:00.000Z"),
      ])
      .execute();

    const now = "2026-10-01T00:00:00.000Z";
    const course = async (title: string) =>
      Number(
        (
          await t.h.db
            .insertInto("formations")
            .values({ title, description: "x", duration_months: 3, max_participants: 10, price: null, is_active: 1, syllabus: null, created_at: now, updated_at: now })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
    const f1 = await course("Implantologie");
    const f2 = await course("Orthodontie pratique");
    const enrol = (formation: number | null, status: "pending" | "confirmed" | "completed" | "cancelled", at: string, chosen: string | null = null) => ({
      formation_id: formation,
      user_name: "Nom",
      user_surname: "Prénom",
      email: "x@exemple.dz",
      phone: "0550000000",
      formation_chosen: chosen,
      enrollment_date: at,
      status,
      submission_key: null,
    });
    await t.h.db
      .insertInto("enrollments")
      .values([
        enrol(f1, "confirmed", "2026-11-05T10:00:00.000Z"),
        enrol(f1, "pending", "2026-11-10T10:00:00.000Z"),
        enrol(f1, "cancelled", "2026-11-12T10:00:00.000Z"),
        enrol(f2, "completed", "2026-11-30T22:30:00.000Z"), // 23:30 on 30 November: in
        enrol(f2, "pending", "2026-10-31T22:59:00.000Z"), // 23:59 on 31 October: out
        enrol(null, "confirmed", "2026-11-20T10:00:00.000Z", "Ancienne formation"),
      ])
      .execute();

    // two chairs; closed on Sunday 1 November; 09:00–12:00 only on Tuesday 24 November
    await saveSettings(t.h, { ...DEFAULT_SETTINGS, chairs: 2 });
    await addException(t.h, { startDate: "2026-11-01", endDate: "2026-11-01", label: "Fermé", ranges: [] });
    await addException(t.h, { startDate: "2026-11-24", endDate: "2026-11-24", label: "Matin", ranges: [{ opens: "09:00", closes: "12:00" }] });
  });

  it("computes every figure of November by weeks as worked out by hand", async () => {
    const d = await loadReportData(t.h, NOVEMBER, "2026-12-10");
    expect(d.asOf).toBe("2026-11-30");

    // production: honoré only, by the appointment's day (A1 + A3 in the first week, A5); collected: by payment day
    expect(d.money).toEqual([
      { bucket: WEEKS[0], production: 6_500_050, collected: 6_000_050 },
      { bucket: WEEKS[1], production: 0, collected: 0 },
      { bucket: WEEKS[2], production: 0, collected: 0 },
      { bucket: WEEKS[3], production: 800_000, collected: 0 },
      { bucket: WEEKS[4], production: 0, collected: 250_000 },
    ]);
    expect(d.modes).toEqual([
      { mode: "cib", amount: 5_000_050, count: 1 },
      { mode: "especes", amount: 1_000_000, count: 1 },
      { mode: "cheque", amount: 250_000, count: 1 },
    ]);

    // aged on 30 November: A1 5 000, A5 8 000, A7 3 000 (≤ 30 days); A8 6 000 (46 days); A12 7 500 (152 days); A9 20 000 (182 days)
    expect(d.balances).toEqual([
      { age: "0-30", amount: 1_600_000, count: 3 },
      { age: "31-90", amount: 600_000, count: 1 },
      { age: "91-180", amount: 750_000, count: 1 },
      { age: "181+", amount: 2_000_000, count: 1 },
    ]);

    const z = { requested: 0, confirmed: 0, attended: 0, no_show: 0, cancelled: 0 };
    expect(d.statuses).toEqual([
      { bucket: WEEKS[0], ...z, attended: 2, no_show: 1 },
      { bucket: WEEKS[1], ...z, cancelled: 1 },
      { bucket: WEEKS[2], ...z },
      { bucket: WEEKS[3], ...z, attended: 1, confirmed: 1, requested: 1 },
      { bucket: WEEKS[4], ...z, no_show: 1 },
    ]);

    // Saturday first
    expect(d.weekdays).toEqual([
      { weekday: 6, attended: 1, noShow: 1, cancelled: 0, total: 2 },
      { weekday: 0, attended: 0, noShow: 0, cancelled: 0, total: 2 },
      { weekday: 1, attended: 1, noShow: 1, cancelled: 1, total: 3 },
      { weekday: 2, attended: 1, noShow: 0, cancelled: 0, total: 1 },
    ]);
    expect(d.services).toEqual([
      { service: "Orthodontie", attended: 2, noShow: 2, cancelled: 0, total: 4 },
      { service: "Implementation", attended: 1, noShow: 0, cancelled: 1, total: 2 },
      { service: "Soins conservateurs", attended: 0, noShow: 0, cancelled: 0, total: 2 },
    ]);

    // booked: A1 30 + A3 90; A5 30 + A6 45 + A7 45. Open: 420 min a working day × 2 chairs, Fridays
    // closed; week 1 = Mon–Thu (Sunday closed) 4 × 420; 24 Nov is 180 min
    expect(d.fill).toEqual([
      { bucket: WEEKS[0], booked: 120, open: 3360 },
      { bucket: WEEKS[1], booked: 0, open: 5040 },
      { bucket: WEEKS[2], booked: 0, open: 5040 },
      { bucket: WEEKS[3], booked: 120, open: 4560 },
      { bucket: WEEKS[4], booked: 0, open: 2520 },
    ]);

    expect(d.patients).toEqual([
      { bucket: WEEKS[0], count: 2 },
      { bucket: WEEKS[1], count: 0 },
      { bucket: WEEKS[2], count: 1 },
      { bucket: WEEKS[3], count: 0 },
      { bucket: WEEKS[4], count: 0 },
    ]);

    // by the clinic day received: A2 staff, A3 online, A4 staff | A5 none | A6 online, A7 staff, A11 online | A10 online
    expect(d.sources).toEqual([
      { bucket: WEEKS[0], online: 1, staff: 2, other: 0 },
      { bucket: WEEKS[1], online: 0, staff: 0, other: 0 },
      { bucket: WEEKS[2], online: 0, staff: 0, other: 1 },
      { bucket: WEEKS[3], online: 2, staff: 1, other: 0 },
      { bucket: WEEKS[4], online: 1, staff: 0, other: 0 },
    ]);

    expect(d.courses.map(({ formationId: _, ...c }) => c)).toEqual([
      { title: "Implantologie", active: 2, confirmed: 1, cancelled: 1 },
      { title: "Ancienne formation", active: 1, confirmed: 1, cancelled: 0 },
      { title: "Orthodontie pratique", active: 1, confirmed: 1, cancelled: 0 },
    ]);
  });

  it("gives the rates of the whole period as the tables show them: no-show 2 / 5, cancellation 1 / 8, fill 240 / 20 520", async () => {
    const tables = reportTables(await loadReportData(t.h, NOVEMBER, "2026-12-10"));
    const footer = (id: string) => tables.find((x) => x.id === id)!.footer;
    expect(footer("jours")).toEqual(["Total", 3, 2, 1, 8, 40, 12.5]);
    expect(footer("services")).toEqual(["Total", 3, 2, 1, 8, 40, 12.5]);
    expect(footer("remplissage")).toEqual(["Total", 240, 20_520, 1.2]);
    expect(footer("production")).toEqual(["Total", 7_300_050, 6_250_050]);
    expect(footer("origine")).toEqual(["Total", 4, 3, 1]);
  });

  it("buckets by day, month and year the same way", async () => {
    expect(await productionAndCollected(t.h, { from: "2026-11-02", to: "2026-11-03", granularity: "jour" })).toEqual([
      { bucket: "2026-11-02", production: 1_500_000, collected: 1_000_000 },
      { bucket: "2026-11-03", production: 5_000_050, collected: 5_000_050 },
    ]);
    expect(await productionAndCollected(t.h, { from: "2026-10-01", to: "2026-11-30", granularity: "mois" })).toEqual([
      { bucket: "2026-10", production: 1_000_000, collected: 400_000 },
      { bucket: "2026-11", production: 7_300_050, collected: 6_250_050 },
    ]);
    expect(await productionAndCollected(t.h, { from: "2026-01-01", to: "2026-12-31", granularity: "annee" })).toEqual([{ bucket: "2026", production: 11_300_050, collected: 6_650_050 }]);
  });

  it("exports a report, or all of them, as .xlsx sheets with the table's numbers (amounts in DA)", async () => {
    const tables = reportTables(await loadReportData(t.h, NOVEMBER, "2026-12-10"));
    const one = await readXlsxFile(Buffer.from(await reportsXlsx(tables.filter((x) => x.id === "production"))));
    expect(one).toHaveLength(1);
    expect(one[0].sheet).toBe("Production et encaissements");
    expect(one[0].data[0]).toEqual(["Période", "Production", "Encaissé"]);
    expect(one[0].data[1]).toEqual(["sem. du 31/10", 65_000.5, 60_000.5]);
    expect(one[0].data.at(-1)).toEqual(["Total", 73_000.5, 62_500.5]);
    const all = await readXlsxFile(Buffer.from(await reportsXlsx(tables)));
    expect(all.map((s) => s.sheet)).toHaveLength(10);
    const jours = all.find((s) => s.sheet.startsWith("Absences et annulations par j"))!;
    expect(jours.data.at(-1)).toEqual(["Total", 3, 2, 1, 8, 0.4, 0.125]);
  });
});
