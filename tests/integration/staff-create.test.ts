import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "~/.server/auth";
import type { Db } from "~/.server/db";
import { findStaffByEmail } from "~/.server/repos/staff";
import { getStaffSession, startSession } from "~/.server/session";
import { runStaffCreate } from "../../scripts/staff-create";
import { describeEachEngine } from "../helpers/db";

function io(h: Db, argv: string[], env: Record<string, string | undefined> = {}, answers?: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const queue = [...(answers ?? [])];
  return {
    out,
    err,
    run: () =>
      runStaffCreate({
        argv,
        env,
        out: (l) => out.push(l),
        err: (l) => err.push(l),
        askSecret: answers ? async () => queue.shift() ?? "" : undefined,
        db: h,
      }),
  };
}

describeEachEngine("npm run staff:create", (t) => {
  it("creates an account from the argument and STAFF_PASSWORD", async () => {
    const c = io(t.h, ["--", "Dr.Nouveau@Clinique.DZ"], { STAFF_PASSWORD: "Un-Mot-De-Passe-Solide" });
    expect(await c.run()).toBe(0);
    expect(c.out.join("\n")).toContain("Compte du personnel créé : dr.nouveau@clinique.dz");
    const user = await findStaffByEmail(t.h, "dr.nouveau@clinique.dz");
    expect(await verifyPassword(user!.password_hash, "Un-Mot-De-Passe-Solide")).toBe(true);
  });

  it("takes the e-mail from STAFF_EMAIL and the password from the hidden prompt, asked twice", async () => {
    const c = io(t.h, [], { STAFF_EMAIL: "assistante@clinique.dz" }, ["Invite-Secrete-2026", "Invite-Secrete-2026"]);
    expect(await c.run()).toBe(0);
    expect(await findStaffByEmail(t.h, "assistante@clinique.dz")).toBeTruthy();

    const mismatch = io(t.h, ["autre@clinique.dz"], {}, ["Invite-Secrete-2026", "Autre-Chose-2026"]);
    expect(await mismatch.run()).not.toBe(0);
    expect(mismatch.err.join("\n")).toContain("ne correspondent pas");
    expect(await findStaffByEmail(t.h, "autre@clinique.dz")).toBeUndefined();
  });

  it("refuses a missing or invalid e-mail, a short or missing password, and a duplicate, in French", async () => {
    const cases: [string[], Record<string, string>, RegExp][] = [
      [[], { STAFF_PASSWORD: "Un-Mot-De-Passe-Solide" }, /indiquez l'adresse e-mail/],
      [["pas-une-adresse"], { STAFF_PASSWORD: "Un-Mot-De-Passe-Solide" }, /n'est pas une adresse e-mail valide/],
      [["a@clinique.dz"], { STAFF_PASSWORD: "court" }, /au moins 10 caractères/],
      [["a@clinique.dz"], {}, /aucun mot de passe fourni/],
    ];
    for (const [argv, env, message] of cases) {
      const c = io(t.h, argv, env);
      expect(await c.run()).not.toBe(0);
      expect(c.err.join("\n")).toMatch(message);
    }
    expect(await t.h.db.selectFrom("staff_users").select("id").execute()).toHaveLength(0);

    expect(await io(t.h, ["a@clinique.dz"], { STAFF_PASSWORD: "Un-Mot-De-Passe-Solide" }).run()).toBe(0);
    const dup = io(t.h, ["A@clinique.dz"], { STAFF_PASSWORD: "Un-Autre-Mot-De-Passe" });
    expect(await dup.run()).toBe(1);
    expect(dup.err.join("\n")).toMatch(/Un compte existe déjà pour a@clinique\.dz\. Aucun compte créé\./);
  });
});

describeEachEngine("npm run staff:create: roles and recovery", (t) => {
  const entries = () => t.h.db.selectFrom("audit_log").select(["action", "actor", "staff_user_id", "target_id", "detail"]).orderBy("id").execute();

  it("makes an administrator by default; --role and --name choose the role and the name, written to the audit log", async () => {
    expect(await io(t.h, ["admin@clinique.dz"], { STAFF_PASSWORD: "Un-Mot-De-Passe-Solide" }).run()).toBe(0);
    const c = io(t.h, ["--", "assistante@clinique.dz", "--role", "assistant", "--name=Samira Haddad"], { STAFF_PASSWORD: "Un-Mot-De-Passe-Solide" });
    expect(await c.run()).toBe(0);
    expect(c.out.join("\n")).toContain("Rôle : Assistant(e).");
    const admin = await findStaffByEmail(t.h, "admin@clinique.dz");
    const assistant = await findStaffByEmail(t.h, "assistante@clinique.dz");
    expect([admin!.role, assistant!.role, assistant!.display_name]).toEqual(["admin", "assistant", "Samira Haddad"]);
    // the password was typed by whoever ran the command: nothing to change at sign-in
    expect(Number(assistant!.must_change_password)).toBe(0);
    const rows = await entries();
    expect(rows.map((e) => [e.action, e.actor, e.staff_user_id, e.detail])).toEqual([
      ["account.created", "ligne de commande (staff:create)", null, "admin@clinique.dz (Administrateur)"],
      ["account.created", "ligne de commande (staff:create)", null, "assistante@clinique.dz (Assistant(e))"],
    ]);
  });

  it("refuses an unknown role or option in French and creates nothing", async () => {
    const bad = io(t.h, ["x@clinique.dz", "--role", "patron"], { STAFF_PASSWORD: "Un-Mot-De-Passe-Solide" });
    expect(await bad.run()).toBe(2);
    expect(bad.err.join("\n")).toContain("rôle inconnu « patron »");
    const unknown = io(t.h, ["x@clinique.dz", "--force"], { STAFF_PASSWORD: "Un-Mot-De-Passe-Solide" });
    expect(await unknown.run()).toBe(2);
    expect(unknown.err.join("\n")).toContain("option inconnue « --force »");
    expect(await t.h.db.selectFrom("staff_users").select("id").execute()).toHaveLength(0);
  });

  it("--reset prints a one-time password once, clears two-factor sign-in and ends every session of a locked-out administrator", async () => {
    expect(await io(t.h, ["admin@clinique.dz"], { STAFF_PASSWORD: "Un-Mot-De-Passe-Solide" }).run()).toBe(0);
    const user = (await findStaffByEmail(t.h, "admin@clinique.dz"))!;
    const id = Number(user.id);
    const now = new Date().toISOString();
    await t.h.db.updateTable("staff_users").set({ totp_secret: "sealed", totp_enabled_at: now, totp_last_step: 1 }).where("id", "=", id).execute();
    await t.h.db.insertInto("staff_recovery_codes").values({ user_id: id, code_hash: "h", created_at: now }).execute();
    await t.h.db.insertInto("trusted_devices").values({ id_hash: "d", user_id: id, label: "Chrome", created_at: now, last_used_at: now, expires_at: now }).execute();
    const cookie = (await startSession(new Request("http://clinic.test/login"), id, t.h)).split(";")[0];
    const request = new Request("http://clinic.test/admin", { headers: { Cookie: cookie } });
    expect(await getStaffSession(request, t.h)).not.toBeNull();

    const c = io(t.h, ["--email", "Admin@Clinique.dz", "--reset"], { STAFF_PASSWORD: "ignored-when-resetting" });
    expect(await c.run()).toBe(0);
    const printed = /Mot de passe à usage unique : (\S+)/.exec(c.out.join("\n"))?.[1];
    expect(printed).toMatch(/^[A-Za-z0-9]{6}-[A-Za-z0-9]{6}-[A-Za-z0-9]{6}$/);
    expect(c.out.join("\n")).toContain("Double authentification effacée");
    const after = (await findStaffByEmail(t.h, "admin@clinique.dz"))!;
    expect(await verifyPassword(after.password_hash, printed!)).toBe(true);
    expect(await verifyPassword(after.password_hash, "Un-Mot-De-Passe-Solide")).toBe(false);
    expect([Number(after.must_change_password), after.totp_secret, after.totp_enabled_at, after.totp_last_step]).toEqual([1, null, null, null]);
    expect(await t.h.db.selectFrom("staff_recovery_codes").selectAll().execute()).toHaveLength(0);
    expect(await t.h.db.selectFrom("trusted_devices").selectAll().execute()).toHaveLength(0);
    expect(await getStaffSession(request, t.h)).toBeNull();
    const rows = await entries();
    expect(rows.slice(1).map((e) => [e.action, e.actor, e.target_id])).toEqual([
      ["account.password_reset", "ligne de commande (staff:create)", String(id)],
      ["account.2fa_reset", "ligne de commande (staff:create)", String(id)],
    ]);
    // the one-time password is in no audit detail
    expect(JSON.stringify(rows)).not.toContain(printed);

    // a second reset: no two-factor left to clear, said as such
    const again = io(t.h, ["admin@clinique.dz", "--reset"]);
    expect(await again.run()).toBe(0);
    expect(again.out.join("\n")).toContain("La double authentification n'était pas configurée");
  });

  it("--reset of an unknown address, or with --role, changes nothing and says why", async () => {
    const none = io(t.h, ["personne@clinique.dz", "--reset"]);
    expect(await none.run()).toBe(1);
    expect(none.err.join("\n")).toContain("aucun compte pour personne@clinique.dz");
    const mixed = io(t.h, ["personne@clinique.dz", "--reset", "--role", "admin"]);
    expect(await mixed.run()).toBe(2);
    expect(mixed.err.join("\n")).toContain("--reset ne change ni le rôle ni le nom");
    expect(await entries()).toHaveLength(0);
  });
});

describe("npm run staff:create as a command", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "staff-create-"));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function cli(args: string[], env: Record<string, string>) {
    const r = spawnSync(process.execPath, ["--import", "tsx", path.resolve("scripts/staff-create.ts"), ...args], {
      env: { PATH: process.env.PATH ?? "", DATABASE_URL: `file:${path.join(dir, "cli.db")}`, LOG_LEVEL: "silent", ...env },
      encoding: "utf8",
      input: "",
      timeout: 60_000,
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  it("migrates a new database, creates the account, exits 0; a duplicate exits non-zero", () => {
    const ok = cli(["premier@clinique.dz"], { STAFF_PASSWORD: "Un-Mot-De-Passe-Solide" });
    expect(ok.stderr).toBe("");
    expect(ok.stdout).toContain("Compte du personnel créé : premier@clinique.dz");
    expect(ok.code).toBe(0);
    expect(fs.existsSync(path.join(dir, "cli.db"))).toBe(true);

    const dup = cli(["premier@clinique.dz"], { STAFF_PASSWORD: "Un-Mot-De-Passe-Solide" });
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain("Un compte existe déjà");
  });

  it("without a password and without a terminal, explains and exits non-zero", () => {
    const r = cli(["second@clinique.dz"], {});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Définissez STAFF_PASSWORD");
  });
});
