import fs from "node:fs";
import crypto from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { clickWhenStill, collectConsoleErrors, dbQuery, dbRun, expectNoSeriousA11yViolations, hydrated, reactRuns, reviewShot } from "./helpers";

/*
 * The patient's personal link /rdv/<token> (docs/product.md, "Personal link"), as a patient uses
 * it: booked on /appointment, the link read from the success screen, opened, then confirm, cancel
 * (the time is offered again), move (with the nearest free times after a refusal), the .ics, the
 * cut-off (numbers to call), a wrong link (French 404), and the same without JavaScript. The page
 * is server HTML (decision 020's amendment): no React Router script; the move form is an island.
 * A fresh e2e database: Saturday to Thursday 09:00–12:30 and 13:30–17:00, Friday closed, two
 * hours' notice, 60 days ahead, one chair, a 24-hour cut-off.
 */

const TZ = "Africa/Algiers";
const SUCCESS = "Votre demande de rendez-vous a bien été envoyée. Nous vous contacterons pour confirmer le créneau.";
const KEEP_LINK = "Gardez ce lien pour confirmer, annuler ou déplacer votre rendez-vous";
/** Beside 'Je confirme ma présence' while the clinic has not confirmed (narrow no-break spaces inside the quotes and before ';'). */
const CONFIRM_MEANS = "\u00ab\u202fJe confirme ma présence\u202f\u00bb indique à la clinique que vous viendrez\u202f; c'est toujours la clinique qui confirme le rendez-vous.";

function clinicDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** "jeudi 26 novembre 2026", as the page says a day. */
function dayFull(ymd: string): string {
  return new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${ymd}T12:00:00Z`));
}

function uniqueName(label: string) {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** A day (from `from` days ahead) on which the service still has a free time, by the site's own answer. */
async function freeDay(request: APIRequestContext, service: string, from: number, not?: string): Promise<{ date: string; times: string[] }> {
  for (let d = from; d < from + 40; d++) {
    const date = clinicDay(d);
    if (date === not) continue;
    const res = await request.get(`/appointment/creneaux?${new URLSearchParams({ service, date })}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { times: string[] };
    if (body.times.length > 0) return { date, times: body.times };
  }
  throw new Error(`no free day for ${service}`);
}

type Row = { id: number; date: string; time: string; status: string; patient_confirmed_at: string | null; cancelled_by: string | null; cancel_reason: string | null; link_hash: string };
const rowNamed = (name: string) => dbQuery<Row>("select * from appointments where name = ?", name)[0];
const unitsOf = (id: number) => dbQuery<{ unit_start: string }>("select unit_start from appointment_slots where appointment_id = ?", id).length;

