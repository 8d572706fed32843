import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "~/.server/auth";
import type { Db } from "~/.server/db";
import {
  changeRole,
  countActiveAdmins,
  disableAccount,
  enableAccount,
  insertStaff,
  listStaffAccounts,
  resetTwoFactor,
  type TeamActor,
} from "~/.server/repos/staff";
import { getTeamSettings } from "~/.server/repos/team";
import { getStaffSession, startSession } from "~/.server/session";
import { permissionsNeeded } from "~/.server/staff-guard";
import type { TeamActionResult } from "~/lib/team-schema";
import { createLoadContext, staffContext } from "~/context";
import type { Role } from "~/lib/permissions";
import { action, loader } from "~/routes/admin.equipe";
import { describeEachEngine } from "../helpers/db";
import { staffSession } from "../helpers/staff";

/**
 * 'Équipe' (/admin/equipe; docs/product.md, "Staff: team"): accounts made with a one-time
 * password, roles, disabling (signed out at once), password and two-factor resets, the last
 * active administrator protected (also against concurrent requests), the team's settings; each
 * change with its audit entry, written in the same transaction.
 */

const IP = "198.51.100.23";

async function account(h: Db, email: string, role: Role = "admin") {
  const u = await insertStaff(h, email, await hashPassword("Ancien-Mot-De-Passe-1"), role);
  return Number(u.id);
}

async function signIn(h: Db, userId: number) {
  const cookie = (await startSession(new Request("http://clinic.test/login"), userId, h)).split(";")[0];
  return new Request("http://clinic.test/admin/agenda", { headers: { Cookie: cookie } });
}

type Outcome = { status: number; body?: TeamActionResult; location?: string | null };

/** The route's action as the staff guard lets it run: the administrator in the context. */
async function post(adminId: number, email: string, fields: Record<string, string>, role: Role = "admin"): Promise<Outcome> {
  const context = createLoadContext({ nonce: "", clientIp: IP });
  context.set(staffContext, { ...staffSession({ userId: adminId, email, role }), ip: IP });
  const request = new Request("http://clinic.test/admin/equipe", { method: "POST", body: new URLSearchParams(fields) });
  const res = (await action({ request, params: {}, context } as never)) as unknown;
  if (res instanceof Response) return { status: res.status, location: res.headers.get("Location") };
  const d = res as { data: TeamActionResult; init: { status?: number } | null };
  return { status: d.init?.status ?? 200, body: d.data };
}

