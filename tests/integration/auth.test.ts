import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { attemptLogin, changePassword, createStaffAccount, ensureFirstStaff, hashPassword, verifyPassword } from "~/.server/auth";
import { resetConfig } from "~/.server/config";
import { setDb, type Db } from "~/.server/db";
import { log } from "~/.server/log";
import { getThrottle } from "~/.server/repos/limits";
import { countStaff, findStaffByEmail } from "~/.server/repos/staff";
import {
  ABSOLUTE_TIMEOUT_MS,
  endOtherSessions,
  endSession,
  getStaffSession,
  hasStaffSession,
  IDLE_TIMEOUT_MS,
  requireStaff,
  safeRedirectPath,
  startSession,
} from "~/.server/session";
import { action as accountAction } from "~/routes/admin.account";
import { createTestDb, ENGINES, truncateAll } from "../helpers/db";

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

for (const engine of ENGINES) {
  describe.runIf(engine.available)(`staff authentication [${engine.name}]`, () => {
    let h: Db;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      ({ h, drop } = await createTestDb(engine.name));
    });
    afterAll(async () => {
      setDb(undefined);
      setEnv({});
      await drop?.();
    });
    beforeEach(async () => {
      await truncateAll(h);
      setDb(h);
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
      const user = await createStaffAccount(h, " Dr.Hamdi@Clinique.DZ ", PASSWORD);
      expect(user.email).toBe("dr.hamdi@clinique.dz");
      expect(user.password_hash).not.toContain(PASSWORD);
      await expect(createStaffAccount(h, "dr.hamdi@clinique.dz", PASSWORD)).rejects.toThrow(/existe déjà/);
      await expect(createStaffAccount(h, "x@clinique.dz", "court")).rejects.toThrow(/au moins 10 caractères/);
    });

    it("logs a success and a failure without the password", async () => {
      await createStaffAccount(h, "staff@clinique.dz", PASSWORD);
      const info = vi.spyOn(log, "info");
      const warn = vi.spyOn(log, "warn");
      expect((await attemptLogin(h, "staff@clinique.dz", PASSWORD, "10.0.0.1")).ok).toBe(true);
      expect(await attemptLogin(h, "staff@clinique.dz", "Mauvais-mot-de-passe", "10.0.0.1")).toEqual({ ok: false, reason: "invalid" });
      expect(await attemptLogin(h, "inconnu@clinique.dz", PASSWORD, "10.0.0.1")).toEqual({ ok: false, reason: "invalid" });
      const events = [...info.mock.calls, ...warn.mock.calls].map((c) => c[0] as unknown as Record<string, unknown>);
      expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(["login_success", "login_failure"]));
      const written = JSON.stringify([...info.mock.calls, ...warn.mock.calls]);
      expect(written).not.toContain(PASSWORD);
      expect(written).not.toContain("Mauvais-mot-de-passe");
    });

    it("throttles an account after repeated failures, with a growing delay, even for the right password", async () => {
      setEnv({ LOGIN_THROTTLE_FREE_ATTEMPTS: "3", LOGIN_THROTTLE_BASE_DELAY_MS: "60000", LOGIN_THROTTLE_MAX_DELAY_MS: "3600000" });
      await createStaffAccount(h, "staff@clinique.dz", PASSWORD);
      // failures from different addresses: the per-account counter catches them
      for (let i = 0; i < 2; i++) expect((await attemptLogin(h, "staff@clinique.dz", "faux", `10.0.1.${i}`)).ok).toBe(false);
      expect((await attemptLogin(h, "staff@clinique.dz", PASSWORD, "10.0.1.9")).ok).toBe(true); // still free: counters reset
      for (let i = 0; i < 3; i++) expect(await attemptLogin(h, "staff@clinique.dz", "faux", `10.0.2.${i}`)).toEqual({ ok: false, reason: "invalid" });
      const blocked = await attemptLogin(h, "staff@clinique.dz", PASSWORD, "10.0.3.1");
      expect(blocked).toMatchObject({ ok: false, reason: "throttled" });
      expect(blocked.ok === false && blocked.reason === "throttled" && blocked.retryAfterSeconds).toBeGreaterThan(50);

      // once the first delay is over, the next failure doubles it
      const first = await getThrottle(h, "login:acct:staff@clinique.dz");
      expect(first?.failures).toBe(3);
      await h.db.updateTable("login_throttle").set({ blocked_until: new Date(Date.now() - 1000).toISOString() }).execute();
      const before = Date.now();
      expect(await attemptLogin(h, "staff@clinique.dz", "faux", "10.0.4.1")).toEqual({ ok: false, reason: "invalid" });
      const second = await getThrottle(h, "login:acct:staff@clinique.dz");
      const delay = Date.parse(second!.blocked_until!) - before;
      expect(second?.failures).toBe(4);
      expect(delay).toBeGreaterThan(110_000);
      expect(delay).toBeLessThanOrEqual(121_000);
    });

    it("throttles an address that tries many accounts", async () => {
      setEnv({ LOGIN_THROTTLE_FREE_ATTEMPTS: "2", LOGIN_THROTTLE_BASE_DELAY_MS: "60000", LOGIN_THROTTLE_MAX_DELAY_MS: "3600000" });
      await createStaffAccount(h, "staff@clinique.dz", PASSWORD);
      for (const who of ["a@x.dz", "b@x.dz"]) expect((await attemptLogin(h, who, "faux", "192.0.2.7")).ok).toBe(false);
      expect(await attemptLogin(h, "staff@clinique.dz", PASSWORD, "192.0.2.7")).toMatchObject({ ok: false, reason: "throttled" });
      // the account itself is not blocked from another address
      expect((await attemptLogin(h, "staff@clinique.dz", PASSWORD, "192.0.2.8")).ok).toBe(true);
    });

    it("starts a session with a fresh random id stored only as a hash, with safe cookie attributes", async () => {
      const user = await createStaffAccount(h, "staff@clinique.dz", PASSWORD);
      const setCookie = await startSession(req("http://clinic.test/login", { method: "POST" }), Number(user.id), h);
      expect(setCookie).toMatch(/^clinic_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
      const id = decodeURIComponent(cookiePair(setCookie).split("=")[1]);
      const rows = await h.db.selectFrom("sessions").selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0].id_hash).toBe(createHash("sha256").update(id).digest("hex"));
      expect(rows[0].id_hash).not.toContain(id);

      const session = await getStaffSession(req("http://clinic.test/admin", { cookie: cookiePair(setCookie) }), h);
      expect(session).toMatchObject({ userId: Number(user.id), email: "staff@clinique.dz" });

      // over HTTPS: __Host- prefix and Secure
      const secure = await startSession(req("https://clinic.test/login", { method: "POST" }), Number(user.id), h);
      expect(secure).toMatch(/^__Host-clinic_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200; Secure$/);

      // a new login replaces the session the browser came with
      const again = await startSession(req("http://clinic.test/login", { method: "POST", cookie: cookiePair(setCookie) }), Number(user.id), h);
      expect(cookiePair(again)).not.toBe(cookiePair(setCookie));
      expect(await getStaffSession(req("http://clinic.test/admin", { cookie: cookiePair(setCookie) }), h)).toBeNull();
      expect(await getStaffSession(req("http://clinic.test/admin", { cookie: cookiePair(again) }), h)).not.toBeNull();
    });

    it("ends a session after 30 minutes idle and after 12 hours in all", async () => {
      const user = await createStaffAccount(h, "staff@clinique.dz", PASSWORD);
      const cookie = cookiePair(await startSession(req("http://clinic.test/login"), Number(user.id), h));
      const get = () => getStaffSession(req("http://clinic.test/admin", { cookie }), h);
      expect(IDLE_TIMEOUT_MS).toBe(30 * 60 * 1000);
      expect(ABSOLUTE_TIMEOUT_MS).toBe(12 * 60 * 60 * 1000);

      // 29 minutes idle: still valid, and the idle clock restarts
      await h.db.updateTable("sessions").set({ last_seen_at: new Date(Date.now() - 29 * 60_000).toISOString() }).execute();
      expect(await get()).not.toBeNull();
      const touched = await h.db.selectFrom("sessions").select("last_seen_at").executeTakeFirstOrThrow();
      expect(Date.now() - Date.parse(touched.last_seen_at)).toBeLessThan(5000);

      // 31 minutes idle: gone, and the row is deleted
      await h.db.updateTable("sessions").set({ last_seen_at: new Date(Date.now() - 31 * 60_000).toISOString() }).execute();
      expect(await get()).toBeNull();
      expect(await h.db.selectFrom("sessions").selectAll().execute()).toHaveLength(0);

      // active all along, but past the absolute limit
      const cookie2 = cookiePair(await startSession(req("http://clinic.test/login"), Number(user.id), h));
      await h.db.updateTable("sessions").set({ expires_at: new Date(Date.now() - 1000).toISOString(), last_seen_at: new Date().toISOString() }).execute();
      expect(await getStaffSession(req("http://clinic.test/admin", { cookie: cookie2 }), h)).toBeNull();
    });

    it("requireStaff redirects a page request to /login and refuses other methods with 401", async () => {
      const page = await requireStaff(req("http://clinic.test/admin/appointments?q=x")).catch((e: unknown) => e);
      expect(page).toBeInstanceOf(Response);
      expect((page as Response).status).toBe(302);
      expect((page as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fappointments%3Fq%3Dx");
      const post = await requireStaff(req("http://clinic.test/admin/appointments", { method: "POST" })).catch((e: unknown) => e);
      expect((post as Response).status).toBe(401);

      const user = await createStaffAccount(h, "staff@clinique.dz", PASSWORD);
      const cookie = cookiePair(await startSession(req("http://clinic.test/login"), Number(user.id), h));
      await expect(requireStaff(req("http://clinic.test/admin/appointments", { method: "POST", cookie }))).resolves.toMatchObject({ email: "staff@clinique.dz" });
    });

    it("hasStaffSession (the HTTP server's guard on admin posts) accepts a valid cookie only", async () => {
      const user = await createStaffAccount(h, "staff@clinique.dz", PASSWORD);
      const cookie = cookiePair(await startSession(req("http://clinic.test/login"), Number(user.id), h));
      expect(await hasStaffSession("http://clinic.test/admin/appointments", cookie, h)).toBe(true);
      expect(await hasStaffSession("http://clinic.test/admin/appointments", undefined, h)).toBe(false);
      expect(await hasStaffSession("http://clinic.test/admin/appointments", "clinic_session=forged", h)).toBe(false);
      // over HTTPS the plain cookie set earlier over HTTP is still read (as getStaffSession does)
      expect(await hasStaffSession("https://clinic.test/admin/appointments", cookie, h)).toBe(true);
    });

    it("logout destroys the session: the old cookie no longer works", async () => {
      const user = await createStaffAccount(h, "staff@clinique.dz", PASSWORD);
      const cookie = cookiePair(await startSession(req("http://clinic.test/login"), Number(user.id), h));
      const cleared = await endSession(req("http://clinic.test/logout", { method: "POST", cookie }), h);
      expect(cleared).toMatch(/^clinic_session=; .*Max-Age=0/);
      expect(await getStaffSession(req("http://clinic.test/admin", { cookie }), h)).toBeNull();
      expect(await h.db.selectFrom("sessions").selectAll().execute()).toHaveLength(0);
    });

    it("changes the own password: current one required, every other session ends", async () => {
      const user = await createStaffAccount(h, "staff@clinique.dz", PASSWORD);
      const other = await createStaffAccount(h, "collegue@clinique.dz", PASSWORD);
      const mine = cookiePair(await startSession(req("http://clinic.test/login"), Number(user.id), h));
      const myPhone = cookiePair(await startSession(req("http://clinic.test/login"), Number(user.id), h));
      const colleague = cookiePair(await startSession(req("http://clinic.test/login"), Number(other.id), h));
      const post = (fields: Record<string, string>, cookie?: string) =>
        accountAction({
          request: req("http://clinic.test/admin/account", { method: "POST", body: new URLSearchParams(fields), cookie }),
          params: {},
          context: { nonce: "", clientIp: "127.0.0.1" },
        } as never) as Promise<{ data: { ok: boolean; fieldErrors?: Record<string, string> }; init: { status?: number } | null }>;

      // without a session: refused before anything is read
      await expect(post({ current: PASSWORD, next: "Nouveau-mot-de-passe-1", confirm: "Nouveau-mot-de-passe-1" })).rejects.toSatisfy(
        (e: unknown) => e instanceof Response && e.status === 401,
      );

      const wrong = await post({ current: "pas-le-bon-mot", next: "Nouveau-mot-de-passe-1", confirm: "Nouveau-mot-de-passe-1" }, mine);
      expect(wrong.init?.status).toBe(400);
      expect(wrong.data.fieldErrors).toEqual({ current: "Le mot de passe actuel est incorrect." });

      const short = await post({ current: PASSWORD, next: "court", confirm: "court" }, mine);
      expect(short.data.fieldErrors?.next).toMatch(/au moins 10 caractères/);
      const mismatch = await post({ current: PASSWORD, next: "Nouveau-mot-de-passe-1", confirm: "Nouveau-mot-de-passe-2" }, mine);
      expect(mismatch.data.fieldErrors?.confirm).toMatch(/ne correspond pas/);

      const done = await post({ current: PASSWORD, next: "Nouveau-mot-de-passe-1", confirm: "Nouveau-mot-de-passe-1" }, mine);
      expect(done.data).toEqual({ ok: true });
      expect(await getStaffSession(req("http://clinic.test/admin", { cookie: mine }), h)).not.toBeNull();
      expect(await getStaffSession(req("http://clinic.test/admin", { cookie: myPhone }), h)).toBeNull();
      expect(await getStaffSession(req("http://clinic.test/admin", { cookie: colleague }), h)).not.toBeNull();
      const stored = await findStaffByEmail(h, "staff@clinique.dz");
      expect(await verifyPassword(stored!.password_hash, "Nouveau-mot-de-passe-1")).toBe(true);
      expect((await attemptLogin(h, "staff@clinique.dz", PASSWORD, "10.9.9.9")).ok).toBe(false);

      // the lower-level function refuses a wrong current password too
      expect(await changePassword(h, Number(user.id), PASSWORD, "Encore-un-autre-1")).toMatchObject({ ok: false, field: "current" });
      // endOtherSessions ends every session of a person but the one named
      await endOtherSessions(Number(other.id), "no-such-hash", h);
      expect(await getStaffSession(req("http://clinic.test/admin", { cookie: colleague }), h)).toBeNull();
    });

    it("creates the first account on first start, from ADMIN_* or with a generated password", async () => {
      setEnv({ ADMIN_EMAIL: "chef@clinique.dz", ADMIN_PASSWORD: "Premier-Mot-De-Passe" });
      expect(await ensureFirstStaff(h)).toEqual({ email: "chef@clinique.dz", password: undefined });
      expect((await attemptLogin(h, "chef@clinique.dz", "Premier-Mot-De-Passe", "10.1.1.1")).ok).toBe(true);
      expect(await ensureFirstStaff(h)).toBeNull();
      expect(await countStaff(h)).toBe(1);

      await truncateAll(h);
      setEnv({});
      const created = await ensureFirstStaff(h);
      expect(created?.email).toBe("admin@clinique.local");
      expect(created?.password).toMatch(/^[A-Za-z0-9]{6}-[A-Za-z0-9]{6}-[A-Za-z0-9]{6}$/);
      expect((await attemptLogin(h, "admin@clinique.local", created!.password!, "10.1.1.2")).ok).toBe(true);
    });
  });
}
