import { expect, test, type Page } from "@playwright/test";
import { dbQuery, insertEnrollment, insertFormation, loginAsStaff } from "./helpers";

/**
 * /admin/formations never overbooks a course: staff cannot move a cancelled or completed
 * enrolment back into a full formation, nor lower 'Participants maximum' below the places taken.
 * Each refusal is said in French where the staff member acted, and the database is unchanged.
 */

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const FULL = "Cette formation est complète : libérez une place (annulez une autre inscription) avant de confirmer ou de remettre en attente cette inscription.";
const belowTaken = (n: number) => `Le nombre maximum de participants ne peut pas être inférieur aux places déjà prises (${n}).`;

test.use({ viewport: { width: 1280, height: 800 } });

async function openDashboard(page: Page, query = "") {
  await loginAsStaff(page, `/admin/formations${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de Bord des Formations" })).toBeVisible();
  await page.waitForLoadState("networkidle");
}

const card = (page: Page, title: string) => page.getByRole("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const toasts = (page: Page) => page.locator("[data-sonner-toast]");
const statusOf = (id: number) => dbQuery<{ status: string }>("select status from enrollments where id = ?", id)[0].status;

test("moving a cancelled or completed enrolment back into a full formation is refused with the French message", async ({ page }) => {
  const title = unique("Formation complète");
  const id = insertFormation({ title, max_participants: 1, is_active: false });
  insertEnrollment({ formation_id: id, user_name: "Occupant", user_surname: "Place", status: "confirmed", enrollment_date: "2026-02-01T09:00:00.000Z" });
  const cancelled = insertEnrollment({ formation_id: id, user_name: "Annulé", user_surname: "Retour", status: "cancelled", enrollment_date: "2026-02-03T09:00:00.000Z" });
  const completed = insertEnrollment({ formation_id: id, user_name: "Terminé", user_surname: "Retour", status: "completed", enrollment_date: "2026-02-02T09:00:00.000Z" });
  await openDashboard(page, `?inscriptions=${id}`);
  const dialog = page.getByRole("dialog", { name: `Inscriptions pour ${title}` });
  await expect(dialog).toContainText("1/1 places occupées");

  const refusal = toasts(page).filter({ hasText: FULL });
  const select = dialog.getByLabel("Statut de l'inscription de Retour Annulé");
  await select.selectOption({ label: "Confirmé" });
  await expect(refusal).toBeVisible();
  // the dropdown comes back to the stored status
  await expect(select).toHaveValue("cancelled");
  // the toast goes after its 5 s; then the completed one is tried
  await expect(refusal).toHaveCount(0, { timeout: 10_000 });
  const other = dialog.getByLabel("Statut de l'inscription de Retour Terminé");
  await other.selectOption({ label: "En attente" });
  await expect(refusal).toBeVisible();
  await expect(other).toHaveValue("completed");
  await expect(toasts(page).filter({ hasText: "Statut de l'inscription mis à jour !" })).toHaveCount(0);

  expect([statusOf(cancelled), statusOf(completed)]).toEqual(["cancelled", "completed"]);
  await expect(dialog).toContainText("1/1 places occupées");
  await expect(dialog).not.toContainText("au-delà de la capacité");
});

test("lowering 'Participants maximum' below the places taken is refused beside the field, and nothing is saved", async ({ page }) => {
  const title = unique("Formation trois inscrits");
  const id = insertFormation({ title, max_participants: 5, is_active: false });
  for (const [i, status] of ["pending", "confirmed", "pending", "cancelled"].entries()) insertEnrollment({ formation_id: id, user_name: `Inscrit${i}`, status });
  const before = dbQuery("select * from formations where id = ?", id);
  await openDashboard(page);

  await card(page, title).getByRole("button", { name: /Modifier/ }).click();
  const editor = page.getByRole("dialog", { name: "Modifier la formation" });
  await editor.getByLabel(/^Titre/).first().fill(`${title} renommée`);
  const max = editor.getByLabel(/^Participants maximum/);
  await max.fill("2");
  await editor.getByRole("button", { name: "Enregistrer les modifications" }).click();

  // the toast, and the same words beside the field, tied to it for screen readers
  await expect(toasts(page).filter({ hasText: belowTaken(3) })).toBeVisible();
  await expect(max).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await max.getAttribute("aria-describedby"))!.split(" ");
  const described = await Promise.all(describedBy.map((d) => editor.locator(`[id="${d}"]`).innerText().catch(() => "")));
  expect(described).toContain(belowTaken(3));
  await expect(editor).toBeVisible();
  await expect(max).toHaveValue("2");
  await expect(toasts(page).filter({ hasText: "Formation modifiée avec succès !" })).toHaveCount(0);
  expect(dbQuery("select * from formations where id = ?", id)).toEqual(before);

  // as many places as taken is accepted
  await max.fill("3");
  await editor.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(toasts(page).filter({ hasText: "Formation modifiée avec succès !" })).toBeVisible();
  await expect.poll(() => dbQuery("select title, max_participants from formations where id = ?", id)).toEqual([{ title: `${title} renommée`, max_participants: 3 }]);
  await expect(card(page, `${title} renommée`)).toContainText("3/3 inscrits");
});
