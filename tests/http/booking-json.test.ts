import { afterAll, describe, expect, test } from "vitest";
import { isBookingAnswer, type BookingAnswer } from "~/lib/booking-answer";
import { startAppServer } from "./app-server";

/**
 * The booking island's post through the whole server (Express, the origin check, the page cache,
 * React Router's middleware): `Accept: application/json` is answered with a `BookingAnswer` and
 * the action's status, never the answer page; the browser's own post still gets the page.
 */
const server = await startAppServer();
afterAll(() => server.close());
const ORIGIN = server.origin;

/** A day the demo schedule opens with a free time for `service`, from the site's own free times. */
async function freeDay(service: string): Promise<{ date: string; time: string }> {
  for (let d = 3; d < 40; d++) {
    const date = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const res = await fetch(`${ORIGIN}/appointment/creneaux?${new URLSearchParams({ service, date })}`);
    const body = (await res.json()) as { times: string[] };
    if (body.times.length) return { date, time: body.times[0] };
  }
  throw new Error("no free day");
}

function post(fields: Record<string, string>, accept = "application/json") {
  return fetch(`${ORIGIN}/appointment`, { method: "POST", body: new URLSearchParams(fields), headers: { Accept: accept, Origin: ORIGIN }, redirect: "manual" });
}

describe("the booking form's JSON answer", () => {
  test("a refused input: 400 and the French messages per field as JSON; a success: 200, the link, what was booked, one row", async () => {
    const { date, time } = await freeDay("Orthodontie");
    const name = `Patient JSON ${Date.now()}`;
    const fields = { name, email: "json@", phone: "0550 12 34 56", service: "Orthodontie", date, time, message: "", consent: "on", submission_key: crypto.randomUUID(), website: "" };
    const refused = await post(fields);
    expect(refused.status).toBe(400);
    expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await refused.json()) as BookingAnswer;
    expect(isBookingAnswer(body)).toBe(true);
    expect(body).toMatchObject({ status: "error", fieldErrors: { email: "Adresse e-mail invalide (exemple : nom@exemple.com)." }, submissionKey: fields.submission_key, booked: null });

    const ok = await post({ ...fields, email: "json@exemple.dz" });
    expect(ok.status).toBe(200);
    const stored = (await ok.json()) as BookingAnswer;
    expect(stored.status).toBe("success");
    expect(stored.link).toMatch(/\/rdv\/[A-Za-z0-9_-]{43}$/);
    // what the success screen repeats: the service, the day in full, the time as the site writes one
    const day = new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
    expect(stored.booked).toEqual({ service: "Orthodontie", day, time });
    expect(server.dbQuery("select submission_key from appointments where name = ?", name)).toEqual([{ submission_key: fields.submission_key }]);
  });

  test("the browser's post without JavaScript still gets the answer page", async () => {
    const res = await post({ name: "", email: "", phone: "", service: "", date: "", time: "", submission_key: "", website: "" }, "text/html,application/xhtml+xml,*/*;q=0.8");
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await res.text()).toContain("Veuillez choisir un service.");
  });

  test("a body that is not a form is refused (4xx), never 500", async () => {
    const res = await fetch(`${ORIGIN}/appointment`, { method: "POST", body: "{}", headers: { Accept: "application/json", "Content-Type": "application/json", Origin: ORIGIN } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
