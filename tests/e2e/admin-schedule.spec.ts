import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { collectConsoleErrors, dbQuery, dbRun, expectNoSeriousA11yViolations, loginAsStaff } from "./helpers";

/*
 * The staff screen 'Horaires et fermetures' (/admin/horaires) and what follows from it on the
 * public site: the footer's hours, the home page's JSON-LD and the free times of /appointment.
 * Days are computed from today in Africa/Algiers (today may be a Friday); every test puts the
 * clinic's default schedule back, so that the other specs find it as a fresh database has it.
 */

const TZ = "Africa/Algiers";
const PATH = "/admin/horaires";
const FIX = "Certains champs sont à corriger : voyez les messages sous les champs concernés.";

function clinicDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const weekday = (ymd: string) => new Date(`${ymd}T12:00:00Z`).getUTCDay();

/** The first day from `days` ahead that falls on `day` (0 = Sunday … 5 = Friday, 6 = Saturday). */
function nextWeekday(day: number, days: number): string {
  for (let d = days; ; d++) if (weekday(clinicDay(d)) === day) return clinicDay(d);
}

/** The first day from `days` ahead on which the clinic opens by default (not a Friday). */
function nextOpenDay(days: number): string {
  for (let d = days; ; d++) if (weekday(clinicDay(d)) !== 5) return clinicDay(d);
}

/** "2026-03-30" -> "30/03", as the site announces a closure. */
const dayMonth = (ymd: string) => `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}`;

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

/** The clinic's defaults (migration 003), put back after each test. */
function restoreDefaultSchedule() {
  dbRun("delete from opening_hours");
  for (const day of [6, 0, 1, 2, 3, 4]) {
    dbRun("insert into opening_hours (weekday, opens, closes) values (?, '09:00', '12:30')", day);
    dbRun("insert into opening_hours (weekday, opens, closes) values (?, '13:30', '17:00')", day);
  }
  dbRun("delete from schedule_exceptions where label like '%(e2e)%'");
  dbRun("update service_settings set online = 1");
  dbRun("update service_settings set duration_minutes = 30, buffer_minutes = 15 where service in ('Orthodontie', 'Extraction dentaire')");
  dbRun("update schedule_settings set min_notice_minutes = 120, horizon_days = 60, chairs = 1");
}

test.afterEach(() => restoreDefaultSchedule());

