import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { nameKey } from "../../app/lib/name-key";
import { dbQuery, dbRun, E2E_DENTIST, expectNoSeriousA11yViolations, loginAsStaff, hydrated } from "./helpers";

/**
 * 'Galerie et avis' (docs/product.md, "Staff: gallery and reviews"): a dentist adds a
 * before/after case with two photos and the patient's consent; it replaces the demo drawings on
 * /gallery, with the keyboard slider; withdrawing the consent removes it from the site at once
 * and brings the demo back; a review with 4,5 stars shows on /gallery; bad input is refused in
 * French beside the fields with the typed input kept. Every case and review made here is deleted
 * at the end (other specs share the server and expect the demo content).
 */

const TAG = `e2e-galerie-${Date.now().toString(36)}`;
const PATIENT = `Zineb Galerie ${TAG.slice(-4)}`;

/** A photo as a phone would give it: a PNG of a plain colour with a shape, made here. */
async function photo(colour: string, name: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="900" height="600" fill="${colour}"/><ellipse cx="450" cy="300" rx="260" ry="120" fill="#ffffff" opacity="0.85"/></svg>`;
  const buffer = await sharp(Buffer.from(svg)).png().toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** Today in the clinic's time zone less `days` days, as YYYY-MM-DD. */
function clinicDay(days: number): string {
  const d = new Date(Date.now() - days * 24 * 3600 * 1000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Algiers", year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
}

const caseForm = (page: Page) => page.locator("#formulaire-cas form");
const caseCard = (page: Page, treatment: string): Locator => page.locator("#cas article").filter({ has: page.getByRole("heading", { name: treatment }) });


test.describe.configure({ mode: "serial" });

test.afterAll(() => {
  // leave the shared server as found: no real case, the four demo reviews
  dbRun("delete from gallery_cases where description like ?", `%${TAG}%`);
  dbRun("delete from reviews where comment like ?", `%${TAG}%`);
  dbRun("update patients set match_key = null, erased_at = ? where name = ?", new Date().toISOString(), PATIENT);
});

test("a dentist adds a case with two photos and the consent; /gallery shows it instead of the demo; withdrawing hides it at once", async ({ page }) => {
  const now = new Date().toISOString();
  dbRun(
    // a record as the site writes one: its search key with its name (app/lib/name-key.ts)
    "insert into patients (name, name_key, phone, phone_e164, email, notes, match_key, created_at, updated_at, merged_into, erased_at) values (?, ?, ?, ?, null, null, ?, ?, ?, null, null)",
    PATIENT,
    nameKey(PATIENT),
    "0661 00 11 22",
    "+213661001122",
    `+213661001122|${TAG}`,
    now,
    now,
  );
  const [{ id: patientId }] = dbQuery<{ id: number }>("select id from patients where name = ?", PATIENT);

  await loginAsStaff(page, "/admin/galerie", E2E_DENTIST);
  await expect(page.getByRole("heading", { level: 1, name: "Galerie et avis" })).toBeVisible();
  await hydrated(page);

  const form = caseForm(page);
  await form.getByLabel("Traitement").selectOption("Esthétique dentaire");
  await form.getByLabel("Date du consentement").fill(clinicDay(3));
  await form.getByLabel("Texte court").fill(`Facettes en céramique sur quatre incisives. ${TAG}`);
  await form.getByLabel("Fichier de la photo avant").setInputFiles(await photo("#c9a24a", "avant.png"));
  await form.getByLabel("Description de la photo avant (texte alternatif)").fill("Avant : incisives jaunies et ébréchées");
  await form.getByLabel("Fichier de la photo après").setInputFiles(await photo("#f2f2f2", "apres.png"));
  await form.getByLabel("Description de la photo après (texte alternatif)").fill("Après : incisives blanches et harmonisées");
  // the Arabic gallery's texts, typed right to left
  const arabicText = form.getByLabel("Le texte, en arabe");
  await expect(arabicText).toHaveAttribute("dir", "rtl");
  await arabicText.fill("قشور خزفية على أربعة قواطع.");
  await form.getByLabel("La photo avant, décrite en arabe").fill("قبل: قواطع مصفرة ومكسورة");
  await form.getByLabel("Site internet et réseaux sociaux").check();
  // the patient is searched by a post: the name never goes into the address
  await form.getByLabel("Chercher un dossier (nom, téléphone ou e-mail)").fill("zineb galerie");
  await form.getByRole("button", { name: "Chercher" }).click();
  await expect(page).toHaveURL(/\/admin\/galerie$/);
  await form.getByRole("radio", { name: new RegExp(PATIENT) }).check();
  await form.getByRole("button", { name: "Ajouter le cas" }).click();

  await expect(page.getByText("Cas « Esthétique dentaire » ajouté : il est visible sur la galerie.")).toBeVisible();
  const card = caseCard(page, "Esthétique dentaire");
  await expect(card.getByText("Publié", { exact: true })).toBeVisible();
  // the form is empty again for the next case
  await expect(form.getByLabel("Texte court")).toHaveValue("");
  await expect(card.getByText("Site internet et réseaux sociaux", { exact: false })).toBeVisible();
  await expect(card.getByRole("link", { name: new RegExp(PATIENT) })).toHaveAttribute("href", `/admin/patients/${patientId}`);
  const [row] = dbQuery<{ id: number; consent_scope: string; patient_id: number; before_media_id: string; after_media_id: string }>(
    "select id, consent_scope, patient_id, before_media_id, after_media_id, description_ar, before_alt_ar, after_alt_ar from gallery_cases where description like ?",
    `%${TAG}%`,
  );
  expect(row).toMatchObject({ consent_scope: "site_social", patient_id: patientId, description_ar: "قشور خزفية على أربعة قواطع.", before_alt_ar: "قبل: قواطع مصفرة ومكسورة", after_alt_ar: null });
  expect(dbQuery("select id from audit_log where action = 'gallery.case.create' and target_id = ?", String(row.id))).toHaveLength(1);

  // the public page: the real case, with its photos and the keyboard slider; the demo drawings are gone
  await page.goto("/gallery");
  const real = page.locator("article").filter({ has: page.getByRole("heading", { name: "Esthétique dentaire" }) });
  await expect(real.getByRole("img", { name: "Avant : incisives jaunies et ébréchées" })).toBeVisible();
  await expect(real.getByRole("img", { name: "Après : incisives blanches et harmonisées" })).toBeVisible();
  await expect(real.locator("source[type='image/avif']").first()).toHaveAttribute("srcset", new RegExp(`/uploads/media/${row.after_media_id}-`));
  await expect(page.getByRole("heading", { name: "Blanchiment dentaire" })).toHaveCount(0);
  await hydrated(page);
  const slider = real.getByRole("slider", { name: "Comparer avant et après : Esthétique dentaire" });
  await expect(slider).toHaveValue("50");
  await slider.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowLeft");
  await expect(slider).toHaveValue("47");
  expect(await real.getByTestId("before-layer").evaluate((el) => el.style.clipPath)).toBe("inset(0px 53% 0px 0px)");
  await expectNoSeriousA11yViolations(page);

  // the patient record shows the case and its consent
  await page.goto(`/admin/patients/${patientId}`);
  const onRecord = page.getByRole("region", { name: /Galerie avant\/après/ });
  await expect(onRecord.getByText("Esthétique dentaire")).toBeVisible();
  await expect(onRecord.getByText(/Site internet et réseaux sociaux/)).toBeVisible();

  // withdraw: the confirmation says what happens, then the case leaves the site at once
  await page.goto("/admin/galerie");
  await hydrated(page);
  await caseCard(page, "Esthétique dentaire").getByText("Retirer le consentement").click();
  await expect(caseCard(page, "Esthétique dentaire").getByText(/disparaît du site immédiatement\. Ses deux photos sont supprimées dans 30 jours/)).toBeVisible();
  await caseCard(page, "Esthétique dentaire").getByRole("button", { name: "Confirmer le retrait du consentement" }).click();
  await expect(page.getByText(/Consentement retiré\s: le cas n'est plus visible sur le site/)).toBeVisible();
  await expect(caseCard(page, "Esthétique dentaire").getByText(/^Consentement retiré le \d{2}\/\d{2}\/\d{4} — photos supprimées le \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  const media = dbQuery<{ delete_after: string }>("select delete_after from media where id in (?, ?)", row.before_media_id, row.after_media_id);
  for (const m of media) expect(Math.abs(Date.parse(m.delete_after) - (Date.now() + 30 * 24 * 3600 * 1000))).toBeLessThan(5 * 60 * 1000);

  await page.goto("/gallery");
  await expect(page.getByRole("heading", { name: "Esthétique dentaire" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Blanchiment dentaire" })).toBeVisible();

  // and the case is deleted (its photos at once)
  await page.goto("/admin/galerie");
  await hydrated(page);
  await caseCard(page, "Esthétique dentaire").getByText("Supprimer le cas").click();
  await caseCard(page, "Esthétique dentaire").getByRole("button", { name: "Supprimer définitivement" }).click();
  await expect(page.getByText("Cas supprimé ; ses photos sont effacées.")).toBeVisible();
  expect(dbQuery("select id from gallery_cases where id = ?", row.id)).toEqual([]);
});

test("bad input is refused in French beside the fields, and what was typed stays", async ({ page }) => {
  await loginAsStaff(page, "/admin/galerie", E2E_DENTIST);
  await hydrated(page);
  const form = caseForm(page);
  const text = `Un texte qui doit rester. ${TAG}`;
  await form.getByLabel("Traitement").selectOption("Implants dentaires");
  await form.getByLabel("Texte court").fill(text);
  await form.getByLabel("Date du consentement").fill("2099-01-01");
  await form.getByLabel("Fichier de la photo avant").setInputFiles(await photo("#c9a24a", "avant.png"));
  await form.getByLabel("Fichier de la photo après").setInputFiles(await photo("#ffffff", "apres.png"));
  await form.getByLabel("Description de la photo après (texte alternatif)").fill("Après : implant posé");
  await form.getByRole("button", { name: "Ajouter le cas" }).click();

  const beforeAlt = form.getByLabel("Description de la photo avant (texte alternatif)");
  await expect(beforeAlt).toHaveAttribute("aria-invalid", "true");
  await expect(beforeAlt).toHaveAccessibleDescription(/Décrivez la photo «\savant\s» en quelques mots/);
  await expect(form.getByLabel("Date du consentement")).toHaveAccessibleDescription(/La date du consentement ne peut pas être dans le futur\./);
  await expect(form.getByLabel("Texte court")).toHaveValue(text);
  await expect(form.getByLabel("Description de la photo après (texte alternatif)")).toHaveValue("Après : implant posé");

  // a file that is not a picture passes the browser's check (its name and type say PNG): the server refuses it beside its field
  await beforeAlt.fill("Avant : dent manquante");
  await form.getByLabel("Date du consentement").fill(clinicDay(1));
  await form.getByLabel("Fichier de la photo avant").setInputFiles({ name: "avant.png", mimeType: "image/png", buffer: Buffer.from("pas une image") });
  await form.getByRole("button", { name: "Ajouter le cas" }).click();
  await expect(form.getByLabel("Fichier de la photo avant")).toHaveAccessibleDescription(/illisible|Format de photo non accepté/);
  await expect(form.getByLabel("Texte court")).toHaveValue(text);
  await expect(beforeAlt).toHaveValue("Avant : dent manquante");
  expect(dbQuery("select id from gallery_cases where description like ?", `%${TAG}%`)).toEqual([]);
});

test("a review with 4,5 stars shows on /gallery with its French date, then is deleted", async ({ page }) => {
  await loginAsStaff(page, "/admin/galerie", E2E_DENTIST);
  await hydrated(page);
  const form = page.locator("#formulaire-avis form");
  await form.getByLabel("Nom affiché").fill("Rania T.");
  await form.getByLabel("Note").selectOption({ label: "4,5 / 5" });
  await form.getByLabel("Date de l'avis").fill("2026-01-15");
  await form.getByLabel("Texte de l'avis").fill(`Accueil chaleureux et explications claires à chaque étape. ${TAG}`);
  await form.getByRole("button", { name: "Ajouter l'avis" }).click();
  await expect(page.getByText("Avis de Rania T. enregistré : il est visible sur la galerie.")).toBeVisible();
  expect(dbQuery("select rating_halves, published from reviews where comment like ?", `%${TAG}%`)).toEqual([{ rating_halves: 9, published: 1 }]);

  await page.goto("/gallery");
  const reviews = page.locator("section", { has: page.getByRole("heading", { name: "Avis de nos patients" }) }).getByRole("article");
  await expect(reviews).toHaveCount(5);
  const mine = reviews.last();
  await expect(mine.getByRole("heading", { name: "Rania T." })).toBeVisible();
  await expect(mine.getByText("Note : 4,5 sur 5", { exact: true })).toHaveCount(1);
  await expect(mine.locator('[data-star="half"]')).toHaveCount(1);
  await expect(mine.getByText("15 janvier 2026")).toBeVisible();

  // unpublish: gone from the page; delete after a confirmation
  await page.goto("/admin/galerie");
  await hydrated(page);
  const card = page.locator("#avis article").filter({ has: page.getByRole("heading", { name: "Rania T." }) });
  await card.getByRole("button", { name: "Retirer du site" }).click();
  await expect(page.getByText("Avis retiré du site.")).toBeVisible();
  await expect(card.getByText("Non publié")).toBeVisible();
  await page.goto("/gallery");
  await expect(page.locator("section", { has: page.getByRole("heading", { name: "Avis de nos patients" }) }).getByRole("article")).toHaveCount(4);
  await page.goto("/admin/galerie");
  await hydrated(page);
  await card.getByText("Supprimer l'avis").click();
  await card.getByRole("button", { name: "Supprimer définitivement" }).click();
  await expect(page.getByText("Avis supprimé.")).toBeVisible();
  expect(dbQuery("select id from reviews where comment like ?", `%${TAG}%`)).toEqual([]);
  expect(dbQuery<{ n: number }>("select count(*) as n from reviews")[0].n).toBe(4);
});

test("the screen fits a 375 px phone: no sideways scroll, every action reachable", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await loginAsStaff(page, "/admin/galerie", E2E_DENTIST);
  await expect(page.getByRole("heading", { level: 1, name: "Galerie et avis" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(caseForm(page).getByRole("button", { name: "Ajouter le cas" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
