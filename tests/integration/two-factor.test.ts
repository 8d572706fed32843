import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createStaffAccount } from "~/.server/auth";
import { resetConfig } from "~/.server/config";
import { startSession } from "~/.server/session";
import { staffGuard } from "~/.server/staff-guard";
import { getSessionSecret } from "~/.server/toast";
import { generateTotpSecret, groupSecret, matchTotpStep, openTotpSecret, sealTotpSecret, sha256Hex, totpCode, totpStep } from "~/.server/totp";
import { checkSecondFactor, confirmSetup, startSetup } from "~/.server/two-factor";
import { hashRecoveryCode, RECOVERY_CODE_COUNT } from "~/.server/totp";
import { createLoadContext } from "~/context";
import { action as accountAction, loader as accountLoader } from "~/routes/admin.account";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { describeEachEngine } from "../helpers/db";

const PASSWORD = "Correct-Horse-Battery-9";
const CODE_INCORRECT = "Code incorrect. Vérifiez l'heure de votre téléphone et réessayez.";
const ENV = ["LOGIN_THROTTLE_FREE_ATTEMPTS", "LOGIN_THROTTLE_BASE_DELAY_MS", "LOGIN_THROTTLE_MAX_DELAY_MS"] as const;

function setEnv(values: Partial<Record<(typeof ENV)[number], string>>) {
  for (const k of ENV) delete process.env[k];
  Object.assign(process.env, values);
  resetConfig();
}

