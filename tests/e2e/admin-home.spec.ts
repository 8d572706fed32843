import { expect, test, type Page } from "@playwright/test";
import { formatDA } from "../../app/lib/money";
import { addDaysYmd } from "../../app/lib/schedule";
import { dbQuery, dbRun, E2E_ASSISTANT, expectNoSeriousA11yViolations, loginAsStaff, reviewShot } from "./helpers";

/**
 * The staff home 'Aujourd'hui' (/admin; docs/product.md, "Staff: home") at 375 and 1280 px: the
 * day's counts, the patients still expected with their 'Reste à payer' ('—' without a price),
 * what waits (requests, reminders, what the day still owes), and an assistant without the price
 * permission who sees no money. The rows are written for today, before any the demo holds.
 */

const CLINIC_TZ = "Africa/Algiers";
const todayInClinic = () => new Intl.DateTimeFormat("en-CA", { timeZone: CLINIC_TZ }).format(new Date());
const suffix = () => Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

const inserted: number[] = [];
function insertToday(r: { name: string; time: string; status: string; service?: string; prixtotal?: number | null; prixpay?: number | null }): number {
  const id = Number(
    dbRun(
      "insert into appointments (name, email, phone, phone_digits, service, date, time, message, prixtotal, prixpay, created_at, status, chair, duration_minutes, buffer_minutes, forced) values (?, null, '0550 12 34 56', '0550123456', ?, ?, ?, null, ?, ?, ?, ?, 1, 30, 15, 0)",
      r.name,
      r.service ?? "Orthodontie",
      todayInClinic(),
      r.time,
      r.prixtotal ?? null,
      r.prixpay ?? null,
      new Date().toISOString(),
      r.status,
    ).lastInsertRowid,
  );
  inserted.push(id);
  return id;
}

// each test starts from the demo's day: its rows go once it ends
test.afterEach(() => {
  for (const id of inserted.splice(0)) dbRun("delete from appointments where id = ?", id);
});

const countToday = (status: string) => dbQuery<{ n: number }>("select count(*) as n from appointments where date = ? and status = ?", todayInClinic(), status)[0].n;

async function expectCounts(page: Page) {
  const counts = page.getByRole("region", { name: "Chiffres du jour" });
  for (const [key, label] of [
    ["requested", "À confirmer"],
    ["confirmed", "Confirmés"],
    ["attended", "Venus"],
    ["no_show", "Absents"],
  ]) {
    await expect(counts.locator(`[data-count='${key}'] dd`), label).toHaveText(String(countToday(key)));
    await expect(counts.getByText(label, { exact: true })).toBeVisible();
  }
}

