import { DEFAULT_FORMATION_PLACE } from "~/lib/formation-schema";
import { sql } from "kysely";
import { RouterContextProvider } from "react-router";
import { expect, it, beforeEach } from "vitest";
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
import { ADMIN_FORMATION_TEXTS as T, ADMIN_FORMATION_TOAST_MS, type FormationActionResult } from "~/components/admin/formations/admin-formations";
import { staffContext } from "~/context";
import type { Syllabus } from "~/lib/syllabus";
import { action } from "~/routes/admin.formations";
import { describeEachEngine, truncateAll } from "../helpers/db";
import { staffSession } from "../helpers/staff";
import { insertStaff } from "~/.server/repos/staff";

type Answer = { data: FormationActionResult; init: { status?: number } | null };

/** A post of the staff screen (Conform's field names for the syllabus), by a signed-in staff member. */
async function post(fields: Record<string, string>): Promise<Answer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const context = new RouterContextProvider();
  context.set(staffContext, staffSession({ userId: 1, email: "staff@clinique.test", role: "admin", idHash: "x" }));
  return (await action({ request: new Request("http://clinic.test/admin/formations", { method: "POST", body }), params: {}, context } as never)) as unknown as Answer;
}
const toastOf = (r: Answer) => ({ type: r.data.toast.type, description: r.data.toast.description, duration: r.data.toast.duration });
const fieldErrors = (r: Answer) => Object.fromEntries(Object.entries(r.data.reply?.error ?? {}).map(([k, v]) => [k, v?.[0]]));
const editor = { title: "Parodontologie", description: "Trois mois.", duration_months: "3", price: "25000.50", max_participants: "6", place: "Salle Ibn Sina, Kouba", is_active: "on" };

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

