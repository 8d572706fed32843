import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appendAuditEntry, AUDIT_SYSTEM_ACTOR, auditPurgeCutoff, purgeAuditLog } from "~/.server/audit";
import type { Db } from "~/.server/db";
import { insertStaff } from "~/.server/repos/staff";
import { saveTeamSettings, DEFAULT_TEAM_SETTINGS } from "~/.server/repos/team";
import { AUDIT_PURGE_JOB_MS, startBackgroundJobs, stopBackgroundJobs } from "~/.server/startup";
import { JOURNAL_NOTES, JOURNAL_PAGE_SIZE } from "~/components/admin/journal/query";
import { createLoadContext, staffContext } from "~/context";
import * as journalRoute from "~/routes/admin.journal";
import { describeEachEngine } from "../helpers/db";
import { staffSession } from "../helpers/staff";
import { waitFor } from "./fixtures/smtp";

/**
 * The audit log (docs/product.md, "Staff: audit log"): append-only in the database on both
 * engines (an UPDATE is always refused, a DELETE of an entry younger than the retention period
 * too), the purge that removes only what is past the period and records itself, run hourly and at
 * start by the background jobs; and the journal screen's loader: filters by account, action and
 * clinic days, keyset pages of 50 newest first, and bad parameters ignored with a French note.
 */

const MONTH = 30 * 24 * 3600 * 1000;

interface EntryInit {
  at: string;
  action?: string;
  staffUserId?: number | null;
  actor?: string;
  ip?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  detail?: string | null;
}

/** An entry appended to the chain with its own time (the app writes "now"). */
async function insertEntry(h: Db, e: EntryInit): Promise<number> {
  const row = await appendAuditEntry(h, {
    at: e.at,
    staff_user_id: e.staffUserId ?? null,
    actor: e.actor ?? "admin@clinique.dz",
    ip: e.ip === undefined ? "198.51.100.7" : e.ip,
    action: e.action ?? "schedule.change",
    target_type: e.targetType ?? null,
    target_id: e.targetId ?? null,
    detail: e.detail ?? null,
  });
  return row.id;
}

const ago = (ms: number, now = new Date()) => new Date(now.getTime() - ms).toISOString();

describe("the purge's cut-off", () => {
  it("is the period in calendar months before now, one day earlier", () => {
    expect(auditPurgeCutoff(new Date("2026-11-25T10:20:30.400Z"), 24).toISOString()).toBe("2024-11-24T10:20:30.400Z");
    expect(auditPurgeCutoff(new Date("2026-01-15T00:00:00.000Z"), 6).toISOString()).toBe("2025-07-14T00:00:00.000Z");
    expect(auditPurgeCutoff(new Date("2026-03-01T08:00:00.000Z"), 120).toISOString()).toBe("2016-02-29T08:00:00.000Z");
  });

  it("takes a shorter month's last day (as PostgreSQL does), never a day of the month after", () => {
    // 30 September less 7 months: 28 February (JavaScript and SQLite would overflow to 2 March)
    expect(auditPurgeCutoff(new Date("2026-09-30T12:00:00.000Z"), 7).toISOString()).toBe("2026-02-27T12:00:00.000Z");
    // 29 February less 24 months: 28 February
    expect(auditPurgeCutoff(new Date("2028-02-29T12:00:00.000Z"), 24).toISOString()).toBe("2026-02-27T12:00:00.000Z");
    expect(auditPurgeCutoff(new Date("2026-05-31T23:59:59.999Z"), 6).toISOString()).toBe("2025-11-29T23:59:59.999Z");
  });
});

