import { expect, it } from "vitest";
import { seedDemoActs } from "~/.server/db/seed-acts";
import { goLiveChecklist } from "~/.server/go-live-checklist";
import { createAppointment } from "~/.server/repos/appointments";
import { actOfLatestVisit, countDemoActs, createAct, listActs, saveServiceActs, serviceActs, updateAct } from "~/.server/repos/acts";
import { insertStaff } from "~/.server/repos/staff";
import { describeEachEngine } from "../helpers/db";

/**
 * The catalogue of acts (issue 29; docs/product.md, "Staff: acts and prices") on both engines: the
 * demo list seeded once, marked for the go-live checklist until each act is saved; codes unique
 * (the database says so); which act each booking service stands for.
 */
const CONFIGURED = { SMTP_URL: "smtp://x", PUBLIC_URL: "https://clinique.example" };

describeEachEngine("acts", (t) => {
  it("seeds the demo list once, maps the services, and lists it in the go-live checklist until every act is saved", async () => {
    const staff = { staffUserId: Number((await insertStaff(t.h, "d@clinique.dz", "x", "dentist")).id), label: "d@clinique.dz" };
    expect(await seedDemoActs(t.h)).toBe(true);
    expect(await seedDemoActs(t.h)).toBe(false);
    const acts = await listActs(t.h);
    expect(acts.length).toBeGreaterThanOrEqual(25);
    expect(acts.every((a) => a.demo === 1 && a.active === 1)).toBe(true);
    const impl = acts.find((a) => a.code === "IMPL")!;
    expect(impl).toMatchObject({ label: "Implant dentaire (pose)", price: 8_000_000, category: "implantologie" });
    expect((await serviceActs(t.h))["Implementation"]).toBe(impl.id);

    const items = () => goLiveChecklist({ h: t.h, config: CONFIGURED, photoSlots: [] });
    expect((await items()).find((i) => i.id === "acts-demo")).toMatchObject({ group: "prices", label: `Tarifs des actes : ${acts.length} prix de la liste de démonstration`, href: "/admin/actes", permission: "act:manage" });

    // saving an act makes it the clinic's price; a code is unique
    const saved = await updateAct(t.h, impl.id, { code: "IMPL", label: "Implant Straumann (pose)", price: 12_000_000, category: "implantologie", active: true }, staff);
    expect(saved.ok && saved.act).toMatchObject({ demo: 0, price: 12_000_000 });
    expect(await countDemoActs(t.h)).toBe(acts.length - 1);
    expect(await createAct(t.h, { code: "IMPL", label: "Doublon", price: 0, category: "implantologie", active: true }, staff)).toEqual({ ok: false, reason: "duplicate_code" });
    expect(await updateAct(t.h, 99_999, { code: "ZZZ", label: "x", price: 0, category: "soins", active: true }, staff)).toEqual({ ok: false, reason: "not_found" });
    const made = await createAct(t.h, { code: "INLAY", label: "Inlay-onlay céramique", price: 3_000_000, category: "prothese", active: false }, staff);
    expect(made.ok && made.act).toMatchObject({ demo: 0, active: 0 });
    for (const a of await listActs(t.h)) if (a.demo === 1) await updateAct(t.h, a.id, { code: a.code, label: a.label, price: a.price, category: a.category, active: a.active === 1 }, staff);
    expect((await items()).find((i) => i.id === "acts-demo")).toBeUndefined();

    // a new quote starts with the act of the service the patient last came for
    const { appointment } = await createAppointment(t.h, { name: "Ali Mansouri", email: null, phone: "0550 77 66 55", service: "Implementation", date: "2026-11-20", time: "10:00" });
    expect(await actOfLatestVisit(t.h, Number(appointment.patient_id))).toMatchObject({ code: "IMPL", price: 12_000_000 });
    await saveServiceActs(t.h, { Implementation: null }, staff);
    expect(await actOfLatestVisit(t.h, Number(appointment.patient_id))).toBeUndefined();
    expect((await serviceActs(t.h))["Implementation"]).toBeNull();
    expect(await t.h.db.selectFrom("audit_log").select("action").where("action", "like", "act.%").execute()).not.toHaveLength(0);
  });
});
