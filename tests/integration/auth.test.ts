import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { attemptLogin, changePassword, createStaffAccount, ensureFirstStaff, hashPassword, verifyPassword } from "~/.server/auth";
import { resetConfig } from "~/.server/config";
import { log } from "~/.server/log";
import { getThrottle } from "~/.server/repos/limits";
import { countStaff, findStaffByEmail } from "~/.server/repos/staff";
import {
  ABSOLUTE_TIMEOUT_MS,
  endOtherSessions,
  endSession,
  getStaffSession,
  IDLE_TIMEOUT_MS,
  safeRedirectPath,
  startSession,
} from "~/.server/session";
import { staffGuard } from "~/.server/staff-guard";
import { createLoadContext } from "~/context";
import { action as accountAction } from "~/routes/admin.account";
import { describeEachEngine, truncateAll } from "../helpers/db";

const PASSWORD = "Correct-Horse-Battery-9";
const THROTTLE_ENV = ["LOGIN_THROTTLE_FREE_ATTEMPTS", "LOGIN_THROTTLE_BASE_DELAY_MS", "LOGIN_THROTTLE_MAX_DELAY_MS", "ADMIN_EMAIL", "ADMIN_PASSWORD"] as const;

function setEnv(values: Partial<Record<(typeof THROTTLE_ENV)[number], string>>) {
  for (const k of THROTTLE_ENV) delete process.env[k];
  Object.assign(process.env, values);
  resetConfig();
}

/** The session cookie's "name=value" from a Set-Cookie header. */
function cookiePair(setCookie: string) {
  return setCookie.split(";")[0];
}

function req(url: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(url, { ...init, headers });
}

describe("safeRedirectPath", () => {
  it("keeps same-origin paths only", () => {
    expect(safeRedirectPath("/admin/blog?x=1")).toBe("/admin/blog?x=1");
    expect(safeRedirectPath("https://evil.example/")).toBe("/admin/appointments");
    expect(safeRedirectPath("//evil.example/")).toBe("/admin/appointments");
    expect(safeRedirectPath("/\\evil.example")).toBe("/admin/appointments");
    expect(safeRedirectPath("")).toBe("/admin/appointments");
    expect(safeRedirectPath(null)).toBe("/admin/appointments");
  });
});

