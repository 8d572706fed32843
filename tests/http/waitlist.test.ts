import crypto from "node:crypto";
import { afterAll, describe, expect, test } from "vitest";
import { TEST_SESSION_SECRET } from "../server-env";
import { startAppServer } from "./app-server";

/**
 * The waiting list's public pages through the whole server (issue 31, item 1): the join form
 * posted without JavaScript (French messages beside the fields, what was typed kept, one row per
 * key), the offer page /offre/<token> (404 for a wrong token, never cached nor indexed, the claim
 * as a plain form post; a second patient reads 'Ce créneau vient d'être pris').
 */
const server = await startAppServer();
afterAll(() => server.close());
const ORIGIN = server.origin;
const HTML = "text/html,application/xhtml+xml,*/*;q=0.8";
const flat = (s: string) => s.replace(/\s+/g, " ").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

async function freeSlot(service: string): Promise<{ date: string; time: string }> {
  for (let d = 3; d < 40; d++) {
    const date = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const res = await fetch(`${ORIGIN}/appointment/creneaux?${new URLSearchParams({ service, date })}`);
    const body = (await res.json()) as { times: string[] };
    if (body.times.length) return { date, time: body.times[0] };
  }
  throw new Error("no free day");
}

function postForm(path: string, fields: [string, string][]) {
  return fetch(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { Accept: HTML, Origin: ORIGIN }, redirect: "manual" });
}

/** An entry and an open offer of a slot, as offerFreedSlot stores them; the token as the server derives it. */
function offerFor(name: string, slot: { date: string; time: string }): string {
  const now = new Date().toISOString();
  server.dbRun("insert into waitlist_entries (name, phone, email, service, wishes, until_date, status, source, created_at, updated_at) values (?, '0550 12 34 56', null, 'Orthodontie', '1am', ?, 'offered', 'staff', ?, ?)", name, slot.date, now, now);
  const [{ id }] = server.dbQuery<{ id: number }>("select id from waitlist_entries where name = ?", name);
  const salt = crypto.randomBytes(16).toString("base64url");
  const token = crypto.createHmac("sha256", TEST_SESSION_SECRET).update(`offre-link:${salt}`).digest("base64url");
  const hash = crypto.createHash("sha256").update(token).digest("hex");
  const expires = new Date(Date.now() + 3_600_000).toISOString();
  server.dbRun("insert into waitlist_offers (entry_id, service, date, time, chair, status, link_salt, link_hash, expires_at, created_at) values (?, 'Orthodontie', ?, ?, 1, 'open', ?, ?, ?, ?)", id, slot.date, slot.time, salt, hash, expires, now);
  return token;
}