/** A browser: its cookies, updated from every Set-Cookie it receives. */
class Browser {
  jar = new Map<string, string>();
  constructor(readonly userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36") {}
  take(setCookies: string[]) {
    for (const c of setCookies) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (/Max-Age=0/.test(c) || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  request(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set("User-Agent", this.userAgent);
    if (this.jar.size) headers.set("Cookie", this.cookie);
    return new Request(url, { ...init, headers });
  }
}

interface Answer {
  status: number;
  location: string | null;
  data: { form?: string; notice?: string; ok?: boolean; recoveryCodes?: string[]; result?: { error?: Record<string, string[] | null> } } | null;
  headers: Headers;
}

/** Run a login or account action/loader as React Router does; a thrown redirect is an answer too. */
async function run(b: Browser, fn: () => Promise<unknown>): Promise<Answer> {
  try {
    const reply = (await fn()) as { data: Answer["data"]; init: { status?: number; headers?: HeadersInit } | null } | Answer["data"] | Response;
    if (reply instanceof Response) {
      b.take(reply.headers.getSetCookie());
      return { status: reply.status, location: reply.headers.get("Location"), data: null, headers: reply.headers };
    }
    if (reply && typeof reply === "object" && "init" in reply && "data" in reply) {
      const headers = new Headers(reply.init?.headers);
      b.take(headers.getSetCookie());
      return { status: reply.init?.status ?? 200, location: null, data: reply.data, headers };
    }
    return { status: 200, location: null, data: reply as Answer["data"], headers: new Headers() };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    b.take(thrown.headers.getSetCookie());
    return { status: thrown.status, location: thrown.headers.get("Location"), data: null, headers: thrown.headers };
  }
}

const context = (ip = "10.1.2.3") => createLoadContext({ nonce: "", clientIp: ip });

function postLogin(b: Browser, fields: Record<string, string>, url = "http://clinic.test/login") {
  const request = b.request(url, { method: "POST", body: new URLSearchParams(fields) });
  return run(b, () => loginAction({ request, context: context(), params: {} } as never));
}

function getLogin(b: Browser, url = "http://clinic.test/login") {
  const request = b.request(url);
  return run(b, () => loginLoader({ request, url: new URL(request.url), context: context(), params: {} } as never));
}

/** An account page request through the staff guard, as React Router runs it. */
async function account(b: Browser, fields?: Record<string, string>) {
  const request = b.request("http://clinic.test/admin/account", fields ? { method: "POST", body: new URLSearchParams(fields) } : {});
  const ctx = context();
  let answer: Answer | undefined;
  const guard = await run(b, async () =>
    staffGuard({ request, url: new URL(request.url), context: ctx, params: {} } as never, async () => {
      answer = await run(b, () => (fields ? accountAction : accountLoader)({ request, context: ctx, params: {} } as never));
      return new Response(null);
    }),
  );
  return answer ?? guard;
}

describe("TOTP secret storage and codes", () => {
  it("seals the secret with AES-256-GCM under the session secret; another secret or a changed byte opens nothing", () => {
    const base32 = generateTotpSecret();
    expect(base32).toMatch(/^[A-Z2-7]{32}$/);
    const sealed = sealTotpSecret(base32, "secret-a-0123456789-0123456789-0123");
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+:[A-Za-z0-9_-]{22}$/);
    expect(sealed).not.toContain(base32);
    expect(sealTotpSecret(base32, "secret-a-0123456789-0123456789-0123")).not.toBe(sealed); // a fresh IV each time
    expect(openTotpSecret(sealed, "secret-a-0123456789-0123456789-0123")).toBe(base32);
    expect(openTotpSecret(sealed, "secret-b-0123456789-0123456789-0123")).toBeNull();
    const parts = sealed.split(":");
    const flipped = Buffer.from(parts[2], "base64url");
    flipped[0] ^= 1;
    expect(openTotpSecret([parts[0], parts[1], flipped.toString("base64url"), parts[3]].join(":"), "secret-a-0123456789-0123456789-0123")).toBeNull();
    expect(openTotpSecret("v2:x:y:z", "secret-a-0123456789-0123456789-0123")).toBeNull();
    expect(groupSecret("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
  });

  it("accepts a code one step early or late, not two; RFC 6238's SHA-1 test vector", () => {
    // RFC 6238 appendix B: secret "12345678901234567890", T = 59 s -> 94287082 (8 digits); 6 digits: 287082
    const rfc = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    expect(totpCode(rfc, 59_000)).toBe("287082");
    const now = Date.UTC(2026, 10, 25, 10, 0, 15);
    const base32 = generateTotpSecret();
    expect(matchTotpStep(base32, totpCode(base32, now), now)).toBe(totpStep(now));
    expect(matchTotpStep(base32, totpCode(base32, now - 30_000), now)).toBe(totpStep(now) - 1);
    expect(matchTotpStep(base32, totpCode(base32, now + 30_000), now)).toBe(totpStep(now) + 1);
    expect(matchTotpStep(base32, totpCode(base32, now - 60_000), now)).toBeNull();
    expect(matchTotpStep(base32, totpCode(base32, now + 60_000), now)).toBeNull();
    const spaced = totpCode(base32, now).replace(/^(\d{3})/, "$1 ");
    expect(matchTotpStep(base32, spaced, now)).toBe(totpStep(now));
    expect(matchTotpStep(base32, "12345", now)).toBeNull();
  });
});

describeEachEngine("two-factor sign-in", { appDb: true }, (t) => {
  afterAll(() => setEnv({}));
  beforeEach(() => setEnv({ LOGIN_THROTTLE_FREE_ATTEMPTS: "5", LOGIN_THROTTLE_BASE_DELAY_MS: "1000", LOGIN_THROTTLE_MAX_DELAY_MS: "900000" }));

  /** An account with two-factor on (set up as Mon compte does); returns its secret and recovery codes. */
  async function withTwoFactor(email = "dr@clinique.dz", role = "admin") {
    const user = await createStaffAccount(t.h, email, PASSWORD);
    await t.h.db.updateTable("staff_users").set({ role }).where("id", "=", user.id).execute();
    await startSetup(t.h, user.id);
    const base32 = await secretOf(user.id);
    const done = await confirmSetup(t.h, { userId: user.id, email, ip: "10.1.2.3" }, totpCode(base32));
    if (!done.ok) throw new Error("set-up refused");
    return { id: user.id, email, base32, recoveryCodes: done.recoveryCodes };
  }

  async function secretOf(userId: number) {
    const row = await t.h.db.selectFrom("staff_users").select("totp_secret").where("id", "=", userId).executeTakeFirstOrThrow();
    return openTotpSecret(row.totp_secret!, getSessionSecret())!;
  }

  /** A code the replay protection has not seen yet: the next time step's (within the window). */
  const nextCode = (base32: string) => totpCode(base32, Date.now() + 30_000);

  const sessionsOf = (userId: number) => t.h.db.selectFrom("sessions").selectAll().where("user_id", "=", userId).execute();
  const auditOf = (action: string) => t.h.db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id").execute();

  it("sets up with a QR code and the secret shown, confirmed by a first code; ten recovery codes stored hashed", async () => {
    const user = await createStaffAccount(t.h, "dr@clinique.dz", PASSWORD);
    const b = new Browser();
    b.take([await startSession(b.request("http://clinic.test/login"), user.id, t.h)]);
    // an administrator without two-factor: only Mon compte opens, with the banner's data
    const first = await account(b);
    expect(first.data).toMatchObject({ twoFactor: { enabled: false, required: true, pending: null } });

    expect((await account(b, { intent: "2fa-start" })).location).toBe("/admin/account#double-authentification");
    const view = (await account(b)).data as unknown as { twoFactor: { pending: { secret: string; qr: string } } };
    expect(view.twoFactor.pending.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(view.twoFactor.pending.qr.split(",")[1], "base64").toString()).toContain("<svg");
    const base32 = view.twoFactor.pending.secret.replace(/ /g, "");
    expect(view.twoFactor.pending.secret).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    // stored sealed, never in clear
    const stored = await t.h.db.selectFrom("staff_users").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(stored.totp_secret).toMatch(/^v1:/);
    expect(stored.totp_enabled_at).toBeNull();

    const wrong = await account(b, { intent: "2fa-confirm", code: String((Number(totpCode(base32)) + 1) % 1_000_000).padStart(6, "0") });
    expect(wrong.status).toBe(400);
    expect(wrong.data?.result?.error).toEqual({ code: [CODE_INCORRECT] });
    const done = await account(b, { intent: "2fa-confirm", code: totpCode(base32) });
    expect(done.status).toBe(200);
    expect(done.data?.ok).toBe(true);
    const codes = done.data!.recoveryCodes!;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const rows = await t.h.db.selectFrom("staff_recovery_codes").selectAll().where("user_id", "=", user.id).execute();
    expect(rows.map((r) => r.code_hash).sort()).toEqual(codes.map(hashRecoveryCode).sort());
    expect(JSON.stringify(rows)).not.toContain(codes[0]);
    expect((await account(b)).data).toMatchObject({ twoFactor: { enabled: true, pending: null, recoveryCodesLeft: 10 } });
    expect(await auditOf("2fa.enabled")).toMatchObject([{ staff_user_id: user.id, actor: "dr@clinique.dz", ip: "10.1.2.3" }]);
  });

  it("signs in with a code: no session after the password, the code step, then the session; a wrong code is refused", async () => {
    const u = await withTwoFactor();
    const b = new Browser();
    const pw = await postLogin(b, { email: u.email, password: PASSWORD, redirectTo: "/admin/patients" });
    expect(pw).toMatchObject({ status: 302, location: "/login" });
    expect(await sessionsOf(u.id)).toHaveLength(0);
    expect(b.jar.has("clinic_login_challenge")).toBe(true);
    expect(b.jar.has("clinic_session")).toBe(false);
    const challenge = await t.h.db.selectFrom("login_challenges").selectAll().executeTakeFirstOrThrow();
    expect(challenge).toMatchObject({ user_id: u.id, redirect_to: "/admin/patients" });
    expect(Date.parse(challenge.expires_at) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect((await getLogin(b)).data).toMatchObject({ step: "code", method: "totp" });
    expect((await getLogin(b, "http://clinic.test/login?methode=secours")).data).toMatchObject({ step: "code", method: "recovery" });
    expect((await getLogin(new Browser())).data).toMatchObject({ step: "password" });

    const wrong = await postLogin(b, { intent: "code", method: "totp", code: "000000" === nextCode(u.base32) ? "111111" : "000000" });
    expect(wrong.status).toBe(401);
    expect(wrong.data?.result?.error).toEqual({ code: [CODE_INCORRECT] });
    expect(await sessionsOf(u.id)).toHaveLength(0);
    expect(await auditOf("auth.2fa.failure")).toMatchObject([{ staff_user_id: u.id, detail: "connexion : code de l'application refusé" }]);

    const ok = await postLogin(b, { intent: "code", method: "totp", code: nextCode(u.base32) });
    expect(ok).toMatchObject({ status: 302, location: "/admin/patients" });
    expect(b.jar.has("clinic_session")).toBe(true);
    expect(b.jar.has("clinic_login_challenge")).toBe(false);
    expect(b.jar.has("clinic_2fa_device")).toBe(false);
    expect(await sessionsOf(u.id)).toMatchObject([{ device_label: "Chrome sur Linux", ip: "10.1.2.3" }]);
    expect(await t.h.db.selectFrom("login_challenges").selectAll().execute()).toHaveLength(0);
    expect(await auditOf("auth.login.success")).toMatchObject([{ staff_user_id: u.id, actor: u.email, ip: "10.1.2.3", detail: "code de l'application" }]);
  });

  it("refuses a code used once already (replay), also when two requests use it at the same moment", async () => {
    const u = await withTwoFactor();
    const actor = { userId: u.id, email: u.email, ip: "10.1.2.3" };
    // the set-up's code cannot sign in
    expect(await checkSecondFactor(t.h, actor, "totp", totpCode(u.base32), "connexion")).toMatchObject({ ok: false, reason: "invalid" });
    const code = nextCode(u.base32);
    const both = await Promise.all([checkSecondFactor(t.h, actor, "totp", code, "connexion"), checkSecondFactor(t.h, actor, "totp", code, "connexion")]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(await checkSecondFactor(t.h, actor, "totp", code, "connexion")).toMatchObject({ ok: false, reason: "invalid" });
    // an older step after a newer one is refused too
    expect(await checkSecondFactor(t.h, actor, "totp", totpCode(u.base32, Date.now() - 30_000), "connexion")).toMatchObject({ ok: false });
  });

  it("a recovery code signs in once; the second time it is refused", async () => {
    const u = await withTwoFactor();
    const code = u.recoveryCodes[3].toUpperCase().replace("-", " ");
    const b = new Browser();
    await postLogin(b, { email: u.email, password: PASSWORD });
    const ok = await postLogin(b, { intent: "code", method: "recovery", code });
    expect(ok).toMatchObject({ status: 302, location: "/admin/agenda" });
    const used = await t.h.db.selectFrom("staff_recovery_codes").selectAll().where("used_at", "is not", null).execute();
    expect(used).toMatchObject([{ code_hash: hashRecoveryCode(u.recoveryCodes[3]) }]);
    expect(await auditOf("auth.recovery_code.used")).toMatchObject([{ staff_user_id: u.id, detail: "connexion : 9 code(s) de secours restant(s)" }]);
    expect(await auditOf("auth.login.success")).toMatchObject([{ detail: "code de secours" }]);

    const again = new Browser();
    await postLogin(again, { email: u.email, password: PASSWORD });
    const refused = await postLogin(again, { intent: "code", method: "recovery", code: u.recoveryCodes[3] });
    expect(refused.status).toBe(401);
    expect(refused.data?.result?.error).toEqual({ code: ["Ce code de secours est incorrect ou a déjà été utilisé."] });
    expect(again.jar.has("clinic_session")).toBe(false);
    // a badly shaped one is refused by the form
    const shape = await postLogin(again, { intent: "code", method: "recovery", code: "abc" });
    expect(shape.status).toBe(400);
    expect(shape.data?.result?.error?.code).toEqual(["Un code de secours a la forme abcde-23456 : 10 lettres et chiffres."]);
  });

  it("throttles code attempts like passwords, even the right code once blocked", async () => {
    setEnv({ LOGIN_THROTTLE_FREE_ATTEMPTS: "3", LOGIN_THROTTLE_BASE_DELAY_MS: "60000", LOGIN_THROTTLE_MAX_DELAY_MS: "3600000" });
    const u = await withTwoFactor();
    const b = new Browser();
    await postLogin(b, { email: u.email, password: PASSWORD });
    const wrong = nextCode(u.base32) === "000000" ? "111111" : "000000";
    for (let i = 0; i < 3; i++) expect((await postLogin(b, { intent: "code", method: "totp", code: wrong })).status).toBe(401);
    const blocked = await postLogin(b, { intent: "code", method: "totp", code: nextCode(u.base32) });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toMatch(/^[56]\d$/);
    expect(blocked.data?.result?.error?.[""]).toEqual(["Trop de tentatives avec un code incorrect. Réessayez dans 1 minute."]);
    expect(await sessionsOf(u.id)).toHaveLength(0);
    // the block is the account's: a new challenge from elsewhere does not reset it
    const other = new Browser();
    await postLogin(other, { email: u.email, password: PASSWORD });
    expect((await postLogin(other, { intent: "code", method: "recovery", code: u.recoveryCodes[0] })).status).toBe(429);
    expect((await auditOf("auth.2fa.failure")).map((e) => e.detail)).toEqual([
      "connexion : code de l'application refusé",
      "connexion : code de l'application refusé",
      "connexion : code de l'application refusé",
      "connexion : trop de tentatives",
      "connexion : trop de tentatives",
    ]);
    // once the delay is over the right code passes and the counter starts again
    await t.h.db.updateTable("login_throttle").set({ blocked_until: new Date(Date.now() - 1000).toISOString() }).where("key", "=", `2fa:user:${u.id}`).execute();
    expect(await postLogin(b, { intent: "code", method: "totp", code: nextCode(u.base32) })).toMatchObject({ status: 302 });
    expect(await t.h.db.selectFrom("login_throttle").selectAll().where("key", "=", `2fa:user:${u.id}`).execute()).toHaveLength(0);
  });

  it("remembers a device for 30 days: the next sign-in skips the code; forgotten, expired or forged, the code is asked again", async () => {
    const u = await withTwoFactor();
    const b = new Browser();
    await postLogin(b, { email: u.email, password: PASSWORD });
    await postLogin(b, { intent: "code", method: "totp", code: nextCode(u.base32), remember: "on" });
    const device = b.jar.get("clinic_2fa_device");
    expect(device).toBeTruthy();
    const rows = await t.h.db.selectFrom("trusted_devices").selectAll().execute();
    expect(rows).toMatchObject([{ user_id: u.id, label: "Chrome sur Linux" }]);
    const days = (Date.parse(rows[0].expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // the cookie holds the token (signed), the table only its hash
    const token = (JSON.parse(Buffer.from(decodeURIComponent(device!).split(".")[0], "base64").toString()) as { t: string }).t;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rows[0].id_hash).toBe(sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    const signInAgain = async (browser: Browser) => {
      browser.jar.delete("clinic_session");
      return postLogin(browser, { email: u.email, password: PASSWORD, redirectTo: "/admin/blog" });
    };
    expect(await signInAgain(b)).toMatchObject({ status: 302, location: "/admin/blog" });
    expect((await auditOf("auth.login.success")).at(-1)).toMatchObject({ detail: "appareil de confiance" });

    // another account's password on this browser still asks that account's code
    const colleague = await withTwoFactor("collegue@clinique.dz");
    b.jar.delete("clinic_session");
    expect(await postLogin(b, { email: colleague.email, password: PASSWORD })).toMatchObject({ location: "/login" });
    await postLogin(b, { intent: "cancel" });
    expect(b.jar.has("clinic_login_challenge")).toBe(false);

    // forged: a changed signature is no device
    const forged = new Browser();
    forged.jar.set("clinic_2fa_device", device!.replace(/.{4}$/, "AAAA"));
    expect(await signInAgain(forged)).toMatchObject({ location: "/login" });

    // expired
    await t.h.db.updateTable("trusted_devices").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect(await signInAgain(b)).toMatchObject({ location: "/login" });
    await t.h.db.updateTable("trusted_devices").set({ expires_at: new Date(Date.now() + 86_400_000).toISOString() }).execute();
    expect(await signInAgain(b)).toMatchObject({ location: "/admin/blog" });

    // forgotten on Mon compte: the cookie is worthless at once
    const view = (await account(b)).data as unknown as { devices: { id: string; current: boolean }[] };
    expect(view.devices).toMatchObject([{ current: true }]);
    const keep = new Browser("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1");
    keep.jar.set("clinic_2fa_device", device!);
    const forget = await account(b, { intent: "device-forget", device: view.devices[0].id });
    expect(forget.location).toBe("/admin/account#appareils");
    expect(b.jar.has("clinic_2fa_device")).toBe(false);
    expect(await t.h.db.selectFrom("trusted_devices").selectAll().execute()).toHaveLength(0);
    expect(await signInAgain(keep)).toMatchObject({ location: "/login" });
    expect(await auditOf("2fa.device.forgotten")).toMatchObject([{ staff_user_id: u.id, detail: "un appareil" }]);
  });

  it("an expired challenge asks for the password again; a disabled account cannot sign in", async () => {
    const u = await withTwoFactor();
    const b = new Browser();
    await postLogin(b, { email: u.email, password: PASSWORD });
    await t.h.db.updateTable("login_challenges").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await getLogin(b)).data).toMatchObject({ step: "password" });
    const late = await postLogin(b, { intent: "code", method: "totp", code: nextCode(u.base32) });
    expect(late.status).toBe(400);
    expect(late.data).toMatchObject({ form: "password", notice: "La vérification a expiré (5 minutes). Saisissez de nouveau votre adresse e-mail et votre mot de passe." });
    expect(await sessionsOf(u.id)).toHaveLength(0);

    // disabled between the password and the code
    const c = new Browser();
    await postLogin(c, { email: u.email, password: PASSWORD });
    await t.h.db.updateTable("staff_users").set({ disabled_at: new Date().toISOString() }).where("id", "=", u.id).execute();
    expect((await postLogin(c, { intent: "code", method: "totp", code: nextCode(u.base32) })).data).toMatchObject({ form: "password" });
    // and at the password: the same refusal as a wrong password
    const refused = await postLogin(new Browser(), { email: u.email, password: PASSWORD });
    expect(refused.status).toBe(401);
    expect(refused.data?.result?.error?.[""]).toEqual(["Incorrect password. Please try again."]);
    expect(await sessionsOf(u.id)).toHaveLength(0);
    expect((await auditOf("auth.login.failure")).at(-1)).toMatchObject({ staff_user_id: u.id, actor: u.email, detail: "compte désactivé" });
  });

  it("writes refused sign-ins in the audit log: the account when it exists, 'adresse inconnue' otherwise, never the text typed", async () => {
    setEnv({ LOGIN_THROTTLE_FREE_ATTEMPTS: "2", LOGIN_THROTTLE_BASE_DELAY_MS: "60000" });
    const user = await createStaffAccount(t.h, "dentiste@clinique.dz", PASSWORD);
    const b = new Browser();
    await postLogin(b, { email: "dentiste@clinique.dz", password: "mauvais-mot-de-passe" });
    await postLogin(b, { email: "personne@clinique.dz", password: "mauvais-mot-de-passe" });
    await postLogin(b, { email: "dentiste@clinique.dz", password: "mauvais-mot-de-passe" });
    expect((await postLogin(b, { email: "dentiste@clinique.dz", password: PASSWORD })).status).toBe(429);
    const entries = await auditOf("auth.login.failure");
    expect(entries.map((e) => [e.staff_user_id, e.actor, e.detail])).toEqual([
      [user.id, "dentiste@clinique.dz", "mot de passe incorrect"],
      [null, "adresse inconnue", "mot de passe incorrect"],
      [user.id, "dentiste@clinique.dz", "mot de passe incorrect"],
      [user.id, "dentiste@clinique.dz", "trop de tentatives"],
    ]);
    expect(JSON.stringify(await t.h.db.selectFrom("audit_log").selectAll().execute())).not.toMatch(/personne@|mauvais/);
    // an account without two-factor signs in at once (a dentist: not required by default)
    setEnv({});
    await t.h.db.deleteFrom("login_throttle").execute();
    const ok = await postLogin(new Browser(), { email: "dentiste@clinique.dz", password: PASSWORD }, "http://clinic.test/login");
    expect(ok.status).toBe(302);
    expect(await auditOf("auth.login.success")).toMatchObject([{ staff_user_id: user.id, detail: "sans double authentification" }]);
  });

  it("Mon compte: new recovery codes and turning off need a current code; off is refused when required; other sessions end", async () => {
    const admin = await withTwoFactor("chef@clinique.dz", "admin");
    const b = new Browser();
    b.take([await startSession(b.request("http://clinic.test/login"), admin.id, t.h, "10.1.2.3")]);
    const phone = new Browser("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36");
    phone.take([await startSession(phone.request("http://clinic.test/login"), admin.id, t.h, "10.9.9.9")]);

    const renewWrong = await account(b, { intent: "2fa-renew", code: "123456" === nextCode(admin.base32) ? "654321" : "123456" });
    expect(renewWrong.status).toBe(400);
    expect(renewWrong.data?.result?.error).toEqual({ code: [CODE_INCORRECT] });
    const renewed = await account(b, { intent: "2fa-renew", code: nextCode(admin.base32) });
    expect(renewed.data?.recoveryCodes).toHaveLength(10);
    expect(renewed.data?.recoveryCodes).not.toContain(admin.recoveryCodes[0]);
    // the old codes no longer work
    const actor = { userId: admin.id, email: admin.email, ip: null };
    expect(await checkSecondFactor(t.h, actor, "recovery", admin.recoveryCodes[0], "connexion")).toMatchObject({ ok: false });
    expect(await auditOf("2fa.recovery_codes.renewed")).toHaveLength(1);

    // an administrator cannot turn it off, whatever the code
    const off = await account(b, { intent: "2fa-disable", code: renewed.data!.recoveryCodes![0] });
    expect(off.status).toBe(409);
    expect(off.data?.result?.error?.[""]).toEqual(["La double authentification est obligatoire pour votre compte : elle ne peut pas être désactivée."]);
    expect(await t.h.db.selectFrom("staff_recovery_codes").selectAll().where("used_at", "is not", null).execute()).toHaveLength(0);

    const sessions = (await account(b)).data as unknown as { sessions: { label: string; ip: string; current: boolean }[] };
    expect(sessions.sessions).toHaveLength(2);
    expect(sessions.sessions.find((s) => s.current)).toMatchObject({ label: "Chrome sur Linux", ip: "10.1.2.3" });
    expect(sessions.sessions.find((s) => !s.current)).toMatchObject({ label: "Chrome sur Android", ip: "10.9.9.9" });
    expect((await account(b, { intent: "sessions-end-others" })).location).toBe("/admin/account#sessions");
    expect(await sessionsOf(admin.id)).toHaveLength(1);
    expect((await account(phone)).status).toBe(302); // back to the login page
    expect(await auditOf("account.sessions_ended")).toMatchObject([{ staff_user_id: admin.id, detail: "1 session(s) fermée(s)" }]);

    // a dentist may turn it off with a recovery code: secret, codes and devices go
    const dentist = await withTwoFactor("dentiste@clinique.dz", "dentist");
    await t.h.db.insertInto("trusted_devices").values({ id_hash: sha256Hex("x"), user_id: dentist.id, label: "Firefox sur Windows", created_at: new Date().toISOString(), last_used_at: new Date().toISOString(), expires_at: new Date(Date.now() + 86_400_000).toISOString() }).execute();
    const d = new Browser();
    d.take([await startSession(d.request("http://clinic.test/login"), dentist.id, t.h)]);
    expect((await account(d, { intent: "2fa-disable", code: dentist.recoveryCodes[1] })).location).toBe("/admin/account#double-authentification");
    const row = await t.h.db.selectFrom("staff_users").selectAll().where("id", "=", dentist.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ totp_secret: null, totp_enabled_at: null });
    expect(await t.h.db.selectFrom("staff_recovery_codes").selectAll().where("user_id", "=", dentist.id).execute()).toHaveLength(0);
    expect(await t.h.db.selectFrom("trusted_devices").selectAll().where("user_id", "=", dentist.id).execute()).toHaveLength(0);
    expect(await auditOf("2fa.disabled")).toMatchObject([{ staff_user_id: dentist.id }]);
  });

  it("a one-time password opens only Mon compte until changed; the change ends it and is in the audit log", async () => {
    const user = await createStaffAccount(t.h, "assistante@clinique.dz", PASSWORD);
    await t.h.db.updateTable("staff_users").set({ role: "assistant", must_change_password: 1 }).where("id", "=", user.id).execute();
    const b = new Browser();
    const signedIn = await postLogin(b, { email: "assistante@clinique.dz", password: PASSWORD, redirectTo: "/admin/agenda" });
    expect(signedIn).toMatchObject({ status: 302, location: "/admin/agenda" });
    expect((await account(b)).data).toMatchObject({ mustChangePassword: true });
    const changed = await account(b, { intent: "password", current: PASSWORD, next: "Mon-Propre-Mot-De-Passe", confirm: "Mon-Propre-Mot-De-Passe" });
    expect(changed.data?.ok).toBe(true);
    expect((await account(b)).data).toMatchObject({ mustChangePassword: false });
    expect(await auditOf("account.password_changed")).toMatchObject([{ staff_user_id: user.id, actor: "assistante@clinique.dz", ip: "10.1.2.3" }]);
  });
});