describeEachEngine("team accounts on screen", { appDb: true }, (t) => {
  let adminId: number;
  const ADMIN = "directrice@clinique.dz";
  const as = (fields: Record<string, string>) => post(adminId, ADMIN, fields);
  const entries = () => t.h.db.selectFrom("audit_log").select(["action", "actor", "ip", "staff_user_id", "target_type", "target_id", "detail"]).orderBy("id").execute();
  const row = (id: number) => t.h.db.selectFrom("staff_users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const actor = (): TeamActor => ({ userId: adminId, email: ADMIN, ip: IP });

  beforeEach(async () => {
    adminId = await account(t.h, ADMIN);
  });

  it("creates a member with a one-time password shown once, to change at the first sign-in; the entry names the role", async () => {
    const r = await as({ intent: "create", name: "Samira Haddad", email: "Samira@Clinique.dz", role: "assistant" });
    expect(r.status).toBe(200);
    const secret = r.body!.oneTime!;
    expect(secret).toMatchObject({ label: "Samira Haddad", email: "samira@clinique.dz", reason: "created" });
    expect(secret.password).toMatch(/^[A-Za-z0-9]{6}-[A-Za-z0-9]{6}-[A-Za-z0-9]{6}$/);
    const u = await row(secret.id);
    expect([u.email, u.display_name, u.role, Number(u.must_change_password), u.disabled_at]).toEqual(["samira@clinique.dz", "Samira Haddad", "assistant", 1, null]);
    expect(await verifyPassword(u.password_hash, secret.password)).toBe(true);
    expect(await entries()).toEqual([
      { action: "account.created", actor: ADMIN, ip: IP, staff_user_id: adminId, target_type: "staff", target_id: String(secret.id), detail: "samira@clinique.dz (Assistant(e))" },
    ]);
    // the password is nowhere but in that one answer: not in the entry, not on the page read again
    expect(JSON.stringify(await entries())).not.toContain(secret.password);
    const context = createLoadContext({ nonce: "", clientIp: IP });
    context.set(staffContext, staffSession({ userId: adminId, email: ADMIN }));
    const page = await loader({ request: new Request("http://clinic.test/admin/equipe"), url: new URL("http://clinic.test/admin/equipe"), params: {}, context } as never);
    expect(JSON.stringify(page)).not.toContain(secret.password);
  });

  it("refuses a second account for an address, and a form with missing fields, beside the fields and in French", async () => {
    await account(t.h, "samira@clinique.dz", "assistant");
    const dup = await as({ intent: "create", name: "Samira", email: "SAMIRA@clinique.dz", role: "assistant" });
    expect(dup.status).toBe(409);
    expect(dup.body!.result!.error).toMatchObject({ email: ["Un compte existe déjà pour cette adresse e-mail."] });
    const missing = await as({ intent: "create", name: "", email: "pas-une-adresse", role: "patron" });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body!.result!.error ?? {}).sort()).toEqual(["email", "name", "role"]);
    expect(await t.h.db.selectFrom("staff_users").select("id").execute()).toHaveLength(2);
    expect(await entries()).toHaveLength(0);
  });

  it("changes a role, and the entry says from which to which", async () => {
    const id = await account(t.h, "dr.karim@clinique.dz", "dentist");
    const r = await as({ intent: "role", id: String(id), role: "assistant" });
    expect(r).toMatchObject({ status: 302, location: `/admin/equipe?compte=${id}` });
    expect((await row(id)).role).toBe("assistant");
    const [e] = await entries();
    expect([e.action, e.target_id, e.detail]).toEqual(["account.role_changed", String(id), "dr.karim@clinique.dz : Dentiste → Assistant(e)"]);
    // the same role again writes nothing
    expect((await as({ intent: "role", id: String(id), role: "assistant" })).status).toBe(302);
    expect(await entries()).toHaveLength(1);
  });

  it("disabling signs the person out at once: sessions, trusted devices and pending sign-ins deleted in the same transaction", async () => {
    const id = await account(t.h, "assistante@clinique.dz", "assistant");
    const phone = await signIn(t.h, id);
    const desk = await signIn(t.h, id);
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await t.h.db.insertInto("trusted_devices").values({ id_hash: "device", user_id: id, label: "Chrome sur Android", created_at: now, last_used_at: now, expires_at: later }).execute();
    await t.h.db.insertInto("login_challenges").values({ id_hash: "challenge", user_id: id, redirect_to: null, created_at: now, expires_at: later }).execute();
    expect(await getStaffSession(phone, t.h)).not.toBeNull();

    const r = await as({ intent: "disable", id: String(id) });
    expect(r).toMatchObject({ status: 302, location: `/admin/equipe?compte=${id}` });
    expect(await getStaffSession(phone, t.h)).toBeNull();
    expect(await getStaffSession(desk, t.h)).toBeNull();
    for (const table of ["sessions", "trusted_devices", "login_challenges"] as const) {
      expect(await t.h.db.selectFrom(table).select("user_id").where("user_id", "=", id).execute(), table).toHaveLength(0);
    }
    expect((await row(id)).disabled_at).not.toBeNull();
    // a session opened afterwards (the login refuses it; this is the floor) is no session either
    expect(await getStaffSession(await signIn(t.h, id), t.h)).toBeNull();

    expect((await as({ intent: "enable", id: String(id) })).status).toBe(302);
    expect((await row(id)).disabled_at).toBeNull();
    expect(await getStaffSession(await signIn(t.h, id), t.h)).not.toBeNull();
    expect((await entries()).map((e) => [e.action, e.target_id, e.detail])).toEqual([
      ["account.disabled", String(id), "assistante@clinique.dz"],
      ["account.enabled", String(id), "assistante@clinique.dz"],
    ]);
  });

  it("an administrator cannot disable their own account, reset their own password or two-factor here", async () => {
    await account(t.h, "second.admin@clinique.dz");
    for (const intent of ["disable", "password", "2fa"]) {
      const r = await as({ intent, id: String(adminId) });
      expect(r.status, intent).toBe(409);
      expect(r.body!.message, intent).toMatch(intent === "disable" ? /ne pouvez pas désactiver votre propre compte/ : /passez par « Mon compte »/);
    }
    expect((await row(adminId)).disabled_at).toBeNull();
    expect(await entries()).toHaveLength(0);
  });

  it("the last active administrator cannot be demoted (not even by themselves) nor disabled", async () => {
    const self = await as({ intent: "role", id: String(adminId), role: "dentist" });
    expect(self.status).toBe(409);
    expect(self.body!.result!.error).toMatchObject({ "": [expect.stringContaining("est le dernier administrateur actif")] });
    expect((await row(adminId)).role).toBe("admin");

    // a second administrator, disabled, does not count; one who is active does
    const other = await account(t.h, "associe@clinique.dz");
    await disableAccount(t.h, actor(), other);
    expect((await changeRole(t.h, actor(), adminId, "dentist")).ok).toBe(false);
    expect(await disableAccount(t.h, { userId: other, email: "associe@clinique.dz" }, adminId)).toEqual({ ok: false, reason: "last_admin" });
    await enableAccount(t.h, actor(), other);
    const demoted = await as({ intent: "role", id: String(adminId), role: "dentist" });
    // the former administrator leaves the screen they may no longer open
    expect(demoted).toMatchObject({ status: 302, location: "/admin/agenda" });
    expect(await countActiveAdmins(t.h)).toBe(1);
    expect(await disableAccount(t.h, { userId: adminId, email: ADMIN }, other)).toEqual({ ok: false, reason: "last_admin" });
    expect((await entries()).filter((e) => e.action === "account.role_changed")).toHaveLength(1);
  });

  it("administrators demoting or disabling each other at the same moment: exactly one administrator stays", async () => {
    for (let round = 0; round < 8; round++) {
      // the accounts of the rounds before stay, as dentists (an account with entries is never deleted)
      await t.h.db.updateTable("staff_users").set({ role: "dentist" }).execute();
      await t.h.db.updateTable("staff_users").set({ role: "admin", disabled_at: null }).where("id", "=", adminId).execute();
      const b = await account(t.h, `admin.${round}@clinique.dz`);
      const c = await account(t.h, `admin.${round}.bis@clinique.dz`);
      const who = (id: number): TeamActor => ({ userId: id, email: `n${id}@clinique.dz` });
      const results = await Promise.all([
        changeRole(t.h, who(adminId), b, "dentist"),
        disableAccount(t.h, who(b), c),
        changeRole(t.h, who(c), adminId, "assistant"),
        disableAccount(t.h, who(c), b),
        changeRole(t.h, who(b), c, "dentist"),
        disableAccount(t.h, who(b), adminId),
      ]);
      expect(await countActiveAdmins(t.h), `round ${round}`).toBe(1);
      // three administrators, each one targeted twice: at most two can go, the rest is refused
      expect(results.some((r) => !r.ok && r.reason === "last_admin"), `round ${round}`).toBe(true);
      const active = await t.h.db.selectFrom("staff_users").select("id").where("role", "=", "admin").where("disabled_at", "is", null).execute();
      expect(active, `round ${round}`).toHaveLength(1);
    }
  });

  it("a password reset gives a new one-time password once and ends every session; the old password no longer works", async () => {
    const id = await account(t.h, "dr.karim@clinique.dz", "dentist");
    const session = await signIn(t.h, id);
    const r = await as({ intent: "password", id: String(id) });
    expect(r.status).toBe(200);
    const secret = r.body!.oneTime!;
    expect(secret).toMatchObject({ id, email: "dr.karim@clinique.dz", reason: "reset" });
    const u = await row(id);
    expect(await verifyPassword(u.password_hash, secret.password)).toBe(true);
    expect(await verifyPassword(u.password_hash, "Ancien-Mot-De-Passe-1")).toBe(false);
    expect(Number(u.must_change_password)).toBe(1);
    expect(await getStaffSession(session, t.h)).toBeNull();
    const [e] = await entries();
    expect([e.action, e.target_id, e.actor, e.ip]).toEqual(["account.password_reset", String(id), ADMIN, IP]);
    expect(JSON.stringify(await entries())).not.toContain(secret.password);
  });

  it("a two-factor reset clears the secret, the recovery codes and the trusted devices, and ends every session", async () => {
    const id = await account(t.h, "dr.karim@clinique.dz", "dentist");
    const now = new Date().toISOString();
    await t.h.db.updateTable("staff_users").set({ totp_secret: "sealed-secret", totp_enabled_at: now, totp_last_step: 123 }).where("id", "=", id).execute();
    await t.h.db.insertInto("staff_recovery_codes").values([1, 2].map((n) => ({ user_id: id, code_hash: `code-${n}`, created_at: now }))).execute();
    await t.h.db.insertInto("trusted_devices").values({ id_hash: "device", user_id: id, label: null, created_at: now, last_used_at: now, expires_at: now }).execute();
    const session = await signIn(t.h, id);

    expect((await as({ intent: "2fa", id: String(id) })).status).toBe(302);
    const u = await row(id);
    expect([u.totp_secret, u.totp_enabled_at, u.totp_last_step]).toEqual([null, null, null]);
    expect(await t.h.db.selectFrom("staff_recovery_codes").selectAll().execute()).toHaveLength(0);
    expect(await t.h.db.selectFrom("trusted_devices").selectAll().execute()).toHaveLength(0);
    expect(await getStaffSession(session, t.h)).toBeNull();
    // nothing left to reset: refused, no second entry
    const again = await as({ intent: "2fa", id: String(id) });
    expect(again.status).toBe(409);
    expect(again.body!.message).toContain("n'a pas de double authentification à réinitialiser");
    expect((await entries()).map((e) => e.action)).toEqual(["account.2fa_reset"]);
    expect(await resetTwoFactor(t.h, actor(), 999_999)).toEqual({ ok: false, reason: "not_found" });
  });

  it("each change is written with its entry in one transaction: an entry that cannot be written undoes the change", async () => {
    const id = await account(t.h, "assistante@clinique.dz", "assistant");
    const session = await signIn(t.h, id);
    await refuseAuditInserts(t.h);
    try {
      const r = await as({ intent: "disable", id: String(id) });
      expect(r.status).toBe(503);
      expect(r.body!.message).toContain("rien n'a été modifié");
      expect((await as({ intent: "role", id: String(id), role: "dentist" })).status).toBe(503);
      expect((await as({ intent: "settings", require2faAll: "on", auditRetentionMonths: "36" })).status).toBe(503);
    } finally {
      await allowAuditInserts(t.h);
    }
    const u = await row(id);
    expect([u.disabled_at, u.role]).toEqual([null, "assistant"]);
    expect(await getStaffSession(session, t.h)).not.toBeNull();
    expect((await getTeamSettings(t.h)).require2faAll).toBe(false);
  });

  it("saves the team's settings with an entry naming what changed; nothing changed writes nothing; a bad duration is refused beside the field", async () => {
    const r = await as({ intent: "settings", require2faAll: "on", auditRetentionMonths: "36" });
    expect(r).toMatchObject({ status: 302, location: "/admin/equipe#reglages" });
    expect(await getTeamSettings(t.h)).toEqual({ require2faAll: true, assistantCanEditPrices: false, auditRetentionMonths: 36 });
    expect((await entries()).map((e) => [e.action, e.target_type, e.detail])).toEqual([
      ["team.settings", "team", "Double authentification obligatoire pour tous : non → oui ; Conservation du journal d'audit : 24 → 36 mois"],
    ]);
    await as({ intent: "settings", require2faAll: "on", auditRetentionMonths: "36" });
    expect(await entries()).toHaveLength(1);
    await as({ intent: "settings", assistantCanEditPrices: "on", auditRetentionMonths: "36" });
    expect((await entries())[1].detail).toBe("Double authentification obligatoire pour tous : oui → non ; Prix modifiables par les assistant(e)s : non → oui");
    for (const months of ["5", "121", "douze", ""]) {
      const bad = await as({ intent: "settings", auditRetentionMonths: months });
      expect(bad.status, months).toBe(400);
      expect(bad.body!.result!.error, months).toMatchObject({ auditRetentionMonths: ["Indiquez une durée de 6 à 120 mois."] });
    }
    expect((await getTeamSettings(t.h)).auditRetentionMonths).toBe(36);
  });

  it("lists every account with its role, two-factor state, status and last sign-in", async () => {
    const id = await account(t.h, "assistante@clinique.dz", "assistant");
    await signIn(t.h, id);
    await disableAccount(t.h, actor(), await account(t.h, "ancien@clinique.dz", "dentist"));
    const list = await listStaffAccounts(t.h);
    expect(list.map((a) => [a.email, a.role, a.disabledAt === null, a.lastSignInAt !== null])).toEqual([
      [ADMIN, "admin", true, false],
      ["assistante@clinique.dz", "assistant", true, true],
      ["ancien@clinique.dz", "dentist", false, false],
    ]);
    expect(await as({ intent: "nonsense" })).toMatchObject({ status: 400 });
    expect(await as({ intent: "disable", id: "abc" })).toMatchObject({ status: 400 });
    expect(await as({ intent: "disable", id: "424242" })).toMatchObject({ status: 404 });
  });
});

