import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { hashPassword, verifyPassword } from "~/.server/auth";
import { publicOrigin } from "~/.server/config";
import type { Db } from "~/.server/db";
import { log } from "~/.server/log";
import {
  completePasswordReset,
  openPasswordReset,
  purgePasswordResets,
  requestPasswordReset,
  RESET_MAX_PER_ADDRESS,
  RESET_MAX_PER_IP,
} from "~/.server/password-reset";
import { disableAccount, insertStaff } from "~/.server/repos/staff";
import { getStaffSession, startSession } from "~/.server/session";
import { createLoadContext } from "~/context";
import { RESET_DONE, RESET_REQUESTED } from "~/lib/password-reset-schema";
import { action as forgotAction } from "~/routes/mot-de-passe-oublie";
import { action as resetAction, loader as resetLoader } from "~/routes/reinitialiser-mot-de-passe.$token";
import { describeEachEngine } from "../helpers/db";
import { setAppEnv } from "./public-form";

/**
 * Password reset by e-mail (docs/product.md, "Staff: account and login"): the same answer for
 * any address, a link valid 30 minutes and used once (even by two posts at the same moment),
 * requests throttled per address and per client address, every session ended on use, the
 * e-mail queued with the link, and the token in no log line.
 */

const IP = "203.0.113.50";
const ORIGIN = "https://clinique.example";
const sha256 = (v: string) => createHash("sha256").update(v).digest("hex");

async function staff(h: Db, email: string) {
  const u = await insertStaff(h, email, await hashPassword("Ancien-Mot-De-Passe-1"), "dentist");
  return Number(u.id);
}

async function signIn(h: Db, userId: number) {
  const cookie = (await startSession(new Request("http://clinic.test/login"), userId, h)).split(";")[0];
  return new Request("http://clinic.test/admin/agenda", { headers: { Cookie: cookie } });
}

function form(url: string, fields: Record<string, string>) {
  return new Request(url, { method: "POST", body: new URLSearchParams(fields) });
}

/** The answer of a route action or loader: a Response (redirect) or React Router's data(). */
function read(res: unknown): { status: number; body?: Record<string, unknown>; headers: Headers } {
  if (res instanceof Response) return { status: res.status, headers: res.headers };
  const d = res as { data: Record<string, unknown>; init: { status?: number; headers?: HeadersInit } | null };
  return { status: d.init?.status ?? 200, body: d.data, headers: new Headers(d.init?.headers) };
}

