import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { attemptLogin, changePassword, createStaffAccount, verifyPassword, type LoginResult } from "~/.server/auth";
import { resetConfig } from "~/.server/config";
import type { Db } from "~/.server/db";
import { findStaffByEmail } from "~/.server/repos/staff";
import { describeEachEngine, useSqliteFile } from "../helpers/db";

/** Every password check of the app goes through argon2's verify: count them. */
const argon = vi.hoisted(() => ({ verifications: 0 }));
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon.verifications++;
      return real.verify(...args);
    },
  };
});

const PASSWORD = "Correct-Horse-Battery-9";
const EMAIL = "dr.hamdi@clinique.dz";
/** The allowances of the burst tests; delays long enough that none ends during a burst. */
const ENV = {
  LOGIN_THROTTLE_FREE_ATTEMPTS: "5",
  LOGIN_THROTTLE_ACCOUNT_FREE_ATTEMPTS: "20",
  LOGIN_THROTTLE_IP_FREE_ATTEMPTS: "20",
  LOGIN_THROTTLE_BASE_DELAY_MS: "600000",
  LOGIN_THROTTLE_MAX_DELAY_MS: "900000",
};

function setEnv(on: boolean) {
  for (const [k, v] of Object.entries(ENV)) {
    if (on) process.env[k] = v;
    else delete process.env[k];
  }
  resetConfig();
}

const tally = (results: LoginResult[]) => ({
  checked: results.filter((r) => r.ok || r.reason === "invalid").length,
  throttled: results.filter((r) => !r.ok && r.reason === "throttled").length,
});

/** `count` concurrent attempts; the right password is sent last, after all the wrong ones. */
function burst(h: Db, count: number, ipOf: (i: number) => string, emailOf: (i: number) => string = () => EMAIL) {
  return Promise.all(Array.from({ length: count }, (_, i) => attemptLogin(h, emailOf(i), i === count - 1 ? PASSWORD : `faux-mot-de-passe-${i}`, ipOf(i))));
}

describeEachEngine("login throttle under a burst", (t) => {
  beforeAll(() => setEnv(true));
  afterAll(() => setEnv(false));
  beforeEach(async () => {
    await createStaffAccount(t.h, EMAIL, PASSWORD);
    argon.verifications = 0;
  });

  it("300 concurrent attempts from one address: 5 passwords checked, the right one (last) refused", async () => {
    const results = await burst(t.h, 300, () => "198.51.100.7");
    expect(argon.verifications).toBe(5);
    expect(tally(results)).toEqual({ checked: 5, throttled: 295 });
    expect(results.at(-1)).toMatchObject({ ok: false, reason: "throttled" });
    expect(await t.h.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
  });

  it("300 concurrent attempts from 300 addresses: at most the account's 20 checks, the right one refused; a known device still gets in", async () => {
    const results = await burst(t.h, 300, (i) => `10.${i >> 8}.${i & 255}.1`);
    expect(argon.verifications).toBe(20);
    expect(tally(results)).toEqual({ checked: 20, throttled: 280 });
    expect(results.at(-1)).toMatchObject({ ok: false, reason: "throttled" });
    const user = await findStaffByEmail(t.h, EMAIL);
    const device = { userId: user!.id, deviceId: "k".repeat(22) };
    expect((await attemptLogin(t.h, EMAIL, PASSWORD, "10.200.0.1", device)).ok).toBe(true);
  });

  it("300 concurrent attempts from one IPv6 /64 on 300 accounts: at most the address's 20 checks", async () => {
    const results = await burst(t.h, 300, (i) => `2001:db8:5:6::${i.toString(16)}`, (i) => (i === 299 ? EMAIL : `personne${i}@clinique.dz`));
    expect(argon.verifications).toBe(20);
    expect(tally(results)).toEqual({ checked: 20, throttled: 280 });
    expect(results.at(-1)).toMatchObject({ ok: false, reason: "throttled" });
  });

  it("100 concurrent current-password checks on the account page: 5 checked, the right one (last) refused, the password unchanged", async () => {
    const user = (await findStaffByEmail(t.h, EMAIL))!;
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => changePassword(t.h, user.id, i === 99 ? PASSWORD : `faux-mot-de-passe-${i}`, "Nouveau-mot-de-passe-1")),
    );
    expect(argon.verifications).toBe(5);
    expect(results.filter((r) => !r.ok && r.field === "current")).toHaveLength(5);
    expect(results.filter((r) => !r.ok && r.field === null)).toHaveLength(95);
    expect(results.at(-1)).toMatchObject({ ok: false, field: null });
    expect(await verifyPassword((await findStaffByEmail(t.h, EMAIL))!.password_hash, PASSWORD)).toBe(true);
  });
});

describe("login throttle across SQLite connections (separate processes)", () => {
  const file = useSqliteFile("throttle", (h) => createStaffAccount(h, EMAIL, PASSWORD).then(() => undefined));

  function startWorker(count: number, ip: string) {
    const script = path.resolve("tests/integration/fixtures/login-worker.ts");
    const child = spawn(process.execPath, ["--import", "tsx", script, file.path, EMAIL, String(count), ip], { env: { ...process.env, ...ENV }, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    const ready = new Promise<void>((resolve) => child.stdout.on("data", (d) => (out += String(d)).includes("ready\n") && resolve()));
    child.stderr.on("data", (d) => (err += String(d)));
    const done = new Promise<{ checked: number; throttled: number; accepted: number; errors: string[] }>((resolve, reject) =>
      child.on("exit", (code) => {
        const line = out.split("\n").find((l) => l.startsWith("{"));
        if (code === 0 && line) resolve(JSON.parse(line));
        else reject(new Error(`login worker exited ${code}: ${err.slice(0, 500)}`));
      }),
    );
    return { child, ready, done };
  }

  it("4 processes × 75 wrong attempts at once from one address: 5 passwords checked in all", async () => {
    const workers = Array.from({ length: 4 }, () => startWorker(75, "198.51.100.9"));
    await Promise.all(workers.map((w) => w.ready));
    for (const w of workers) w.child.stdin.write("go\n");
    const summaries = await Promise.all(workers.map((w) => w.done));
    expect(summaries.flatMap((s) => s.errors)).toEqual([]);
    expect(summaries.reduce((n, s) => n + s.checked, 0)).toBe(5);
    expect(summaries.reduce((n, s) => n + s.throttled, 0)).toBe(295);
    setEnv(true);
    try {
      expect(await attemptLogin(file.h, EMAIL, PASSWORD, "198.51.100.9")).toMatchObject({ ok: false, reason: "throttled" });
    } finally {
      setEnv(false);
    }
  }, 60_000);
});