describeEachEngine("audit log: append-only and retention", { appDb: true }, (t) => {
  const all = () => t.h.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
  const row = (id: number) => t.h.db.selectFrom("audit_log").selectAll().where("id", "=", id).executeTakeFirst();

  it("refuses an UPDATE of any entry, recent or past the period, and leaves it unchanged", async () => {
    const recent = await insertEntry(t.h, { at: ago(60_000), detail: "d'origine" });
    const old = await insertEntry(t.h, { at: ago(36 * MONTH), detail: "ancienne" });
    const before = await all();
    for (const id of [recent, old]) {
      await expect(t.h.db.updateTable("audit_log").set({ detail: "falsifié", actor: "autre@clinique.dz" }).where("id", "=", id).execute()).rejects.toThrow(/append-only/);
      await expect(sql`update audit_log set at = ${ago(0)} where id = ${id}`.execute(t.h.db)).rejects.toThrow(/append-only/);
    }
    await expect(t.h.db.updateTable("audit_log").set({ staff_user_id: null }).execute()).rejects.toThrow(/append-only/);
    expect(await all()).toEqual(before);
  });

  it("refuses a DELETE of an entry younger than the period; one past it may go", async () => {
    const recent = await insertEntry(t.h, { at: ago(60_000) });
    const young = await insertEntry(t.h, { at: ago(23 * MONTH) });
    const old = await insertEntry(t.h, { at: ago(25 * MONTH) });
    const before = await row(recent);
    await expect(t.h.db.deleteFrom("audit_log").where("id", "=", recent).execute()).rejects.toThrow(/retention period/);
    await expect(t.h.db.deleteFrom("audit_log").where("id", "=", young).execute()).rejects.toThrow(/retention period/);
    // a delete of everything fails as a whole: nothing goes, not even the old entry
    await expect(t.h.db.deleteFrom("audit_log").execute()).rejects.toThrow(/retention period/);
    expect((await all()).map((r) => Number(r.id))).toEqual([recent, young, old]);
    expect(await row(recent)).toEqual(before);

    const res = await t.h.db.deleteFrom("audit_log").where("id", "=", old).executeTakeFirst();
    expect(Number(res.numDeletedRows)).toBe(1);
    expect((await all()).map((r) => Number(r.id))).toEqual([recent, young]);
  });

  it("the triggers follow the retention setting", async () => {
    const threeYears = await insertEntry(t.h, { at: ago(36 * MONTH) });
    const sevenMonths = await insertEntry(t.h, { at: ago(7 * MONTH) });
    const fiveMonths = await insertEntry(t.h, { at: ago(5 * MONTH) });
    await saveTeamSettings(t.h, { ...DEFAULT_TEAM_SETTINGS, auditRetentionMonths: 120 });
    await expect(t.h.db.deleteFrom("audit_log").where("id", "=", threeYears).execute()).rejects.toThrow(/retention period/);
    await saveTeamSettings(t.h, { ...DEFAULT_TEAM_SETTINGS, auditRetentionMonths: 6 });
    await expect(t.h.db.deleteFrom("audit_log").where("id", "=", fiveMonths).execute()).rejects.toThrow(/retention period/);
    await t.h.db.deleteFrom("audit_log").where("id", "in", [threeYears, sevenMonths]).execute();
    expect((await all()).map((r) => Number(r.id))).toEqual([fiveMonths]);
  });

  it("the purge deletes only the entries past the period, and records itself without an account", async () => {
    const now = new Date();
    // entries are chained as they are written, so in time order
    await insertEntry(t.h, { at: ago(30 * MONTH, now) });
    await insertEntry(t.h, { at: ago(25 * MONTH, now), action: "patient.erase", targetType: "patient", targetId: "4" });
    const keep = [
      await insertEntry(t.h, { at: ago(23 * MONTH, now), action: "auth.login.success" }),
      await insertEntry(t.h, { at: ago(24 * 3600 * 1000, now), action: "patient.export", targetType: "patient", targetId: "3" }),
      await insertEntry(t.h, { at: ago(1000, now) }),
    ];

    expect(await purgeAuditLog(t.h, now)).toBe(2);
    const rows = await all();
    expect(rows.slice(0, 3).map((r) => Number(r.id))).toEqual(keep);
    expect(rows).toHaveLength(4);
    const cutoff = auditPurgeCutoff(now, 24).toISOString().slice(0, 10);
    expect(rows[3]).toMatchObject({ action: "audit.purge", staff_user_id: null, actor: AUDIT_SYSTEM_ACTOR, ip: null, target_type: "audit", detail: `2 entrée(s) antérieure(s) au ${cutoff}` });

    // nothing left to purge: nothing deleted, nothing recorded
    expect(await purgeAuditLog(t.h, now)).toBe(0);
    expect(await all()).toHaveLength(4);
  });

  it("the purge follows a shorter period set by the administrator", async () => {
    const now = new Date();
    await saveTeamSettings(t.h, { ...DEFAULT_TEAM_SETTINGS, auditRetentionMonths: 6 });
    await insertEntry(t.h, { at: ago(7 * MONTH, now) });
    const kept = await insertEntry(t.h, { at: ago(5 * MONTH, now) });
    expect(await purgeAuditLog(t.h, now)).toBe(1);
    expect((await all()).map((r) => [Number(r.id), r.action])).toEqual([
      [kept, "schedule.change"],
      [3, "audit.purge"],
    ]);
  });

  describe("as a background job", () => {
    afterEach(() => {
      stopBackgroundJobs();
      vi.useRealTimers();
    });

    it("runs at start, then every hour, and stops with stopBackgroundJobs", async () => {
      vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
      const gone = async (id: number) => (await row(id)) === undefined;
      // each run purges, then seals the chain's newest entry (a checkpoint) when it has moved on
      const sealed = async () => (await t.h.db.selectFrom("audit_checkpoints").select("entry_id").where("kind", "=", "seal").orderBy("id").execute()).map((c) => Number(c.entry_id));
      const first = await insertEntry(t.h, { at: ago(26 * MONTH) });
      startBackgroundJobs(t.h);
      await waitFor(() => gone(first));
      const purge = (await all()).find((r) => r.action === "audit.purge")!;
      await waitFor(async () => (await sealed()).length === 1);
      expect(await sealed()).toEqual([Number(purge.id)]);

      // an entry written since: sealed by the next run, an hour later
      const second = await insertEntry(t.h, { at: ago(1000) });
      await vi.advanceTimersByTimeAsync(AUDIT_PURGE_JOB_MS - 1000);
      expect(await sealed()).toEqual([Number(purge.id)]);
      await vi.advanceTimersByTimeAsync(1000);
      await waitFor(async () => (await sealed()).length === 2);
      expect(await sealed()).toEqual([Number(purge.id), second]);

      stopBackgroundJobs();
      await insertEntry(t.h, { at: ago(500) });
      await vi.advanceTimersByTimeAsync(3 * AUDIT_PURGE_JOB_MS);
      await new Promise((r) => setTimeout(r, 200));
      expect(await sealed()).toHaveLength(2);
    });
  });
});

