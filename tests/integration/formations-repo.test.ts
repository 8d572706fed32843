import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db";
import {
  countEnrollmentsWithoutFormation,
  enroll,
  getEnrollment,
  listEnrollmentsForFormation,
  listEnrollmentsWithoutFormation,
  setEnrollmentStatus,
} from "~/.server/repos/enrollments";
import {
  createFormation,
  deleteFormation,
  formationStats,
  getActiveFormation,
  getFormation,
  listActiveFormations,
  listFormations,
  updateFormation,
  type FormationInput,
} from "~/.server/repos/formations";
import type { Syllabus } from "~/lib/syllabus";
import { createTestDb, ENGINES, truncateAll } from "../helpers/db";

const syllabus: Syllabus = {
  overview: { title: "Programme", description: "Desc", objectives: ["Un", "Deux"], duration: "6 mois", instructor: "" },
  modules: [
    { number: 1, title: "Bases", description: "", duration: "2 jours", points_clefs: ["A"], objectifs: ["B"], pratique: ["C"], lessons: [{ title: "Cours", description: "", duration: "3 h", content: "Texte" }] },
  ],
};

function input(over: Partial<FormationInput> = {}): FormationInput {
  return { title: "Implantologie", description: "Six mois", duration_months: 6, max_participants: 10, price: 35_000_000, is_active: true, syllabus, ...over };
}

const person = (formation_id: number | null, i = 1) => ({ formation_id, user_name: `Nom${i}`, user_surname: "Prénom", email: `p${i}@exemple.dz`, phone: "0550 12 34 56" });

for (const engine of ENGINES) {
  describe.runIf(engine.available)(`formations repo [${engine.name}]`, () => {
    let h: Db;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ h, drop } = await createTestDb(engine.name));
    });
    afterAll(async () => drop?.());
    beforeEach(async () => truncateAll(h));

    it("stores and reads back every field: booleans, centimes and the syllabus object", async () => {
      const f = await createFormation(h, input({ price: 3_500_050 }), "2026-01-10T08:00:00.000Z");
      const back = await getFormation(h, f.id);
      expect(back).toMatchObject({ title: "Implantologie", duration_months: 6, max_participants: 10, price: 3_500_050, is_active: true, taken: 0, created_at: "2026-01-10T08:00:00.000Z" });
      expect(back!.syllabus).toEqual(syllabus);
      const empty = await createFormation(h, input({ price: null, syllabus: null, is_active: false }));
      expect(await getFormation(h, empty.id)).toMatchObject({ price: null, syllabus: null, is_active: false });
    });

    it("lists newest first, active ones only on the public side, with places taken", async () => {
      const old = await createFormation(h, input({ title: "Ancienne" }), "2026-01-01T00:00:00.000Z");
      const inactive = await createFormation(h, input({ title: "Inactive", is_active: false }), "2026-02-01T00:00:00.000Z");
      const recent = await createFormation(h, input({ title: "Récente" }), "2026-03-01T00:00:00.000Z");
      await enroll(h, person(old.id, 1));
      const e2 = await enroll(h, person(old.id, 2));
      await enroll(h, person(old.id, 3));
      if (e2.ok) await setEnrollmentStatus(h, e2.enrollment.id, "cancelled");
      expect((await listFormations(h)).map((f) => f.title)).toEqual(["Récente", "Inactive", "Ancienne"]);
      const active = await listActiveFormations(h);
      expect(active.map((f) => [f.title, f.taken])).toEqual([
        ["Récente", 0],
        ["Ancienne", 2],
      ]);
      expect(await getActiveFormation(h, inactive.id)).toBeUndefined();
      expect((await getActiveFormation(h, recent.id))?.title).toBe("Récente");
    });

    it("updates a formation and reports an unknown id", async () => {
      const f = await createFormation(h, input());
      const u = await updateFormation(h, f.id, input({ title: "Nouveau titre", max_participants: 12, is_active: false, price: 0 }));
      expect(u).toMatchObject({ title: "Nouveau titre", max_participants: 12, is_active: false, price: 0 });
      expect(await updateFormation(h, 987654, input())).toBeUndefined();
    });

    it("counts totals, active formations and occupying enrolments (pending or confirmed)", async () => {
      const a = await createFormation(h, input());
      await createFormation(h, input({ is_active: false }));
      const e1 = await enroll(h, person(a.id, 1));
      await enroll(h, person(a.id, 2));
      const e3 = await enroll(h, person(null, 3));
      if (e1.ok) await setEnrollmentStatus(h, e1.enrollment.id, "confirmed");
      if (e3.ok) await setEnrollmentStatus(h, e3.enrollment.id, "completed");
      expect(await formationStats(h)).toEqual({ total: 2, active: 1, enrollments: 2 });
      await truncateAll(h);
      expect(await formationStats(h)).toEqual({ total: 0, active: 0, enrollments: 0 });
    });

    it("deleting a formation keeps its enrolments: formation_id becomes null, formation_chosen keeps the title", async () => {
      const f = await createFormation(h, input({ title: "Session supprimée" }));
      const e = await enroll(h, person(f.id));
      if (!e.ok) throw new Error("enrolment refused");
      expect(await deleteFormation(h, f.id)).toBe(true);
      expect(await deleteFormation(h, f.id)).toBe(false);
      expect(await getFormation(h, f.id)).toBeUndefined();
      const kept = await getEnrollment(h, e.enrollment.id);
      expect(kept).toMatchObject({ formation_id: null, formation_chosen: "Session supprimée", user_name: "Nom1", status: "pending" });
      expect(await listEnrollmentsForFormation(h, f.id)).toEqual([]);
      expect((await listEnrollmentsWithoutFormation(h)).map((x) => x.id)).toEqual([e.enrollment.id]);
      expect(await countEnrollmentsWithoutFormation(h)).toBe(1);
    });

    it("lists a formation's enrolments newest first", async () => {
      const f = await createFormation(h, input());
      await enroll(h, person(f.id, 1), { at: "2026-03-01T10:00:00.000Z" });
      await enroll(h, person(f.id, 2), { at: "2026-03-03T10:00:00.000Z" });
      await enroll(h, person(f.id, 3), { at: "2026-03-02T10:00:00.000Z" });
      expect((await listEnrollmentsForFormation(h, f.id)).map((e) => e.user_name)).toEqual(["Nom2", "Nom3", "Nom1"]);
    });
  });
}
