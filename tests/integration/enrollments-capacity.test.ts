import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db";
import { openDb } from "~/.server/db/connection";
import { migrateToLatest } from "~/.server/db/migrations";
import { countOccupying, enroll, listEnrollmentsForFormation, setEnrollmentStatus } from "~/.server/repos/enrollments";
import { createFormation, getFormation, updateFormation, type FormationInput } from "~/.server/repos/formations";
import { describeEachEngine } from "../helpers/db";

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

  it("staff may confirm past capacity (any status to any other); new enrolments stay refused", async () => {
    const f = await createFormation(t.h, formation({ max_participants: 1 }));
    const a = await enroll(t.h, person(1, f.id));
    if (!a.ok) throw new Error("first enrolment refused");
    await setEnrollmentStatus(t.h, a.enrollment.id, "cancelled");
    const b = await enroll(t.h, person(2, f.id));
    if (!b.ok) throw new Error("second enrolment refused");
    await setEnrollmentStatus(t.h, a.enrollment.id, "confirmed");
    expect((await getFormation(t.h, f.id))!.taken).toBe(2);
    expect(await enroll(t.h, person(3, f.id))).toEqual({ ok: false, reason: "full" });
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

describe("enrolment capacity across SQLite connections (separate processes)", () => {
  let dir: string;
  let dbPath: string;
  let h: Db;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-capacity-"));
    dbPath = path.join(dir, "capacity.db");
    h = openDb({ kind: "sqlite", path: dbPath });
    await migrateToLatest(h.db, h.engine);
  });
  afterAll(async () => {
    await h?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function startWorker(formationId: number, count: number, tag: string) {
    const child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/integration/fixtures/enroll-worker.ts"), dbPath, String(formationId), String(count), tag], {
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
    const done = new Promise<{ ok: number; full: number; unavailable: number; errors: string[] }>((resolve, reject) => {
      child.on("exit", (code) => {
        const line = out.split("\n").find((l) => l.startsWith("{"));
        if (code === 0 && line) resolve(JSON.parse(line));
        else reject(new Error(`worker ${tag} exited ${code}: ${err.slice(0, 500)}`));
      });
    });
    return { child, ready, done };
  }

  it("50 enrolments fired from 5 processes at once for a 10-place formation store exactly 10", async () => {
    const f = await createFormation(h, formation({ max_participants: 10 }));
    const workers = Array.from({ length: 5 }, (_, i) => startWorker(f.id, 10, `w${i}`));
    await Promise.all(workers.map((w) => w.ready));
    for (const w of workers) w.child.stdin.write("go\n");
    const summaries = await Promise.all(workers.map((w) => w.done));
    const ok = summaries.reduce((n, s) => n + s.ok, 0);
    const full = summaries.reduce((n, s) => n + s.full, 0);
    expect(summaries.flatMap((s) => s.errors)).toEqual([]);
    expect(ok).toBe(10);
    expect(full).toBe(40);
    expect(await countOccupying(h, f.id)).toBe(10);
    expect(await listEnrollmentsForFormation(h, f.id)).toHaveLength(10);
  }, 60_000);
});