for (const [label, viewport] of [
  ["1280 px", { width: 1280, height: 900 }],
  ["375 px", { width: 375, height: 812 }],
] as const) {
  test.describe(`the staff home at ${label}`, () => {
    test.use({ viewport });

    test("the day's counts, the next patients with what they owe, what waits, the checklist below", async ({ page }) => {
      const tag = suffix();
      const amina = `Amina Accueil${tag}`;
      const karim = `Karim Accueil${tag}`;
      const requestId = insertToday({ name: amina, time: "06:30", status: "requested", service: "Blanchiment des dents" });
      insertToday({ name: karim, time: "06:45", status: "confirmed", prixtotal: 2_000_000, prixpay: 500_000 });
      insertToday({ name: `Venu Accueil${tag}`, time: "06:00", status: "attended", prixtotal: 300_000, prixpay: 300_000 });
      insertToday({ name: `Absent Accueil${tag}`, time: "06:15", status: "no_show" });

      await loginAsStaff(page, "/admin");
      await expect(page.getByRole("heading", { level: 1, name: "Aujourd'hui" })).toBeVisible();
      await expectCounts(page);

      // the patients still expected, in time order: the two rows of the test first
      const next = page.getByRole("list", { name: "Patients attendus aujourd'hui" });
      const rows = next.getByRole("link");
      await expect(rows.nth(0)).toContainText("06:30");
      await expect(rows.nth(0)).toContainText(amina);
      await expect(rows.nth(0)).toContainText("Blanchiment des dents");
      await expect(rows.nth(0)).toContainText("Demande reçue");
      await expect(rows.nth(0)).toContainText("Reste à payer : —");
      await expect(rows.nth(1)).toContainText(karim);
      await expect(rows.nth(1)).toContainText("Confirmé");
      await expect(rows.nth(1)).toContainText(/Reste à payer\s: 15\s000\sDA/);
      await expect(next).not.toContainText(`Venu Accueil${tag}`);
      await expect(next).not.toContainText(`Absent Accueil${tag}`);

      // what waits: each count with the screen that deals with it
      const todo = page.getByRole("region", { name: "À faire" });
      const requests = dbQuery<{ n: number }>("select count(*) as n from appointments where status = 'requested'")[0].n;
      await expect(todo.getByText("Demandes à confirmer").locator("xpath=following-sibling::p[1]")).toHaveText(String(requests));
      await expect(todo.getByRole("link", { name: "Voir les demandes" })).toHaveAttribute("href", "/admin/appointments?statut=requested");
      const tomorrow = addDaysYmd(todayInClinic(), 1);
      const reminders = dbQuery<{ n: number }>(
        "select count(*) as n from appointments where date = ? and status in ('requested', 'confirmed') and anonymised_at is null and (reminded_at is null or patient_confirmed_at is null)",
        tomorrow,
      )[0].n;
      await expect(todo.getByText("Rappels à envoyer pour demain").locator("xpath=following-sibling::p[1]")).toHaveText(String(reminders));
      await expect(todo.getByRole("link", { name: "Ouvrir les rappels" })).toHaveAttribute("href", "/admin/rappels");
      // 'Reste à payer aujourd'hui': the day's balances, as the agenda counts them
      const [{ due }] = dbQuery<{ due: number }>(
        "select coalesce(sum(case when prixtotal > coalesce(prixpay, 0) then prixtotal - coalesce(prixpay, 0) else 0 end), 0) as due from appointments where date = ? and status != 'cancelled'",
        todayInClinic(),
      );
      await expect(todo.getByText("Reste à payer aujourd'hui").locator("xpath=following-sibling::p[1]")).toHaveText(formatDA(due));
      await expect(todo.getByRole("list", { name: "Reste à payer par patient" })).toContainText(karim);
      await expect(page.getByRole("region", { name: "Avant la mise en ligne" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      expect(scroll).toBeLessThanOrEqual(client);
      await reviewShot(page, `home-admin-${viewport.width}`);

      // a line opens the patient's card in the day's agenda
      await rows.nth(0).click();
      await expect(page).toHaveURL(new RegExp(`/admin/agenda\\?jour=${todayInClinic()}#rdv-${requestId}$`));
      await expect(page.getByRole("article", { name: amina })).toBeVisible();
    });

    test("an assistant sees the day and what waits, never an amount", async ({ page }) => {
      const tag = suffix();
      insertToday({ name: `Sofia Assistante${tag}`, time: "06:40", status: "confirmed", prixtotal: 1_000_000, prixpay: 0 });
      await loginAsStaff(page, "/admin", E2E_ASSISTANT);
      await expect(page.getByRole("heading", { level: 1, name: "Aujourd'hui" })).toBeVisible();
      await expectCounts(page);
      await expect(page.getByRole("list", { name: "Patients attendus aujourd'hui" })).toContainText(`Sofia Assistante${tag}`);
      await expect(page.getByRole("region", { name: "À faire" }).getByText("Demandes à confirmer")).toBeVisible();
      await expect(page.getByText(/Reste à payer/)).toHaveCount(0);
      await expect(page.getByRole("main")).not.toContainText(/\bDA\b/);
      await expect(page.getByRole("region", { name: "Avant la mise en ligne" })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await reviewShot(page, `home-assistant-${viewport.width}`);
    });
  });
}
