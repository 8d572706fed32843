import { beforeEach, expect, it, vi } from "vitest";
import { createStaffAccount } from "~/.server/auth";
import { DEFAULT_TEAM_SETTINGS, saveTeamSettings } from "~/.server/repos/team";
import { insertStaff } from "~/.server/repos/staff";
import { startSession } from "~/.server/session";
import { getStaff, staffGuard } from "~/.server/staff-guard";
import { createLoadContext, staffContext } from "~/context";
import { describeEachEngine } from "../helpers/db";

/** Runs the admin route's middleware as React Router does: the request, a fresh load context, `next`. */
async function guard(url: string, init: { method?: string; cookie?: string; form?: Record<string, string> } = {}) {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  let body: FormData | undefined;
  if (init.form) {
    body = new FormData();
    for (const [k, v] of Object.entries(init.form)) body.set(k, v);
  }
  const request = new Request(url, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
  const context = createLoadContext({ nonce: "", clientIp: "127.0.0.1" });
  const next = vi.fn(async () => new Response("admin page"));
  const outcome = await Promise.resolve(staffGuard({ request, url: new URL(request.url), context, params: {}, unstable_pattern: "/admin" } as never, next)).then(
    (response) => ({ response, thrown: undefined as unknown }),
    (thrown: unknown) => ({ response: undefined, thrown }),
  );
  return { ...outcome, next, context };
}

describeEachEngine("staff guard of the admin area", { appDb: true }, (t) => {
  let cookie: string;

  beforeEach(async () => {
    const user = await createStaffAccount(t.h, "staff@clinique.dz", "Correct-Horse-Battery-9");
    // an administrator must have set up two-factor sign-in to open anything but Mon compte
    await t.h.db.updateTable("staff_users").set({ totp_enabled_at: new Date().toISOString() }).where("id", "=", Number(user.id)).execute();
    cookie = (await startSession(new Request("http://clinic.test/login"), Number(user.id), t.h)).split(";")[0];
  });

  /** A signed-in account of a role (its password is never used here), with or without two-factor sign-in. */
  async function signedIn(role: string, o: { totp?: boolean; mustChangePassword?: boolean } = {}): Promise<string> {
    const user = await insertStaff(t.h, `${role}-${Math.random().toString(36).slice(2)}@clinique.dz`, "not-a-real-hash", role);
    await t.h.db
      .updateTable("staff_users")
      .set({ totp_enabled_at: o.totp ? new Date().toISOString() : null, must_change_password: o.mustChangePassword ? 1 : 0 })
      .where("id", "=", Number(user.id))
      .execute();
    return (await startSession(new Request("http://clinic.test/login"), Number(user.id), t.h)).split(";")[0];
  }

  it("sends a page request without a session to /login, with the page to come back to", async () => {
    for (const method of ["GET", "HEAD"]) {
      const { thrown, next } = await guard("http://clinic.test/admin/appointments?q=x", { method });
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(302);
      expect((thrown as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fappointments%3Fq%3Dx");
      expect(next).not.toHaveBeenCalled();
    }
  });

  it("answers a POST without a session (or with a forged cookie) 401, and runs nothing", async () => {
    for (const forged of [undefined, "clinic_session=forged"]) {
      const { thrown, next, response } = await guard("http://clinic.test/admin/blog", { method: "POST", cookie: forged });
      expect(response).toBeUndefined();
      expect(thrown).toMatchObject({ init: { status: 401 }, data: { reason: "session", redirectTo: "/admin/blog" } });
      expect(next).not.toHaveBeenCalled();
    }
  });

  it("with a valid session, puts the staff member in the context and runs the route", async () => {
    const { response, thrown, next, context } = await guard("http://clinic.test/admin/blog", { method: "POST", cookie });
    expect(thrown).toBeUndefined();
    expect(next).toHaveBeenCalledTimes(1);
    expect(await response!.text()).toBe("admin page");
    expect(context.get(staffContext)).toMatchObject({ email: "staff@clinique.dz", role: "admin" });
    expect(getStaff(context).email).toBe("staff@clinique.dz");
    // staff answers are never kept by a cache
    expect(response!.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("over HTTPS reads only the __Host- cookie: a plain one (which a neighbour over HTTP could set) is no session", async () => {
    const user = await t.h.db.selectFrom("staff_users").select("id").executeTakeFirstOrThrow();
    const secure = (await startSession(new Request("https://clinic.test/login"), Number(user.id), t.h)).split(";")[0];
    expect(secure.startsWith("__Host-clinic_session=")).toBe(true);
    expect((await guard("https://clinic.test/admin/appointments", { cookie: secure })).next).toHaveBeenCalledTimes(1);
    const plain = await guard("https://clinic.test/admin/appointments", { cookie });
    expect(plain.next).not.toHaveBeenCalled();
    expect((plain.thrown as Response).status).toBe(302);
  });

  it("a malformed or foreign session cookie is no session, never an error", async () => {
    for (const bad of ["clinic_session=%E0%A4%A", "clinic_session=%ZZ", "clinic_session=\u00e9\u00ff", "clinic_session=a;b", `clinic_session=${"x".repeat(5000)}`]) {
      const get = await guard("http://clinic.test/admin/appointments", { cookie: bad });
      expect((get.thrown as Response).status, bad).toBe(302);
      const post = await guard("http://clinic.test/admin/blog", { method: "POST", cookie: bad });
      expect(post.thrown, bad).toMatchObject({ init: { status: 401 } });
    }
  });

  it("refuses an expired session (idle or past its absolute limit) and deletes it", async () => {
    await t.h.db.updateTable("sessions").set({ last_seen_at: new Date(Date.now() - 31 * 60_000).toISOString() }).execute();
    const idle = await guard("http://clinic.test/admin/appointments", { cookie });
    expect((idle.thrown as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fappointments");
    expect(idle.next).not.toHaveBeenCalled();
    expect(await t.h.db.selectFrom("sessions").selectAll().execute()).toHaveLength(0);

    const user = await t.h.db.selectFrom("staff_users").select("id").executeTakeFirstOrThrow();
    const fresh = (await startSession(new Request("http://clinic.test/login"), Number(user.id), t.h)).split(";")[0];
    await t.h.db.updateTable("sessions").set({ expires_at: new Date(Date.now() - 1000).toISOString(), last_seen_at: new Date().toISOString() }).execute();
    const ended = await guard("http://clinic.test/admin/blog", { method: "POST", cookie: fresh });
    expect(ended.thrown).toMatchObject({ init: { status: 401 } });
    expect(ended.next).not.toHaveBeenCalled();
  });

  it("an account that must change its one-time password opens only Mon compte: pages are sent there, posts refused 403", async () => {
    const pending = await signedIn("assistant", { mustChangePassword: true });
    const page = await guard("http://clinic.test/admin/agenda", { cookie: pending });
    expect((page.thrown as Response).status).toBe(302);
    expect((page.thrown as Response).headers.get("Location")).toBe("/admin/account");
    expect(page.next).not.toHaveBeenCalled();
    const post = await guard("http://clinic.test/admin/appointments", { cookie: pending, form: { intent: "status", id: "1", to: "confirmed" } });
    expect(post.thrown).toMatchObject({ init: { status: 403 }, data: { reason: "forbidden" } });
    expect(post.next).not.toHaveBeenCalled();
    // Mon compte itself opens, and its forms are accepted (the password change is there)
    expect((await guard("http://clinic.test/admin/account", { cookie: pending })).next).toHaveBeenCalledTimes(1);
    expect((await guard("http://clinic.test/admin/account", { cookie: pending, form: { intent: "password" } })).next).toHaveBeenCalledTimes(1);
  });

  it("two-factor sign-in is required of an administrator always, of the others only when the team setting says so", async () => {
    const admin = await signedIn("admin");
    const adminPage = await guard("http://clinic.test/admin/patients", { cookie: admin });
    expect((adminPage.thrown as Response).headers.get("Location")).toBe("/admin/account");
    expect(adminPage.next).not.toHaveBeenCalled();
    expect((await guard("http://clinic.test/admin/account", { cookie: admin })).next).toHaveBeenCalledTimes(1);

    const assistant = await signedIn("assistant");
    const dentist = await signedIn("dentist");
    expect((await guard("http://clinic.test/admin/patients", { cookie: assistant })).next).toHaveBeenCalledTimes(1);
    expect((await guard("http://clinic.test/admin/patients", { cookie: dentist })).next).toHaveBeenCalledTimes(1);

    await saveTeamSettings(t.h, { ...DEFAULT_TEAM_SETTINGS, require2faAll: true });
    for (const c of [assistant, dentist]) {
      const page = await guard("http://clinic.test/admin/patients", { cookie: c });
      expect((page.thrown as Response).headers.get("Location")).toBe("/admin/account");
      const post = await guard("http://clinic.test/admin/patients/1", { cookie: c, form: { intent: "notes", notes: "x" } });
      expect(post.thrown).toMatchObject({ init: { status: 403 } });
      expect(post.next).not.toHaveBeenCalled();
    }
    // once set up, the setting no longer stops them
    const ready = await signedIn("assistant", { totp: true });
    expect((await guard("http://clinic.test/admin/patients", { cookie: ready })).next).toHaveBeenCalledTimes(1);
  });

  it("a request the role does not allow gets 403 with the French role name, before any loader or action", async () => {
    const assistant = await signedIn("assistant", { totp: true });
    for (const url of ["http://clinic.test/admin/blog", "http://clinic.test/admin/equipe", "http://clinic.test/admin/journal", "http://clinic.test/admin/patients/3/export?format=csv"]) {
      const { thrown, next } = await guard(url, { cookie: assistant });
      expect(thrown, url).toMatchObject({ init: { status: 403 }, data: { reason: "forbidden", role: "Assistant(e)" } });
      expect(next).not.toHaveBeenCalled();
    }
    // the same data request (*.data) of a fetcher is refused alike
    expect((await guard("http://clinic.test/admin/blog.data", { cookie: assistant })).thrown).toMatchObject({ init: { status: 403 } });
    // what it may do passes, and the staff member carries the permissions of the role
    const agenda = await guard("http://clinic.test/admin/agenda", { cookie: assistant });
    expect(agenda.next).toHaveBeenCalledTimes(1);
    expect(getStaff(agenda.context).permissions).toContain("agenda:read");
    expect(getStaff(agenda.context).permissions).not.toContain("patient:erase");
  });

  it("an unknown intent (or none) needs the screen's strictest permission ('otherwise')", async () => {
    const assistant = await signedIn("assistant", { totp: true });
    const dentist = await signedIn("dentist", { totp: true });
    for (const form of [{ intent: "bogus" }, {}] as Record<string, string>[]) {
      const refused = await guard("http://clinic.test/admin/patients/1", { cookie: assistant, form });
      expect(refused.thrown, JSON.stringify(form)).toMatchObject({ init: { status: 403 } });
      expect(refused.next).not.toHaveBeenCalled();
      // the dentist may erase: the action runs (and answers 400 to an unknown intent itself)
      expect((await guard("http://clinic.test/admin/patients/1", { cookie: dentist, form })).next).toHaveBeenCalledTimes(1);
    }
    // the assistant's own intent on the same screen passes
    expect((await guard("http://clinic.test/admin/patients/1", { cookie: assistant, form: { intent: "notes", notes: "x" } })).next).toHaveBeenCalledTimes(1);
  });

  it("price fields need appointment:price: an assistant's form without them passes, with them is refused unless the team allows it", async () => {
    const assistant = await signedIn("assistant", { totp: true });
    const post = (form: Record<string, string>) => guard("http://clinic.test/admin/appointments", { cookie: assistant, form });
    for (const intent of ["update", "create"]) {
      expect((await post({ intent, id: "1", progress: "Devis" })).next, intent).toHaveBeenCalledTimes(1);
      for (const prices of [{ prixtotal: "100" }, { prixpay: "0" }, { prixtotal: "", prixpay: "" }] as Record<string, string>[]) {
        const refused = await post({ intent, id: "1", progress: "Devis", ...prices });
        expect(refused.thrown, `${intent} ${JSON.stringify(prices)}`).toMatchObject({ init: { status: 403 }, data: { reason: "forbidden", role: "Assistant(e)" } });
        expect(refused.next).not.toHaveBeenCalled();
      }
    }
    await saveTeamSettings(t.h, { ...DEFAULT_TEAM_SETTINGS, assistantCanEditPrices: true });
    expect((await post({ intent: "update", id: "1", prixtotal: "100", prixpay: "0" })).next).toHaveBeenCalledTimes(1);
  });

  it("a path missing from the policy table is refused 404, even to an administrator", async () => {
    const { thrown, next } = await guard("http://clinic.test/admin/nouvel-ecran", { cookie });
    expect(thrown).toMatchObject({ init: { status: 404 } });
    expect(next).not.toHaveBeenCalled();
  });

  it("getStaff outside the guarded area is a programming error", () => {
    expect(() => getStaff(createLoadContext({ nonce: "", clientIp: "127.0.0.1" }))).toThrow("getStaff() called outside the staff area");
  });
});