describeEachEngine("formations repo and staff action", { appDb: true }, (t) => {
  // the staff member of the action's context (id 1): its audit entries reference the account
  beforeEach(async () => {
    await insertStaff(t.h, "staff@clinique.test", "hash-not-used");
  });

  it("stores and reads back every field: booleans, centimes and the syllabus object", async () => {
    const f = await createFormation(t.h, input({ price: 3_500_050 }), "2026-01-10T08:00:00.000Z");
    const back = await getFormation(t.h, f.id);
    expect(back).toMatchObject({ title: "Implantologie", duration_months: 6, max_participants: 10, price: 3_500_050, is_active: true, taken: 0, created_at: "2026-01-10T08:00:00.000Z" });
    expect(back!.syllabus).toEqual(syllabus);
    const empty = await createFormation(t.h, input({ price: null, syllabus: null, is_active: false }));
    expect(await getFormation(t.h, empty.id)).toMatchObject({ price: null, syllabus: null, is_active: false });
  });

  it("lists newest first, active ones only on the public side, with places taken", async () => {
    const old = await createFormation(t.h, input({ title: "Ancienne" }), "2026-01-01T00:00:00.000Z");
    const inactive = await createFormation(t.h, input({ title: "Inactive", is_active: false }), "2026-02-01T00:00:00.000Z");
    const recent = await createFormation(t.h, input({ title: "Récente" }), "2026-03-01T00:00:00.000Z");
    await enroll(t.h, person(old.id, 1));
    const e2 = await enroll(t.h, person(old.id, 2));
    await enroll(t.h, person(old.id, 3));
    if (e2.ok) await setEnrollmentStatus(t.h, e2.enrollment.id, "cancelled");
    expect((await listFormations(t.h)).map((f) => f.title)).toEqual(["Récente", "Inactive", "Ancienne"]);
    const active = await listActiveFormations(t.h);
    expect(active.map((f) => [f.title, f.taken])).toEqual([
      ["Récente", 0],
      ["Ancienne", 2],
    ]);
    expect(await getActiveFormation(t.h, inactive.id)).toBeUndefined();
    expect((await getActiveFormation(t.h, recent.id))?.title).toBe("Récente");
  });

  it("updates a formation and reports an unknown id", async () => {
    const f = await createFormation(t.h, input());
    const u = await updateFormation(t.h, f.id, input({ title: "Nouveau titre", max_participants: 12, is_active: false, price: 0 }));
    expect(u).toMatchObject({ ok: true, formation: { title: "Nouveau titre", max_participants: 12, is_active: false, price: 0 } });
    expect(await updateFormation(t.h, 987654, input())).toEqual({ ok: false, reason: "not_found" });
  });

  it("keeps the place of a formation: the default for a new one without it, the one typed, unchanged by an update without it (issue 30)", async () => {
    const f = await createFormation(t.h, input());
    expect(f.place).toBe(DEFAULT_FORMATION_PLACE);
    const moved = await updateFormation(t.h, f.id, input({ place: "Salle Ibn Sina, Kouba" }));
    expect(moved).toMatchObject({ ok: true, formation: { place: "Salle Ibn Sina, Kouba" } });
    expect(await updateFormation(t.h, f.id, input({ title: "Autre titre" }))).toMatchObject({ ok: true, formation: { place: "Salle Ibn Sina, Kouba" } });
  });

  it("counts totals, active formations and occupying enrolments (pending or confirmed)", async () => {
    const a = await createFormation(t.h, input());
    await createFormation(t.h, input({ is_active: false }));
    const e1 = await enroll(t.h, person(a.id, 1));
    await enroll(t.h, person(a.id, 2));
    const e3 = await enroll(t.h, person(null, 3));
    if (e1.ok) await setEnrollmentStatus(t.h, e1.enrollment.id, "confirmed");
    if (e3.ok) await setEnrollmentStatus(t.h, e3.enrollment.id, "completed");
    expect(await formationStats(t.h)).toEqual({ total: 2, active: 1, enrollments: 2 });
    await truncateAll(t.h);
    expect(await formationStats(t.h)).toEqual({ total: 0, active: 0, enrollments: 0 });
  });

  it("deleting a formation keeps its enrolments: formation_id becomes null, formation_chosen keeps the title", async () => {
    const f = await createFormation(t.h, input({ title: "Formation supprimée" }));
    const e = await enroll(t.h, person(f.id));
    if (!e.ok) throw new Error("enrolment refused");
    expect(await deleteFormation(t.h, f.id)).toBe(true);
    expect(await deleteFormation(t.h, f.id)).toBe(false);
    expect(await getFormation(t.h, f.id)).toBeUndefined();
    const kept = await getEnrollment(t.h, e.enrollment.id);
    expect(kept).toMatchObject({ formation_id: null, formation_chosen: "Formation supprimée", user_name: "Nom1", status: "pending" });
    expect(await listEnrollmentsForFormation(t.h, f.id)).toEqual([]);
    expect((await listEnrollmentsWithoutFormation(t.h)).map((x) => x.id)).toEqual([e.enrollment.id]);
    expect(await countEnrollmentsWithoutFormation(t.h)).toBe(1);
  });

  it("lists a formation's enrolments newest first", async () => {
    const f = await createFormation(t.h, input());
    await enroll(t.h, person(f.id, 1), { at: "2026-03-01T10:00:00.000Z" });
    await enroll(t.h, person(f.id, 2), { at: "2026-03-03T10:00:00.000Z" });
    await enroll(t.h, person(f.id, 3), { at: "2026-03-02T10:00:00.000Z" });
    expect((await listEnrollmentsForFormation(t.h, f.id)).map((e) => e.user_name)).toEqual(["Nom2", "Nom3", "Nom1"]);
  });

  it("refuses an empty editor with French errors beside the fields and the 5 s failure toast, storing nothing", async () => {
    const r = await post({ intent: "create", title: " ", description: "", duration_months: "6", max_participants: "10" });
    expect(r.init?.status).toBe(400);
    expect(fieldErrors(r)).toEqual({ title: "Indiquez le titre de la formation.", description: "Indiquez la description de la formation.", price: "Indiquez le prix (0 pour « prix sur demande »).",
      place: "Indiquez le lieu de la formation.",
    });
    expect(toastOf(r)).toEqual({ type: "error", description: T.genericError, duration: ADMIN_FORMATION_TOAST_MS });
    expect(await listFormations(t.h)).toEqual([]);
  });

  it("creates a formation with its nested syllabus stored as JSON, then updates it", async () => {
    const created = await post({
      intent: "create",
      ...editor,
      "syllabus.overview.title": "Programme",
      "syllabus.overview.objectives": "Un\nDeux",
      "syllabus.modules[0].number": "1",
      "syllabus.modules[0].title": "Premier",
      "syllabus.modules[0].points_clefs": "A\nB",
      "syllabus.modules[0].lessons[0].title": "Leçon",
      "syllabus.modules[1].number": "2",
      "syllabus.modules[1].title": "Second",
    });
    expect(created.data.ok).toBe(true);
    expect(toastOf(created)).toEqual({ type: "success", description: T.created, duration: ADMIN_FORMATION_TOAST_MS });
    const [f] = await listFormations(t.h);
    expect(f).toMatchObject({ title: "Parodontologie", duration_months: 3, max_participants: 6, place: "Salle Ibn Sina, Kouba", price: 2_500_050, is_active: true });
    expect(f.syllabus?.overview).toMatchObject({ title: "Programme", objectives: ["Un", "Deux"] });
    expect(f.syllabus?.modules.map((m) => [m.number, m.title, m.points_clefs, m.lessons.map((l) => l.title)])).toEqual([
      [1, "Premier", ["A", "B"], ["Leçon"]],
      [2, "Second", [], []],
    ]);
    const stored = await t.h.db.selectFrom("formations").select("syllabus").where("id", "=", f.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.syllabus!).modules).toHaveLength(2);

    const { is_active: _on, ...inactive } = editor;
    const updated = await post({ intent: "update", id: String(f.id), ...inactive, title: "Renommée" });
    expect(toastOf(updated)).toEqual({ type: "success", description: T.updated, duration: ADMIN_FORMATION_TOAST_MS });
    expect(await getFormation(t.h, f.id)).toMatchObject({ title: "Renommée", is_active: false, syllabus: { modules: [] } });
    const unknown = await post({ intent: "update", id: "987654", ...editor });
    expect(unknown.init?.status).toBe(404);
    expect(toastOf(unknown).description).toBe(T.genericError);
  });

  it("changes an enrolment's status, deletes a formation once, and refuses what it does not know", async () => {
    const f = await createFormation(t.h, input());
    const e = await enroll(t.h, person(f.id));
    if (!e.ok) throw new Error("enrolment refused");
    const status = await post({ intent: "status", id: String(e.enrollment.id), status: "confirmed" });
    expect(toastOf(status)).toEqual({ type: "success", description: T.statusUpdated, duration: ADMIN_FORMATION_TOAST_MS });
    expect((await getEnrollment(t.h, e.enrollment.id))?.status).toBe("confirmed");
    const bad = await post({ intent: "status", id: String(e.enrollment.id), status: "archived" });
    expect([bad.init?.status, toastOf(bad).description]).toEqual([400, T.statusError]);

    expect(toastOf(await post({ intent: "delete", id: String(f.id) }))).toEqual({ type: "success", description: T.deleted, duration: ADMIN_FORMATION_TOAST_MS });
    const again = await post({ intent: "delete", id: String(f.id) });
    expect([again.init?.status, toastOf(again).description]).toEqual([404, T.deleteError]);
    expect(await getEnrollment(t.h, e.enrollment.id)).toMatchObject({ formation_id: null, formation_chosen: "Implantologie" });

    const unknown = await post({ intent: "archive", id: "1" });
    expect([unknown.init?.status, unknown.data.ok, toastOf(unknown).description]).toEqual([400, false, T.genericError]);
  });

  it("refuses to move a cancelled enrolment back into a full formation: 409, the French toast, nothing changed", async () => {
    const f = await createFormation(t.h, input({ max_participants: 1 }));
    const first = await enroll(t.h, person(f.id, 1));
    const second = await enroll(t.h, person(null, 2));
    if (!first.ok || !second.ok) throw new Error("enrolment refused");
    await t.h.db.updateTable("enrollments").set({ formation_id: f.id, status: "cancelled" }).where("id", "=", second.enrollment.id).execute();
    for (const status of ["confirmed", "pending"]) {
      const r = await post({ intent: "status", id: String(second.enrollment.id), status });
      expect([r.init?.status, r.data.ok, toastOf(r)]).toEqual([409, false, { type: "error", description: T.statusFull, duration: ADMIN_FORMATION_TOAST_MS }]);
    }
    expect(T.statusFull).toBe("Cette formation est complète : libérez une place (annulez une autre inscription) avant de confirmer ou de remettre en attente cette inscription.");
    expect((await getEnrollment(t.h, second.enrollment.id))?.status).toBe("cancelled");
    expect((await getFormation(t.h, f.id))!.taken).toBe(1);
    // once a place is free, the same move is accepted
    expect((await post({ intent: "status", id: String(first.enrollment.id), status: "cancelled" })).data.ok).toBe(true);
    expect(toastOf(await post({ intent: "status", id: String(second.enrollment.id), status: "confirmed" })).description).toBe(T.statusUpdated);
    expect((await getEnrollment(t.h, second.enrollment.id))?.status).toBe("confirmed");
  });

  it("refuses a 'Participants maximum' below the places taken: 409, the message beside the field and in the toast, nothing changed", async () => {
    const f = await createFormation(t.h, input({ title: "Parodontologie", max_participants: 6 }));
    for (let i = 1; i <= 3; i++) await enroll(t.h, person(f.id, i));
    const r = await post({ intent: "update", id: String(f.id), ...editor, title: "Renommée", max_participants: "2" });
    const message = "Le nombre maximum de participants ne peut pas être inférieur aux places déjà prises (3).";
    expect([r.init?.status, r.data.ok, toastOf(r)]).toEqual([409, false, { type: "error", description: message, duration: ADMIN_FORMATION_TOAST_MS }]);
    expect(fieldErrors(r)).toEqual({ max_participants: message });
    expect(await getFormation(t.h, f.id)).toMatchObject({ title: "Parodontologie", max_participants: 6, taken: 3 });
    const atTaken = await post({ intent: "update", id: String(f.id), ...editor, title: "Renommée", max_participants: "3" });
    expect(toastOf(atTaken).description).toBe(T.updated);
    expect(await getFormation(t.h, f.id)).toMatchObject({ title: "Renommée", max_participants: 3 });
  });

  it("a database that fails answers the screen's failure toast (500), never a crash", async () => {
    const f = await createFormation(t.h, input());
    await sql`alter table enrollments rename to enrollments_off`.execute(t.h.db);
    try {
      const r = await post({ intent: "status", id: "1", status: "pending" });
      expect([r.init?.status, toastOf(r)]).toEqual([500, { type: "error", description: T.statusError, duration: ADMIN_FORMATION_TOAST_MS }]);
    } finally {
      await sql`alter table enrollments_off rename to enrollments`.execute(t.h.db);
    }
    await sql`alter table formations rename to formations_off`.execute(t.h.db);
    try {
      const r = await post({ intent: "delete", id: String(f.id) });
      expect([r.init?.status, toastOf(r).description]).toEqual([500, T.deleteError]);
    } finally {
      await sql`alter table formations_off rename to formations`.execute(t.h.db);
    }
    expect(await getFormation(t.h, f.id)).toBeDefined();
  });
});