describeEachEngine("staff authentication", { appDb: true }, (t) => {
  afterAll(() => {
    setEnv({});
  });
  beforeEach(() => {
    setEnv({ LOGIN_THROTTLE_FREE_ATTEMPTS: "5", LOGIN_THROTTLE_BASE_DELAY_MS: "1000", LOGIN_THROTTLE_MAX_DELAY_MS: "900000" });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("hashes passwords with argon2id at the security floor's parameters", async () => {
    const hash = await hashPassword(PASSWORD);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, PASSWORD)).toBe(true);
    expect(await verifyPassword(hash, "autre")).toBe(false);
    const user = await createStaffAccount(t.h, " Dr.Hamdi@Clinique.DZ ", PASSWORD);
    expect(user.email).toBe("dr.hamdi@clinique.dz");
    expect(user.password_hash).not.toContain(PASSWORD);
    await expect(createStaffAccount(t.h, "dr.hamdi@clinique.dz", PASSWORD)).rejects.toThrow(/existe déjà/);
    await expect(createStaffAccount(t.h, "x@clinique.dz", "court")).rejects.toThrow(/au moins 10 caractères/);
  });

  it("logs a success and a failure without the password", async () => {
    await createStaffAccount(t.h, "staff@clinique.dz", PASSWORD);
    const info = vi.spyOn(log, "info");
    const warn = vi.spyOn(log, "warn");
    expect((await attemptLogin(t.h, "staff@clinique.dz", PASSWORD, "10.0.0.1")).ok).toBe(true);
    expect(await attemptLogin(t.h, "staff@clinique.dz", "Mauvais-mot-de-passe", "10.0.0.1")).toEqual({ ok: false, reason: "invalid" });
    expect(await attemptLogin(t.h, "inconnu@clinique.dz", PASSWORD, "10.0.0.1")).toEqual({ ok: false, reason: "invalid" });
    const events = [...info.mock.calls, ...warn.mock.calls].map((c) => c[0] as unknown as Record<string, unknown>);
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(["login_success", "login_failure"]));
    const written = JSON.stringify([...info.mock.calls, ...warn.mock.calls]);
    expect(written).not.toContain(PASSWORD);
    expect(written).not.toContain("Mauvais-mot-de-passe");
  });

  it("throttles an account after repeated failures, with a growing delay, even for the right password", async () => {
    setEnv({ LOGIN_THROTTLE_FREE_ATTEMPTS: "3", LOGIN_THROTTLE_BASE_DELAY_MS: "60000", LOGIN_THROTTLE_MAX_DELAY_MS: "3600000" });
    await createStaffAccount(t.h, "staff@clinique.dz", PASSWORD);
    // failures from different addresses: the per-account counter catches them
    for (let i = 0; i < 2; i++) expect((await attemptLogin(t.h, "staff@clinique.dz", "faux", `10.0.1.${i}`)).ok).toBe(false);
    expect((await attemptLogin(t.h, "staff@clinique.dz", PASSWORD, "10.0.1.9")).ok).toBe(true); // still free: counters reset
    for (let i = 0; i < 3; i++) expect(await attemptLogin(t.h, "staff@clinique.dz", "faux", `10.0.2.${i}`)).toEqual({ ok: false, reason: "invalid" });
    const blocked = await attemptLogin(t.h, "staff@clinique.dz", PASSWORD, "10.0.3.1");
    expect(blocked).toMatchObject({ ok: false, reason: "throttled" });
    expect(blocked.ok === false && blocked.reason === "throttled" && blocked.retryAfterSeconds).toBeGreaterThan(50);

    // once the first delay is over, the next failure doubles it
    const first = await getThrottle(t.h, "login:acct:staff@clinique.dz");
    expect(first?.failures).toBe(3);
    await t.h.db.updateTable("login_throttle").set({ blocked_until: new Date(Date.now() - 1000).toISOString() }).execute();
    const before = Date.now();
    expect(await attemptLogin(t.h, "staff@clinique.dz", "faux", "10.0.4.1")).toEqual({ ok: false, reason: "invalid" });
    const second = await getThrottle(t.h, "login:acct:staff@clinique.dz");
    const delay = Date.parse(second!.blocked_until!) - before;
    expect(second?.failures).toBe(4);
    expect(delay).toBeGreaterThan(110_000);
    expect(delay).toBeLessThanOrEqual(121_000);
  });

  it("throttles an address that tries many accounts", async () => {
    setEnv({ LOGIN_THROTTLE_FREE_ATTEMPTS: "2", LOGIN_THROTTLE_BASE_DELAY_MS: "60000", LOGIN_THROTTLE_MAX_DELAY_MS: "3600000" });
    await createStaffAccount(t.h, "staff@clinique.dz", PASSWORD);
    for (const who of ["a@x.dz", "b@x.dz"]) expect((await attemptLogin(t.h, who, "faux", "192.0.2.7")).ok).toBe(false);
    expect(await attemptLogin(t.h, "staff@clinique.dz", PASSWORD, "192.0.2.7")).toMatchObject({ ok: false, reason: "throttled" });
    // the account itself is not blocked from another address
    expect((await attemptLogin(t.h, "staff@clinique.dz", PASSWORD, "192.0.2.8")).ok).toBe(true);
  });

  it("starts a session with a fresh random id stored only as a hash, with safe cookie attributes", async () => {
    const user = await createStaffAccount(t.h, "staff@clinique.dz", PASSWORD);
    const setCookie = await startSession(req("http://clinic.test/login", { method: "POST" }), Number(user.id), t.h);
    expect(setCookie).toMatch(/^clinic_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
    const id = decodeURIComponent(cookiePair(setCookie).split("=")[1]);
    const rows = await t.h.db.selectFrom("sessions").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].id_hash).toBe(createHash("sha256").update(id).digest("hex"));
    expect(rows[0].id_hash).not.toContain(id);

    const session = await getStaffSession(req("http://clinic.test/admin", { cookie: cookiePair(setCookie) }), t.h);
    expect(session).toMatchObject({ userId: Number(user.id), email: "staff@clinique.dz" });

    // over HTTPS: __Host- prefix and Secure
    const secure = await startSession(req("https://clinic.test/login", { method: "POST" }), Number(user.id), t.h);
    expect(secure).toMatch(/^__Host-clinic_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200; Secure$/);

    // a new login replaces the session the browser came with
    const again = await startSession(req("http://clinic.test/login", { method: "POST", cookie: cookiePair(setCookie) }), Number(user.id), t.h);
    expect(cookiePair(again)).not.toBe(cookiePair(setCookie));
    expect(await getStaffSession(req("http://clinic.test/admin", { cookie: cookiePair(setCookie) }), t.h)).toBeNull();
    expect(await getStaffSession(req("http://clinic.test/admin", { cookie: cookiePair(again) }), t.h)).not.toBeNull();
  });

  it("ends a session after 30 minutes idle and after 12 hours in all", async () => {
    const user = await createStaffAccount(t.h, "staff@clinique.dz", PASSWORD);
    const cookie = cookiePair(await startSession(req("http://clinic.test/login"), Number(user.id), t.h));
    const get = () => getStaffSession(req("http://clinic.test/admin", { cookie }), t.h);
    expect(IDLE_TIMEOUT_MS).toBe(30 * 60 * 1000);
    expect(ABSOLUTE_TIMEOUT_MS).toBe(12 * 60 * 60 * 1000);

    // 29 minutes idle: still valid, and the idle clock restarts
    await t.h.db.updateTable("sessions").set({ last_seen_at: new Date(Date.now() - 29 * 60_000).toISOString() }).execute();
    expect(await get()).not.toBeNull();
    const touched = await t.h.db.selectFrom("sessions").select("last_seen_at").executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(touched.last_seen_at)).toBeLessThan(5000);

    // 31 minutes idle: gone, and the row is deleted
    await t.h.db.updateTable("sessions").set({ last_seen_at: new Date(Date.now() - 31 * 60_000).toISOString() }).execute();
    expect(await get()).toBeNull();
    expect(await t.h.db.selectFrom("sessions").selectAll().execute()).toHaveLength(0);

    // active all along, but past the absolute limit
    const cookie2 = cookiePair(await startSession(req("http://clinic.test/login"), Number(user.id), t.h));
    await t.h.db.updateTable("sessions").set({ expires_at: new Date(Date.now() - 1000).toISOString(), last_seen_at: new Date().toISOString() }).execute();
    expect(await getStaffSession(req("http://clinic.test/admin", { cookie: cookie2 }), t.h)).toBeNull();
  });

  it("logout destroys the session: the old cookie no longer works", async () => {
    const user = await createStaffAccount(t.h, "staff@clinique.dz", PASSWORD);
    const cookie = cookiePair(await startSession(req("http://clinic.test/login"), Number(user.id), t.h));
    const cleared = await endSession(req("http://clinic.test/logout", { method: "POST", cookie }), t.h);
    expect(cleared).toMatch(/^clinic_session=; .*Max-Age=0/);
    expect(await getStaffSession(req("http://clinic.test/admin", { cookie }), t.h)).toBeNull();
    expect(await t.h.db.selectFrom("sessions").selectAll().execute()).toHaveLength(0);
  });

  it("changes the own password: current one required, every other session ends", async () => {
    const user = await createStaffAccount(t.h, "staff@clinique.dz", PASSWORD);
    const other = await createStaffAccount(t.h, "collegue@clinique.dz", PASSWORD);
    const mine = cookiePair(await startSession(req("http://clinic.test/login"), Number(user.id), t.h));
    const myPhone = cookiePair(await startSession(req("http://clinic.test/login"), Number(user.id), t.h));
    const colleague = cookiePair(await startSession(req("http://clinic.test/login"), Number(other.id), t.h));
    type Reply = { data: { ok: boolean; result: { status?: string; error?: Record<string, string[] | null> } }; init: { status?: number } | null };
    // as React Router runs it: the admin route's guard, then the action
    const post = async (fields: Record<string, string>, cookie?: string) => {
      const request = req("http://clinic.test/admin/account", { method: "POST", body: new URLSearchParams(fields), cookie });
      const context = createLoadContext({ nonce: "", clientIp: "127.0.0.1" });
      let reply: Reply | undefined;
      await staffGuard({ request, context, params: {} } as never, async () => {
        reply = (await accountAction({ request, context, params: {} } as never)) as unknown as Reply;
        return new Response(null);
      });
      return reply!;
    };

    // without a session: refused before anything is read
    await expect(post({ current: PASSWORD, next: "Nouveau-mot-de-passe-1", confirm: "Nouveau-mot-de-passe-1" })).rejects.toMatchObject({ init: { status: 401 } });

    const wrong = await post({ current: "pas-le-bon-mot", next: "Nouveau-mot-de-passe-1", confirm: "Nouveau-mot-de-passe-1" }, mine);
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data.result.error).toEqual({ current: ["Le mot de passe actuel est incorrect."] });

    const short = await post({ current: PASSWORD, next: "court", confirm: "court" }, mine);
    expect(short.init?.status).toBe(400);
    expect(short.data.result.error?.next).toEqual(["Le nouveau mot de passe doit contenir au moins 10 caractères."]);
    const mismatch = await post({ current: PASSWORD, next: "Nouveau-mot-de-passe-1", confirm: "Nouveau-mot-de-passe-2" }, mine);
    expect(mismatch.data.result.error?.confirm).toEqual(["La confirmation ne correspond pas au nouveau mot de passe."]);
    const same = await post({ current: PASSWORD, next: PASSWORD, confirm: PASSWORD }, mine);
    expect(same.data.result.error?.next).toEqual(["Le nouveau mot de passe doit être différent de l'actuel."]);
    // every message at once, and no password sent back into the page
    const empty = await post({}, mine);
    expect(empty.data.result.error).toMatchObject({ current: ["Indiquez votre mot de passe actuel."], next: ["Indiquez le nouveau mot de passe."] });
    expect(JSON.stringify(wrong.data.result)).not.toContain("pas-le-bon-mot");

    const done = await post({ current: PASSWORD, next: "Nouveau-mot-de-passe-1", confirm: "Nouveau-mot-de-passe-1" }, mine);
    expect(done.data.ok).toBe(true);
    // the form is emptied, and no password comes back into the page
    expect(done.data.result).toEqual({ initialValue: null });
    expect(await getStaffSession(req("http://clinic.test/admin", { cookie: mine }), t.h)).not.toBeNull();
    expect(await getStaffSession(req("http://clinic.test/admin", { cookie: myPhone }), t.h)).toBeNull();
    expect(await getStaffSession(req("http://clinic.test/admin", { cookie: colleague }), t.h)).not.toBeNull();
    const stored = await findStaffByEmail(t.h, "staff@clinique.dz");
    expect(await verifyPassword(stored!.password_hash, "Nouveau-mot-de-passe-1")).toBe(true);
    expect((await attemptLogin(t.h, "staff@clinique.dz", PASSWORD, "10.9.9.9")).ok).toBe(false);

    // the lower-level function refuses a wrong current password too
    expect(await changePassword(t.h, Number(user.id), PASSWORD, "Encore-un-autre-1")).toMatchObject({ ok: false, field: "current" });
    // endOtherSessions ends every session of a person but the one named
    await endOtherSessions(Number(other.id), "no-such-hash", t.h);
    expect(await getStaffSession(req("http://clinic.test/admin", { cookie: colleague }), t.h)).toBeNull();
  });

  it("creates the first account on first start, from ADMIN_* or with a generated password", async () => {
    setEnv({ ADMIN_EMAIL: "chef@clinique.dz", ADMIN_PASSWORD: "Premier-Mot-De-Passe" });
    expect(await ensureFirstStaff(t.h)).toEqual({ email: "chef@clinique.dz", password: undefined });
    expect((await attemptLogin(t.h, "chef@clinique.dz", "Premier-Mot-De-Passe", "10.1.1.1")).ok).toBe(true);
    expect(await ensureFirstStaff(t.h)).toBeNull();
    expect(await countStaff(t.h)).toBe(1);

    await truncateAll(t.h);
    setEnv({});
    const created = await ensureFirstStaff(t.h);
    expect(created?.email).toBe("admin@clinique.local");
    expect(created?.password).toMatch(/^[A-Za-z0-9]{6}-[A-Za-z0-9]{6}-[A-Za-z0-9]{6}$/);
    expect((await attemptLogin(t.h, "admin@clinique.local", created!.password!, "10.1.1.2")).ok).toBe(true);
  });
});
