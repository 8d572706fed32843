import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { todayInClinic } from "../../app/lib/clinic-time";
import { startAppServer } from "./app-server";
import { passwordHash, signIn } from "./staff";

/**
 * Attendance and certificates over HTTP, as a browser without JavaScript sends them (issue 31,
 * item 6): a dentist marks a day and issues the certificates on the sheet's forms; the e-mail with
 * its PDF is in the outbox; the public check /attestation/<code> answers genuine and for whom,
 * never cached nor indexed; a wrong code is a 404, a typed code is sent to its page.
 */
const server = await startAppServer();
afterAll(() => server.close());
const origin = server.origin;
let cookie = "";
let sessionId = 0;
const today = todayInClinic();
const daysBefore = (n: number) => {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  const now = new Date().toISOString();
  server.dbRun("insert into staff_users (email, password_hash, role, created_at, updated_at) values (?, ?, 'dentist', ?, ?)", "att-dentist@clinique.test", await passwordHash("Dentiste-Presence-2026"), now, now);
  cookie = await signIn(origin, "att-dentist@clinique.test", "Dentiste-Presence-2026");
  server.dbRun(
    "insert into formations (title, description, duration_months, max_participants, price, is_active, syllabus, created_at, updated_at) values ('Chirurgie guidée', 'Cours', 1, 10, null, 1, null, ?, ?)",
    now,
    now,
  );
  const formationId = Number(server.dbQuery<{ id: number }>("select max(id) as id from formations")[0].id);
  server.dbRun(
    "insert into formation_sessions (formation_id, start_date, end_date, day_start, day_end, place, capacity, price, created_at, updated_at) values (?, ?, ?, '09:00', '17:00', 'Salle de formation, Kouba', 10, null, ?, ?)",
    formationId,
    daysBefore(1),
    today,
    now,
    now,
  );
  sessionId = Number(server.dbQuery<{ id: number }>("select max(id) as id from formation_sessions")[0].id);
  for (const [first, last] of [
    ["Amel", "Zerrouki"],
    ["Walid", "Benali"],
  ])
    server.dbRun(
      "insert into enrollments (formation_id, session_id, user_name, user_surname, email, phone, formation_chosen, enrollment_date, status) values (?, ?, ?, ?, ?, '0550123456', 'Chirurgie guidée', ?, 'confirmed')",
      formationId,
      sessionId,
      first,
      last,
      `${first.toLowerCase()}@exemple.dz`,
      now,
    );
});

const post = (path: string, form: Record<string, string>) =>
  fetch(`${origin}${path}`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form).toString() });
const enrolmentOf = (first: string) => Number(server.dbQuery<{ id: number }>("select id from enrollments where user_name = ?", first)[0].id);

describe("the attendance sheet without JavaScript", () => {
  test("marks a day, refuses a day to come with a French message, issues and e-mails the certificates", async () => {
    const sheet = await fetch(`${origin}/admin/presences/${sessionId}`, { headers: { Cookie: cookie } });
    expect(sheet.status).toBe(200);
    const html = await sheet.text();
    expect(html).toContain("Présences — Chirurgie guidée");
    expect(html).toMatch(/Amel Zerrouki\s:\sprésent\(e\)/);

    for (const [first, present, day] of [
      ["Amel", "1", daysBefore(1)],
      ["Amel", "1", today],
      ["Walid", "0", daysBefore(1)],
    ] as const) {
      const res = await post(`/admin/presences/${sessionId}`, { intent: "mark", enrollment: String(enrolmentOf(first)), day, present });
      expect(res.status, `${first} ${day}`).toBe(200);
    }
    const future = await post(`/admin/presences/${sessionId}`, { intent: "mark", enrollment: String(enrolmentOf("Walid")), day: "2999-01-01", present: "1" });
    expect(future.status).toBe(409);
    expect(await future.text()).toMatch(/Ce jour n(&#x27;|')est pas un jour de la session\./);
    const garbage = await post(`/admin/presences/${sessionId}`, { intent: "mark", enrollment: "x", day: "hier", present: "2" });
    expect(garbage.status).toBe(400);
    expect(server.dbQuery("select enrollment_id, day, present from session_attendance order by enrollment_id, day")).toHaveLength(3);

    const issued = await post(`/admin/presences/${sessionId}`, { intent: "issue" });
    expect(issued.status).toBe(200);
    expect(await issued.text()).toContain("1 attestation délivrée, 1 envoyée par e-mail.");
    const [cert] = server.dbQuery<{ id: number; code: string; number: string; holder: string }>("select id, code, number, holder from certificates");
    expect(cert.holder).toBe("Amel Zerrouki");
    const [mail] = server.dbQuery<{ to_address: string; body_text: string; attachments: string }>("select to_address, body_text, attachments from outbox where kind = 'certificate'");
    expect(mail.to_address).toBe("amel@exemple.dz");
    expect(mail.body_text).toContain(`${origin}/attestation/${cert.code}`);
    expect(JSON.parse(mail.attachments)[0].filename).toBe(`attestation-${cert.number}.pdf`);

    const again = await post(`/admin/presences/${sessionId}`, { intent: "issue" });
    expect(again.status).toBe(409);

    const pdf = await fetch(`${origin}/admin/presences/${sessionId}/attestations.pdf`, { headers: { Cookie: cookie } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
  });
});

describe("the public check of a certificate", () => {
  test("a genuine code shows for whom, never cached nor indexed; a wrong one is a 404; a typed one is sent to its page", async () => {
    const [cert] = server.dbQuery<{ code: string }>("select code from certificates");
    const res = await fetch(`${origin}/attestation/${cert.code}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await res.text();
    expect(html).toContain("Attestation authentique");
    expect(html).toContain("Amel Zerrouki");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    // nothing but what the certificate says: no e-mail, no phone
    expect(html).not.toContain("amel@exemple.dz");
    expect(html).not.toContain("0550123456");

    const wrong = await fetch(`${origin}/attestation/ZZZZZZZZZZZZ`);
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toContain("Attestation introuvable");
    expect((await fetch(`${origin}/attestation/n'importe-quoi`)).status).toBe(404);

    const typed = await fetch(`${origin}/attestation?code=${encodeURIComponent(cert.code.toLowerCase().replace(/(.{4})(?=.)/g, "$1-"))}`, { redirect: "manual" });
    expect(typed.status).toBe(302);
    expect(typed.headers.get("location")).toBe(`/attestation/${cert.code}`);
    const bad = await fetch(`${origin}/attestation?code=abc`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/Ce code n(&#x27;|')a pas la bonne forme/);
  });
});
