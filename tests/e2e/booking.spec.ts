import { expect, test, type Page } from "@playwright/test";
import { collectConsoleErrors, dbQuery, dbRun, expectNoSeriousA11yViolations } from "./helpers";

/** A calendar day in the clinic's time zone, `days` from today. */
function clinicDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Algiers", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const SUCCESS = "Votre demande de rendez-vous a bien été envoyée. Nous vous contacterons pour confirmer le créneau.";

function uniqueName(label: string) {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

function rowsNamed(name: string) {
  return dbQuery<{ id: number; name: string; email: string; phone: string; service: string; date: string; time: string; message: string | null; submission_key: string | null }>(
    "select * from appointments where name = ?",
    name,
  );
}

async function fillBooking(page: Page, name: string, over: { email?: string; date?: string; service?: string | null; consent?: boolean } = {}) {
  await page.getByLabel("Nom complet").fill(name);
  await page.getByLabel("Email").fill(over.email ?? "patient.e2e@exemple.dz");
  await page.getByLabel("Téléphone").fill("0550 12 34 56");
  if (over.service !== null) await page.getByLabel("Service").selectOption(over.service ?? "Orthodontie");
  await page.getByLabel("Date").fill(over.date ?? clinicDay(5));
  await page.getByLabel("Heure").fill("10:30");
  await page.getByLabel("Message").fill("Je souhaite un bilan complet.");
  if (over.consent !== false) await page.getByLabel(/J'accepte que la clinique utilise ces informations/).check();
}

test.describe("booking form with JavaScript", () => {
  test("shows every field, stores exactly one row, shows then hides the banner and clears the form", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto("/appointment");
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
    await expect(page.getByLabel("Date")).toHaveAttribute("min", clinicDay(0));
    await expect(page.getByRole("form", { name: "Demande de rendez-vous" }).getByRole("link", { name: "politique de confidentialité" })).toHaveAttribute("href", "/politique-de-confidentialite");
    await expectNoSeriousA11yViolations(page);

    const name = uniqueName("Réservation JS");
    await fillBooking(page, name);
    // slow the post down so that the submitting state can be seen
    await page.route("**/appointment.data*", async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    const submit = page.getByRole("button", { name: "Envoyer ma demande" });
    await submit.click();
    const busy = page.getByRole("button", { name: "Envoi en cours..." });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();

    const banner = page.getByRole("status").filter({ hasText: SUCCESS });
    await expect(banner).toBeVisible();
    const shownAt = Date.now();
    const rows = rowsNamed(name);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "patient.e2e@exemple.dz", phone: "0550 12 34 56", service: "Orthodontie", date: clinicDay(5), time: "10:30", message: "Je souhaite un bilan complet." });

    // the form is cleared and ready for another request
    await expect(page.getByLabel("Nom complet")).toHaveValue("");
    await expect(page.getByLabel("Service")).toHaveValue("");
    await expect(page.getByLabel(/J'accepte/)).not.toBeChecked();
    await expect(page.getByRole("button", { name: "Envoyer ma demande" })).toBeEnabled();

    // hides by itself after 5 s
    await expect(banner).toBeHidden({ timeout: 8000 });
    expect(Date.now() - shownAt).toBeGreaterThan(4000);
    expect(errors).toEqual([]);
  });

  test("the banner can be closed at once", async ({ page }) => {
    await page.goto("/appointment");
    const name = uniqueName("Réservation fermée");
    await fillBooking(page, name);
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    const banner = page.getByRole("status").filter({ hasText: SUCCESS });
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Fermer" }).click();
    await expect(banner).toBeHidden();
    expect(rowsNamed(name)).toHaveLength(1);
  });

  test("invalid input gets French errors next to the fields, keeps the input and stores nothing", async ({ page }) => {
    await page.goto("/appointment");
    const name = uniqueName("Réservation invalide");
    await fillBooking(page, name, { email: "patient@", date: clinicDay(-2), service: null, consent: false });
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(page.getByRole("alert")).toContainText("Certains champs sont à corriger");
    await expect(page.getByText("Adresse e-mail invalide (exemple : nom@exemple.com).")).toBeVisible();
    await expect(page.getByText("La date ne peut pas être dans le passé.")).toBeVisible();
    await expect(page.getByText("Veuillez choisir un service.")).toBeVisible();
    await expect(page.getByText("Veuillez accepter la politique de confidentialité pour envoyer votre demande.")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Email")).toBeFocused();
    await expect(page.getByLabel("Nom complet")).toHaveValue(name);
    await expect(page.getByLabel("Email")).toHaveValue("patient@");
    await expectNoSeriousA11yViolations(page);

    // fixing the field removes its message
    await page.getByLabel("Email").fill("patient@exemple.dz");
    await expect(page.getByText("Adresse e-mail invalide (exemple : nom@exemple.com).")).toBeHidden();
    expect(rowsNamed(name)).toHaveLength(0);
  });

  test("a double click stores one row", async ({ page }) => {
    await page.goto("/appointment");
    const name = uniqueName("Réservation double JS");
    await fillBooking(page, name);
    await page.getByRole("button", { name: "Envoyer ma demande" }).dblclick();
    await expect(page.getByRole("status").filter({ hasText: SUCCESS })).toBeVisible();
    await page.waitForTimeout(500);
    expect(rowsNamed(name)).toHaveLength(1);
  });

  test("a storage failure shows a clear French message and keeps the input", async ({ page }) => {
    const name = uniqueName("Échec Stockage");
    const trigger = `booking_fail_${Date.now()}`;
    dbRun(`create trigger ${trigger} before insert on appointments when new.name = '${name}' begin select raise(abort, 'refus de test'); end`);
    try {
      await page.goto("/appointment");
      await fillBooking(page, name);
      await page.getByRole("button", { name: "Envoyer ma demande" }).click();
      const alert = page.getByRole("alert");
      await expect(alert).toContainText("Votre demande n'a pas pu être enregistrée. Merci de réessayer dans un instant ou de nous appeler au 023 70 45 12.");
      await expect(page.getByText(SUCCESS)).toHaveCount(0);
      await expect(page.getByLabel("Nom complet")).toHaveValue(name);
      await expect(page.getByLabel("Email")).toHaveValue("patient.e2e@exemple.dz");
      await expect(page.getByLabel("Service")).toHaveValue("Orthodontie");
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

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 812 } });
    test("the form fits the screen without sideways scrolling", async ({ page }) => {
      await page.goto("/appointment");
      await expect(page.getByLabel("Nom complet")).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const box = await page.getByRole("button", { name: "Envoyer ma demande" }).boundingBox();
      expect(box!.width).toBeGreaterThan(300);
    });
  });
});

test.describe("booking form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a plain form post stores exactly one row and shows the banner", async ({ page }) => {
    await page.goto("/appointment");
    const name = uniqueName("Réservation sans JS");
    await fillBooking(page, name, { service: "Esthétique dentaire" });
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(page.getByText(SUCCESS)).toBeVisible();
    await expect(page.getByLabel("Nom complet")).toHaveValue("");
    const rows = rowsNamed(name);
    expect(rows).toHaveLength(1);
    expect(rows[0].service).toBe("Esthétique dentaire");
  });

  test("the server refuses invalid input with the same French messages, input kept", async ({ page }) => {
    await page.goto("/appointment");
    const name = uniqueName("Réservation sans JS invalide");
    await fillBooking(page, name, { email: "pas-une-adresse", date: clinicDay(-1), consent: false });
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(page.getByText("Adresse e-mail invalide (exemple : nom@exemple.com).")).toBeVisible();
    await expect(page.getByText("La date ne peut pas être dans le passé.")).toBeVisible();
    await expect(page.getByText("Veuillez accepter la politique de confidentialité pour envoyer votre demande.")).toBeVisible();
    await expect(page.getByLabel("Nom complet")).toHaveValue(name);
    await expect(page.getByLabel("Service")).toHaveValue("Orthodontie");
    await expect(page.getByLabel("Date")).toHaveValue(clinicDay(-1));
    expect(rowsNamed(name)).toHaveLength(0);
  });

  test("a double click and a resent post store one row", async ({ page, baseURL }) => {
    await page.goto("/appointment");
    const name = uniqueName("Réservation double");
    await fillBooking(page, name);
    await page.getByRole("button", { name: "Envoyer ma demande" }).dblclick();
    await expect(page.getByText(SUCCESS)).toBeVisible();
    await page.waitForTimeout(500);
    expect(rowsNamed(name)).toHaveLength(1);

    // the same post sent twice (a browser resending the form)
    await page.goto("/appointment");
    const key = await page.locator('input[name="submission_key"]').inputValue();
    const resent = uniqueName("Réservation renvoyée");
    const form = { name: resent, email: "renvoi@exemple.dz", phone: "0550 00 11 22", service: "Implementation", date: clinicDay(9), time: "09:00", message: "", consent: "on", submission_key: key, website: "" };
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
