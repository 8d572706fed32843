import { beforeEach, expect, it, vi } from "vitest";
import { createStaffAccount } from "~/.server/auth";
import { startSession } from "~/.server/session";
import { getStaff, staffGuard } from "~/.server/staff-guard";
import { createLoadContext, staffContext } from "~/context";
import { describeEachEngine } from "../helpers/db";

/** Runs the admin route's middleware as React Router does: the request, a fresh load context, `next`. */
async function guard(url: string, init: { method?: string; cookie?: string } = {}) {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  const request = new Request(url, { method: init.method ?? "GET", headers });
  const context = createLoadContext({ nonce: "", clientIp: "127.0.0.1" });
  const next = vi.fn(async () => new Response("admin page"));
  const outcome = await Promise.resolve(staffGuard({ request, context, params: {}, unstable_pattern: "/admin" } as never, next)).then(
    (response) => ({ response, thrown: undefined as unknown }),
    (thrown: unknown) => ({ response: undefined, thrown }),
  );
  return { ...outcome, next, context };
}

describeEachEngine("staff guard of the admin area", { appDb: true }, (t) => {
  let cookie: string;

  beforeEach(async () => {
    const user = await createStaffAccount(t.h, "staff@clinique.dz", "Correct-Horse-Battery-9");
    cookie = (await startSession(new Request("http://clinic.test/login"), Number(user.id), t.h)).split(";")[0];
  });

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

  it("getStaff outside the guarded area is a programming error", () => {
    expect(() => getStaff(createLoadContext({ nonce: "", clientIp: "127.0.0.1" }))).toThrow("getStaff() called outside the staff area");
  });
});
