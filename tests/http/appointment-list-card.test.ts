import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startAppServer } from "./app-server";
import { passwordHash, signIn } from "./staff";

/**
 * The appointments list carries one line per appointment; 'Détails' is a link to the same list
 * with `rdv={id}`, whose page adds that one card (e-mail, contact links with the personal link,
 * status actions): with or without JavaScript (issue 33, item 3). Over HTTP, with the demo
 * content's appointments, as a browser without JavaScript reads it.
 */
const server = await startAppServer();
afterAll(() => server.close());
const origin = server.origin;
let cookie = "";

beforeAll(async () => {
  const now = new Date().toISOString();
  server.dbRun("insert into staff_users (email, password_hash, role, created_at, updated_at) values (?, ?, 'assistant', ?, ?)", "list-assistant@clinique.test", await passwordHash("Assistante-Liste-2026"), now, now);
  cookie = await signIn(origin, "list-assistant@clinique.test", "Assistante-Liste-2026");
});

const page = async (path: string) => {
  const res = await fetch(`${origin}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(res.status, path).toBe(200);
  return res.text();
};
/** the HTML of the article of that appointment */
const article = (html: string, id: number) => /<article id="rdv-(\d+)"[\s\S]*?<\/article>/g.exec(html.slice(html.indexOf(`<article id="rdv-${id}"`)))?.[0] ?? "";

describe("the appointments list's cards", () => {
  test("a line per appointment without its details; 'Détails' links to the list with that card, which carries them", async () => {
    const [a] = server.dbQuery<{ id: number; name: string; email: string; date: string }>(
      "select id, name, email, date from appointments where email is not null and status = 'requested' and date >= date('now') order by date, id limit 1",
    );
    expect(a, "a demo request with an e-mail, to come").toBeDefined();
    const list = `/admin/appointments?date=${a.date}`;

    const lines = await page(list);
    const line = article(lines, a.id);
    expect(line).toContain(a.name);
    expect(line).not.toContain(a.email);
    expect(line).not.toContain("wa.me");
    expect(lines).not.toContain(a.email);
    // 'Détails': a link to the same list with this card open, coming back at it
    const href = `/admin/appointments?date=${a.date}&amp;rdv=${a.id}#rdv-${a.id}`;
    expect(line).toContain(`href="${href}"`);
    expect(line).toMatch(/aria-expanded="false"/);

    const opened = await page(href.replaceAll("&amp;", "&").replace(/#.*/, ""));
    const card = article(opened, a.id);
    expect(card).toMatch(/aria-expanded="true"/);
    expect(card).toContain(`mailto:${a.email}`);
    // the WhatsApp link carries the personal link, written by the server
    expect(card).toMatch(/href="https:\/\/wa\.me\/\d+\?text=[^"]*%2Frdv%2F/);
    expect(card).toMatch(/<button type="submit" value="confirmed"[^>]*name="to"/);
    // 'Détails' of the open card closes it: the list without `rdv`
    expect(card).toContain(`href="/admin/appointments?date=${a.date}"`);
    // one card at a time: the other lines stay lines
    const others = [...opened.matchAll(/<article id="rdv-(\d+)"/g)].map((m) => Number(m[1])).filter((id) => id !== a.id);
    for (const id of others) expect(article(opened, id)).not.toContain("mailto:");
  });

  test("an unknown or badly written card opens nothing and the list stays whole", async () => {
    const whole = await page("/admin/appointments");
    const count = (html: string) => html.match(/<article id="rdv-/g)?.length ?? 0;
    for (const rdv of ["99999999", "abc", "-1", ""]) {
      const html = await page(`/admin/appointments?rdv=${rdv}`);
      expect(count(html), rdv).toBe(count(whole));
      expect(html, rdv).not.toContain('aria-expanded="true"');
    }
  });
});

describe("a staff page's root data", () => {
  test("carries the clinic but not the site's opening hours, photos or islands, which the public pages carry", async () => {
    const root = async (path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${origin}${path}?_routes=root`, { headers });
      expect(res.status, path).toBe(200);
      return res.text();
    };
    const staff = await root("/admin/appointments.data", { Cookie: cookie });
    const booking = await root("/appointment.data");
    for (const text of [staff, booking]) expect(text).toContain('"Clinique Dentaire Hamdi"');
    // the public page: the week's hours (their "weekly" key) and the islands' script files
    expect(booking).toContain('"weekly"');
    expect(booking).toContain("/assets/islands/");
    expect(staff).not.toContain('"weekly"');
    expect(staff).not.toContain("/assets/islands/");
    expect(staff.length).toBeLessThan(booking.length - 800);
  });
});
