import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { countOccupying, enroll, getEnrollment, listEnrollmentsForFormation, setEnrollmentStatus } from "~/.server/repos/enrollments";
import { createFormation, deleteFormation, getFormation, updateFormation, type FormationInput } from "~/.server/repos/formations";
import { describeEachEngine, useSqliteFile } from "../helpers/db";
import type { CapacityOperation } from "./fixtures/capacity-worker";

function formation(over: Partial<FormationInput> = {}): FormationInput {
  return { title: "Implantologie — formation test", description: "D", duration_months: 6, max_participants: 10, price: 35_000_000, is_active: true, syllabus: null, ...over };
}

const person = (i: number, formation_id: number | null) => ({
  formation_id,
  user_name: `Nom${i}`,
  user_surname: `Prénom${i}`,
  email: `p${i}@exemple.dz`,
  phone: "0550 12 34 56",
});

describeEachEngine("enrolment capacity", (t) => {
  it("50 concurrent enrolments for a 10-place formation store exactly 10 occupying enrolments", async () => {
    const f = await createFormation(t.h, formation({ max_participants: 10 }));
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => enroll(t.h, person(i, f.id), { submissionKey: `k-${i}` })));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok && r.reason === "full")).toHaveLength(40);
    expect(await countOccupying(t.h, f.id)).toBe(10);
    const rows = await listEnrollmentsForFormation(t.h, f.id);
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.status === "pending" && r.formation_chosen === f.title)).toBe(true);
    expect((await getFormation(t.h, f.id))!.taken).toBe(10);
  });

  it("refuses a full formation, and a cancelled or completed enrolment frees its place", async () => {
    const f = await createFormation(t.h, formation({ max_participants: 2 }));
    const a = await enroll(t.h, person(1, f.id));
    const b = await enroll(t.h, person(2, f.id));
    expect(a.ok && b.ok).toBe(true);
    expect(await enroll(t.h, person(3, f.id))).toEqual({ ok: false, reason: "full" });
    if (!a.ok || !b.ok) return;
    await setEnrollmentStatus(t.h, a.enrollment.id, "cancelled");
    const c = await enroll(t.h, person(4, f.id));
    expect(c.ok).toBe(true);
    await setEnrollmentStatus(t.h, b.enrollment.id, "completed");
    expect((await enroll(t.h, person(5, f.id))).ok).toBe(true);
    expect(await countOccupying(t.h, f.id)).toBe(2);
    // confirmed still occupies
    if (c.ok) await setEnrollmentStatus(t.h, c.enrollment.id, "confirmed");
    expect(await enroll(t.h, person(6, f.id))).toEqual({ ok: false, reason: "full" });
  });

  /** A formation with `taken` pending enrolments and `cancelled` cancelled ones (their ids). */
  async function seeded(max: number, taken: number, cancelled: number) {
    const f = await createFormation(t.h, formation({ max_participants: max }));
    for (let i = 0; i < taken; i++) if (!(await enroll(t.h, person(i, f.id))).ok) throw new Error("enrolment refused");
    const rows = Array.from({ length: cancelled }, (_, i) => ({ ...person(100 + i, f.id), formation_chosen: f.title, enrollment_date: "2026-03-01T09:00:00.000Z", status: "cancelled" as const }));
    const ids = cancelled ? (await t.h.db.insertInto("enrollments").values(rows).returning("id").execute()).map((r) => Number(r.id)) : [];
    return { f, ids };
  }
  const statusOf = async (id: number) => (await getEnrollment(t.h, id))?.status;

  it("staff cannot move a cancelled or completed enrolment back into a full formation; the stored status stays", async () => {
    const { f, ids } = await seeded(1, 1, 2);
    await setEnrollmentStatus(t.h, ids[1], "completed");
    expect(await setEnrollmentStatus(t.h, ids[0], "confirmed")).toEqual({ ok: false, reason: "full", taken: 1, max: 1 });
    expect(await setEnrollmentStatus(t.h, ids[1], "pending")).toEqual({ ok: false, reason: "full", taken: 1, max: 1 });
    expect([await statusOf(ids[0]), await statusOf(ids[1])]).toEqual(["cancelled", "completed"]);
    expect(await countOccupying(t.h, f.id)).toBe(1);
    // freeing and moving to another freed status are never refused
    expect((await setEnrollmentStatus(t.h, ids[0], "completed")).ok).toBe(true);
    expect(await setEnrollmentStatus(t.h, 987_654, "confirmed")).toEqual({ ok: false, reason: "not_found" });
    expect(await setEnrollmentStatus(t.h, 987_654, "cancelled")).toEqual({ ok: false, reason: "not_found" });
    // a place freed is a place that may be taken again
    const [occupant] = (await listEnrollmentsForFormation(t.h, f.id)).filter((e) => e.status === "pending");
    await setEnrollmentStatus(t.h, occupant.id, "cancelled");
    expect(await setEnrollmentStatus(t.h, ids[1], "confirmed")).toMatchObject({ ok: true, enrollment: { id: ids[1], status: "confirmed" } });
    expect((await getFormation(t.h, f.id))!.taken).toBe(1);
    expect(await enroll(t.h, person(3, f.id))).toEqual({ ok: false, reason: "full" });
  });

  it("pending and confirmed swap freely, even in a formation already past its capacity", async () => {
    const { f } = await seeded(3, 3, 0);
    await t.h.db.updateTable("formations").set({ max_participants: 2 }).where("id", "=", f.id).execute();
    const rows = await listEnrollmentsForFormation(t.h, f.id);
    expect((await setEnrollmentStatus(t.h, rows[0].id, "confirmed")).ok).toBe(true);
    expect((await setEnrollmentStatus(t.h, rows[0].id, "pending")).ok).toBe(true);
    expect((await setEnrollmentStatus(t.h, rows[1].id, "confirmed")).ok).toBe(true);
    expect(await countOccupying(t.h, f.id)).toBe(3);
  });

  it("an enrolment without a formation takes any status", async () => {
    const e = await enroll(t.h, person(1, null));
    if (!e.ok) throw new Error("enrolment refused");
    await setEnrollmentStatus(t.h, e.enrollment.id, "cancelled");
    expect(await setEnrollmentStatus(t.h, e.enrollment.id, "confirmed")).toMatchObject({ ok: true, enrollment: { status: "confirmed" } });
  });

  it("20 concurrent moves back to 'Confirmé' with one place left: exactly one succeeds", async () => {
    const { f, ids } = await seeded(5, 4, 20);
    const results = await Promise.all(ids.map((id) => setEnrollmentStatus(t.h, id, "confirmed")));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "full")).toHaveLength(19);
    expect(await countOccupying(t.h, f.id)).toBe(5);
    const statuses = await Promise.all(ids.map(statusOf));
    expect(statuses.filter((s) => s === "confirmed")).toHaveLength(1);
    expect(statuses.filter((s) => s === "cancelled")).toHaveLength(19);
  });

  it("concurrent moves back, public enrolments and frees on a full formation never exceed it", async () => {
    const { f, ids } = await seeded(4, 4, 10);
    const occupants = (await listEnrollmentsForFormation(t.h, f.id)).filter((e) => e.status === "pending").map((e) => e.id);
    const results = await Promise.all([
      ...ids.map((id) => setEnrollmentStatus(t.h, id, "confirmed")),
      ...occupants.slice(0, 2).map((id) => setEnrollmentStatus(t.h, id, "cancelled")),
      ...Array.from({ length: 6 }, (_, i) => enroll(t.h, person(200 + i, f.id))),
    ]);
    expect(results.filter((r) => !r.ok && r.reason !== "full")).toEqual([]);
    const taken = await countOccupying(t.h, f.id);
    expect(taken).toBeLessThanOrEqual(4);
    // each success took one of the two places freed
    const joined = results.slice(0, 10).filter((r) => r.ok).length + results.slice(12).filter((r) => r.ok).length;
    expect(joined).toBe(taken - 2);
  });

  it("a formation deleted while staff move enrolments back: no deadlock, no error", async () => {
    const { f, ids } = await seeded(2, 2, 10);
    const results = await Promise.allSettled([...ids.slice(0, 5).map((id) => setEnrollmentStatus(t.h, id, "confirmed")), deleteFormation(t.h, f.id), ...ids.slice(5).map((id) => setEnrollmentStatus(t.h, id, "confirmed"))]);
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect(await getFormation(t.h, f.id)).toBeUndefined();
  });

  it("max_participants cannot go down below the places taken; raising it, or keeping it, always saves", async () => {
    const { f } = await seeded(5, 3, 0);
    expect(await updateFormation(t.h, f.id, formation({ max_participants: 2 }))).toEqual({ ok: false, reason: "below_taken", taken: 3 });
    expect((await getFormation(t.h, f.id))!.max_participants).toBe(5);
    expect(await updateFormation(t.h, f.id, formation({ max_participants: 3, title: "Trois places" }))).toMatchObject({ ok: true, formation: { max_participants: 3, title: "Trois places" } });
    expect(await updateFormation(t.h, 987_654, formation())).toEqual({ ok: false, reason: "not_found" });
    // a formation already past its capacity: other changes save while the capacity does not go down
    await t.h.db.updateTable("formations").set({ max_participants: 2 }).where("id", "=", f.id).execute();
    expect(await updateFormation(t.h, f.id, formation({ max_participants: 2, title: "Renommée" }))).toMatchObject({ ok: true, formation: { title: "Renommée" } });
    expect(await updateFormation(t.h, f.id, formation({ max_participants: 1 }))).toEqual({ ok: false, reason: "below_taken", taken: 3 });
    expect((await getFormation(t.h, f.id))!.max_participants).toBe(2);
  });

  it("lowering max_participants while enrolments and moves back arrive at once: never more taken than max", async () => {
    for (let round = 0; round < 4; round++) {
      const { f, ids } = await seeded(10, 5, 4);
      const writes: Promise<{ ok: boolean }>[] = [
        ...ids.map((id) => setEnrollmentStatus(t.h, id, "confirmed")),
        ...Array.from({ length: 6 }, (_, i) => enroll(t.h, person(300 + round * 10 + i, f.id))),
      ];
      const lower = updateFormation(t.h, f.id, formation({ max_participants: 6 }));
      writes.splice(round * 3, 0, lower);
      await Promise.all(writes);
      const after = (await getFormation(t.h, f.id))!;
      expect(after.taken).toBeLessThanOrEqual(after.max_participants);
      const r = await lower;
      if (r.ok) expect(after.max_participants).toBe(6);
      else expect([after.max_participants, r.reason === "below_taken" && r.taken > 6]).toEqual([10, true]);
    }
  });

  it("an enrolment without a formation occupies no place and is never refused for capacity", async () => {
    const f = await createFormation(t.h, formation({ max_participants: 1 }));
    expect((await enroll(t.h, person(1, f.id))).ok).toBe(true);
    const r = await enroll(t.h, person(2, null));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.enrollment).toMatchObject({ formation_id: null, formation_chosen: null, status: "pending" });
    expect(await countOccupying(t.h, f.id)).toBe(1);
  });

  it("refuses an inactive or unknown formation as unavailable", async () => {
    const f = await createFormation(t.h, formation());
    await updateFormation(t.h, f.id, formation({ is_active: false }));
    expect(await enroll(t.h, person(1, f.id))).toEqual({ ok: false, reason: "unavailable" });
    expect(await enroll(t.h, person(2, 999_999))).toEqual({ ok: false, reason: "unavailable" });
  });

  it("is idempotent with the submission key, also when the same key arrives concurrently", async () => {
    const f = await createFormation(t.h, formation({ max_participants: 5 }));
    const first = await enroll(t.h, person(1, f.id), { submissionKey: "same-key-1" });
    const again = await enroll(t.h, person(1, f.id), { submissionKey: "same-key-1" });
    expect(first.ok && again.ok && again.duplicate && again.enrollment.id === first.enrollment.id).toBe(true);
    const burst = await Promise.all(Array.from({ length: 8 }, () => enroll(t.h, person(2, f.id), { submissionKey: "same-key-2" })));
    expect(burst.every((r) => r.ok)).toBe(true);
    expect(new Set(burst.map((r) => (r.ok ? r.enrollment.id : 0))).size).toBe(1);
    expect(burst.filter((r) => r.ok && !r.duplicate)).toHaveLength(1);
    const noFormation = await Promise.all(Array.from({ length: 5 }, () => enroll(t.h, person(3, null), { submissionKey: "same-key-3" })));
    expect(new Set(noFormation.map((r) => (r.ok ? r.enrollment.id : 0))).size).toBe(1);
    expect(await countOccupying(t.h, f.id)).toBe(2);
  });
});

