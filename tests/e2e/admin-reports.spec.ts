import { expect, test } from "@playwright/test";
import { dbQuery, dbRun, E2E_ADMIN, expectNoSeriousA11yViolations, hydrated, loginAsStaff, reviewShot } from "./helpers";

/**
 * The reports' screen (docs/product.md, "Staff: reports") as an administrator, at 1280 px and on a
 * 375 px phone: the production chart is drawn and its table beside it says the figures of a month
 * of its own (March 2023, where no other spec writes: two visits 'Honoré' of 15 000 and
 * 4 000,50 DA, 12 000 DA collected in cash); no serious axe violation. The figures themselves are
 * checked on both engines by tests/integration/reports.test.ts; the permission by the http sweep.
 */

const PERIOD = "/admin/rapports?du=2023-03-01&au=2023-03-31&pas=mois";

function seed() {
  if (dbQuery<{ n: number }>("select count(*) as n from appointments where name = 'E2E Rapport'")[0].n > 0) return;
  const [admin] = dbQuery<{ id: number }>("select id from staff_users where email = ?", E2E_ADMIN.email);
  const visit = (date: string, total: number, paid: number) => {
    dbRun(
      "insert into appointments (name, email, phone, service, date, time, prixtotal, prixpay, created_at, status, chair, duration_minutes, buffer_minutes) values ('E2E Rapport', null, '0550000000', 'Orthodontie', ?, '10:00', ?, ?, ?, 'attended', 1, 30, 15)",
      date,
      total,
      paid,
      `${date}T08:00:00.000Z`,
    );
    return dbQuery<{ id: number }>("select max(id) as id from appointments")[0].id;
  };
  const first = visit("2023-03-06", 1_500_000, 1_200_000);
  visit("2023-03-20", 400_050, 0);
  dbRun(
    "insert into payments (appointment_id, patient_id, amount, mode, paid_at, paid_day, taken_by, note, created_at) values (?, null, 1200000, 'especes', '2023-03-06T10:00:00.000Z', '2023-03-06', ?, null, '2023-03-06T10:00:00.000Z')",
    first,
    admin.id,
  );
}

test.describe("the reports' screen", () => {
  test.beforeEach(() => seed());

  for (const width of [1280, 375]) {
    test(`at ${width} px: the production chart and its table, and no serious axe violation`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await loginAsStaff(page, PERIOD);
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: "Rapports" })).toBeVisible();
      const section = page.getByRole("region", { name: "Production et encaissements", exact: true });
      // the chart is drawn (Recharts, once the page has hydrated), with its legend in words
      await expect(section.locator(".recharts-surface").first()).toBeVisible();
      await expect(section.locator(".recharts-legend-wrapper")).toContainText("Production");
      await expect(section.locator(".recharts-legend-wrapper")).toContainText("Encaissé");
      const table = section.getByRole("table");
      await expect(table.getByRole("row", { name: /mars 2023/ })).toContainText(/19\u202f000,50\u00a0DA.*12\u202f000\u00a0DA/);
      await expect(section.getByRole("link", { name: "Exporter (.xlsx) : Production et encaissements" })).toHaveAttribute("href", /\/admin\/rapports\.xlsx\?rapport=production&du=2023-03-01&au=2023-03-31&pas=mois/);
      await reviewShot(page, `rapports-${width}`);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
