import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { collectConsoleErrors, dbQuery, dbRun, expectNoSeriousA11yViolations, hydrated } from "./helpers";

/*
 * The booking form against the clinic's schedule (a fresh e2e database: Saturday to Thursday
 * 09:00–12:30 and 13:30–17:00, Friday closed, two hours' notice, 60 days ahead, one chair).
 * Every day is computed from today in Africa/Algiers (today may be a Friday), and every time
 * booked is one the form itself offers, so that the tests do not depend on one another.
 */

const TZ = "Africa/Algiers";

/** A calendar day in the clinic's time zone, `days` from today. */
function clinicDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function weekday(ymd: string): number {
  return new Date(`${ymd}T12:00:00Z`).getUTCDay();
}

/** The first day from `days` ahead that falls on `day` (0 = Sunday … 5 = Friday, 6 = Saturday). */
function nextWeekday(day: number, days: number): string {
  for (let d = days; ; d++) if (weekday(clinicDay(d)) === day) return clinicDay(d);
}

/** "mardi 24 novembre", as the form says a day (the year when it is not this year's). */
function dayLong(ymd: string): string {
  const opts: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" };
  if (ymd.slice(0, 4) !== clinicDay(0).slice(0, 4)) opts.year = "numeric";
  return new Intl.DateTimeFormat("fr-FR", opts).format(new Date(`${ymd}T12:00:00Z`));
}

/** "mardi 24 novembre 2026", as the success screen says the day booked. */
function dayFull(ymd: string): string {
  return new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${ymd}T12:00:00Z`));
}

/** The success screen's summary: the service, then the day and the time. */
const booked = (page: Page) => page.getByRole("region", { name: "Récapitulatif de votre demande" });
const bookingForm = (page: Page) => page.getByRole("form", { name: "Demande de rendez-vous" });

const SUCCESS = "Votre demande de rendez-vous a bien été envoyée. Nous vous contacterons pour confirmer le créneau.";
const FIX = "Certains champs sont à corriger : voyez les messages sous les champs concernés.";
const TAKEN = "Ce créneau vient d'être pris. Choisissez l'un des horaires encore libres.";
const FREE_LINE = /^\d+ horaires? libres? le /;

function uniqueName(label: string) {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

type Row = { id: number; name: string; email: string; phone: string; service: string; date: string; time: string; message: string | null; submission_key: string | null; status: string };

function rowsNamed(name: string) {
  return dbQuery<Row>("select * from appointments where name = ?", name);
}

function unitsOf(id: number) {
  return dbQuery<{ unit_start: string }>("select unit_start from appointment_slots where appointment_id = ? order by unit_start", id).map((u) => u.unit_start);
}

/**
 * A day (from `from` days ahead) on which `service` still has a free time, by the site's own
 * answer: the form offers its times, so a test books one that is really free.
 */
async function freeDay(request: APIRequestContext, service: string, from: number): Promise<{ date: string; times: string[] }> {
  for (let d = from; d < from + 40; d++) {
    const date = clinicDay(d);
    const res = await request.get(`/appointment/creneaux?${new URLSearchParams({ service, date })}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { times: string[] };
    if (body.times.length > 0) return { date, times: body.times };
  }
  throw new Error(`no free day for ${service}`);
}

/** Writes a booking straight into the database, holding its units (another patient, faster). */
function takeSlot(service: string, date: string, time: string, minutes: number) {
  const r = dbRun(
    "insert into appointments (name, email, phone, service, date, time, created_at, status, chair, duration_minutes, buffer_minutes) values (?, ?, ?, ?, ?, ?, ?, 'requested', 1, ?, 0)",
    uniqueName("Patient plus rapide"),
    "rapide@exemple.dz",
    "0661 00 00 00",
    service,
    date,
    time,
    new Date().toISOString(),
    minutes,
  );
  const [h, m] = time.split(":").map(Number);
  for (let k = 0; k < minutes; k += 15) {
    const t = h * 60 + m + k;
    // (a unit already held, by a demo booking, stays as it is)
    dbRun(
      "insert or ignore into appointment_slots (chair, unit_start, appointment_id) values (1, ?, ?)",
      `${date}T${String(Math.floor(t / 60)).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}`,
      r.lastInsertRowid,
    );
  }
}

