import { expect, test, type Page } from "@playwright/test";
import { dbRun, insertFormation , reviewShot } from "./helpers";

/**
 * /formation's trainer and audience blocks come from the featured formation (docs/product.md,
 * "Training offer"): a course about another subject than implants shows its own audience and
 * trainer, never 'implantologie'. The formation made here is the newest (created in 2100) while
 * the test runs and is removed afterwards.
 */
const created: number[] = [];
test.afterEach(() => {
  while (created.length) dbRun("delete from formations where id = ?", created.pop()!);
});

async function openFormation(page: Page) {
  expect((await page.goto("/formation"))?.status()).toBe(200);
  await page.waitForLoadState("networkidle");
}

for (const width of [375, 1280]) {
  test(`an orthodontics course shows its own audience and trainer (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const title = `Orthodontie interceptive ${Date.now().toString(36)}`;
    created.push(
      insertFormation({
        title,
        description: "Dépister et traiter tôt les malocclusions de l'enfant.",
        created_at: "2100-01-01T00:00:00.000Z",
        syllabus: {
          overview: { title: "Orthodontie interceptive de l'enfant", description: "", objectives: ["Dépister une malocclusion"], duration: "", instructor: "Dr Samia Ouali" },
          modules: [],
        },
      }),
    );
    await openFormation(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

    const audience = page.getByRole("region", { name: "À qui s'adresse cette formation ?" });
    await expect(audience).toContainText("Aux chirurgiens-dentistes qui souhaitent se former à « Orthodontie interceptive de l'enfant »");
    await expect(audience).not.toContainText(/implant/i);

    const trainer = page.getByRole("region", { name: "Dr Samia Ouali" });
    await expect(trainer).toContainText("Votre formateur");
    await expect(trainer).toContainText(`Formateur de la session « ${title} »`);
    await expect(trainer).toContainText("La formation « Orthodontie interceptive de l'enfant » est animée par Dr Samia Ouali");
    await expect(trainer).not.toContainText(/implant/i);
    // the clinic's dentist is not presented as this course's trainer
    await expect(trainer.getByRole("link", { name: "Découvrir le parcours du formateur" })).toHaveCount(0);
    await expect(trainer.getByRole("img")).toHaveCount(0);
    await reviewShot(page, `formation-ortho-${width}`);
  });
}

test("an implantology course taught by the clinic's dentist keeps today's texts", async ({ page }) => {
  created.push(
    insertFormation({
      title: `Implantologie orale ${Date.now().toString(36)}`,
      created_at: "2100-01-01T00:00:00.000Z",
      syllabus: { overview: { title: "", description: "", objectives: [], duration: "", instructor: "" }, modules: [] },
    }),
  );
  await openFormation(page);
  await expect(page.getByRole("region", { name: "À qui s'adresse cette formation ?" })).toContainText(
    "Aux chirurgiens-dentistes omnipraticiens qui souhaitent intégrer l'implantologie à leur exercice",
  );
  const trainer = page.getByRole("region", { name: "Dr Nadir Hamdi" });
  await expect(trainer).toContainText("chirurgies implantaires");
  await expect(trainer.getByRole("link", { name: "Découvrir le parcours du formateur" })).toHaveAttribute("href", "/doctorpage");
});