describe("team screen in the staff guard's table", () => {
  it("every intent of /admin/equipe, and the page, need staff:manage", async () => {
    for (const intent of ["create", "role", "disable", "enable", "password", "2fa", "settings", "anything"]) {
      const req = new Request("http://clinic.test/admin/equipe", { method: "POST", body: new URLSearchParams({ intent }) });
      expect(await permissionsNeeded(req), intent).toContain("staff:manage");
    }
    expect(await permissionsNeeded(new Request("http://clinic.test/admin/equipe?compte=2"))).toEqual(["staff:manage"]);
  });
});

/** A trigger that refuses every new audit entry (to prove that the change goes with it). */
async function refuseAuditInserts(h: Db) {
  if (h.engine === "postgres") {
    await sql`create or replace function test_refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`.execute(h.db);
    await sql`create trigger test_refuse_audit before insert on audit_log for each row execute function test_refuse_audit()`.execute(h.db);
    return;
  }
  await sql`create trigger test_refuse_audit before insert on audit_log begin select raise(abort, 'audit refused'); end`.execute(h.db);
}

async function allowAuditInserts(h: Db) {
  await sql`drop trigger if exists test_refuse_audit${h.engine === "postgres" ? sql` on audit_log` : sql``}`.execute(h.db);
}
