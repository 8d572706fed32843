import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "~/.server/auth";
import type { Db } from "~/.server/db";
import { findStaffByEmail } from "~/.server/repos/staff";
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
    expect(c.out.join("\n")).toContain("Compte du personnel créé : dr.nouveau@clinique.dz");
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
    expect(ok.stdout).toContain("Compte du personnel créé : premier@clinique.dz");
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
