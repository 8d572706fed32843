import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { attemptLogin, changePassword, createStaffAccount, ensureFirstStaff, hashPassword, throttleKeys, verifyPassword } from "~/.server/auth";
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
import { readKnownDevice } from "~/.server/known-device";
import { PASSWORD_MAX_LENGTH } from "~/lib/login-schema";
import { action as accountAction } from "~/routes/admin.account";
import { action as loginAction } from "~/routes/login";
import { describeEachEngine, truncateAll } from "../helpers/db";

const PASSWORD = "Correct-Horse-Battery-9";
const THROTTLE_ENV = [
  "LOGIN_THROTTLE_FREE_ATTEMPTS",
  "LOGIN_THROTTLE_ACCOUNT_FREE_ATTEMPTS",
  "LOGIN_THROTTLE_IP_FREE_ATTEMPTS",
  "LOGIN_THROTTLE_BASE_DELAY_MS",
  "LOGIN_THROTTLE_MAX_DELAY_MS",
  "ADMIN_EMAIL",
  "ADMIN_PASSWORD",
] as const;

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

/** Tricky `redirectTo` values that start with a slash but may end as another host. */
const TRICKY_REDIRECTS = [
  "//evil.example",
  "/\\evil.example",
  "/./\\evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/admin/..//evil.example",
  "/admin/../\\evil.example",
  "/\\/evil.example",
  "/%2F%2Fevil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%0d%0a/evil.example",
  "https:evil.example",
  "https://evil.example/",
  "http:/\\evil.example",
  "\t//evil.example",
  " //evil.example",
  "/\u3002evil.example",
  `/${"a".repeat(3000)}`,
];

/** Where a browser on `page` goes with this Location header. */
const followed = (location: string, page = "https://clinic.test/login") => new URL(location, page);

