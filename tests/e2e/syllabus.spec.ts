import { expect, test } from "@playwright/test";
import { collectConsoleErrors, dbQuery, dbRun, expectNoSeriousA11yViolations, insertFormation } from "./helpers";

/**
 * /syllabus and /syllabus/:id (docs/product.md, "Training offer"): 'all' (and /syllabus) is the newest active
 * formation, a number that formation, an unknown or inactive id the 'no formation' page with
 * status 404. The formations created here are removed afterwards.
 */

const created: number[] = [];
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.afterEach(() => {
  while (created.length) {
    const id = created.pop()!;
    dbRun("delete from enrollments where formation_id = ?", id);
    dbRun("delete from formations where id = ?", id);
  }
});

function add(f: Parameters<typeof insertFormation>[0]) {
  const id = insertFormation(f);
  created.push(id);
  return id;
}

function syllabus(moduleCount: number, over: Record<string, unknown> = {}) {
  return {
    overview: {
      title: "",
      description: "",
      objectives: ["Comprendre l'ostéo-intégration", "Planifier un cas simple"],
      duration: "",
      instructor: "",
      ...over,
    },
    modules: Array.from({ length: moduleCount }, (_, i) => ({
      number: i + 1,
      title: `Chapitre syllabus ${i + 1}`,
      description: `Description du chapitre ${i + 1}`,
      duration: "2 jours",
      points_clefs: [`Point clé ${i + 1}`],
      objectifs: [`Objectif pédagogique ${i + 1}`],
      pratique: [`Atelier clinique ${i + 1}`],
      lessons: [{ title: `Séance ${i + 1}`, description: "", duration: "3 h", content: "Contenu" }],
    })),
  };
}

test.describe("syllabus pages", () => {
  test("'all' and /syllabus show the newest active formation with its details, modules and images", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const title = unique("Syllabus le plus récent");
    const id = add({ title, description: "Description du syllabus récent.", duration_months: 5, max_participants: 8, price: 4_200_000, syllabus: syllabus(7), created_at: "2100-01-01T00:00:00.000Z" });

    for (const path of ["/syllabus/all", "/syllabus"]) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    }
    await expect(page.getByText("Description du syllabus récent.")).toBeVisible();
    const objectives = page.getByRole("heading", { name: "Objectifs de la formation" }).locator("..").getByRole("listitem");
    await expect(objectives).toHaveCount(2);
    await expect(objectives.first()).toContainText("1");
    await expect(objectives.first()).toContainText("Comprendre l'ostéo-intégration");

    const details = page.getByRole("complementary", { name: "Détails" });
    await expect(details).toContainText("5 mois");
    await expect(details).toContainText("Dr Nadir Hamdi"); // default trainer
    await expect(details).toContainText("8 par session");
    expect((await details.innerText()).replace(/\s/g, " ")).toContain("42 000 DA");

    const modules = page.getByRole("region", { name: "Les modules" }).getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
    await expect(modules).toHaveCount(7);
    const first = modules.first();
    await expect(first).toContainText("Module 1");
    await expect(first.getByRole("heading", { name: "Chapitre syllabus 1" })).toBeVisible();
    await expect(first).toContainText("Point clé 1");
    await expect(first).toContainText("Objectif pédagogique 1");
    await expect(first).toContainText("Atelier clinique 1");
    // six module pictures, then the placeholder
    for (let i = 0; i < 6; i++) {
      const img = modules.nth(i).getByRole("img");
      await expect(img).toHaveAttribute("src", `/media/formation-module-${i + 1}.svg`);
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    await expect(modules.nth(6).getByRole("img")).toHaveAttribute("src", "/media/placeholder.svg");

    await expect(page.getByText(/Les places sont limitées à\s+8 participants\s+par session/)).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: "S'inscrire maintenant" }).click();
    const dialog = page.getByRole("dialog", { name: "Inscription à la formation" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(/Formation choisie/)).toHaveValue(String(id));
    expect(errors).toEqual([]);
  });

  test("a real id shows that formation, with its own trainer and 'Sur demande' without a price", async ({ page }) => {
    const title = unique("Syllabus ancien");
    const id = add({ title, price: null, syllabus: syllabus(1, { title: "Programme détaillé ancien", instructor: "Dr Invitée Spécialiste", duration: "3 mois intensifs" }), created_at: "2001-01-01T00:00:00.000Z" });
    const res = await page.goto(`/syllabus/${id}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Programme détaillé ancien");
    await expect(page.getByText(`Session : ${title}`)).toBeVisible();
    const details = page.getByRole("complementary", { name: "Détails" });
    await expect(details).toContainText("Dr Invitée Spécialiste");
    await expect(details).toContainText("3 mois intensifs");
    await expect(details).toContainText("Sur demande");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/syllabus/${id}$`));
  });

  test("an empty syllabus says so for objectives and modules", async ({ page }) => {
    const id = add({ title: unique("Syllabus vide"), syllabus: { overview: { objectives: [] }, modules: [] } });
    await page.goto(`/syllabus/${id}`);
    await expect(page.getByText("Aucun objectif défini")).toBeVisible();
    await expect(page.getByText("Aucun module disponible pour cette formation.")).toBeVisible();
  });

  test("an unknown, inactive or malformed id, or a formation without syllabus: 'Aucune formation disponible pour le moment.'", async ({ page }) => {
    const inactive = add({ title: unique("Syllabus inactif"), is_active: false, syllabus: syllabus(2) });
    const noSyllabus = add({ title: unique("Sans syllabus"), syllabus: null });
    const maxId = dbQuery<{ m: number }>("select max(id) as m from formations")[0].m;
    for (const path of [`/syllabus/${maxId + 1000}`, `/syllabus/${inactive}`, "/syllabus/pas-un-numero"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aucune formation disponible pour le moment.");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    }
    const res = await page.goto(`/syllabus/${noSyllabus}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aucune formation disponible pour le moment.");
    await expect(page.getByRole("link", { name: "Voir nos formations" })).toHaveAttribute("href", "/formation");
  });

  for (const width of [375, 1280]) {
    test(`no serious accessibility violation and no horizontal scroll at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/syllabus");
      await page.waitForLoadState("networkidle");
      await expectNoSeriousA11yViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