describeEachEngine("password reset by e-mail", { appDb: true }, (t) => {
  let userId: number;
  const EMAIL = "dr.karim@clinique.dz";
  const outbox = () => t.h.db.selectFrom("outbox").selectAll().orderBy("id").execute();
  const resets = () => t.h.db.selectFrom("password_resets").selectAll().execute();
  const entries = () => t.h.db.selectFrom("audit_log").select(["action", "staff_user_id", "actor", "ip", "target_id"]).orderBy("id").execute();

  /** Ask for a link and return the token read from the e-mail queued. */
  async function ask(email = EMAIL, now = new Date(), ip = IP): Promise<string> {
    const r = await requestPasswordReset(t.h, email, ip, { now, origin: ORIGIN });
    expect(r.outcome).toBe("queued");
    await r.sending;
    const mail = (await outbox()).at(-1)!;
    const token = new RegExp(`${ORIGIN}/reinitialiser-mot-de-passe/([A-Za-z0-9_-]{43})`).exec(mail.body_text)?.[1];
    expect(token).toBeDefined();
    return token!;
  }

  beforeAll(() => setAppEnv(["SMTP_URL", "PUBLIC_URL"]));
  afterAll(() => setAppEnv(["SMTP_URL", "PUBLIC_URL"]));
  beforeEach(async () => {
    userId = await staff(t.h, EMAIL);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("an existing account gets the link by e-mail: only the token's hash is stored, 30 minutes, with an audit entry", async () => {
    const now = new Date("2026-11-25T09:00:00Z");
    const token = await ask(EMAIL, now);
    const [mail] = await outbox();
    expect([mail.to_address, mail.kind, mail.status]).toEqual([EMAIL, "password_reset", "pending"]);
    expect(mail.subject).toContain("Réinitialisation de votre mot de passe");
    expect(mail.body_text).toContain("Le lien est valable 30 minutes et ne sert qu'une fois.");
    expect(mail.body_html).toContain(`${ORIGIN}/reinitialiser-mot-de-passe/${token}`);
    const [row] = await resets();
    expect(row).toMatchObject({ token_hash: sha256(token), user_id: userId, used_at: null, expires_at: "2026-11-25T09:30:00.000Z" });
    expect(JSON.stringify(await resets())).not.toContain(token);
    expect(await entries()).toEqual([{ action: "auth.password_reset.requested", staff_user_id: userId, actor: EMAIL, ip: IP, target_id: String(userId) }]);
  });

  it("the page says the same thing for an unknown, a disabled or a known address; only the known one gets a link", async () => {
    const disabled = await staff(t.h, "ancien@clinique.dz");
    await disableAccount(t.h, { userId, email: EMAIL }, disabled);
    const before = (await entries()).length;
    const answers = [];
    for (const email of ["personne@clinique.dz", "ancien@clinique.dz", "DR.KARIM@clinique.dz"]) {
      const res = read(await forgotAction({ request: form("http://clinic.test/mot-de-passe-oublie", { email }), params: {}, context: createLoadContext({ nonce: "", clientIp: IP }) } as never));
      answers.push([res.status, res.body?.sent, res.headers.get("Cache-Control"), res.headers.get("Referrer-Policy")]);
    }
    expect(answers).toEqual(Array(3).fill([200, true, "private, no-store", "same-origin"]));
    // the work runs after the answer: wait for the known address's e-mail
    await vi.waitFor(async () => expect(await outbox()).toHaveLength(1), { timeout: 5000 });
    expect((await outbox())[0].to_address).toBe(EMAIL);
    expect((await resets()).map((r) => Number(r.user_id))).toEqual([userId]);
    expect((await entries()).slice(before).map((e) => e.action)).toEqual(["auth.password_reset.requested"]);
    expect(await requestPasswordReset(t.h, "personne@clinique.dz", "198.51.100.1")).toEqual({ outcome: "no_account" });
    expect(await requestPasswordReset(t.h, "ancien@clinique.dz", "198.51.100.1")).toEqual({ outcome: "no_account" });
    // a malformed address is said to be one, beside the field (nothing about accounts)
    const bad = read(await forgotAction({ request: form("http://clinic.test/mot-de-passe-oublie", { email: "pas-une-adresse" }), params: {}, context: createLoadContext({ nonce: "", clientIp: IP }) } as never));
    expect(bad.status).toBe(400);
    expect(RESET_REQUESTED).toContain("Si un compte existe pour cette adresse");
  });

  it("a link is valid 30 minutes and works once; using it sets the password, clears the one-time flag and ends every session", async () => {
    const now = new Date();
    await t.h.db.updateTable("staff_users").set({ must_change_password: 1 }).where("id", "=", userId).execute();
    const phone = await signIn(t.h, userId);
    const desk = await signIn(t.h, userId);
    const first = await ask(EMAIL, now);
    const second = await ask(EMAIL, now);
    expect(await openPasswordReset(t.h, first, new Date(now.getTime() + 29 * 60_000))).toEqual({ userId, email: EMAIL });

    expect(await completePasswordReset(t.h, first, "Nouveau-Mot-De-Passe-2026", "192.0.2.7", now)).toBe(true);
    const u = await t.h.db.selectFrom("staff_users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
    expect(await verifyPassword(u.password_hash, "Nouveau-Mot-De-Passe-2026")).toBe(true);
    expect(Number(u.must_change_password)).toBe(0);
    expect(await getStaffSession(phone, t.h)).toBeNull();
    expect(await getStaffSession(desk, t.h)).toBeNull();
    // used once; the other link of the account no longer works either
    expect(await completePasswordReset(t.h, first, "Encore-Un-Autre-2026", "192.0.2.7", now)).toBe(false);
    expect(await completePasswordReset(t.h, second, "Encore-Un-Autre-2026", "192.0.2.7", now)).toBe(false);
    expect((await entries()).map((e) => [e.action, e.ip])).toEqual([
      ["auth.password_reset.requested", IP],
      ["auth.password_reset.requested", IP],
      ["auth.password_reset.used", "192.0.2.7"],
    ]);
  });

  it("the clean-up removes links expired or used for more than a day, and keeps the others", async () => {
    const now = new Date("2026-11-25T09:00:00Z");
    const used = await ask(EMAIL, new Date("2026-11-23T10:00:00Z"));
    await completePasswordReset(t.h, used, "Nouveau-Mot-De-Passe-2026", IP, new Date("2026-11-23T10:05:00Z"));
    await ask(EMAIL, new Date("2026-11-23T11:00:00Z"));
    const live = await ask(EMAIL, now);
    expect(await resets()).toHaveLength(3);
    await purgePasswordResets(t.h, now);
    expect((await resets()).map((r) => r.token_hash)).toEqual([sha256(live)]);
  });

  it("expires at 30 minutes", async () => {
    const now = new Date("2026-11-25T09:00:00Z");
    const token = await ask(EMAIL, now);
    expect(await openPasswordReset(t.h, token, new Date("2026-11-25T09:29:59Z"))).not.toBeNull();
    expect(await openPasswordReset(t.h, token, new Date("2026-11-25T09:30:00Z"))).toBeNull();
    expect(await completePasswordReset(t.h, token, "Nouveau-Mot-De-Passe-2026", IP, new Date("2026-11-25T09:30:01Z"))).toBe(false);
    const u = await t.h.db.selectFrom("staff_users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow();
    expect(await verifyPassword(u.password_hash, "Ancien-Mot-De-Passe-1")).toBe(true);
  });

  it("two posts of one link at the same moment: exactly one sets its password", async () => {
    for (let round = 0; round < 4; round++) {
      await t.h.db.deleteFrom("rate_limits").execute();
      const token = await ask();
      const passwords = ["Premier-Mot-De-Passe-1", "Second-Mot-De-Passe-2", "Troisieme-Mot-De-Passe"];
      const results = await Promise.all(passwords.map((p) => completePasswordReset(t.h, token, p, IP)));
      expect(results.filter(Boolean), `round ${round}`).toHaveLength(1);
      const u = await t.h.db.selectFrom("staff_users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow();
      expect(await verifyPassword(u.password_hash, passwords[results.indexOf(true)])).toBe(true);
    }
    expect((await entries()).filter((e) => e.action === "auth.password_reset.used")).toHaveLength(4);
  });

  it("throttles per address (3 an hour) and per client address (10 an hour); over the limit nothing is stored or sent", async () => {
    const now = new Date("2026-11-25T09:00:00Z");
    for (let i = 0; i < RESET_MAX_PER_ADDRESS; i++) await ask(EMAIL, now, `192.0.2.${i + 1}`);
    expect((await requestPasswordReset(t.h, EMAIL, "192.0.2.99", { now, origin: ORIGIN })).outcome).toBe("throttled");
    expect(await outbox()).toHaveLength(RESET_MAX_PER_ADDRESS);
    expect(await resets()).toHaveLength(RESET_MAX_PER_ADDRESS);
    // an hour later the address may ask again
    expect((await requestPasswordReset(t.h, EMAIL, "192.0.2.99", { now: new Date("2026-11-25T10:00:01Z"), origin: ORIGIN })).outcome).toBe("queued");

    // one client address, many addresses (known or not): the 11th is refused, even for a known account
    const other = await staff(t.h, "assistante@clinique.dz");
    for (let i = 0; i < RESET_MAX_PER_IP; i++) {
      expect((await requestPasswordReset(t.h, `inconnu${i}@clinique.dz`, "198.51.100.9", { now, origin: ORIGIN })).outcome).toBe("no_account");
    }
    expect((await requestPasswordReset(t.h, "assistante@clinique.dz", "198.51.100.9", { now, origin: ORIGIN })).outcome).toBe("throttled");
    expect(await t.h.db.selectFrom("password_resets").select("token_hash").where("user_id", "=", other).execute()).toHaveLength(0);
    // the counters keep no address typed, only its hash
    const keys = (await t.h.db.selectFrom("rate_limits").select("key").execute()).map((r) => r.key).join(" ");
    expect(keys).not.toContain("clinique.dz");
  });

  it("a link of an account disabled since no longer works", async () => {
    const token = await ask();
    const admin = await staff(t.h, "admin@clinique.dz");
    await t.h.db.updateTable("staff_users").set({ disabled_at: new Date().toISOString() }).where("id", "=", userId).execute();
    expect(await openPasswordReset(t.h, token)).toBeNull();
    expect(await completePasswordReset(t.h, token, "Nouveau-Mot-De-Passe-2026", IP)).toBe(false);
    // disabling on screen deletes the unused links as well
    await t.h.db.updateTable("staff_users").set({ disabled_at: null }).where("id", "=", userId).execute();
    await disableAccount(t.h, { userId: admin, email: "admin@clinique.dz" }, userId);
    expect(await resets()).toHaveLength(0);
  });

  it("the reset page: an unknown, malformed or used link is the same page; a valid one asks twice, then sends to /login with a toast", async () => {
    const token = await ask();
    const context = createLoadContext({ nonce: "", clientIp: IP });
    for (const bad of ["x".repeat(43), "court", `${token}x`]) {
      const res = read(await resetLoader({ request: new Request(`http://clinic.test/reinitialiser-mot-de-passe/${bad}`), url: new URL(`http://clinic.test/reinitialiser-mot-de-passe/${bad}`), params: { token: bad }, context } as never));
      expect([res.status, res.body?.valid, res.headers.get("Cache-Control"), res.headers.get("Referrer-Policy")]).toEqual([404, false, "private, no-store", "same-origin"]);
    }
    const ok = read(await resetLoader({ request: new Request(`http://clinic.test/reinitialiser-mot-de-passe/${token}`), url: new URL(`http://clinic.test/reinitialiser-mot-de-passe/${token}`), params: { token }, context } as never));
    expect([ok.status, ok.body?.valid, ok.body?.email]).toEqual([200, true, EMAIL]);

    const url = `http://clinic.test/reinitialiser-mot-de-passe/${token}`;
    const mismatch = read(await resetAction({ request: form(url, { password: "Nouveau-Mot-De-Passe-2026", confirm: "Autre-Chose-2026" }), params: { token }, context } as never));
    expect(mismatch.status).toBe(400);
    const reply = mismatch.body?.result as { error: Record<string, string[]>; initialValue?: Record<string, unknown> };
    expect(reply.error.confirm[0]).toContain("ne correspondent pas");
    // the passwords typed are never sent back
    expect(JSON.stringify(reply)).not.toContain("Nouveau-Mot-De-Passe-2026");
    const short = read(await resetAction({ request: form(url, { password: "court", confirm: "court" }), params: { token }, context } as never));
    expect((short.body?.result as { error: Record<string, string[]> }).error.password[0]).toContain("au moins 10 caractères");

    const done = read(await resetAction({ request: form(url, { password: "Nouveau-Mot-De-Passe-2026", confirm: "Nouveau-Mot-De-Passe-2026" }), params: { token }, context } as never));
    expect([done.status, done.headers.get("Location"), done.headers.get("Cache-Control")]).toEqual([302, "/login", "private, no-store"]);
    expect(done.headers.get("Set-Cookie")).toBeTruthy();
    expect(RESET_DONE).toBe("Mot de passe modifié. Connectez-vous avec le nouveau mot de passe.");
    const again = read(await resetAction({ request: form(url, { password: "Encore-Un-Autre-2026", confirm: "Encore-Un-Autre-2026" }), params: { token }, context } as never));
    expect([again.status, again.body?.invalid]).toEqual([404, true]);
  });

  it("no log line carries the token, the link or the address typed", async () => {
    const lines: string[] = [];
    for (const level of ["info", "warn", "error"] as const) {
      vi.spyOn(log, level).mockImplementation(((...args: unknown[]) => {
        lines.push(JSON.stringify(args));
      }) as never);
    }
    const token = await ask();
    await requestPasswordReset(t.h, "inconnu@clinique.dz", IP);
    await completePasswordReset(t.h, token, "Nouveau-Mot-De-Passe-2026", IP);
    const all = lines.join("\n");
    expect(lines.some((l) => l.includes("password_reset_used"))).toBe(true);
    for (const secret of [token, sha256(token), "inconnu@clinique.dz", EMAIL, "reinitialiser-mot-de-passe/"]) expect(all).not.toContain(secret);
    expect(publicOrigin()).toMatch(/^http/);
  });
});