/** Books on /appointment as a patient does (with or without JavaScript) and reads the personal link on the success screen. */
async function bookAndKeepLink(page: Page, request: APIRequestContext, o: { from: number; noJs?: boolean; service?: string }) {
  const service = o.service ?? "Orthodontie";
  const { date } = await freeDay(request, service, o.from);
  const name = uniqueName("Lien personnel");
  await page.goto("/appointment");
  if (!o.noJs) await hydrated(page);
  await page.getByLabel("Nom complet").fill(name);
  await page.getByLabel("Email").fill("patient.lien@exemple.dz");
  await page.getByLabel("Téléphone").fill("0550 98 76 54");
  await page.getByLabel("Service").selectOption(service);
  await page.getByLabel("Date").fill(date);
  await page.getByLabel("Message").fill("Message privé du patient");
  // ticked again if the tap missed: the day's free times arriving (or the page's smooth scroll to
  // the box) can move it between the check that it stands still and the tap, as under a finger
  await expect(async () => page.getByLabel(/J'accepte que la clinique utilise ces informations/).setChecked(true, { timeout: 3000 })).toPass();
  if (o.noJs) await page.getByRole("button", { name: "Voir les horaires libres" }).click();
  const heure = page.getByLabel("Heure");
  await expect(heure).toBeEnabled();
  const time = (await heure.locator("option:not([value=''])").first().getAttribute("value"))!;
  await heure.selectOption(time);
  await page.getByRole("button", { name: "Envoyer ma demande" }).click();
  await expect(page.getByText(SUCCESS)).toBeVisible();
  const card = page.getByRole("region", { name: "Votre lien personnel" });
  await expect(card).toContainText(KEEP_LINK);
  // the link is a short button, 'Ajouter à mon agenda' beside it
  const link = card.getByRole("link", { name: "Gérer mon rendez-vous" });
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/\/rdv\/[A-Za-z0-9_-]{43}$/);
  await expect(card.getByRole("link", { name: "Ajouter à mon agenda" })).toHaveAttribute("href", `${href}/calendrier.ics`);
  const token = href.split("/rdv/")[1];
  const row = rowNamed(name);
  // the database holds the token's hash, never the token
  expect(row.link_hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
  expect(JSON.stringify(row)).not.toContain(token);
  return { href, path: new URL(href).pathname, token, name, date, time, service, id: row.id };
}

async function shot(page: Page, name: string) {
  await reviewShot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test.describe(`personal link at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the link from the success screen opens the appointment, without the patient's identity; the patient confirms", async ({ page, request }) => {
      const errors = collectConsoleErrors(page);
      const b = await bookAndKeepLink(page, request, { from: viewport.width === 375 ? 3 : 4 });
      await shot(page, "booking-success-link");
      // the link stays after the banner hides
      await expect(page.getByText(SUCCESS)).toBeHidden({ timeout: 8000 });
      await expect(page.getByRole("region", { name: "Votre lien personnel" })).toBeVisible();

      const res = await page.goto(b.path);
      expect(res?.status()).toBe(200);
      const headers = res!.headers();
      expect(headers["cache-control"]).toBe("private, no-store");
      // the last policy given wins (the site's default comes first)
      expect(headers["referrer-policy"].split(/[,\n]/).map((s) => s.trim()).at(-1)).toBe("same-origin");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "same-origin");
      // a request to another site (the map's tiles, say) carries no Referer, so never the token
      const tile = page.waitForRequest("https://tile.openstreetmap.org/**");
      await page.route("https://tile.openstreetmap.org/**", (r) => r.fulfill({ status: 204 }));
      await page.evaluate(() => {
        new Image().src = "https://tile.openstreetmap.org/0/0/0.png";
      });
      expect((await tile).headers()["referer"] ?? "").toBe("");
      await expect(page).toHaveTitle(/^Votre rendez-vous/);

      await expect(page.getByRole("heading", { level: 1, name: "Votre rendez-vous" })).toBeVisible();
      const card = page.getByRole("region", { name: "Votre rendez-vous" });
      await expect(card).toContainText(b.service);
      await expect(card).toContainText(dayFull(b.date).replace(/^./, (c) => c.toUpperCase()), { ignoreCase: true });
      await expect(card).toContainText(b.time);
      await expect(card).toContainText("Demande reçue");
      // whoever holds the link sees no name, phone, e-mail or message
      const body = await page.locator("body").innerText();
      for (const secret of [b.name, "0550 98 76 54", "patient.lien@exemple.dz", "Message privé du patient"]) expect(body).not.toContain(secret);

      // the clinic: address, the map (no Referer), the phones
      const clinicCard = page.getByRole("region", { name: "La clinique" });
      const map = clinicCard.getByRole("link", { name: /Voir le plan/ });
      await expect(map).toHaveAttribute("href", /^https:\/\/www\.openstreetmap\.org\/\?mlat=/);
      await expect(map).toHaveAttribute("rel", /noreferrer/);
      await expect(clinicCard.getByRole("link", { name: "Cabinet : 023 70 45 12" })).toHaveAttribute("href", "tel:+21323704512");
      await expect(clinicCard.getByRole("link", { name: "Mobile : 0550 12 34 56" })).toHaveAttribute("href", "tel:+213550123456");
      // what confirming means, while the clinic has not confirmed: one line tied to the button
      const confirm = page.getByRole("button", { name: "Je confirme ma présence" });
      await expect(card.getByText(CONFIRM_MEANS)).toBeVisible();
      await expect(confirm).toHaveAccessibleDescription(CONFIRM_MEANS);
      await expectNoSeriousA11yViolations(page);
      await noSidewaysScroll(page);
      await shot(page, "rdv-page");

      await confirm.click();
      await expect(page.getByRole("status").filter({ hasText: "Merci : votre présence est confirmée." })).toBeVisible();
      await expect(card.getByText("Présence confirmée")).toBeVisible();
      await expect(page.getByRole("button", { name: "Je confirme ma présence" })).toHaveCount(0);
      await expect(card.getByText(CONFIRM_MEANS)).toHaveCount(0);
      const row = rowNamed(b.name);
      expect(row.patient_confirmed_at).not.toBeNull();
      expect(row.status).toBe("requested");
      expect(dbQuery("select action, actor from appointment_history where appointment_id = ? and action = 'patient_confirmed'", b.id)).toEqual([{ action: "patient_confirmed", actor: "Patient" }]);
      // a reload keeps it
      await page.reload();
      await expect(card.getByText("Présence confirmée")).toBeVisible();
      await shot(page, "rdv-confirmed");
      expect(errors).toEqual([]);
    });

    // A patient's other journeys (cancel, the cut-off, move) on the phone only: at 1280 px the
    // page itself (the test above: its layout, axe, confirming) is what differs, and these forms
    // are the same forms in the same card.
    if (viewport.width === 375) {
      test("cancel with a reason before the cut-off: the page says 'Annulé', only calling is left, and the time is offered again", async ({ page, request }) => {
        const b = await bookAndKeepLink(page, request, { from: 5 });
        expect(unitsOf(b.id)).toBeGreaterThan(0);
        await page.goto(b.path);
        await clickWhenStill(page.getByText("Annuler le rendez-vous", { exact: true }));
        const form = page.getByRole("form", { name: "Annuler le rendez-vous" });
        await form.getByRole("button", { name: "Confirmer l'annulation" }).click();
        await expect(form.getByText("Indiquez la raison de l'annulation.")).toBeVisible();
        await expect(form.getByLabel("Raison de l'annulation")).toHaveAttribute("maxlength", "500");
        await form.getByLabel("Raison de l'annulation").fill("Empêchement professionnel");
        await shot(page, "rdv-cancel-form");
        // a double tap sends one post (the page chrome's `data-once`), the button saying 'Annulation…'
        const posts: string[] = [];
        page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
        await form.getByRole("button", { name: "Confirmer l'annulation" }).dblclick();
        await expect(page.getByRole("status").filter({ hasText: "Votre rendez-vous est annulé. Merci de nous avoir prévenus." })).toBeVisible();
        const card = page.getByRole("region", { name: "Votre rendez-vous" });
        await expect(card.getByText("Annulé", { exact: true })).toBeVisible();
        await expect(card).toContainText("Vous avez annulé ce rendez-vous.");
        // nothing left but calling
        await expect(page.getByRole("button", { name: "Je confirme ma présence" })).toHaveCount(0);
        await expect(page.getByText("Changer de jour ou d'heure")).toHaveCount(0);
        await expect(page.getByText("Annuler le rendez-vous", { exact: true })).toHaveCount(0);
        await expect(page.getByRole("link", { name: /Ajouter à mon agenda/ })).toHaveCount(0);
        const call = page.getByRole("region", { name: "Un nouveau rendez-vous ?" });
        await expect(call.getByRole("link", { name: "Cabinet : 023 70 45 12" })).toHaveAttribute("href", "tel:+21323704512");
        await noSidewaysScroll(page);
        await shot(page, "rdv-cancelled");
        expect(posts).toHaveLength(1);
        const row = rowNamed(b.name);
        expect(row).toMatchObject({ status: "cancelled", cancelled_by: "patient", cancel_reason: "Empêchement professionnel" });
        expect(unitsOf(b.id)).toBe(0);

        // the same time is offered again on the booking form
        await page.goto("/appointment");
        await hydrated(page);
        await page.getByLabel("Service").selectOption(b.service);
        await page.getByLabel("Date").fill(b.date);
        await expect(page.getByLabel("Heure")).toBeEnabled();
        await expect(page.getByLabel("Heure").locator(`option[value="${b.time}"]`)).toHaveCount(1);
      });

      test("after the cut-off the page says to call and shows the numbers; a cancel posted from a page left open is refused", async ({ page, request }) => {
        const b = await bookAndKeepLink(page, request, { from: 2 });
        await page.goto(b.path);
        // the page was opened before the cut-off; the clinic then sets a week (168 h): the appointment is within it
        await clickWhenStill(page.getByText("Annuler le rendez-vous", { exact: true }));
        await page.getByLabel("Raison de l'annulation").fill("Je ne pourrai pas venir");
        dbRun("update schedule_settings set cancel_cutoff_hours = 168");
        try {
          const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/rdv/"));
          await page.getByRole("button", { name: "Confirmer l'annulation" }).click();
          expect((await answer).status()).toBe(409);
          const alert = page.getByRole("alert").filter({ hasText: "Il est trop tard pour annuler ou déplacer ce rendez-vous en ligne (au plus tard 168 h avant)." });
          await expect(alert).toBeVisible();
          await expect(alert).toContainText("Appelez-nous au 023 70 45 12 ou au 0550 12 34 56.");
          // the page now shows the current state: no cancel or move, the numbers to call
          const call = page.getByRole("region", { name: "Annuler ou déplacer ce rendez-vous" });
          await expect(call.getByRole("link", { name: "Cabinet : 023 70 45 12" })).toHaveAttribute("href", "tel:+21323704512");
          await expect(call.getByRole("link", { name: "Mobile : 0550 12 34 56" })).toHaveAttribute("href", "tel:+213550123456");
          await expect(page.getByText("Changer de jour ou d'heure")).toHaveCount(0);
          await expect(page.getByRole("button", { name: "Confirmer l'annulation" })).toHaveCount(0);
          expect(rowNamed(b.name).status).toBe("requested");
          await shot(page, "rdv-after-cutoff-refused");
          // opened afresh: the same
          await page.reload();
          await expect(call).toContainText("En ligne, un rendez-vous s'annule ou se déplace jusqu'à 168 h avant son début. Pour l'annuler ou le déplacer maintenant, appelez-nous :");
          // confirming presence is still offered
          await expect(page.getByRole("button", { name: "Je confirme ma présence" })).toBeVisible();
          await noSidewaysScroll(page);
          await shot(page, "rdv-after-cutoff");
        } finally {
          dbRun("update schedule_settings set cancel_cutoff_hours = 24");
        }
      });

      test("move to another free time; a time just taken is refused with the nearest free times, one of which is then chosen", async ({ page, request }) => {
        const b = await bookAndKeepLink(page, request, { from: 7 });
        const target = await freeDay(request, b.service, 12, b.date);
        await page.goto(b.path);
        // the move form's island hydrated: its free times follow the day
        await hydrated(page);
        await expect(page.locator('[data-island="rdv-move"]')).toHaveAttribute("data-hydrated", "");
        await clickWhenStill(page.getByText("Changer de jour ou d'heure"));
        const form = page.getByRole("form", { name: "Changer de jour ou d'heure" });
        // the service is the appointment's: only a date is asked for
        await expect(form.locator("#rdv-move-slots").getByRole("status")).toHaveText("Choisissez une date\u202f: les horaires libres de ce jour s'affichent ici.");
        await expect(form).not.toContainText("un service");
        // the free times of the day come from the booking form's public JSON
        const creneaux = page.waitForRequest((r) => r.url().includes("/appointment/creneaux"));
        await form.getByLabel("Nouvelle date").fill(target.date);
        expect(new URL((await creneaux).url()).searchParams.get("service")).toBe(b.service);
        const heure = form.getByLabel("Heure");
        await expect(heure).toBeEnabled();
        const wanted = (await heure.locator("option:not([value=''])").nth(2).getAttribute("value"))!;
        await heure.selectOption(wanted);
        await shot(page, "rdv-move-form");

        // another patient takes that time first
        const other = dbRun(
          "insert into appointments (name, email, phone, service, date, time, created_at, status, chair, duration_minutes, buffer_minutes) values ('Patient plus rapide', 'r@exemple.dz', '0661 00 00 00', ?, ?, ?, ?, 'requested', 1, 30, 15)",
          b.service,
          target.date,
          wanted,
          new Date().toISOString(),
        );
        const [h, m] = wanted.split(":").map(Number);
        for (let k = 0; k < 45; k += 15) {
          const t = h * 60 + m + k;
          dbRun(
            "insert or ignore into appointment_slots (chair, unit_start, appointment_id) values (1, ?, ?)",
            `${target.date}T${String(Math.floor(t / 60)).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}`,
            other.lastInsertRowid,
          );
        }
        await form.getByRole("button", { name: "Déplacer le rendez-vous" }).click();
        await expect(form.getByText("Ce créneau vient d'être pris. Choisissez l'un des horaires encore libres.")).toBeVisible();
        await expect(form.getByText("Horaires libres les plus proches :")).toBeVisible();
        const nearest = form.getByRole("button", { name: /^Choisir le / });
        await expect(nearest).toHaveCount(3);
        await expectNoSeriousA11yViolations(page);
        await shot(page, "rdv-move-refused");
        const label = (await nearest.first().getAttribute("aria-label"))!;
        const chosen = /à (\d\d:\d\d)$/.exec(label)![1];
        await nearest.first().click();
        await expect(heure).toHaveValue(chosen);
        await form.getByRole("button", { name: "Déplacer le rendez-vous" }).click();
        const moved = page.getByRole("status").filter({ hasText: /^Votre rendez-vous est déplacé au / });
        await expect(moved).toBeVisible();
        await expect(moved).toContainText(`à ${chosen}`);
        const card = page.getByRole("region", { name: "Votre rendez-vous" });
        await expect(card).toContainText(chosen);
        const row = rowNamed(b.name);
        expect(row.time).toBe(chosen);
        expect(row.date).toBe(target.date);
        expect(dbQuery("select actor from appointment_history where appointment_id = ? and action = 'moved'", b.id)).toEqual([{ actor: "Patient" }]);
        // the old time is free again
        await page.goto(`/appointment?${new URLSearchParams({ service: b.service, date: b.date })}`);
        await expect(page.getByLabel("Heure").locator(`option[value="${b.time}"]`)).toHaveCount(1);
      });
    }
  });
}

test("the .ics download: a calendar file of the appointment, private", async ({ page, request }) => {
  const b = await bookAndKeepLink(page, request, { from: 10 });
  await page.goto(b.path);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Ajouter à mon agenda (.ics)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`rendez-vous-${b.date}.ics`);
  const text = fs.readFileSync((await file.path())!, "utf8");
  expect(text).toContain("BEGIN:VCALENDAR");
  expect(text).toContain("METHOD:PUBLISH");
  expect(text).toContain(`DTSTART;TZID=Africa/Algiers:${b.date.replaceAll("-", "")}T${b.time.replace(":", "")}00`);
  expect(text).not.toContain(b.name);
  const res = await page.request.get(`${b.path}/calendrier.ics`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(res.headers()["content-disposition"]).toBe(`attachment; filename="rendez-vous-${b.date}.ics"`);
  expect(res.headers()["cache-control"]).toBe("private, no-store");
});

test("a wrong or malformed link shows the same French 404 page, with the clinic's numbers", async ({ page }) => {
  const wrong = crypto.randomBytes(32).toString("base64url");
  const pages: { status: number; text: string; headers: Record<string, string> }[] = [];
  for (const [i, path] of [`/rdv/${wrong}`, "/rdv/pas-un-lien", `/rdv/${wrong}/calendrier.ics`].entries()) {
    const res = await page.goto(path);
    pages.push({ status: res!.status(), text: await page.locator("main, body").first().innerText(), headers: res!.headers() });
    await expect(page.getByRole("heading", { level: 1, name: "Lien introuvable" })).toBeVisible();
    await expect(page.getByText("Ce lien ne permet pas d'afficher un rendez-vous.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Cabinet : 023 70 45 12" })).toHaveAttribute("href", "tel:+21323704512");
    await shot(page, `rdv-not-found-${i}`);
  }
  const [a, b] = pages;
  expect(a.status).toBe(404);
  expect(b.status).toBe(404);
  expect(pages[2].status).toBe(404);
  expect(b.text).toBe(a.text);
  for (const p of pages) expect(p.headers["cache-control"]).toBe("private, no-store");
  expect(a.headers["referrer-policy"]).toBe(b.headers["referrer-policy"]);
  expect(a.headers["x-robots-tag"]).toBe("noindex");
});

test("the page is server HTML: no React Router script, only the move form's island (React and its own file)", async ({ page, request }) => {
  const b = await bookAndKeepLink(page, request, { from: 18 });
  const html = await (await request.get(b.path)).text();
  expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
  expect(html).not.toContain("window.__reactRouterContext");
  expect(html).toContain('data-island="rdv-move"');
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(b.path);
  await hydrated(page);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  expect(await reactRuns(page)).toBe(false);
  // the island's file (with its own copy of the free-time pieces it shares with the booking form) and React's
  expect([...new Set(scripts)].sort()).toEqual([expect.stringMatching(/^\/assets\/islands\/rdv-move-[\w-]+\.js$/), expect.stringMatching(/^\/assets\/islands\/react-[\w-]+\.js$/)]);
});

test.describe("without JavaScript, at 375 px", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });

  test("book, read the link, confirm, move with 'Voir les horaires libres', then cancel (a reason asked first)", async ({ page, request }) => {
    const b = await bookAndKeepLink(page, request, { from: 16, noJs: true });
    await page.goto(b.path);
    await page.getByRole("button", { name: "Je confirme ma présence" }).click();
    await expect(page.getByText("Merci : votre présence est confirmée.")).toBeVisible();
    await expect(page.getByText("Présence confirmée", { exact: true })).toBeVisible();

    const target = await freeDay(request, b.service, 20, b.date);
    await page.getByText("Changer de jour ou d'heure").click();
    const form = page.getByRole("form", { name: "Changer de jour ou d'heure" });
    await expect(form.getByText("Choisissez une date, puis affichez les horaires libres de ce jour.")).toBeVisible();
    await form.getByLabel("Nouvelle date").fill(target.date);
    await form.getByRole("button", { name: "Voir les horaires libres" }).click();
    // the answer page: the disclosure open, the day kept, its free times in 'Heure'
    const again = page.getByRole("form", { name: "Changer de jour ou d'heure" });
    await expect(again).toBeVisible();
    await expect(again.getByLabel("Nouvelle date")).toHaveValue(target.date);
    const heure = again.getByLabel("Heure");
    await expect(heure).toBeEnabled();
    const time = (await heure.locator("option:not([value=''])").first().getAttribute("value"))!;
    await heure.selectOption(time);
    await shot(page, "rdv-move-slots-nojs");
    await page.getByRole("button", { name: "Déplacer le rendez-vous" }).click();
    await expect(page.getByText(/^Votre rendez-vous est déplacé au /)).toBeVisible();
    expect(rowNamed(b.name)).toMatchObject({ date: target.date, time });
    await noSidewaysScroll(page);
    await shot(page, "rdv-moved-nojs");

    await page.getByText("Annuler le rendez-vous", { exact: true }).click();
    const cancel = page.getByRole("form", { name: "Annuler le rendez-vous" });
    await cancel.getByRole("button", { name: "Confirmer l'annulation" }).click();
    // refused: the disclosure open again with the field's message, nothing stored
    const refused = page.getByRole("form", { name: "Annuler le rendez-vous" });
    await expect(refused.getByText("Indiquez la raison de l'annulation.")).toBeVisible();
    await expect(refused.getByLabel("Raison de l'annulation")).toHaveAttribute("aria-invalid", "true");
    expect(rowNamed(b.name).status).toBe("requested");
    await refused.getByLabel("Raison de l'annulation").fill("Un empêchement");
    await refused.getByRole("button", { name: "Confirmer l'annulation" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Votre rendez-vous est annulé. Merci de nous avoir prévenus." })).toBeVisible();
    await expect(page.getByRole("region", { name: "Votre rendez-vous" }).getByText("Annulé", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Un nouveau rendez-vous ?" })).toBeVisible();
    expect(rowNamed(b.name)).toMatchObject({ status: "cancelled", cancelled_by: "patient", cancel_reason: "Un empêchement" });
    await shot(page, "rdv-cancelled-nojs");
  });
});