describe("safeRedirectPath", () => {
  it("keeps same-origin paths, with their query and fragment", () => {
    expect(safeRedirectPath("/admin/blog?x=1")).toBe("/admin/blog?x=1");
    expect(safeRedirectPath("/admin/account#mot-de-passe")).toBe("/admin/account#mot-de-passe");
    expect(safeRedirectPath("/admin/../admin/blog")).toBe("/admin/blog");
    expect(safeRedirectPath("")).toBe("/admin/agenda");
    expect(safeRedirectPath(null)).toBe("/admin/agenda");
  });

  it("judges the resolved result: no tricky form ends as a Location on another host", () => {
    for (const to of TRICKY_REDIRECTS) {
      const location = safeRedirectPath(to);
      // a browser resolves the header against the page it is on, over HTTP and HTTPS alike
      for (const page of ["https://clinic.test/login", "http://clinic.test/admin/x/y"]) {
        expect(followed(location, page).origin, `${JSON.stringify(to)} -> ${location}`).toBe(new URL(page).origin);
      }
      expect(location, JSON.stringify(to)).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
    }
    // the forms that used to pass: dot segments that resolve to "//host"
    expect(safeRedirectPath("/./\\evil.example")).toBe("/admin/agenda");
    expect(safeRedirectPath("/..//evil.example")).toBe("/admin/agenda");
    // encoded slashes stay a path of this site
    expect(safeRedirectPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
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

  it("logs a success and a failure without the password or the identifier as typed", async () => {
    const user = await createStaffAccount(t.h, "staff@clinique.dz", PASSWORD);
    const info = vi.spyOn(log, "info");
    const warn = vi.spyOn(log, "warn");
    expect((await attemptLogin(t.h, "staff@clinique.dz", PASSWORD, "10.0.0.1")).ok).toBe(true);
    expect(await attemptLogin(t.h, "staff@clinique.dz", "Mauvais-mot-de-passe", "10.0.0.1")).toEqual({ ok: false, reason: "invalid" });
    expect(await attemptLogin(t.h, "inconnu@clinique.dz", PASSWORD, "10.0.0.1")).toEqual({ ok: false, reason: "invalid" });
    // a password typed into the e-mail box: refused before it becomes a key or a log field
    expect(await attemptLogin(t.h, "Mon-Secret-Tape-Ici", PASSWORD, "10.0.0.1")).toEqual({ ok: false, reason: "invalid" });
    expect(await attemptLogin(t.h, `${"a".repeat(250)}@clinique.dz`, PASSWORD, "10.0.0.1")).toEqual({ ok: false, reason: "invalid" });
    const events = [...info.mock.calls, ...warn.mock.calls].map((c) => c[0] as unknown as Record<string, unknown>);
    expect(events.map((e) => e.event)).toEqual(["login_password_ok", "login_failure", "login_failure", "login_failure", "login_failure"]);
    expect(events[1]).toMatchObject({ userId: user.id, ip: "10.0.0.1" });
    expect(events[2].identifier).toMatch(/^[0-9a-f]{16}$/);
    const written = JSON.stringify([...info.mock.calls, ...warn.mock.calls]);
    for (const secret of [PASSWORD, "Mauvais-mot-de-passe", "Mon-Secret-Tape-Ici", "staff@clinique.dz", "inconnu@clinique.dz"]) expect(written).not.toContain(secret);
    const keys = (await t.h.db.selectFrom("login_throttle").select("key").execute()).map((r) => r.key);
    expect(keys.some((k) => k.includes("Mon-Secret") || k.includes("aaaa"))).toBe(false);
  });

  it("throttles one account from one address, with a growing delay, even for the right password; other addresses still get in", async () => {
    setEnv({ LOGIN_THROTTLE_FREE_ATTEMPTS: "3", LOGIN_THROTTLE_BASE_DELAY_MS: "60000", LOGIN_THROTTLE_MAX_DELAY_MS: "3600000" });
    await createStaffAccount(t.h, "staff@clinique.dz", PASSWORD);
    for (let i = 0; i < 2; i++) expect((await attemptLogin(t.h, "staff@clinique.dz", "faux", "10.0.1.1")).ok).toBe(false);
    expect((await attemptLogin(t.h, "staff@clinique.dz", PASSWORD, "10.0.1.1")).ok).toBe(true); // still free: its counter starts again
    for (let i = 0; i < 3; i++) expect(await attemptLogin(t.h, "staff@clinique.dz", "faux", "10.0.2.1")).toEqual({ ok: false, reason: "invalid" });
    const blocked = await attemptLogin(t.h, "staff@clinique.dz", PASSWORD, "10.0.2.1");
    expect(blocked).toMatchObject({ ok: false, reason: "throttled" });
    expect(blocked.ok === false && blocked.reason === "throttled" && blocked.retryAfterSeconds).toBeGreaterThan(50);
    // the stranger at 10.0.2.1 has not locked the dentist out
    expect((await attemptLogin(t.h, "staff@clinique.dz", PASSWORD, "10.0.3.1")).ok).toBe(true);

    // once the first delay is over, the next failure doubles it
    const key = throttleKeys.accountIp("staff@clinique.dz", "10.0.2.1");
    expect((await getThrottle(t.h, key))?.failures).toBe(3);
    await t.h.db.updateTable("login_throttle").set({ blocked_until: new Date(Date.now() - 1000).toISOString() }).where("key", "=", key).execute();
    const before = Date.now();
    expect(await attemptLogin(t.h, "staff@clinique.dz", "faux", "10.0.2.1")).toEqual({ ok: false, reason: "invalid" });
    const second = await getThrottle(t.h, key);
    const delay = Date.parse(second!.blocked_until!) - before;
    expect(second?.failures).toBe(4);
    expect(delay).toBeGreaterThan(110_000);
    expect(delay).toBeLessThanOrEqual(121_000);
  });

  it("bounds guessing from many addresses per account; a known device of the account passes that block", async () => {
    setEnv({ LOGIN_THROTTLE_FREE_ATTEMPTS: "3", LOGIN_THROTTLE_ACCOUNT_FREE_ATTEMPTS: "4", LOGIN_THROTTLE_BASE_DELAY_MS: "60000", LOGIN_THROTTLE_MAX_DELAY_MS: "3600000" });
    const user = await createStaffAccount(t.h, "staff@clinique.dz", PASSWORD);
    const other = await createStaffAccount(t.h, "collegue@clinique.dz", PASSWORD);
    for (let i = 0; i < 4; i++) expect(await attemptLogin(t.h, "staff@clinique.dz", "faux", `203.0.113.${i}`)).toEqual({ ok: false, reason: "invalid" });
    expect(await attemptLogin(t.h, "staff@clinique.dz", PASSWORD, "198.51.100.1")).toMatchObject({ ok: false, reason: "throttled" });
    // a device that signed in to this account before passes; one of another account does not
    const device = { userId: Number(user.id), deviceId: "A".repeat(22) };
    expect(await attemptLogin(t.h, "staff@clinique.dz", PASSWORD, "198.51.100.1", { userId: Number(other.id), deviceId: "B".repeat(22) })).toMatchObject({ reason: "throttled" });
    expect((await attemptLogin(t.h, "staff@clinique.dz", PASSWORD, "198.51.100.1", device)).ok).toBe(true);
    // the strangers' block stays (a success does not give them fresh attempts)
    expect(await attemptLogin(t.h, "staff@clinique.dz", PASSWORD, "198.51.100.2")).toMatchObject({ reason: "throttled" });
    // what the device itself tries is bounded on its own counter
    for (let i = 0; i < 3; i++) expect(await attemptLogin(t.h, "staff@clinique.dz", "faux", "198.51.100.1", device)).toEqual({ ok: false, reason: "invalid" });
    expect(await attemptLogin(t.h, "staff@clinique.dz", PASSWORD, "198.51.100.1", device)).toMatchObject({ reason: "throttled" });
  });

  it("throttles an address that tries many accounts; IPv6 counts by /64", async () => {
    setEnv({ LOGIN_THROTTLE_IP_FREE_ATTEMPTS: "2", LOGIN_THROTTLE_BASE_DELAY_MS: "60000", LOGIN_THROTTLE_MAX_DELAY_MS: "3600000" });
    await createStaffAccount(t.h, "staff@clinique.dz", PASSWORD);
    for (const who of ["a@x.dz", "b@x.dz"]) expect((await attemptLogin(t.h, who, "faux", "192.0.2.7")).ok).toBe(false);
    expect(await attemptLogin(t.h, "staff@clinique.dz", PASSWORD, "192.0.2.7")).toMatchObject({ ok: false, reason: "throttled" });
    expect(await attemptLogin(t.h, "staff@clinique.dz", PASSWORD, "::ffff:192.0.2.7")).toMatchObject({ ok: false, reason: "throttled" });
    // the account itself is not blocked from another address
    expect((await attemptLogin(t.h, "staff@clinique.dz", PASSWORD, "192.0.2.8")).ok).toBe(true);

    // two addresses of one /64 are one subscriber; the next /64 is another
    for (const who of ["a@x.dz", "b@x.dz"]) expect((await attemptLogin(t.h, who, "faux", `2001:db8:1:2::${who[0]}`)).ok).toBe(false);
    expect(await attemptLogin(t.h, "staff@clinique.dz", PASSWORD, "2001:db8:1:2:ffff:ffff:ffff:ffff")).toMatchObject({ reason: "throttled" });
    expect((await attemptLogin(t.h, "staff@clinique.dz", PASSWORD, "2001:db8:1:3::1")).ok).toBe(true);
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
      await staffGuard({ request, url: new URL(request.url), context, params: {} } as never, async () => {
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

  /** The login action as React Router runs it; a success is the redirect it throws. */
  async function postLogin(fields: Record<string, string>, o: { cookie?: string; ip?: string; url?: string } = {}) {
    const request = req(o.url ?? "http://clinic.test/login", { method: "POST", body: new URLSearchParams(fields), cookie: o.cookie });
    const context = createLoadContext({ nonce: "", clientIp: o.ip ?? "127.0.0.1" });
    try {
      const reply = (await loginAction({ request, context, params: {} } as never)) as unknown as { data: { result: { error?: Record<string, string[] | null> } }; init: { status?: number } | null };
      return { status: reply.init?.status ?? 200, error: reply.data.result.error ?? null, location: null, cookies: [] as string[] };
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      return { status: thrown.status, error: null, location: thrown.headers.get("Location"), cookies: thrown.headers.getSetCookie() };
    }
  }

  it("the login action sends a tricky redirectTo home, and sets a signed known-device cookie bound to the account", async () => {
    await createStaffAccount(t.h, "staff@clinique.dz", PASSWORD);
    for (const redirectTo of TRICKY_REDIRECTS.slice(0, 18)) {
      const done = await postLogin({ email: "staff@clinique.dz", password: PASSWORD, redirectTo });
      expect(done.status).toBe(302);
      expect(followed(done.location!).origin, JSON.stringify(redirectTo)).toBe("https://clinic.test");
    }
    const done = await postLogin({ email: "staff@clinique.dz", password: PASSWORD, redirectTo: "/admin/blog" });
    expect(done.location).toBe("/admin/blog");
    const device = done.cookies.find((c) => c.startsWith("clinic_device="))!;
    expect(device).toMatch(/; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Lax$/);
    const read = await readKnownDevice(req("http://clinic.test/login", { cookie: cookiePair(device) }));
    expect(read).toMatchObject({ userId: 1, deviceId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    // a tampered or foreign value is no device
    const [name, value] = cookiePair(device).split("=");
    const forged = `${name}=${value.replace(/^.{4}/, "AAAA")}`;
    expect(await readKnownDevice(req("http://clinic.test/login", { cookie: forged }))).toBeNull();
    expect(await readKnownDevice(req("http://clinic.test/login", { cookie: "clinic_device=%E0%A4%A" }))).toBeNull();
    // over HTTPS: __Host- and Secure, and the plain cookie is not read there
    const secure = await postLogin({ email: "staff@clinique.dz", password: PASSWORD }, { url: "https://clinic.test/login" });
    expect(secure.cookies.find((c) => c.startsWith("__Host-clinic_device="))).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(await readKnownDevice(req("https://clinic.test/login", { cookie: cookiePair(device) }))).toBeNull();
    // a second login from the device keeps its id
    const again = await postLogin({ email: "staff@clinique.dz", password: PASSWORD }, { cookie: cookiePair(device) });
    const reread = await readKnownDevice(req("http://clinic.test/login", { cookie: cookiePair(again.cookies.find((c) => c.startsWith("clinic_device="))!) }));
    expect(reread?.deviceId).toBe(read?.deviceId);
  });

  it("the login form refuses a non-address identifier and an overlong password before any hash or counter", async () => {
    await createStaffAccount(t.h, "staff@clinique.dz", PASSWORD);
    const notEmail = await postLogin({ email: "Mon-Secret-Tape-Ici", password: PASSWORD });
    expect(notEmail.status).toBe(400);
    expect(notEmail.error?.email).toEqual(["Adresse e-mail invalide (exemple : nom@clinique.dz)."]);
    const long = await postLogin({ email: "staff@clinique.dz", password: "x".repeat(PASSWORD_MAX_LENGTH + 1) });
    expect(long.status).toBe(400);
    expect(long.error?.password).toEqual([`Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères.`]);
    expect(await t.h.db.selectFrom("login_throttle").selectAll().execute()).toEqual([]);
  });

  it("a stranger's failures do not lock out a browser that signed in before", async () => {
    setEnv({ LOGIN_THROTTLE_FREE_ATTEMPTS: "2", LOGIN_THROTTLE_ACCOUNT_FREE_ATTEMPTS: "2", LOGIN_THROTTLE_IP_FREE_ATTEMPTS: "2", LOGIN_THROTTLE_BASE_DELAY_MS: "900000" });
    await createStaffAccount(t.h, "staff@clinique.dz", PASSWORD);
    const first = await postLogin({ email: "staff@clinique.dz", password: PASSWORD }, { ip: "10.5.0.1" });
    const device = cookiePair(first.cookies.find((c) => c.startsWith("clinic_device="))!);
    // strangers from two addresses: the account is blocked for every browser without the cookie
    for (const ip of ["203.0.113.1", "203.0.113.1", "203.0.113.2"]) await postLogin({ email: "staff@clinique.dz", password: "faux-faux-faux" }, { ip });
    const refused = await postLogin({ email: "staff@clinique.dz", password: PASSWORD }, { ip: "10.5.0.1" });
    expect(refused.status).toBe(429);
    expect(refused.error?.[""]).toEqual(["Trop de tentatives de connexion. Réessayez dans 15 minutes."]);
    const back = await postLogin({ email: "staff@clinique.dz", password: PASSWORD }, { ip: "10.5.0.1", cookie: device });
    expect(back.status).toBe(302);
    expect(back.location).toBe("/admin/agenda");
  });

  it("throttles the current-password check of the account page like a login", async () => {
    setEnv({ LOGIN_THROTTLE_FREE_ATTEMPTS: "2", LOGIN_THROTTLE_BASE_DELAY_MS: "120000" });
    const user = await createStaffAccount(t.h, "staff@clinique.dz", PASSWORD);
    const cookie = cookiePair(await startSession(req("http://clinic.test/login"), Number(user.id), t.h));
    const post = async (current: string) => {
      const request = req("http://clinic.test/admin/account", { method: "POST", body: new URLSearchParams({ current, next: "Nouveau-mot-de-passe-1", confirm: "Nouveau-mot-de-passe-1" }), cookie });
      const context = createLoadContext({ nonce: "", clientIp: "127.0.0.1" });
      let reply: { data: { ok: boolean; result: { error?: Record<string, string[] | null> } }; init: { status?: number; headers?: Record<string, string> } | null } | undefined;
      await staffGuard({ request, url: new URL(request.url), context, params: {} } as never, async () => {
        reply = (await accountAction({ request, context, params: {} } as never)) as never;
        return new Response(null);
      });
      return reply!;
    };
    for (let i = 0; i < 2; i++) expect((await post(`faux-${i}-mot-de-passe`)).data.result.error).toEqual({ current: ["Le mot de passe actuel est incorrect."] });
    const blocked = await post(PASSWORD);
    expect(blocked.init?.status).toBe(429);
    expect(blocked.init?.headers?.["Retry-After"]).toMatch(/^1[12]\d$/);
    expect(blocked.data.result.error?.[""]).toEqual(["Trop de tentatives avec un mot de passe incorrect. Réessayez dans 2 minutes."]);
    expect(await verifyPassword((await findStaffByEmail(t.h, "staff@clinique.dz"))!.password_hash, PASSWORD)).toBe(true);
    // an overlong current password is refused by the form, before any hash
    expect((await post("x".repeat(PASSWORD_MAX_LENGTH + 1))).data.result.error?.current).toEqual([`Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères.`]);
    // once the delay is over the right password works and the counter starts again
    await t.h.db.updateTable("login_throttle").set({ blocked_until: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await post(PASSWORD)).data.ok).toBe(true);
    expect(await getThrottle(t.h, throttleKeys.passwordCheck(Number(user.id)))).toBeUndefined();
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
