import { afterAll, describe, expect, test } from "vitest";
import { startAppServer } from "./app-server";

/**
 * Issue 31, item 3, through the whole server: the public pages show the dates of a formation's
 * open session, and the enrolment form posted without JavaScript and without a session is refused
 * with a French message beside the field, nothing stored.
 */
const server = await startAppServer();
afterAll(() => server.close());
const ORIGIN = server.origin;
const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/[\s\u00a0\u202f]+/g, " ");

describe("course sessions on the public pages", () => {
  test("/formation and /syllabus/:id show the session's days and hours; a post without a session is refused in French", async () => {
    const [f] = server.dbQuery<{ id: number }>("select id from formations where is_active = 1 order by created_at desc, id desc limit 1");
    const now = new Date().toISOString();
    server.dbRun(
      "insert into formation_sessions (formation_id, start_date, end_date, day_start, day_end, place, capacity, price, status, payment_days, offer_hours, created_at, updated_at) values (?, '2099-02-16', '2099-02-18', '09:00', '17:00', 'Kouba (Alger)', 8, 35000000, 'open', 7, 24, ?, ?)",
      f.id,
      now,
      now,
    );
    for (const path of ["/formation", `/syllabus/${f.id}`]) {
      const page = text(await (await fetch(`${ORIGIN}${path}`)).text());
      expect(page).toMatch(/du lundi 16 février 2099 au mercredi 18 février 2099/);
      expect(page).toMatch(/09:00 – 17:00/);
      expect(page).toMatch(/8 places sur 8/);
    }
    const form = text(await (await fetch(`${ORIGIN}/inscription`)).text());
    expect(form).toMatch(/Session choisie/);
    expect(form).not.toMatch(/Pas de préférence/);

    const surname = `SansSession${Date.now()}`;
    const res = await fetch(`${ORIGIN}/inscription`, {
      method: "POST",
      body: new URLSearchParams({ user_name: "Haddad", user_surname: surname, email: "sans@exemple.dz", phone: "0550 12 34 56", session_id: "", consent: "on", submission_key: crypto.randomUUID(), website: "" }),
      headers: { Accept: "text/html", Origin: ORIGIN },
      redirect: "manual",
    });
    expect(res.status).toBe(400);
    const answer = text(await res.text());
    expect(answer).toMatch(/Choisissez une session dans la liste\./);
    expect(answer).toContain(surname);
    expect(server.dbQuery("select id from enrollments where user_surname = ?", surname)).toEqual([]);
  });
});