const heure = (page: Page) => page.getByLabel("Heure");
const slotLine = (page: Page) => page.locator("#booking-slots").getByRole("status");

/** The first free time the 'Heure' select offers (once the day's times are there). */
async function firstOfferedTime(page: Page): Promise<string> {
  await expect(heure(page)).toBeEnabled();
  const value = await heure(page).locator("option:not([value=''])").first().getAttribute("value");
  expect(value).toMatch(/^\d\d:\d\d$/);
  return value!;
}

interface Fill {
  email?: string;
  date?: string;
  service?: string | null;
  consent?: boolean;
  /** a time to choose, the first one offered (default), or none (null) */
  time?: string | null;
  /** without JavaScript: press 'Voir les horaires libres' to have the times rendered */
  noJs?: boolean;
}

/** Fills the form as a patient does; returns the time chosen. */
async function fillBooking(page: Page, name: string, date: string, over: Fill = {}): Promise<string | null> {
  await page.getByLabel("Nom complet").fill(name);
  await page.getByLabel("Email").fill(over.email ?? "patient.e2e@exemple.dz");
  await page.getByLabel("Téléphone").fill("0550 12 34 56");
  if (over.service !== null) await page.getByLabel("Service").selectOption(over.service ?? "Orthodontie");
  await page.getByLabel("Date").fill(over.date ?? date);
  await page.getByLabel("Message").fill("Je souhaite un bilan complet.");
  // ticked again if the tap missed: the day's free times arriving (or the page's smooth scroll to
  // the box) can move it between the check that it stands still and the tap, as under a finger
  if (over.consent !== false) await expect(async () => page.getByLabel(/J'accepte que la clinique utilise ces informations/).setChecked(true, { timeout: 3000 })).toPass();
  if (over.time === null) return null;
  if (over.noJs) await page.getByRole("button", { name: "Voir les horaires libres" }).click();
  const time = over.time ?? (await firstOfferedTime(page));
  await heure(page).selectOption(time);
  return time;
}

test.describe("booking form with JavaScript", () => {
  test("offers the day's free times, stores exactly one row holding its slot, shows the booking in place of the form, hides the banner, and 'Prendre un autre rendez-vous' brings an empty form", async ({ page, request }) => {
    const errors = collectConsoleErrors(page);
    const { date } = await freeDay(request, "Orthodontie", 3);
    await page.goto("/appointment");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Prendre Rendez-vous" })).toBeVisible();
    const service = page.getByLabel("Service");
    await expect(service.locator("option")).toHaveText([
      "Choisissez un service",
      "Implementation",
      "Prothèses dentaires",
      "Blanchiment des dents",
      "Orthodontie",
      "Chirurgie dentaire",
      "Extraction dentaire",
      "Soins conservateurs",
      "Esthétique dentaire",
    ]);
    await expect(service).toHaveValue("");
    await expect(page.getByLabel("Message")).toHaveAttribute("rows", "4");
    // from today to the booking horizon (60 days)
    await expect(page.getByLabel("Date")).toHaveAttribute("min", clinicDay(0));
    await expect(page.getByLabel("Date")).toHaveAttribute("max", clinicDay(60));
    // no day yet: nothing to choose, and the line says what to do
    await expect(heure(page)).toBeDisabled();
    await expect(slotLine(page)).toHaveText("Choisissez un service et une date : les horaires libres de ce jour s'affichent ici.");
    // with JavaScript the times follow by themselves: no button to ask for them
    await expect(page.getByRole("button", { name: "Voir les horaires libres" })).toHaveCount(0);
    await expect(page.getByRole("form", { name: "Demande de rendez-vous" }).getByRole("link", { name: "politique de confidentialité" })).toHaveAttribute(
      "href",
      "/politique-de-confidentialite",
    );

    const name = uniqueName("Réservation JS");
    const time = await fillBooking(page, name, date);
    await expect(slotLine(page)).toHaveText(FREE_LINE);
    await expect(slotLine(page)).toContainText(dayLong(date));
    // the times offered are quarter hours within the opening hours
    const offered = await heure(page)
      .locator("option:not([value=''])")
      .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
    expect(offered.length).toBeGreaterThan(0);
    for (const t of offered) expect(t >= "09:00" && t <= "16:30" && !(t > "12:00" && t < "13:30") && Number(t.slice(3)) % 15 === 0, t).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // What the button says while the post runs is recorded at the post (after the island has handled it:
    // the answer may come back before a test could look).
    await page.evaluate(() =>
      document.addEventListener("submit", () => {
        const b = document.querySelector<HTMLButtonElement>('form[aria-label="Demande de rendez-vous"] button[type="submit"]:not([hidden]):not([name])')!;
        sessionStorage.setItem("busy-button", JSON.stringify({ text: b.innerText.trim(), disabled: b.disabled }));
      }),
    );
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    const banner = page.getByRole("status").filter({ hasText: SUCCESS });
    await expect(banner).toBeVisible();
    const shownAt = Date.now();
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem("busy-button")))!)).toEqual({ text: "Envoi en cours...", disabled: true });
    const rows = rowsNamed(name);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: "patient.e2e@exemple.dz",
      phone: "0550 12 34 56",
      service: "Orthodontie",
      date,
      time,
      message: "Je souhaite un bilan complet.",
      status: "requested",
    });
    // 30 minutes and the 15-minute buffer: three units of the chair are held
    expect(unitsOf(rows[0].id)).toHaveLength(3);
    expect(unitsOf(rows[0].id)[0]).toBe(`${date}T${time}`);

    // in place of the form: what was booked, the day in full and the time as the site writes one
    await expect(booked(page)).toContainText("Orthodontie");
    await expect(booked(page)).toContainText(`${dayFull(date)} à ${time}`);
    await expect(bookingForm(page)).toHaveCount(0);
    await expect(page.getByText("sont obligatoires.")).toBeHidden();

    // the banner hides by itself after 5 s; what was booked stays
    await expect(banner).toBeHidden({ timeout: 8000 });
    expect(Date.now() - shownAt).toBeGreaterThan(4000);
    await expect(booked(page)).toBeVisible();

    // an empty form for another request
    await page.getByRole("link", { name: "Prendre un autre rendez-vous" }).click();
    await hydrated(page);
    await expect(page.getByLabel("Nom complet")).toHaveValue("");
    await expect(page.getByLabel("Service")).toHaveValue("");
    await expect(heure(page)).toBeDisabled();
    await expect(page.getByLabel(/J'accepte/)).not.toBeChecked();
    await expect(page.getByRole("button", { name: "Envoyer ma demande" })).toBeEnabled();
    await expect(booked(page)).toHaveCount(0);

    // the time just booked is no longer offered
    await page.getByLabel("Service").selectOption("Orthodontie");
    await page.getByLabel("Date").fill(date);
    await expect(heure(page)).toBeEnabled();
    await expect(heure(page).locator(`option[value="${time}"]`)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("the banner can be closed at once; the personal link stays and can be copied", async ({ page, request, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const { date } = await freeDay(request, "Orthodontie", 4);
    await page.goto("/appointment");
    await hydrated(page);
    const name = uniqueName("Réservation fermée");
    await fillBooking(page, name, date);
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    const banner = page.getByRole("status").filter({ hasText: SUCCESS });
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Fermer" }).click();
    await expect(banner).toBeHidden();
    expect(rowsNamed(name)).toHaveLength(1);

    const card = page.getByRole("region", { name: "Votre lien personnel" });
    // a short button, not the long address
    const link = card.getByRole("link", { name: "Gérer mon rendez-vous" });
    await expect(link).toHaveAttribute("href", /\/rdv\/[A-Za-z0-9_-]{43}$/);
    await expect(card).not.toContainText("/rdv/");
    await card.getByRole("button", { name: "Copier le lien" }).click();
    await expect(card.getByRole("status")).toHaveText("Lien copié.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.getAttribute("href"));
  });

  test("invalid input gets French errors next to the fields, keeps the input and stores nothing", async ({ page }) => {
    await page.goto("/appointment");
    await hydrated(page);
    const name = uniqueName("Réservation invalide");
    await fillBooking(page, name, clinicDay(-2), { email: "patient@", service: null, consent: false, time: null });
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(page.getByRole("alert").filter({ hasText: FIX })).toBeVisible();
    await expect(page.getByText("Adresse e-mail invalide (exemple : nom@exemple.com).")).toBeVisible();
    await expect(page.getByText("La date ne peut pas être dans le passé.")).toBeVisible();
    await expect(page.getByText("Veuillez choisir un service.")).toBeVisible();
    await expect(page.getByText("Veuillez choisir une heure.")).toBeVisible();
    await expect(page.getByText("Veuillez accepter la politique de confidentialité pour envoyer votre demande.")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Email")).toBeFocused();
    await expect(page.getByLabel("Nom complet")).toHaveValue(name);
    await expect(page.getByLabel("Email")).toHaveValue("patient@");
    await expectNoSeriousA11yViolations(page);

    // fixing the field removes its message
    await page.getByLabel("Email").fill("patient@exemple.dz");
    await expect(page.getByText("Adresse e-mail invalide (exemple : nom@exemple.com).")).toBeHidden();
    // a past day offers no time
    await page.getByLabel("Service").selectOption("Orthodontie");
    await expect(slotLine(page)).toHaveText("Cette date est passée : choisissez un jour à venir.");
    await expect(heure(page)).toBeDisabled();
    expect(rowsNamed(name)).toHaveLength(0);
  });

  test("a double click stores one row", async ({ page, request }) => {
    const { date } = await freeDay(request, "Orthodontie", 5);
    await page.goto("/appointment");
    await hydrated(page);
    const name = uniqueName("Réservation double JS");
    await fillBooking(page, name, date);
    await page.getByRole("button", { name: "Envoyer ma demande" }).dblclick();
    await expect(page.getByRole("status").filter({ hasText: SUCCESS })).toBeVisible();
    // every post the double click sent has been answered
    await page.waitForLoadState("networkidle");
    expect(rowsNamed(name)).toHaveLength(1);
  });

  test("a storage failure shows a clear French message and keeps the input", async ({ page, request }) => {
    const { date } = await freeDay(request, "Orthodontie", 6);
    const name = uniqueName("Échec Stockage");
    const trigger = `booking_fail_${Date.now()}`;
    dbRun(`create trigger ${trigger} before insert on appointments when new.name = '${name}' begin select raise(abort, 'refus de test'); end`);
    try {
      await page.goto("/appointment");
      await hydrated(page);
      const time = await fillBooking(page, name, date);
      await page.getByRole("button", { name: "Envoyer ma demande" }).click();
      const alert = page.getByRole("alert");
      await expect(alert).toContainText("Votre demande n'a pas pu être enregistrée. Merci de réessayer dans un instant ou de nous appeler au 023 70 45 12.");
      await expect(page.getByText(SUCCESS)).toHaveCount(0);
      await expect(page.getByLabel("Nom complet")).toHaveValue(name);
      await expect(page.getByLabel("Email")).toHaveValue("patient.e2e@exemple.dz");
      await expect(page.getByLabel("Service")).toHaveValue("Orthodontie");
      await expect(heure(page)).toHaveValue(time!);
      await expect(page.getByLabel("Message")).toHaveValue("Je souhaite un bilan complet.");
      await expect(page.getByLabel(/J'accepte/)).toBeChecked();
    } finally {
      dbRun(`drop trigger if exists ${trigger}`);
    }
    expect(rowsNamed(name)).toHaveLength(0);

    // once the database accepts again, the same form goes through (same request, one row)
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(page.getByRole("status").filter({ hasText: SUCCESS })).toBeVisible();
    expect(rowsNamed(name)).toHaveLength(1);
  });

  test("while the times load a spinner says so; a network failure is said in French with a retry", async ({ page, request }) => {
    const { date } = await freeDay(request, "Soins conservateurs", 7);
    await page.goto("/appointment");
    await hydrated(page);
    let fail = true;
    await page.route("**/appointment/creneaux*", async (route) => {
      if (fail) return route.abort("internetdisconnected");
      await new Promise((r) => setTimeout(r, 700));
      return route.continue();
    });
    await page.getByLabel("Service").selectOption("Soins conservateurs");
    await page.getByLabel("Date").fill(date);
    await expect(slotLine(page)).toHaveText("Impossible de charger les horaires libres. Vérifiez votre connexion, puis réessayez.");
    await expect(heure(page)).toBeDisabled();
    fail = false;
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expect(slotLine(page)).toHaveText("Recherche des horaires libres…");
    await expect(heure(page)).toBeDisabled();
    await expect(slotLine(page)).toHaveText(FREE_LINE);
    await expect(heure(page)).toBeEnabled();
  });

  test("a service booked by phone only shows the clinic's numbers and offers no time", async ({ page, request }) => {
    const { date } = await freeDay(request, "Chirurgie dentaire", 3);
    dbRun("update service_settings set online = 0 where service = 'Chirurgie dentaire'");
    try {
      await page.goto("/appointment");
      await hydrated(page);
      await page.getByLabel("Service").selectOption("Chirurgie dentaire");
      await page.getByLabel("Date").fill(date);
      await expect(slotLine(page)).toHaveText("Ce soin ne se réserve pas en ligne : appelez-nous pour convenir d'un rendez-vous.");
      const panel = page.locator("#booking-slots");
      await expect(panel.getByRole("link", { name: "Cabinet : 023 70 45 12" })).toHaveAttribute("href", "tel:+21323704512");
      await expect(panel.getByRole("link", { name: "Mobile : 0550 12 34 56" })).toHaveAttribute("href", "tel:+213550123456");
      await expect(heure(page)).toBeDisabled();
      await expect(page.getByRole("button", { name: "Envoyer ma demande" })).toBeDisabled();
      // another service: the times come back
      await page.getByLabel("Service").selectOption("Orthodontie");
      await expect(heure(page)).toBeEnabled();
      await expect(page.getByRole("button", { name: "Envoyer ma demande" })).toBeEnabled();

      // the server refuses it too (a post made without the page)
      const res = await page.request.post("/appointment", {
        form: { name: "Sans page", email: "a@exemple.dz", phone: "0550 12 34 56", service: "Chirurgie dentaire", date, time: "09:00", consent: "on", website: "" },
        headers: { Origin: new URL(page.url()).origin },
      });
      expect(res.status()).toBe(409);
      expect(rowsNamed("Sans page")).toHaveLength(0);
    } finally {
      dbRun("update service_settings set online = 1 where service = 'Chirurgie dentaire'");
    }
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 812 } });
    test("the success screen: service, day and time, 'Ajouter à mon agenda' gives the calendar file, thumb-sized buttons, and 'Prendre un autre rendez-vous'", async ({ page, request }) => {
      const { date } = await freeDay(request, "Blanchiment des dents", 12);
      await page.goto("/appointment");
      await hydrated(page);
      const time = await fillBooking(page, uniqueName("Succès téléphone"), date, { service: "Blanchiment des dents" });
      await page.getByRole("button", { name: "Envoyer ma demande" }).click();
      await expect(page.getByRole("status").filter({ hasText: SUCCESS })).toBeVisible();
      await expect(booked(page)).toContainText("Blanchiment des dents");
      await expect(booked(page)).toContainText(`${dayFull(date)} à ${time}`);
      await expect(bookingForm(page)).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

      // one under the other, the card's whole width (269 px of 375), a thumb's height
      const manage = page.getByRole("link", { name: "Gérer mon rendez-vous" });
      const agenda = page.getByRole("link", { name: "Ajouter à mon agenda" });
      for (const control of [manage, agenda, page.getByRole("button", { name: "Copier le lien" }), page.getByRole("link", { name: "Prendre un autre rendez-vous" })]) {
        const box = (await control.boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(box.width).toBeGreaterThan(260);
      }

      // the calendar file of the appointment, from the personal link
      const href = (await manage.getAttribute("href"))!;
      await expect(agenda).toHaveAttribute("href", `${href}/calendrier.ics`);
      const download = page.waitForEvent("download");
      await agenda.click();
      expect((await download).suggestedFilename()).toBe(`rendez-vous-${date}.ics`);
      const ics = await page.request.get(`${new URL(href).pathname}/calendrier.ics`);
      expect(ics.status()).toBe(200);
      expect(ics.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      expect(await ics.text()).toContain(`DTSTART;TZID=Africa/Algiers:${date.replaceAll("-", "")}T${time!.replace(":", "")}00`);

      await page.getByRole("link", { name: "Prendre un autre rendez-vous" }).click();
      await expect(page.getByLabel("Nom complet")).toHaveValue("");
      await expect(page.getByRole("button", { name: "Envoyer ma demande" })).toBeVisible();
    });

    test("the form fits the screen without sideways scrolling", async ({ page, request }) => {
      const { date } = await freeDay(request, "Orthodontie", 3);
      await page.goto("/appointment");
      await hydrated(page);
      await expect(page.getByLabel("Nom complet")).toBeVisible();
      await page.getByLabel("Service").selectOption("Orthodontie");
      await page.getByLabel("Date").fill(date);
      await expect(heure(page)).toBeEnabled();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const box = await page.getByRole("button", { name: "Envoyer ma demande" }).boundingBox();
      expect(box!.width).toBeGreaterThan(300);
    });
  });
});

test.describe("closed days, full days and slots just taken", () => {
  // on a phone, where patients book: the form's layout at 1280 px is the tests above
  for (const viewport of [{ width: 375, height: 812 }]) {
    test.describe(`at ${viewport.width} px`, () => {
      test.use({ viewport });

      test("a Friday (the weekly closed day) offers no time and the next free day, which sets the date", async ({ page }) => {
        const friday = nextWeekday(5, 1);
        const saturday = clinicDay(Math.round((Date.parse(`${friday}T12:00:00Z`) - Date.parse(`${clinicDay(0)}T12:00:00Z`)) / 86_400_000) + 1);
        await page.goto("/appointment");
        await hydrated(page);
        await page.getByLabel("Service").selectOption("Orthodontie");
        await page.getByLabel("Date").fill(friday);
        await expect(slotLine(page)).toHaveText("La clinique est fermée ce jour-là");
        await expect(heure(page)).toBeDisabled();
        await expect(heure(page).locator("option")).toHaveText(["Aucun horaire libre ce jour-là"]);
        const next = page.getByRole("button", { name: `Prochain jour libre : ${dayLong(saturday)}` });
        await expect(next).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        await next.click();
        await expect(page.getByLabel("Date")).toHaveValue(saturday);
        await expect(slotLine(page)).toHaveText(FREE_LINE);
        await expect(heure(page)).toBeEnabled();
        await expect(heure(page)).toBeFocused();
        await expect(next).toHaveCount(0);
      });

      test("a closure with its label (inserted by staff) offers no time; a full day says so", async ({ page }) => {
        // a Saturday a week ahead or more: the Sunday after it is open
        const closed = nextWeekday(6, 8 + (viewport.width === 375 ? 0 : 7));
        const sunday = clinicDay(Math.round((Date.parse(`${closed}T12:00:00Z`) - Date.parse(`${clinicDay(0)}T12:00:00Z`)) / 86_400_000) + 1);
        const closure = dbRun(
          "insert into schedule_exceptions (start_date, end_date, label, ranges, created_at) values (?, ?, 'Aïd el-Fitr', '[]', ?)",
          closed,
          closed,
          new Date().toISOString(),
        );
        try {
          await page.goto("/appointment");
          await hydrated(page);
          await page.getByLabel("Service").selectOption("Extraction dentaire");
          await page.getByLabel("Date").fill(closed);
          await expect(slotLine(page)).toHaveText("La clinique est fermée ce jour-là (Aïd el-Fitr)");
          await expect(heure(page)).toBeDisabled();
          await page.getByRole("button", { name: `Prochain jour libre : ${dayLong(sunday)}` }).click();
          await expect(page.getByLabel("Date")).toHaveValue(sunday);
          await expect(heure(page)).toBeEnabled();

          // every start of that Sunday taken (one long booking over the whole day): full
          takeSlot("Extraction dentaire", sunday, "09:00", 8 * 60);
          await page.getByLabel("Date").fill(closed);
          await expect(slotLine(page)).toContainText("fermée");
          await page.getByLabel("Date").fill(sunday);
          await expect(slotLine(page)).toHaveText("Complet ce jour-là");
          await expect(heure(page)).toBeDisabled();
          await expect(page.getByRole("button", { name: /^Prochain jour libre\s: / })).toBeVisible();
        } finally {
          dbRun("delete from schedule_exceptions where id = ?", closure.lastInsertRowid);
        }
      });

      test("a slot just taken is refused beside 'Heure' with the nearest free times, every other field kept", async ({ page, request }) => {
        const { date } = await freeDay(request, "Orthodontie", viewport.width === 375 ? 9 : 11);
        await page.goto("/appointment");
        await hydrated(page);
        const name = uniqueName("Créneau pris");
        const time = (await fillBooking(page, name, date))!;
        // another patient books that very time while this page is open
        takeSlot("Orthodontie", date, time, 45);
        await page.getByRole("button", { name: "Envoyer ma demande" }).click();

        await expect(page.getByRole("alert").filter({ hasText: FIX })).toBeVisible();
        await expect(page.getByText(TAKEN)).toBeVisible();
        await expect(heure(page)).toHaveAttribute("aria-invalid", "true");
        await expect(heure(page)).toBeFocused();
        await expect(heure(page).locator(`option[value="${time}"]`)).toHaveCount(0);
        for (const [label, value] of [
          ["Nom complet", name],
          ["Email", "patient.e2e@exemple.dz"],
          ["Téléphone", "0550 12 34 56"],
          ["Service", "Orthodontie"],
          ["Date", date],
          ["Message", "Je souhaite un bilan complet."],
        ]) {
          await expect(page.getByLabel(label)).toHaveValue(value);
        }
        await expect(page.getByLabel(/J'accepte/)).toBeChecked();
        const choices = page.getByRole("button", { name: /^Choisir le / });
        await expect(choices).toHaveCount(3);
        await expectNoSeriousA11yViolations(page);
        expect(rowsNamed(name)).toHaveLength(0);

        // one of them, and the request goes through at that time
        const label = (await choices.first().getAttribute("aria-label"))!;
        const [, chosen] = /à (\d\d:\d\d)$/.exec(label)!;
        await choices.first().click();
        await expect(heure(page)).toHaveValue(chosen);
        await expect(page.getByText(TAKEN)).toBeHidden();
        await page.getByRole("button", { name: "Envoyer ma demande" }).click();
        await expect(page.getByRole("status").filter({ hasText: SUCCESS })).toBeVisible();
        expect(rowsNamed(name)).toMatchObject([{ time: chosen, status: "requested" }]);
      });
    });
  }
});

test.describe("booking form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Voir les horaires libres' renders the day's times with every field kept; the post stores exactly one row and shows the same success screen", async ({ page, request }) => {
    const { date } = await freeDay(request, "Esthétique dentaire", 3);
    await page.goto("/appointment");
    await expect(heure(page)).toBeDisabled();
    const name = uniqueName("Réservation sans JS");
    const time = await fillBooking(page, name, date, { service: "Esthétique dentaire", noJs: true });
    // the server answered with the page again: the fields typed before are still there
    await expect(page.getByLabel("Nom complet")).toHaveValue(name);
    await expect(page.getByLabel("Message")).toHaveValue("Je souhaite un bilan complet.");
    await expect(page.getByLabel(/J'accepte/)).toBeChecked();
    await expect(slotLine(page)).toHaveText(FREE_LINE);
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(page.getByText(SUCCESS)).toBeVisible();
    const rows = rowsNamed(name);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ service: "Esthétique dentaire", date, time, status: "requested" });
    expect(unitsOf(rows[0].id).length).toBeGreaterThan(0);

    // the same success screen as with JavaScript, rendered by the server
    await expect(booked(page)).toContainText("Esthétique dentaire");
    await expect(booked(page)).toContainText(`${dayFull(date)} à ${time}`);
    await expect(bookingForm(page)).toHaveCount(0);
    const manage = page.getByRole("link", { name: "Gérer mon rendez-vous" });
    await expect(manage).toHaveAttribute("href", /\/rdv\/[A-Za-z0-9_-]{43}$/);
    const agenda = page.getByRole("link", { name: "Ajouter à mon agenda" });
    await expect(agenda).toHaveAttribute("href", `${await manage.getAttribute("href")}/calendrier.ics`);
    const ics = await page.request.get(new URL((await agenda.getAttribute("href"))!).pathname);
    expect(ics.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    // 'Copier le lien' needs JavaScript
    await expect(page.getByRole("button", { name: "Copier le lien" })).toBeHidden();
    await page.getByRole("link", { name: "Prendre un autre rendez-vous" }).click();
    await expect(page.getByLabel("Nom complet")).toHaveValue("");
    await expect(heure(page)).toBeDisabled();
  });

  test("a closed day offers the next free day; a slot just taken is refused with the nearest times as buttons", async ({ page, request }) => {
    const friday = nextWeekday(5, 2);
    await page.goto("/appointment");
    const name = uniqueName("Sans JS pris");
    await fillBooking(page, name, friday, { time: null });
    await page.getByRole("button", { name: "Voir les horaires libres" }).click();
    await expect(slotLine(page)).toHaveText("La clinique est fermée ce jour-là");
    await expect(heure(page)).toBeDisabled();
    await page.getByRole("button", { name: /^Prochain jour libre\s: / }).click();
    await expect(page.getByLabel("Date")).not.toHaveValue(friday);
    const date = await page.getByLabel("Date").inputValue();
    const time = await firstOfferedTime(page);
    await heure(page).selectOption(time);
    takeSlot("Orthodontie", date, time, 45);
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(page.getByText(TAKEN)).toBeVisible();
    await expect(page.getByLabel("Nom complet")).toHaveValue(name);
    await expect(page.getByLabel(/J'accepte/)).toBeChecked();
    await page
      .getByRole("button", { name: /^Choisir le / })
      .first()
      .click();
    await expect(heure(page)).not.toHaveValue("");
    const chosen = await heure(page).inputValue();
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(page.getByText(SUCCESS)).toBeVisible();
    expect(rowsNamed(name)).toMatchObject([{ date, time: chosen }]);
    expect(await request.get("/appointment/creneaux?service=Orthodontie&date=demain").then((r) => r.status())).toBe(400);
  });

  test("the server refuses invalid input with the same French messages, input kept", async ({ page }) => {
    await page.goto("/appointment");
    const name = uniqueName("Réservation sans JS invalide");
    await fillBooking(page, name, clinicDay(-1), { email: "pas-une-adresse", consent: false, time: null });
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(page.getByText("Adresse e-mail invalide (exemple : nom@exemple.com).")).toBeVisible();
    await expect(page.getByText("La date ne peut pas être dans le passé.")).toBeVisible();
    await expect(page.getByText("Veuillez choisir une heure.")).toBeVisible();
    await expect(page.getByText("Veuillez accepter la politique de confidentialité pour envoyer votre demande.")).toBeVisible();
    await expect(page.getByLabel("Nom complet")).toHaveValue(name);
    await expect(page.getByLabel("Service")).toHaveValue("Orthodontie");
    await expect(page.getByLabel("Date")).toHaveValue(clinicDay(-1));
    expect(rowsNamed(name)).toHaveLength(0);
  });

  test("a double click and a resent post store one row", async ({ page, request, baseURL }) => {
    const { date } = await freeDay(request, "Orthodontie", 8);
    await page.goto("/appointment");
    const name = uniqueName("Réservation double");
    await fillBooking(page, name, date, { noJs: true });
    await page.getByRole("button", { name: "Envoyer ma demande" }).dblclick();
    await expect(page.getByText(SUCCESS)).toBeVisible();
    // every post the double click sent has been answered
    await page.waitForLoadState("networkidle");
    expect(rowsNamed(name)).toHaveLength(1);

    // the same post sent twice (a browser resending the form)
    const free = await freeDay(request, "Implementation", 9);
    await page.goto("/appointment");
    // the page is the same for everyone: a browser makes the key once the form comes to life (here,
    // without JavaScript, the page carries none); the post resent carries the key a browser made
    await expect(page.locator('input[name="submission_key"]')).toHaveValue("");
    const key = crypto.randomUUID();
    const resent = uniqueName("Réservation renvoyée");
    const form = {
      name: resent,
      email: "renvoi@exemple.dz",
      phone: "0550 00 11 22",
      service: "Implementation",
      date: free.date,
      time: free.times[0],
      message: "",
      consent: "on",
      submission_key: key,
      website: "",
    };
    for (let i = 0; i < 2; i++) {
      const res = await page.request.post("/appointment", { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
      expect(res.status()).toBe(200);
      expect(await res.text()).toContain(SUCCESS);
    }
    const rows = rowsNamed(resent);
    expect(rows).toHaveLength(1);
    expect(rows[0].submission_key).toBe(key);
  });
});
