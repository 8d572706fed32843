import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { hash, verify } from "@node-rs/argon2";
import type { BrowserContext } from "@playwright/test";
import Database from "better-sqlite3";
import { createCookie } from "react-router";
import { E2E_ADMIN as CONFIG_ADMIN, E2E_DATA_DIR, E2E_PORT, E2E_SESSION_SECRET } from "../../playwright.config";
import { generateRecoveryCodes, hashRecoveryCode, sealTotpSecret } from "../../app/.server/totp";

/**
 * Staff accounts of the end-to-end tests, and what signing one in without typing a code needs:
 * the account with its role, two-factor enabled with a fixed secret when the account needs it,
 * and this browser made a trusted device of the account (a `trusted_devices` row and the signed
 * `clinic_2fa_device` cookie, as app/.server/trusted-device.ts makes them). Codes are not typed
 * because a code is accepted once (replay protection): two tests signing in within the same 30 s
 * would refuse each other. tests/e2e/two-factor.spec.ts types real codes, on accounts of its own.
 */
export type E2ERole = "admin" | "dentist" | "assistant";

export interface E2EAccount {
  email: string;
  password: string;
  /** default 'admin' */
  role?: E2ERole;
  /** two-factor sign-in on; default: when the role needs it (administrators, or everyone when the team setting says so) */
  twoFactor?: boolean;
}

/** The account the e2e server creates on its first start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = { ...CONFIG_ADMIN, role: "admin" } as const satisfies E2EAccount;
export const E2E_DENTIST = { email: "dentiste@clinique.test", password: "Dentiste-Kouba-2026", role: "dentist" } as const satisfies E2EAccount;
export const E2E_ASSISTANT = { email: "assistante@clinique.test", password: "Assistante-Kouba-2026", role: "assistant" } as const satisfies E2EAccount;

/** The TOTP secret given to accounts that need two-factor sign-in (base32). */
export const E2E_TOTP_SECRET = "KRUGKIDDNRUW42LROVSSAZDFNZ2GC2LS";

const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
const ARGON = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const TRUSTED_DEVICE_MS = 30 * 24 * 3600 * 1000;

function openDb() {
  const db = new Database(path.join(E2E_DATA_DIR, "e2e.db"), { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  return db;
}

function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = openDb();
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** The stored hash last seen to match each account's password (argon2 is slow: checked once per hash). */
const verified = new Map<string, string>();

function twoFactorRequired(role: E2ERole): boolean {
  if (role === "admin") return true;
  const row = withDb((db) => db.prepare("select require_2fa_all from team_settings where id = 1").get() as { require_2fa_all: number } | undefined);
  return Number(row?.require_2fa_all ?? 0) === 1;
}

/**
 * The account exists, is active, has its role and its password, and holds no one-time password;
 * two-factor is on (with E2E_TOTP_SECRET) when `twoFactor` says so or its role needs it, and
 * left as it is otherwise. Returns its id.
 */
export async function ensureStaffAccount(account: E2EAccount): Promise<number> {
  const role = account.role ?? "admin";
  const email = account.email.toLowerCase();
  const row = withDb((db) => db.prepare("select id, password_hash from staff_users where email = ?").get(email) as { id: number; password_hash: string } | undefined);
  const now = new Date().toISOString();
  let id: number;
  if (!row) {
    const passwordHash = await hash(account.password, ARGON);
    id = withDb((db) => Number(db.prepare("insert into staff_users (email, password_hash, role, created_at, updated_at) values (?, ?, ?, ?, ?)").run(email, passwordHash, role, now, now).lastInsertRowid));
  } else {
    id = Number(row.id);
    const passwordOk = verified.get(email) === row.password_hash || (await verify(row.password_hash, account.password).catch(() => false));
    const passwordHash = passwordOk ? row.password_hash : await hash(account.password, ARGON);
    withDb((db) =>
      db.prepare("update staff_users set role = ?, password_hash = ?, disabled_at = null, must_change_password = 0, updated_at = ? where id = ?").run(role, passwordHash, now, id),
    );
  }
  verified.set(email, withDb((db) => (db.prepare("select password_hash from staff_users where id = ?").get(id) as { password_hash: string }).password_hash));
  if (account.twoFactor ?? twoFactorRequired(role)) enableTwoFactor(id);
  return id;
}

/** Two-factor on for the account with E2E_TOTP_SECRET (kept as it is when already on). */
export function enableTwoFactor(userId: number, secret: string = E2E_TOTP_SECRET) {
  withDb((db) =>
    db
      .prepare("update staff_users set totp_secret = ?, totp_enabled_at = ?, totp_last_step = null where id = ? and totp_enabled_at is null")
      .run(sealTotpSecret(secret, E2E_SESSION_SECRET), new Date().toISOString(), userId),
  );
}

/** Give the account ten fresh recovery codes (stored hashed, as the set-up stores them); returns them. */
export function giveRecoveryCodes(userId: number): string[] {
  const codes = generateRecoveryCodes();
  const now = new Date().toISOString();
  withDb((db) => {
    db.prepare("delete from staff_recovery_codes where user_id = ?").run(userId);
    const insert = db.prepare("insert into staff_recovery_codes (user_id, code_hash, created_at) values (?, ?, ?)");
    for (const c of codes) insert.run(userId, hashRecoveryCode(c), now);
  });
  return codes;
}

/**
 * Make the browser context a trusted device of the account ('Se souvenir de cet appareil'):
 * a fresh token's row in `trusted_devices` and the signed cookie. Returns the row's id hash.
 */
export async function trustBrowser(context: BrowserContext, userId: number, label = "Chrome sur Linux"): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const idHash = createHash("sha256").update(token).digest("hex");
  const now = new Date();
  withDb((db) =>
    db
      .prepare("insert into trusted_devices (id_hash, user_id, label, created_at, last_used_at, expires_at) values (?, ?, ?, ?, ?, ?)")
      .run(idHash, userId, label, now.toISOString(), now.toISOString(), new Date(now.getTime() + TRUSTED_DEVICE_MS).toISOString()),
  );
  const cookie = createCookie("clinic_2fa_device", { path: "/", httpOnly: true, sameSite: "lax", secrets: [E2E_SESSION_SECRET] });
  const header = await cookie.serialize({ t: token });
  const value = header.slice(header.indexOf("=") + 1).split(";")[0];
  await context.addCookies([{ name: "clinic_2fa_device", value, url: BASE_URL, httpOnly: true, sameSite: "Lax" }]);
  return idHash;
}
