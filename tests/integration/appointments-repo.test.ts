import { describe, expect, it } from "vitest";
import { createAppointment, getAppointment, listAppointments, updateAppointment, type AppointmentInput } from "~/.server/repos/appointments";
import { searchPatterns } from "~/.server/repos/search-patterns";
import { clinicDayBounds } from "~/lib/clinic-time";
import { isAppointmentDone } from "~/lib/appointment-status";
import { describeEachEngine } from "../helpers/db";

function input(over: Partial<AppointmentInput> = {}): AppointmentInput {
  return {
    name: "Amina Benali",
    email: "amina.benali@exemple.dz",
    phone: "0550 12 34 56",
    service: "Orthodontie",
    date: "2026-03-20",
    time: "10:30",
    message: null,
    ...over,
  };
}

describe("searchPatterns", () => {
  it("escapes LIKE wildcards and tries accented capitals", () => {
    expect(searchPatterns("50%_x")).toEqual(["%50\\%\\_x%"]);
    expect(searchPatterns("élodie")).toEqual(["%élodie%", "%Élodie%"]);
    expect(searchPatterns("ÉLÉONORE")).toEqual(["%éléonore%", "%ÉlÉonore%", "%Éléonore%"]);
  });
});

describeEachEngine("appointments repo", (t) => {

  async function count() {
    const r = await t.h.db.selectFrom("appointments").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  it("stores an appointment and reads it back with integer centimes", async () => {
    const { appointment, duplicate } = await createAppointment(t.h, input({ message: "Bonjour", prixtotal: 1_500_050, prixpay: 0, progress: "Devis" }));
    expect(duplicate).toBe(false);
    expect(appointment.id).toBeGreaterThan(0);
    const back = await getAppointment(t.h, Number(appointment.id));
    expect(back).toMatchObject({
      name: "Amina Benali",
      email: "amina.benali@exemple.dz",
      service: "Orthodontie",
      date: "2026-03-20",
      time: "10:30",
      message: "Bonjour",
      prixtotal: 1_500_050,
      prixpay: 0,
      progress: "Devis",
      tips: null,
    });
    expect(typeof back!.prixtotal).toBe("number");
    expect(Date.parse(back!.created_at)).not.toBeNaN();
  });

  it("stores one row for a repeated submission key, also when both arrive at once", async () => {
    const first = await createAppointment(t.h, input(), { submissionKey: "key-aaaaaaaa" });
    const again = await createAppointment(t.h, input({ name: "Autre" }), { submissionKey: "key-aaaaaaaa" });
    expect(again.duplicate).toBe(true);
    expect(again.appointment.id).toBe(first.appointment.id);
    expect(again.appointment.name).toBe("Amina Benali");

    const both = await Promise.all([
      createAppointment(t.h, input(), { submissionKey: "key-bbbbbbbb" }),
      createAppointment(t.h, input(), { submissionKey: "key-bbbbbbbb" }),
    ]);
    expect(both[0].appointment.id).toBe(both[1].appointment.id);
    expect(await count()).toBe(2);

    // no key: no idempotency, two rows
    await createAppointment(t.h, input());
    await createAppointment(t.h, input());
    expect(await count()).toBe(4);
  });

  it("lists newest submission first, with the total and pages", async () => {
    for (let i = 0; i < 5; i++) {
      await createAppointment(t.h, input({ name: `Patient ${i}` }), { createdAt: `2026-01-0${i + 1}T09:00:00.000Z` });
    }
    const page1 = await listAppointments(t.h, {}, { limit: 2, offset: 0 });
    expect(page1.total).toBe(5);
    expect(page1.rows.map((r) => r.name)).toEqual(["Patient 4", "Patient 3"]);
    const page3 = await listAppointments(t.h, {}, { limit: 2, offset: 4 });
    expect(page3.rows.map((r) => r.name)).toEqual(["Patient 0"]);
    expect(page3.total).toBe(5);
  });

  it("searches name or e-mail, case-insensitively, accents included, wildcards literal", async () => {
    await createAppointment(t.h, input({ name: "Élodie Martin", email: "e.martin@exemple.dz" }));
    await createAppointment(t.h, input({ name: "Karim Haddad", email: "KARIM@Exemple.dz" }));
    await createAppointment(t.h, input({ name: "Remise 50% Test", email: "remise@exemple.dz" }));
    await createAppointment(t.h, input({ name: "Remise 500 Test", email: "autre@exemple.dz" }));
    const names = async (q: string) => (await listAppointments(t.h, { q })).rows.map((r) => r.name).sort();
    expect(await names("élodie")).toEqual(["Élodie Martin"]);
    expect(await names("Élodie")).toEqual(["Élodie Martin"]);
    expect(await names("MARTIN")).toEqual(["Élodie Martin"]);
    expect(await names("karim@")).toEqual(["Karim Haddad"]);
    expect(await names("haddad")).toEqual(["Karim Haddad"]);
    expect(await names("50%")).toEqual(["Remise 50% Test"]);
    expect(await names("_")).toEqual([]);
    expect(await names("personne")).toEqual([]);
  });

  it("filters by submission day in the clinic's time zone, by appointment date and by service", async () => {
    // 23:30 UTC on the 14th is 00:30 on the 15th in Algiers (UTC+1)
    await createAppointment(t.h, input({ name: "Tard" }), { createdAt: "2025-03-14T23:30:00.000Z" });
    await createAppointment(t.h, input({ name: "Tôt", date: "2026-04-02", service: "Implementation" }), { createdAt: "2025-03-14T10:00:00.000Z" });
    expect(clinicDayBounds("2025-03-15")).toEqual(["2025-03-14T23:00:00.000Z", "2025-03-15T23:00:00.000Z"]);
    expect((await listAppointments(t.h, { submitted: "2025-03-15" })).rows.map((r) => r.name)).toEqual(["Tard"]);
    expect((await listAppointments(t.h, { submitted: "2025-03-14" })).rows.map((r) => r.name)).toEqual(["Tôt"]);
    expect((await listAppointments(t.h, { date: "2026-04-02" })).rows.map((r) => r.name)).toEqual(["Tôt"]);
    expect((await listAppointments(t.h, { service: "Implementation" })).rows.map((r) => r.name)).toEqual(["Tôt"]);
    expect((await listAppointments(t.h, { service: "Implementation", date: "2026-03-20" })).total).toBe(0);
  });

  it("filters 'Terminé' and 'Non terminé' exactly as the card's badge decides, status included", async () => {
    // every kind of amounts a row can hold: total null / 0 / set, paid null / less / equal (/ more)
    const cases: Array<[name: string, prixtotal: number | null, prixpay: number | null]> = [
      ["sans total, sans paiement", null, null],
      ["sans total, payé 0", null, 0],
      ["sans total, payé 5000", null, 500_000],
      ["total 0, sans paiement", 0, null],
      ["total 0, payé 0", 0, 0],
      ["total 20000, sans paiement", 2_000_000, null],
      ["total 20000, payé 0", 2_000_000, 0],
      ["total 20000, payé 5000", 2_000_000, 500_000],
      ["total 20000, payé 20000", 2_000_000, 2_000_000],
      ["total 20000, payé 25000", 2_000_000, 2_500_000],
    ];
    // each one before the visit ('Demande reçue', 'Confirmé'), after it ('Honoré', 'Absent') and cancelled
    const statuses = ["requested", "confirmed", "attended", "no_show", "cancelled"] as const;
    for (const status of statuses) {
      for (const [name, prixtotal, prixpay] of cases) {
        const { appointment } = await createAppointment(t.h, input({ name: `${name} · ${status}`, prixtotal, prixpay }));
        await t.h.db.updateTable("appointments").set({ status }).where("id", "=", appointment.id).execute();
      }
    }

    const all = cases.length * statuses.length;
    const stored = (await listAppointments(t.h, {}, { limit: 100, offset: 0 })).rows;
    expect(stored).toHaveLength(all);
    const byBadge = (done: boolean) => stored.filter((r) => isAppointmentDone(r) === done).map((r) => r.name).sort();
    const byFilter = async (status: "done" | "todo") => (await listAppointments(t.h, { status }, { limit: 100, offset: 0 })).rows.map((r) => r.name).sort();

    // the rule itself: a set total fully paid; 0 of 0 only once the patient came ('Honoré')
    expect(byBadge(true)).toEqual(
      ["total 0, payé 0 · attended", ...statuses.map((s) => `total 20000, payé 20000 · ${s}`)].sort(),
    );
    // the database filter selects exactly the rows the badge marks
    expect(await byFilter("done")).toEqual(byBadge(true));
    expect(await byFilter("todo")).toEqual(byBadge(false));
    expect((await listAppointments(t.h, { status: "todo" })).total).toBe(all - 6);
  });

  it("updates progress, prices and tips and returns the stored row", async () => {
    const { appointment } = await createAppointment(t.h, input({ message: "garder" }));
    const id = Number(appointment.id);
    const updated = await updateAppointment(t.h, id, { progress: "Pose de l'implant", prixtotal: 12_000_000, prixpay: 4_000_000, tips: "Éviter le café" });
    expect(updated).toMatchObject({ id: appointment.id, progress: "Pose de l'implant", prixtotal: 12_000_000, prixpay: 4_000_000, tips: "Éviter le café", message: "garder" });
    const partial = await updateAppointment(t.h, id, { prixpay: 12_000_000 });
    expect(partial).toMatchObject({ progress: "Pose de l'implant", prixtotal: 12_000_000, prixpay: 12_000_000 });
    expect(isAppointmentDone(partial!)).toBe(true);
    const cleared = await updateAppointment(t.h, id, { tips: null });
    expect(cleared!.tips).toBeNull();
    expect(await updateAppointment(t.h, 999_999, { progress: "x" })).toBeUndefined();
  });
});