/** The free times of a day on the public site, as the booking form fetches them. */
async function freeTimes(request: APIRequestContext, service: string, date: string) {
  const res = await request.get(`/appointment/creneaux?${new URLSearchParams({ service, date })}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { state: string; times: string[]; label: string | null };
}

/** The booking form with a day chosen, rendered by the server (`?service=…&date=…`). */
async function openBookingDay(page: Page, service: string, date: string) {
  await page.goto(`/appointment?${new URLSearchParams({ service, date })}`);
  await expect(page.getByLabel("Date")).toHaveValue(date);
}

const heure = (page: Page) => page.getByLabel("Heure");
const save = (page: Page, name: string) => page.getByRole("button", { name });

test.describe("staff change the hours and the public site follows", () => {
  test("closing a weekday and shortening another: the footer, the JSON-LD and the booking form follow", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await loginAsStaff(page, PATH);
    await expect(page.getByRole("heading", { level: 1, name: "Horaires et fermetures" })).toBeVisible();
    await expect(page).toHaveTitle(/Horaires et fermetures/);

    // Wednesday closed: both its ranges removed
    await page.getByRole("button", { name: "Retirer la plage 2 (Mercredi)" }).click();
    await page.getByRole("button", { name: "Retirer la plage 1 (Mercredi)" }).click();
    const wednesday = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: "Ajouter une plage (Mercredi)" }) });
    await expect(wednesday.getByText("Fermé", { exact: true })).toBeVisible();
    // Thursday: the morning only, until 13:00
    await page.getByRole("button", { name: "Retirer la plage 2 (Jeudi)" }).click();
    await page.getByLabel("Fermeture (Jeudi, plage 1)").selectOption("13:00");
    await save(page, "Enregistrer les horaires").click();
    await expect(page.getByText("Horaires de la semaine enregistrés.")).toBeVisible();

    const stored = dbQuery<{ weekday: number; opens: string; closes: string }>("select weekday, opens, closes from opening_hours where weekday in (3, 4, 5) order by weekday, opens");
    expect(stored).toEqual([{ weekday: 4, opens: "09:00", closes: "13:00" }]);
    expect(dbQuery("select id from opening_hours where weekday = 6")).toHaveLength(2);

    // the screen's preview, after saving
    const preview = page.getByRole("complementary", { name: "Ce que voient les patients" });
    await expect(preview.getByRole("listitem")).toHaveText([/^Samedi\s–\sMardi/, /^Mercredi\s*:?\s*Fermé$/, /^Jeudi\s*:?\s*09:00\s–\s13:00$/, /^Vendredi\s*:?\s*Fermé$/]);

    // the public footer and the home page's JSON-LD
    await page.goto("/");
    const footer = page.locator("footer");
    await expect(footer.getByRole("listitem").filter({ hasText: "Samedi – Mardi" })).toContainText("09:00 – 12:30, 13:30 – 17:00");
    await expect(footer.getByRole("listitem").filter({ hasText: "Mercredi" })).toContainText("Fermé");
    await expect(footer.getByRole("listitem").filter({ hasText: "Jeudi" })).toContainText("09:00 – 13:00");
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday", "Sunday", "Monday", "Tuesday"], opens: "09:00", closes: "12:30" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday", "Sunday", "Monday", "Tuesday"], opens: "13:30", closes: "17:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Thursday"], opens: "09:00", closes: "13:00" },
    ]);

    // the booking form: a Wednesday offers nothing; a Thursday only its morning
    await openBookingDay(page, "Orthodontie", nextWeekday(3, 1));
    await expect(page.locator("#booking-slots").getByRole("status")).toHaveText("La clinique est fermée ce jour-là");
    await expect(heure(page)).toBeDisabled();
    await expect(heure(page).locator("option")).toHaveText(["Aucun horaire libre ce jour-là"]);
    await openBookingDay(page, "Orthodontie", nextWeekday(4, 1));
    await expect(heure(page)).toBeEnabled();
    const offered = await heure(page).locator("option:not([value=''])").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(offered.length).toBeGreaterThan(0);
    // a 30-minute care ends by 13:00: the last start is 12:30
    expect(offered.every((t) => t >= "09:00" && t <= "12:30")).toBe(true);
    expect(errors).toEqual([]);
  });

  test("a closure over two days: announced in the footer, no time offered on /appointment; deleted after a confirmation", async ({ page, request }) => {
    // far enough ahead that no other spec books there, near enough for the footer (30 days)
    const first = nextOpenDay(21);
    const last = clinicDay(Math.round((Date.parse(`${first}T12:00:00Z`) - Date.parse(`${clinicDay(0)}T12:00:00Z`)) / 86_400_000) + 1);
    const label = unique("Congé annuel (e2e)");
    expect((await freeTimes(request, "Orthodontie", first)).times.length).toBeGreaterThan(0);

    await loginAsStaff(page, PATH);
    await page.getByRole("textbox", { name: "Du", exact: true }).fill(first);
    await page.getByLabel("Au (inclus)").fill(last);
    await page.getByLabel("Libellé").fill(label);
    await expect(page.getByRole("radio", { name: /Fermé toute la journée/ })).toBeChecked();
    // the hours of a special period show only for 'Horaires spéciaux'
    await expect(page.getByLabel("Ouverture (Horaires spéciaux, plage 1)")).toBeHidden();
    await save(page, "Ajouter la période").click();
    await expect(page.getByText(`Fermeture ajoutée : ${label}.`)).toBeVisible();

    expect(dbQuery("select start_date, end_date, ranges from schedule_exceptions where label = ?", label)).toEqual([{ start_date: first, end_date: last, ranges: "[]" }]);
    const item = page.getByRole("list", { name: "Périodes à venir" }).getByRole("listitem").filter({ hasText: label });
    await expect(item).toContainText("Fermé toute la journée");
    const announced = `Fermé du ${dayMonth(first)} au ${dayMonth(last)} : ${label}`;
    await expect(page.getByRole("complementary", { name: "Ce que voient les patients" })).toContainText(announced);

    // the public site
    await page.goto("/");
    await expect(page.locator("footer")).toContainText(announced);
    for (const day of [first, last]) {
      const free = await freeTimes(request, "Orthodontie", day);
      expect(free).toMatchObject({ state: "closed", times: [], label });
    }
    await openBookingDay(page, "Orthodontie", first);
    await expect(page.locator("#booking-slots").getByRole("status")).toHaveText(`La clinique est fermée ce jour-là (${label})`);
    await expect(heure(page)).toBeDisabled();
    await expect(heure(page).locator("option")).toHaveText(["Aucun horaire libre ce jour-là"]);

    // deleting asks first
    await page.goto(PATH);
    const row = page.getByRole("list", { name: "Périodes à venir" }).getByRole("listitem").filter({ hasText: label });
    await row.getByText("Supprimer", { exact: true }).click();
    await expect(row.getByText(`Supprimer « ${label} » ? Ces jours reprendront les horaires de la semaine.`)).toBeVisible();
    expect(dbQuery("select id from schedule_exceptions where label = ?", label)).toHaveLength(1);
    await row.getByRole("button", { name: "Oui, supprimer" }).click();
    await expect(page.getByText("Période supprimée : ces jours reprennent les horaires de la semaine.")).toBeVisible();
    await expect(page.getByText(label)).toHaveCount(0);
    expect(dbQuery("select id from schedule_exceptions where label = ?", label)).toHaveLength(0);
    expect((await freeTimes(request, "Orthodontie", first)).times.length).toBeGreaterThan(0);
  });

  test("special hours (Ramadan, 10:00 to 15:00) replace the day's hours", async ({ page, request }) => {
    const day = nextOpenDay(25);
    const label = unique("Horaires du Ramadan (e2e)");
    await loginAsStaff(page, PATH);
    await page.getByRole("textbox", { name: "Du", exact: true }).fill(day);
    await page.getByLabel("Au (inclus)").fill(day);
    await page.getByLabel("Libellé").fill(label);
    await page.getByRole("radio", { name: /Horaires spéciaux/ }).check();
    await expect(page.getByLabel("Ouverture (Horaires spéciaux, plage 1)")).toHaveValue("10:00");
    await expect(page.getByLabel("Fermeture (Horaires spéciaux, plage 1)")).toHaveValue("15:00");
    await save(page, "Ajouter la période").click();
    await expect(page.getByText(`Horaires spéciaux ajoutés : ${label}.`)).toBeVisible();
    expect(dbQuery<{ ranges: string }>("select ranges from schedule_exceptions where label = ?", label).map((r) => JSON.parse(r.ranges))).toEqual([[{ opens: "10:00", closes: "15:00" }]]);
    await expect(page.getByRole("list", { name: "Périodes à venir" })).toContainText("Horaires spéciaux : 10:00 – 15:00");

    const free = await freeTimes(request, "Orthodontie", day);
    expect(free.times[0]).toBe("10:00");
    expect(free.times.at(-1)).toBe("14:30");
    await page.goto("/");
    await expect(page.locator("footer")).toContainText(`${label} le ${dayMonth(day)} : 10:00 – 15:00`);
  });

  test("a service set not bookable online, another made longer: the booking form says to call", async ({ page, request }) => {
    const day = nextOpenDay(23);
    await loginAsStaff(page, PATH);
    const surgery = page.getByRole("group", { name: "Chirurgie dentaire" });
    await expect(surgery.getByLabel("Réservable en ligne (Chirurgie dentaire)")).toBeChecked();
    await surgery.getByLabel("Réservable en ligne (Chirurgie dentaire)").uncheck();
    await page.getByLabel("Durée (Extraction dentaire)").fill("60");
    await page.getByLabel("Stérilisation après (Extraction dentaire)").fill("30");
    await expect(page.getByRole("group", { name: "Extraction dentaire" })).toContainText("Occupe le fauteuil 1 h 30 (soin + stérilisation)");
    await save(page, "Enregistrer les soins").click();
    await expect(page.getByText("Soins enregistrés.")).toBeVisible();

    expect(dbQuery("select service, duration_minutes, buffer_minutes, online from service_settings where service in ('Chirurgie dentaire', 'Extraction dentaire') order by service")).toEqual([
      { service: "Chirurgie dentaire", duration_minutes: 60, buffer_minutes: 15, online: 0 },
      { service: "Extraction dentaire", duration_minutes: 60, buffer_minutes: 30, online: 1 },
    ]);
    expect(await freeTimes(request, "Chirurgie dentaire", day)).toMatchObject({ state: "not_online", times: [] });
    // an hour-long care: the last start of the morning is 11:30 (it must end by 12:30)
    const extraction = await freeTimes(request, "Extraction dentaire", day);
    expect(extraction.times).toContain("11:30");
    expect(extraction.times).not.toContain("11:45");

    await page.goto("/appointment");
    await page.getByLabel("Service").selectOption("Chirurgie dentaire");
    await page.getByLabel("Date").fill(day);
    await expect(page.locator("#booking-slots").getByRole("status")).toHaveText("Ce soin ne se réserve pas en ligne : appelez-nous pour convenir d'un rendez-vous.");
    await expect(heure(page)).toBeDisabled();
  });

  test("the booking rules are saved in minutes, days and chairs", async ({ page }) => {
    await loginAsStaff(page, PATH);
    await expect(page.getByLabel("Délai minimum avant un rendez-vous")).toHaveValue("2");
    await expect(page.getByLabel("Unité du délai")).toHaveValue("hours");
    await page.getByLabel("Délai minimum avant un rendez-vous").fill("45");
    await page.getByLabel("Unité du délai").selectOption("minutes");
    await page.getByLabel("Réservation ouverte sur (jours)").fill("30");
    await page.getByLabel("Nombre de fauteuils").fill("2");
    await save(page, "Enregistrer les règles").click();
    await expect(page.getByText("Règles de réservation enregistrées.")).toBeVisible();
    expect(dbQuery("select min_notice_minutes, horizon_days, chairs from schedule_settings")).toEqual([{ min_notice_minutes: 45, horizon_days: 30, chairs: 2 }]);
    await page.reload();
    await expect(page.getByLabel("Délai minimum avant un rendez-vous")).toHaveValue("45");
    await expect(page.getByLabel("Unité du délai")).toHaveValue("minutes");
  });
});

test.describe("validation", () => {
  test("errors are said in French beside the fields, the input is kept and nothing is stored", async ({ page }) => {
    await loginAsStaff(page, PATH);
    const before = dbQuery("select weekday, opens, closes from opening_hours order by weekday, opens");

    // weekly hours: a range that closes before it opens, and one that overlaps the morning
    await page.getByLabel("Fermeture (Samedi, plage 1)").selectOption("08:00");
    await page.getByLabel("Ouverture (Dimanche, plage 2)").selectOption("12:00");
    await save(page, "Enregistrer les horaires").click();
    const saturdayClose = page.getByLabel("Fermeture (Samedi, plage 1)");
    await expect(saturdayClose).toHaveAttribute("aria-invalid", "true");
    await expect(saturdayClose).toHaveAccessibleDescription("L'heure de fermeture doit être après l'heure d'ouverture.");
    await expect(page.getByLabel("Ouverture (Dimanche, plage 2)")).toHaveAccessibleDescription("Cette plage chevauche celle de 09:00 à 12:30.");
    await expect(page.locator("#semaine").getByRole("alert")).toHaveText(FIX);
    await expect(saturdayClose).toHaveValue("08:00");
    expect(dbQuery("select weekday, opens, closes from opening_hours order by weekday, opens")).toEqual(before);
    // fixed: the message goes at once
    await saturdayClose.selectOption("12:30");
    await expect(saturdayClose).not.toHaveAttribute("aria-invalid", "true");

    // a period: no label, the last day before the first
    await page.getByRole("textbox", { name: "Du", exact: true }).fill(clinicDay(10));
    await page.getByLabel("Au (inclus)").fill(clinicDay(8));
    await save(page, "Ajouter la période").click();
    await expect(page.getByLabel("Libellé")).toHaveAccessibleDescription(/^Indiquez un libellé \(exemple\s: Aïd el-Fitr, Congé annuel\)\./);
    await expect(page.getByLabel("Au (inclus)")).toHaveAccessibleDescription("Le dernier jour doit être le même que le premier, ou après.");
    // special hours without a range
    await page.getByRole("radio", { name: /Horaires spéciaux/ }).check();
    await page.getByRole("button", { name: "Retirer la plage 1 (Horaires spéciaux)" }).click();
    await page.getByLabel("Libellé").fill("Demi-journée (e2e)");
    await page.getByLabel("Au (inclus)").fill(clinicDay(10));
    await save(page, "Ajouter la période").click();
    await expect(page.locator("#fermetures").getByText("Ajoutez au moins une plage horaire, ou choisissez « Fermé toute la journée ».")).toBeVisible();
    expect(dbQuery("select id from schedule_exceptions")).toEqual([]);

    // services: quarter hours, within their limits
    await page.getByLabel("Durée (Implementation)").fill("50");
    await page.getByLabel("Stérilisation après (Orthodontie)").fill("");
    await page.getByLabel("Durée (Esthétique dentaire)").fill("600");
    await save(page, "Enregistrer les soins").click();
    await expect(page.getByLabel("Durée (Implementation)")).toHaveAccessibleDescription("Par quarts d'heure : 0, 15, 30, 45, 60… minutes.");
    await expect(page.getByLabel("Stérilisation après (Orthodontie)")).toHaveAccessibleDescription("Indiquez la stérilisation en minutes.");
    await expect(page.getByLabel("Durée (Esthétique dentaire)")).toHaveAccessibleDescription("La durée : de 15 à 480 minutes.");
    expect(dbQuery("select duration_minutes from service_settings where service = 'Implementation'")).toEqual([{ duration_minutes: 90 }]);

    // booking rules
    await page.getByLabel("Réservation ouverte sur (jours)").fill("400");
    await page.getByLabel("Nombre de fauteuils").fill("0");
    await save(page, "Enregistrer les règles").click();
    await expect(page.getByLabel("Réservation ouverte sur (jours)")).toHaveAccessibleDescription(/^De 1 à 365 jours\./);
    await expect(page.getByLabel("Nombre de fauteuils")).toHaveAccessibleDescription(/^De 1 à 10 fauteuils\./);
    expect(dbQuery("select horizon_days, chairs from schedule_settings")).toEqual([{ horizon_days: 60, chairs: 1 }]);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a range is added and saved by plain posts; the server's refusal shows beside the field", async ({ page }) => {
      await loginAsStaff(page, PATH);
      // Friday: 'Ajouter une plage' is a post answered with the form redrawn
      await page.getByRole("button", { name: "Ajouter une plage (Vendredi)" }).click();
      await expect(page.getByLabel("Ouverture (Vendredi, plage 1)")).toHaveValue("09:00");
      await expect(page.getByLabel("Fermeture (Vendredi, plage 1)")).toHaveValue("12:30");
      expect(dbQuery("select id from opening_hours where weekday = 5")).toEqual([]);
      await page.getByLabel("Fermeture (Vendredi, plage 1)").selectOption("12:00");
      await save(page, "Enregistrer les horaires").click();
      await expect(page.getByRole("status").filter({ hasText: "Horaires de la semaine enregistrés." })).toBeVisible();
      expect(dbQuery("select opens, closes from opening_hours where weekday = 5")).toEqual([{ opens: "09:00", closes: "12:00" }]);

      await page.getByLabel("Fermeture (Vendredi, plage 1)").selectOption("08:30");
      await save(page, "Enregistrer les horaires").click();
      await expect(page.getByLabel("Fermeture (Vendredi, plage 1)")).toHaveAccessibleDescription("L'heure de fermeture doit être après l'heure d'ouverture.");
      await expect(page.getByLabel("Fermeture (Vendredi, plage 1)")).toHaveValue("08:30");
      expect(dbQuery("select opens, closes from opening_hours where weekday = 5")).toEqual([{ opens: "09:00", closes: "12:00" }]);
    });
  });
});

test.describe("the screen", () => {
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width} px: no sideways scrolling, big tap targets, no serious accessibility issue`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await loginAsStaff(page, PATH);
      await expect(page.getByRole("heading", { level: 2, name: "Horaires de la semaine" })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      for (const name of ["Retirer la plage 1 (Samedi)", "Ajouter une plage (Vendredi)", "Enregistrer les horaires", "Enregistrer les soins"]) {
        const box = await page.getByRole("button", { name }).boundingBox();
        expect(box!.height, name).toBeGreaterThanOrEqual(44);
        if (viewport.width === 375 && name.startsWith("Enregistrer")) expect(box!.width, name).toBeGreaterThan(300);
      }
      const select = await page.getByLabel("Ouverture (Samedi, plage 1)").boundingBox();
      expect(select!.height).toBeGreaterThanOrEqual(44);
      // the section links take a tap to each part
      await page.getByRole("navigation", { name: "Parties de la page" }).getByRole("link", { name: "Soins" }).click();
      await expect(page).toHaveURL(/#soins$/);
      await expect(page.getByRole("heading", { level: 2, name: "Soins" })).toBeInViewport();
      await expectNoSeriousA11yViolations(page);
    });
  }
});