describe("joining the waiting list without JavaScript", () => {
  test("the page from a full day preselects the service and the day's half-days; indexed at its address without the query, not stored", async () => {
    const res = await fetch(`${ORIGIN}/liste-attente?service=Orthodontie&date=2031-03-03`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    const html = await res.text();
    expect(html).not.toContain('content="noindex');
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/liste-attente"\/>/);
    expect(html).toMatch(/<option value="Orthodontie" selected="">/);
    // 2031-03-03 is a Monday: both its half-days ticked
    expect(html).toMatch(/name="wishes" checked="" value="1am"/);
    expect(html).toMatch(/name="wishes" checked="" value="1pm"/);
    expect(html).not.toMatch(/name="wishes" checked="" value="2am"/);
  });

  test("the page without a query is the same for everyone: stored by the page cache, its form's key left to the browser", async () => {
    const first = await fetch(`${ORIGIN}/liste-attente`);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).not.toMatch(/no-store/);
    const html = await first.text();
    const keyInput = /<input type="hidden" data-submission-key="" name="submission_key" value=""\/>/;
    expect(html).toMatch(keyInput);
    // the first answer is rendered, then stored: served from the store soon after
    let again = await fetch(`${ORIGIN}/liste-attente`);
    for (let i = 0; i < 50 && again.headers.get("x-cache") !== "HIT"; i++) {
      await again.arrayBuffer();
      await new Promise((r) => setTimeout(r, 100));
      again = await fetch(`${ORIGIN}/liste-attente`);
    }
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(await again.text()).toMatch(keyInput);
  });

  test("a refused post: 400, the French messages beside the fields, what was typed kept; then one row per key", async () => {
    const name = `Attente ${Date.now()}`;
    const key = crypto.randomUUID();
    const base: [string, string][] = [["service", "Orthodontie"], ["until", new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10)], ["name", name], ["phone", "0550 12 34 56"], ["submission_key", key], ["website", ""]];
    const refused = await postForm("/liste-attente", [...base, ["email", "pas-une-adresse"]]);
    expect(refused.status).toBe(400);
    const page = flat(await refused.text());
    expect(page).toContain("Cochez au moins une demi-journée qui vous convient.");
    expect(page).toMatch(/Adresse e-mail invalide/);
    expect(page).toMatch(/Veuillez accepter la politique de confidentialité/);
    expect(page).toContain(`value="${name}"`);
    expect(page).toContain('value="pas-une-adresse"');
    // the answer keeps the key posted: a second post of the same form stores one row
    expect(page).toContain(`name="submission_key" value="${key}"`);
    expect(server.dbQuery("select id from waitlist_entries where name = ?", name)).toEqual([]);

    const good: [string, string][] = [...base, ["wishes", "1am"], ["wishes", "6pm"], ["consent", "on"]];
    const ok = await postForm("/liste-attente", good);
    expect(ok.status).toBe(200);
    expect(flat(await ok.text())).toMatch(/Vous êtes inscrit sur la liste d.attente/);
    expect((await postForm("/liste-attente", good)).status).toBe(200);
    expect(server.dbQuery("select wishes, status, source from waitlist_entries where name = ?", name)).toEqual([{ wishes: "6pm,1am", status: "waiting", source: "online" }]);
  });

  test("a body that is not a form is refused (4xx), never 500", async () => {
    const res = await fetch(`${ORIGIN}/liste-attente`, { method: "POST", body: "{}", headers: { "Content-Type": "application/json", Origin: ORIGIN } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe("the offer page /offre/<token>", () => {
  test("a wrong or malformed token: 404, never stored, not indexed", async () => {
    for (const token of ["x".repeat(43), "court"]) {
      const res = await fetch(`${ORIGIN}/offre/${token}`);
      expect(res.status).toBe(404);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("x-robots-tag")).toBe("noindex");
    }
  });

  test("the first claim books the slot and shows the personal link; the second patient reads that it was taken", async () => {
    const slot = await freeSlot("Orthodontie");
    const first = offerFor(`Offre A ${Date.now()}`, slot);
    const second = offerFor(`Offre B ${Date.now()}`, slot);

    const page = await fetch(`${ORIGIN}/offre/${first}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    const html = flat(await page.text());
    expect(html).toContain("Prendre ce rendez-vous");
    expect(html).toContain('<meta name="robots" content="noindex"/>');

    expect((await postForm(`/offre/${first}`, [["intent", "nothing"]])).status).toBe(400);
    const claimed = await postForm(`/offre/${first}`, [["intent", "claim"]]);
    expect(claimed.status).toBe(200);
    const done = flat(await claimed.text());
    expect(done).toContain("Ce rendez-vous est à vous.");
    expect(done).toMatch(/href="http:\/\/127\.0\.0\.1:\d+\/rdv\/[A-Za-z0-9_-]{43}"/);
    expect(server.dbQuery("select status from appointments where date = ? and time = ? and status = 'confirmed'", slot.date, slot.time)).toHaveLength(1);

    const late = flat(await (await fetch(`${ORIGIN}/offre/${second}`)).text());
    expect(late).toContain("Ce créneau vient d'être pris.");
    expect(late).not.toContain("Prendre ce rendez-vous</button>");
    const refused = await postForm(`/offre/${second}`, [["intent", "claim"]]);
    expect(refused.status).toBe(409);
    expect(server.dbQuery("select status from waitlist_offers order by id")).toEqual([{ status: "claimed" }, { status: "taken" }]);
  });
});