// ---- the journal screen ---------------------------------------------------------------------------

type JournalData = Awaited<ReturnType<typeof journalRoute.loader>>;

describeEachEngine("journal screen's loader", { appDb: true }, (t) => {
  let admin: number;
  let dentist: number;

  async function open(search = "", role: "admin" | "dentist" = "admin"): Promise<JournalData> {
    const context = createLoadContext({ nonce: "", clientIp: "198.51.100.7" });
    context.set(staffContext, staffSession({ userId: role === "admin" ? admin : dentist, email: `${role}@clinique.dz`, role }));
    return journalRoute.loader({ request: new Request(`http://clinic.test/admin/journal${search}`), url: new URL(`http://clinic.test/admin/journal${search}`), params: {}, context } as never);
  }

  beforeEach(async () => {
    admin = Number((await insertStaff(t.h, "admin@clinique.dz", "hash-not-used", "admin")).id);
    dentist = Number((await insertStaff(t.h, "dentiste@clinique.dz", "hash-not-used", "dentist")).id);
  });

  it("has no action: nothing on this screen can change an entry", () => {
    expect("action" in journalRoute).toBe(false);
    expect("clientAction" in journalRoute).toBe(false);
  });

  it("shows the newest first, in Africa/Algiers time, with who, from where, what and on what", async () => {
    await insertEntry(t.h, { at: "2026-11-20T08:00:00.000Z", staffUserId: null, actor: "adresse inconnue", action: "auth.login.failure", ip: "203.0.113.9" });
    await insertEntry(t.h, { at: "2026-11-21T09:15:42.000Z", staffUserId: dentist, actor: "dentiste@clinique.dz", action: "patient.export", targetType: "patient", targetId: "3", detail: "JSON" });
    await insertEntry(t.h, { at: "2026-11-22T23:30:00.000Z", staffUserId: admin, actor: "admin@clinique.dz", action: "account.role_changed", targetType: "staff", targetId: String(dentist), detail: "Assistant(e) → Dentiste" });
    await insertEntry(t.h, { at: "2026-11-23T01:00:00.000Z", staffUserId: null, actor: AUDIT_SYSTEM_ACTOR, ip: null, action: "audit.purge", targetType: "audit", detail: "3 entrée(s)" });
    await insertEntry(t.h, { at: "2026-11-23T02:00:00.000Z", staffUserId: admin, actor: "admin@clinique.dz", action: "appointment.status", targetType: "appointment", targetId: "12" });

    const d = await open();
    expect(d.total).toBe(5);
    expect(d.notes).toEqual([]);
    expect(d.retentionMonths).toBe(24);
    expect(d.rows.map((r) => [r.when, r.actionLabel])).toEqual([
      ["23/11/2026 à 03:00:00", "Statut de rendez-vous modifié"],
      ["23/11/2026 à 02:00:00", "Entrées anciennes du journal purgées"],
      ["23/11/2026 à 00:30:00", "Rôle modifié"],
      ["21/11/2026 à 10:15:42", "Dossier patient exporté"],
      ["20/11/2026 à 09:00:00", "Connexion refusée"],
    ]);
    expect(d.rows.map((r) => r.account)).toEqual([
      { kind: "staff", email: "admin@clinique.dz" },
      { kind: "system" },
      { kind: "staff", email: "admin@clinique.dz" },
      { kind: "staff", email: "dentiste@clinique.dz" },
      { kind: "unknown" },
    ]);
    expect(d.rows.map((r) => r.target)).toEqual([
      { label: "Rendez-vous #12", href: null },
      { label: "Journal", href: null },
      { label: `Compte #${dentist} (dentiste@clinique.dz)`, href: null },
      { label: "Patient #3", href: "/admin/patients/3" },
      null,
    ]);
    expect(d.rows.map((r) => r.ip)).toEqual(["198.51.100.7", null, "198.51.100.7", "198.51.100.7", "203.0.113.9"]);
    expect(d.rows[3].detail).toBe("JSON");
    expect(d.pages).toEqual({ newerFrom: null, olderFrom: null, farFromTop: false });

    await saveTeamSettings(t.h, { ...DEFAULT_TEAM_SETTINGS, auditRetentionMonths: 36 });
    expect((await open()).retentionMonths).toBe(36);
  });

  it("lists every staff account for the account filter", async () => {
    const d = await open();
    expect(d.accounts.map((a) => [a.id, a.email, a.disabled])).toEqual([
      [admin, "admin@clinique.dz", false],
      [dentist, "dentiste@clinique.dz", false],
    ]);
  });

  it("filters by account, by entries without an account, and by action", async () => {
    await insertEntry(t.h, { at: "2026-11-20T08:00:00.000Z", staffUserId: admin, action: "auth.login.success" });
    await insertEntry(t.h, { at: "2026-11-20T09:00:00.000Z", staffUserId: dentist, actor: "dentiste@clinique.dz", action: "auth.login.success" });
    await insertEntry(t.h, { at: "2026-11-20T10:00:00.000Z", staffUserId: dentist, actor: "dentiste@clinique.dz", action: "patient.erase", targetType: "patient", targetId: "9" });
    await insertEntry(t.h, { at: "2026-11-20T11:00:00.000Z", staffUserId: null, actor: "adresse inconnue", action: "auth.login.failure" });

    const byDentist = await open(`?compte=${dentist}`);
    expect(byDentist.query.account).toBe(dentist);
    expect(byDentist.rows.map((r) => r.action)).toEqual(["patient.erase", "auth.login.success"]);
    expect(byDentist.total).toBe(2);

    expect((await open("?compte=aucun")).rows.map((r) => r.action)).toEqual(["auth.login.failure"]);

    const logins = await open("?action=auth.login.success");
    expect(logins.rows.map((r) => r.account)).toEqual([
      { kind: "staff", email: "dentiste@clinique.dz" },
      { kind: "staff", email: "admin@clinique.dz" },
    ]);
    expect((await open(`?compte=${dentist}&action=auth.login.success`)).total).toBe(1);
    expect((await open(`?compte=${admin}&action=patient.erase`)).rows).toEqual([]);
    // the empty values of a GET form submitted as is are no filter
    expect((await open("?compte=&action=&du=&au=")).total).toBe(4);
  });

  it("filters by clinic days, both included, at Algiers midnight", async () => {
    // 9 Nov 23:59:59.999 and 10 Nov 00:00 in Algiers (UTC+1), then 10 Nov 23:59:59.999 and 11 Nov 00:00
    const ids = [
      await insertEntry(t.h, { at: "2026-11-09T22:59:59.999Z" }),
      await insertEntry(t.h, { at: "2026-11-09T23:00:00.000Z" }),
      await insertEntry(t.h, { at: "2026-11-10T22:59:59.999Z" }),
      await insertEntry(t.h, { at: "2026-11-10T23:00:00.000Z" }),
      await insertEntry(t.h, { at: "2026-11-12T12:00:00.000Z" }),
    ];
    const ofDay = await open("?du=2026-11-10&au=2026-11-10");
    expect(ofDay.rows.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect((await open("?du=2026-11-11")).rows.map((r) => r.id)).toEqual([ids[4], ids[3]]);
    expect((await open("?au=2026-11-09")).rows.map((r) => r.id)).toEqual([ids[0]]);
    expect((await open("?du=2026-11-10&au=2026-11-11")).total).toBe(3);
  });

  it("pages by 50 in the database, newest first, both ways, with the filters kept", async () => {
    const base = Date.parse("2026-11-01T08:00:00.000Z");
    const ids: number[] = [];
    for (let i = 0; i < 120; i++) {
      // two entries share each second: the id breaks the tie
      ids.push(await insertEntry(t.h, { at: new Date(base + Math.floor(i / 2) * 1000).toISOString(), action: i % 3 === 0 ? "appointment.status" : "auth.login.success" }));
    }
    const newestFirst = [...ids].reverse();

    const p1 = await open();
    expect(p1.rows.map((r) => r.id)).toEqual(newestFirst.slice(0, 50));
    expect([p1.total, p1.first, p1.last]).toEqual([120, 1, 50]);
    expect(p1.pages).toEqual({ newerFrom: null, olderFrom: newestFirst[49], farFromTop: false });

    const p2 = await open(`?avant=${p1.pages.olderFrom}`);
    expect(p2.rows.map((r) => r.id)).toEqual(newestFirst.slice(50, 100));
    expect([p2.first, p2.last]).toEqual([51, 100]);
    expect(p2.pages).toEqual({ newerFrom: newestFirst[50], olderFrom: newestFirst[99], farFromTop: false });

    const p3 = await open(`?avant=${p2.pages.olderFrom}`);
    expect(p3.rows.map((r) => r.id)).toEqual(newestFirst.slice(100));
    expect([p3.first, p3.last]).toEqual([101, 120]);
    expect(p3.pages).toEqual({ newerFrom: newestFirst[100], olderFrom: null, farFromTop: true });

    const back = await open(`?apres=${p3.pages.newerFrom}`);
    expect(back.rows.map((r) => r.id)).toEqual(p2.rows.map((r) => r.id));
    // from page 2 back up: the newest page, whole
    expect((await open(`?apres=${p2.pages.newerFrom}`)).rows.map((r) => r.id)).toEqual(p1.rows.map((r) => r.id));

    // an entry written while someone reads shifts nothing: page 2 stays page 2
    await insertEntry(t.h, { at: new Date().toISOString() });
    expect((await open(`?avant=${p1.pages.olderFrom}`)).rows.map((r) => r.id)).toEqual(p2.rows.map((r) => r.id));

    // with a filter: 40 status changes, pages of that action only
    const status = newestFirst.filter((id) => (id - ids[0]) % 3 === 0);
    const f1 = await open("?action=appointment.status");
    expect(f1.total).toBe(40);
    expect(status).toHaveLength(40);
    expect(f1.rows.map((r) => r.id)).toEqual(status);
    expect(JOURNAL_PAGE_SIZE).toBe(50);
    expect(f1.pages.olderFrom).toBeNull();
  });

  it("pages a filter's results and keeps the filter in the page links", async () => {
    const base = Date.parse("2026-11-01T08:00:00.000Z");
    for (let i = 0; i < 130; i++) await insertEntry(t.h, { at: new Date(base + i * 60_000).toISOString(), staffUserId: i % 2 ? admin : dentist });
    const q = `?compte=${admin}&du=2026-11-01&au=2026-11-01`;
    const p1 = await open(q);
    expect(p1.total).toBe(65);
    expect(p1.rows).toHaveLength(50);
    const p2 = await open(`${q}&avant=${p1.pages.olderFrom}`);
    expect(p2.rows).toHaveLength(15);
    expect([p2.first, p2.last, p2.pages.olderFrom]).toEqual([51, 65, null]);
    expect(new Set([...p1.rows, ...p2.rows].map((r) => r.account.kind === "staff" && r.account.email))).toEqual(new Set(["admin@clinique.dz"]));
    expect(p2.query).toEqual({ account: admin, action: null, from: "2026-11-01", to: "2026-11-01" });
  });

  it("ignores bad parameters with a French note, never fails", async () => {
    await insertEntry(t.h, { at: "2026-11-20T08:00:00.000Z", staffUserId: admin });
    await insertEntry(t.h, { at: "2026-11-21T08:00:00.000Z", staffUserId: dentist, actor: "dentiste@clinique.dz" });
    const cases: [string, string[]][] = [
      ["?compte=abc", [JOURNAL_NOTES.account]],
      ["?compte=-1", [JOURNAL_NOTES.account]],
      ["?compte=99999", [JOURNAL_NOTES.account]],
      ["?compte=1e3", [JOURNAL_NOTES.account]],
      ["?action=drop%20table", [JOURNAL_NOTES.action]],
      ["?action=__proto__", [JOURNAL_NOTES.action]],
      ["?du=2026-13-45", [JOURNAL_NOTES.from]],
      ["?au=hier", [JOURNAL_NOTES.to]],
      ["?du=2026-02-30&au=x", [JOURNAL_NOTES.from, JOURNAL_NOTES.to]],
      ["?avant=xyz", [JOURNAL_NOTES.cursor]],
      ["?avant=99999999", [JOURNAL_NOTES.cursor]],
      ["?apres=0", [JOURNAL_NOTES.cursor]],
      ["?avant=1&apres=2", [JOURNAL_NOTES.cursor]],
      [`?compte=${"9".repeat(400)}&action=${"x".repeat(5000)}`, [JOURNAL_NOTES.account, JOURNAL_NOTES.action]],
    ];
    for (const [search, notes] of cases) {
      const d = await open(search);
      expect(d.notes, search).toEqual(notes);
      expect(d.total, search).toBe(2);
      expect(d.rows, search).toHaveLength(2);
    }
    const swapped = await open("?du=2026-11-21&au=2026-11-20");
    expect(swapped.notes).toEqual([JOURNAL_NOTES.swapped]);
    expect(swapped.query).toMatchObject({ from: "2026-11-20", to: "2026-11-21" });
    expect(swapped.total).toBe(2);
  });

  it("an empty journal or a filter that matches nothing is a page, not an error", async () => {
    const d = await open("?action=patient.merge&du=2020-01-01&au=2020-01-31");
    expect(d).toMatchObject({ total: 0, rows: [], notes: [], pages: { newerFrom: null, olderFrom: null, farFromTop: false } });
  });
});