describe("capacity across SQLite connections (separate processes)", () => {
  const file = useSqliteFile("capacity");

  /** A worker process of tests/integration/fixtures/ that answers one JSON line. */
  function startProcess<T>(script: string, args: string[]) {
    const child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/integration/fixtures", script), file.path, ...args], {
      cwd: process.cwd(),
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    let onReady: () => void;
    const ready = new Promise<void>((r) => (onReady = r));
    child.stdout.on("data", (d) => {
      out += String(d);
      if (out.includes("ready\n")) onReady();
    });
    child.stderr.on("data", (d) => (err += String(d)));
    const done = new Promise<T>((resolve, reject) => {
      child.on("exit", (code) => {
        const line = out.split("\n").find((l) => l.startsWith("{") || l.startsWith("["));
        if (code === 0 && line) resolve(JSON.parse(line) as T);
        else reject(new Error(`worker ${script} ${args.at(-1)} exited ${code}: ${err.slice(0, 500)}`));
      });
    });
    return { child, ready, done };
  }
  const startWorker = (formationId: number, count: number, tag: string) =>
    startProcess<{ ok: number; full: number; unavailable: number; errors: string[] }>("enroll-worker.ts", [String(formationId), String(count), tag]);
  const startCapacityWorker = (operations: CapacityOperation[]) => startProcess<string[]>("capacity-worker.ts", [JSON.stringify(operations)]);

  /** Start the workers, let them all go at once, and gather their outcomes. */
  async function race<R>(workers: { child: { stdin: { write(s: string): unknown } }; ready: Promise<void>; done: Promise<R> }[]): Promise<R[]> {
    await Promise.all(workers.map((w) => w.ready));
    for (const w of workers) w.child.stdin.write("go\n");
    return Promise.all(workers.map((w) => w.done));
  }

  /** A formation of `max` places with `taken` pending enrolments and `cancelled` cancelled ones (their ids). */
  async function seededFile(max: number, taken: number, cancelled: number) {
    const f = await createFormation(file.h, formation({ max_participants: max }));
    const row = (i: number, status: "pending" | "cancelled") => ({ ...person(i, f.id), formation_chosen: f.title, enrollment_date: "2026-03-01T09:00:00.000Z", status });
    const rows = [...Array.from({ length: taken }, (_, i) => row(i, "pending")), ...Array.from({ length: cancelled }, (_, i) => row(100 + i, "cancelled"))];
    const ids = (await file.h.db.insertInto("enrollments").values(rows).returning(["id", "status"]).execute()).filter((r) => r.status === "cancelled").map((r) => Number(r.id));
    return { f, ids };
  }

  it("50 enrolments fired from 5 processes at once for a 10-place formation store exactly 10", async () => {
    const f = await createFormation(file.h, formation({ max_participants: 10 }));
    const summaries = await race(Array.from({ length: 5 }, (_, i) => startWorker(f.id, 10, `w${i}`)));
    const ok = summaries.reduce((n, s) => n + s.ok, 0);
    const full = summaries.reduce((n, s) => n + s.full, 0);
    expect(summaries.flatMap((s) => s.errors)).toEqual([]);
    expect(ok).toBe(10);
    expect(full).toBe(40);
    expect(await countOccupying(file.h, f.id)).toBe(10);
    expect(await listEnrollmentsForFormation(file.h, f.id)).toHaveLength(10);
  }, 60_000);
  it("20 moves back to 'Confirmé' from 5 processes with one place left: exactly one succeeds", async () => {
    const { f, ids } = await seededFile(5, 4, 20);
    const chunks = Array.from({ length: 5 }, (_, w) => ids.slice(w * 4, w * 4 + 4).map((id): CapacityOperation => ({ op: "status", id, status: "confirmed" })));
    const outcomes = (await race(chunks.map(startCapacityWorker))).flat();
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "full")).toHaveLength(19);
    expect(await countOccupying(file.h, f.id)).toBe(5);
  }, 60_000);

  it("max_participants lowered from one process while four enrol and move back: never more taken than max", async () => {
    const { f, ids } = await seededFile(10, 5, 8);
    const workers = [
      startCapacityWorker([{ op: "max", formationId: f.id, max: 6 }]),
      ...Array.from({ length: 4 }, (_, w) =>
        startCapacityWorker([
          { op: "status", id: ids[w * 2], status: "confirmed" },
          { op: "enroll", formationId: f.id, tag: `lower-${w}` },
          { op: "status", id: ids[w * 2 + 1], status: "pending" },
        ]),
      ),
    ];
    const [[lowered], ...others] = await race(workers);
    expect(others.flat().filter((o) => o !== "ok" && o !== "full")).toEqual([]);
    expect(["ok", "below_taken"]).toContain(lowered);
    const after = (await getFormation(file.h, f.id))!;
    expect(after.max_participants).toBe(lowered === "ok" ? 6 : 10);
    expect(after.taken).toBeLessThanOrEqual(after.max_participants);
    expect(after.taken).toBe(5 + others.flat().filter((o) => o === "ok").length);
  }, 60_000);
});
