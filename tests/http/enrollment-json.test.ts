import { afterAll, describe, expect, test } from "vitest";
import { isEnrollmentAnswer, type EnrollmentAnswer } from "~/lib/enrollment-answer";
import { startAppServer } from "./app-server";

/**
 * The enrolment island's post through the whole server (Express, the origin check, the page cache,
 * React Router's middleware): `Accept: application/json` is answered with an `EnrollmentAnswer` and
 * the action's status, never the answer page; the browser's own post still gets the page.
 */
const server = await startAppServer();
afterAll(() => server.close());
const ORIGIN = server.origin;

function post(fields: Record<string, string>, accept = "application/json") {
  return fetch(`${ORIGIN}/inscription`, { method: "POST", body: new URLSearchParams(fields), headers: { Accept: accept, Origin: ORIGIN }, redirect: "manual" });
}

describe("the enrolment's JSON answer", () => {
  test("a refused input: 400 and the French messages per field as JSON; a success: 200, a new key, the places, one row", async () => {
    const [formation] = server.dbQuery<{ id: number; max_participants: number }>("select id, max_participants from formations where is_active = 1 order by id limit 1");
    const surname = `Json${Date.now()}`;
    const fields = { user_name: "Haddad", user_surname: surname, email: "json@", phone: "0550 12 34 56", formation_id: String(formation.id), consent: "on", submission_key: crypto.randomUUID(), website: "" };
    const refused = await post(fields);
    expect(refused.status).toBe(400);
    expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
    expect(refused.headers.get("cache-control")).toMatch(/no-store/);
    const body = (await refused.json()) as EnrollmentAnswer;
    expect(isEnrollmentAnswer(body)).toBe(true);
    expect(body).toEqual({ status: "error", formError: null, fieldErrors: { email: "Adresse e-mail invalide (exemple : nom@domaine.com)." }, submissionKey: fields.submission_key, options: null });

    const ok = await post({ ...fields, email: "json@exemple.dz" });
    expect(ok.status).toBe(200);
    const stored = (await ok.json()) as EnrollmentAnswer;
    expect(stored.status).toBe("success");
    expect(stored.submissionKey).not.toBe(fields.submission_key);
    const [{ n }] = server.dbQuery<{ n: number }>("select count(*) as n from enrollments where formation_id = ? and status in ('pending', 'confirmed')", formation.id);
    expect(stored.options?.find((o) => o.id === formation.id)).toMatchObject({ taken: n, max_participants: formation.max_participants });
    expect(server.dbQuery("select submission_key from enrollments where user_surname = ?", surname)).toEqual([{ submission_key: fields.submission_key }]);
  });

  test("the browser's post without JavaScript still gets the answer page", async () => {
    const res = await post({ user_name: "", user_surname: "", email: "", phone: "", submission_key: "", website: "" }, "text/html,application/xhtml+xml,*/*;q=0.8");
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await res.text()).toContain("Indiquez votre nom.");
  });

  test("a body that is not a form is refused (4xx), never 500", async () => {
    const res = await fetch(`${ORIGIN}/inscription`, { method: "POST", body: "{}", headers: { Accept: "application/json", "Content-Type": "application/json", Origin: ORIGIN } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
