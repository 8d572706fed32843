import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AgendaCardAnswer } from "../../app/components/admin/agenda/model";
import { startAppServer } from "./app-server";
import { passwordHash, signIn } from "./staff";

/**
 * The agenda's day carries what its grid and lines show; an appointment's card (e-mail, prices,
 * the reminder links with the personal link, the history) is read when it opens, from
 * GET /admin/agenda/rdv/:id (issue 33, item 4). Over HTTP, with the demo content's appointments.
 */
const server = await startAppServer();
afterAll(() => server.close());
const origin = server.origin;
let cookie = "";

beforeAll(async () => {
  const now = new Date().toISOString();
  server.dbRun("insert into staff_users (email, password_hash, role, created_at, updated_at) values (?, ?, 'assistant', ?, ?)", "card-assistant@clinique.test", await passwordHash("Assistante-Carte-2026"), now, now);
  cookie = await signIn(origin, "card-assistant@clinique.test", "Assistante-Carte-2026");
});

const get = (path: string) => fetch(`${origin}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });

describe("an appointment's card in the agenda", () => {
  test("the day's page names the patient but carries neither the e-mail nor the history; the card's address answers them", async () => {
    const [a] = server.dbQuery<{ id: number; name: string; email: string; date: string }>(
      "select id, name, email, date from appointments where email is not null and status in ('requested', 'confirmed') order by date desc, id desc limit 1",
    );
    expect(a, "a demo appointment with an e-mail").toBeDefined();
    const history = server.dbQuery<{ action: string }>("select action from appointment_history where appointment_id = ? order by id", a.id);

    const page = await get(`/admin/agenda?jour=${a.date}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(a.name);
    expect(html).not.toContain(a.email);
    expect(html).not.toContain('"history"');

    const res = await get(`/admin/agenda/rdv/${a.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const card = (await res.json()) as AgendaCardAnswer;
    if (!card.ok) throw new Error(card.message);
    expect(card.item).toMatchObject({ id: a.id, name: a.name, email: a.email, date: a.date });
    expect(card.history.map((h) => h.action)).toEqual(history.map((h) => h.action));
    // the personal link is written by the server into the reminder links
    expect(card.item.links?.whatsapp ?? "").toMatch(/^https:\/\/wa\.me\/\d+\?text=.*%2Frdv%2F/);
  });

  test("an appointment that does not exist is a 404 said in French; a post is refused", async () => {
    const res = await get("/admin/agenda/rdv/99999999");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ ok: false, message: "Ce rendez-vous n'existe plus." });
    expect((await get("/admin/agenda/rdv/abc")).status).toBe(404);
    const post = await fetch(`${origin}/admin/agenda/rdv/1`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=x" });
    expect(post.status).toBe(405);
  });
});
