import path from "node:path";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { AUDIT_GENESIS_HASH, auditEntryHash } from "../../app/.server/audit-chain";
import { clinicInstant, todayInClinic } from "../../app/lib/clinic-time";
import { addDays } from "../../app/lib/rules";
import { dbQuery, E2E_ADMIN, E2E_DENTIST, expectNoSeriousA11yViolations, loginAsStaff, hydrated , reviewShot } from "./helpers";

/**
 * The audit log's screen (docs/product.md, "Staff: audit log"), at 1280 px and on a 375 px phone:
 * an administrator finds their own sign-in, filters by action and by days, pages both ways with the
 * filters kept, with and without JavaScript; no request of any kind to the screen changes an
 * entry (405, rows compared before and after); a dentist is refused (403). E2E_SHOTS_DIR set:
 * screenshots of both widths there.
 */

const shot = reviewShot;

// Days of their own, weeks back, where no other spec writes: 60 CSV exports, 12 blog deletions,
// and 5 CSV exports the day before (outside the filter's days).
const FROM = addDays(todayInClinic(), -40);
const TO = addDays(FROM, 9);
const EXPORTS = 60;

function seedEntries() {
  if (dbQuery<{ n: number }>("select count(*) as n from audit_log where detail = 'e2e-journal'")[0].n > 0) return;
  const admin = dbQuery<{ id: number }>("select id from staff_users where email = ?", E2E_ADMIN.email)[0];
  const start = clinicInstant(FROM, "08:00").getTime();
  const rows: { at: number; action: string; targetType: string; targetId: number }[] = [];
  // 72 entries over the ten days, 3 h apart: every sixth a blog deletion
  for (let i = 0; i < EXPORTS + 12; i++) rows.push({ at: start + i * 3 * 3600_000, action: i % 6 === 5 ? "blog.delete" : "export.csv", targetType: i % 6 === 5 ? "blog" : "formation", targetId: i + 1 });
  for (let i = 0; i < 5; i++) rows.push({ at: clinicInstant(addDays(FROM, -1), "12:00").getTime() + i * 60_000, action: "export.csv", targetType: "formation", targetId: 900 + i });
  // appended to the audit log's hash chain as the site appends (ADR 019), in one write
  // transaction so that the server's own entries wait
  const db = new Database(path.join(E2E_DATA_DIR, "e2e.db"));
  db.pragma("busy_timeout = 5000");
  try {
    const last = db.prepare("select seq, hash from audit_log where seq is not null order by seq desc limit 1");
    const insert = db.prepare(
      "insert into audit_log (at, staff_user_id, actor, ip, action, target_type, target_id, detail, seq, prev_hash, hash) values (?, ?, ?, '192.0.2.10', ?, ?, ?, 'e2e-journal', ?, ?, ?)",
    );
    db.transaction(() => {
      const end = last.get() as { seq: number; hash: string } | undefined;
      let prev = end?.hash ?? AUDIT_GENESIS_HASH;
      let seq = end?.seq ?? 0;
      for (const r of rows) {
        seq += 1;
        const fields = { seq, at: new Date(r.at).toISOString(), staff_user_id: admin.id, actor: E2E_ADMIN.email, ip: "192.0.2.10", action: r.action, target_type: r.targetType, target_id: String(r.targetId), detail: "e2e-journal" };
        const hash = auditEntryHash(prev, fields);
        insert.run(fields.at, admin.id, E2E_ADMIN.email, r.action, r.targetType, fields.target_id, seq, prev, hash);
        prev = hash;
      }
    }).immediate();
  } finally {
    db.close();
  }
}

/** The screen runs its JavaScript (a choice made in a list before it does is reset by React). */

const summary = (page: Page) => page.locator("main").getByText(/^(Entrées \d+ à \d+ sur|\d+ entrées?$)/);
const tableRows = (page: Page) => page.getByRole("table").locator("tbody tr");
const fr = (ymd: string) => `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;

test.describe("the audit log's screen", () => {
  test.beforeEach(() => seedEntries());

  test("an administrator finds their own sign-in with the account filter; a bad URL is ignored with a note", async ({ page }) => {
    const since = new Date().toISOString();
    const adminId = await loginAsStaff(page, "/admin/journal", E2E_ADMIN, { fresh: true });
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Journal d'audit" })).toBeVisible();
    await expect(page.getByText(/Les entrées sont conservées \d+ mois, puis effacées automatiquement\./)).toBeVisible();
    // the hash chain checked (ADR 019), up to the newest entry, in Algiers time
    await expect(page.getByText(/^Intégrité vérifiée jusqu'au \d\d\/\d\d\/\d{4} à \d\d:\d\d:\d\d \([\d\s]+ entrées\)\.$/)).toBeVisible();

    // the sign-in just made is in the journal, the newest entry of its account
    const [login] = dbQuery<{ id: number }>("select id from audit_log where action = 'auth.login.success' and staff_user_id = ? and at >= ? order by id desc limit 1", adminId, since);
    expect(login).toBeDefined();
    await page.getByLabel("Compte", { exact: true }).selectOption(String(adminId));
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/journal\\?compte=${adminId}$`));
    await expect(tableRows(page).first()).toContainText("Connexion réussie");
    await expect(tableRows(page).first()).toContainText(E2E_ADMIN.email);
    await expect(tableRows(page).first()).toContainText("127.0.0.1");
    await page.getByRole("link", { name: "Réinitialiser" }).click();
    await expect(page).toHaveURL(/\/admin\/journal$/);
    await expect(page.getByLabel("Compte", { exact: true })).toHaveValue("");

    // a mistyped address bar: ignored, said in French
    await page.goto(`/admin/journal?action=inconnue&du=2026-02-30`);
    await expect(page.getByText("L'action demandée n'est pas reconnue : ce filtre a été ignoré.")).toBeVisible();
    await expect(page.getByText("La date « Du » n'est pas une date valide : ce filtre a été ignoré.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("filters by action and days, and pages both ways with the filters kept", async ({ page }) => {
    await loginAsStaff(page, "/admin/journal");
    await hydrated(page);
    // the CSV exports of ten days: 60, in two pages
    await page.getByLabel("Action", { exact: true }).selectOption({ label: "Export CSV" });
    await page.getByLabel("Du", { exact: true }).fill(FROM);
    await page.getByLabel("Au", { exact: true }).fill(TO);
    await page.getByRole("button", { name: "Filtrer" }).click();
    // with JavaScript, the URL carries only the filters chosen
    await expect(page).toHaveURL(new RegExp(`/admin/journal\\?action=export\\.csv&du=${FROM}&au=${TO}$`));
    await expect(summary(page)).toHaveText(`Entrées 1 à 50 sur ${EXPORTS} entrées`);
    await expect(tableRows(page)).toHaveCount(50);
    const first = tableRows(page).first();
    await expect(first).toContainText("Export CSV");
    await expect(first).toContainText(E2E_ADMIN.email);
    await expect(first).toContainText("192.0.2.10");
    await expect(first).toContainText(/Formation #\d+/);
    await expect(page.getByRole("table")).not.toContainText("Article de blog supprimé");
    await expect(page.getByRole("table")).not.toContainText(/Formation #90\d/); // the day before is left out
    await expect(page.getByText("Plus récentes", { exact: true })).toHaveAttribute("aria-disabled", "true");
    await shot(page, "journal-1280");

    await page.getByRole("link", { name: "Plus anciennes" }).click();
    await expect(page).toHaveURL(new RegExp(`action=export\\.csv&du=${FROM}&au=${TO}&avant=\\d+`));
    await expect(summary(page)).toHaveText(`Entrées 51 à ${EXPORTS} sur ${EXPORTS} entrées`);
    await expect(tableRows(page)).toHaveCount(EXPORTS - 50);
    // the oldest of the range: the first day, 08:00 in Algiers
    await expect(tableRows(page).last()).toContainText(`${fr(FROM)} 08:00:00`);
    await expect(page.getByText("Plus anciennes", { exact: true })).toHaveAttribute("aria-disabled", "true");
    // the filters are still shown
    await expect(page.getByLabel("Action", { exact: true })).toHaveValue("export.csv");
    await expect(page.getByLabel("Du", { exact: true })).toHaveValue(FROM);
    await expect(page.getByLabel("Au", { exact: true })).toHaveValue(TO);

    await page.getByRole("link", { name: "Plus récentes" }).click();
    await expect(summary(page)).toHaveText(`Entrées 1 à 50 sur ${EXPORTS} entrées`);
  });

  test("on a phone: one card per entry, filters and pages at hand", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await loginAsStaff(page, `/admin/journal?action=blog.delete&du=${FROM}&au=${TO}`);
    await hydrated(page);
    await expect(page.getByRole("table")).toBeHidden();
    const cards = page.getByRole("list", { name: "Entrées du journal" }).getByRole("listitem");
    await expect(cards).toHaveCount(12);
    await expect(cards.first()).toContainText("Article de blog supprimé");
    await expect(cards.first()).toContainText(/Article #\d+/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, "journal-375");
  });

  test("without JavaScript the filters and pages are plain links and a GET form", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await loginAsStaff(page, "/admin/journal");
    await page.getByLabel("Action", { exact: true }).selectOption({ label: "Export CSV" });
    await page.getByLabel("Du", { exact: true }).fill(FROM);
    await page.getByLabel("Au", { exact: true }).fill(TO);
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(new RegExp(`action=export\\.csv&du=${FROM}&au=${TO}`));
    await expect(summary(page)).toHaveText(`Entrées 1 à 50 sur ${EXPORTS} entrées`);
    await page.getByRole("link", { name: "Plus anciennes" }).click();
    await expect(summary(page)).toHaveText(`Entrées 51 à ${EXPORTS} sur ${EXPORTS} entrées`);
    await context.close();
  });

  test("no request to the journal changes an entry: a POST of any intent is refused (405)", async ({ page }) => {
    await loginAsStaff(page, "/admin/journal");
    // the screen has no form that posts, but the one to sign out
    await expect(page.locator("main form[method='post' i]")).toHaveCount(0);
    await expect(page.locator("main form")).toHaveCount(1);
    await expect(page.locator("main form")).toHaveAttribute("method", "get");

    const before = dbQuery("select * from audit_log order by id");
    const [target] = dbQuery<{ id: number }>("select id from audit_log order by id limit 1");
    for (const path of ["/admin/journal", "/admin/journal?index", "/admin/journal.data", "/admin/journal/"]) {
      for (const intent of ["delete", "update", "purge", "erase", "edit", ""]) {
        const res = await page.request.post(path, { form: { intent, id: String(target.id), detail: "falsifié", at: "2000-01-01T00:00:00.000Z" }, maxRedirects: 0 });
        expect(res.status(), `${path} ${intent}`).toBe(405);
      }
    }
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      const res = await page.request.fetch("/admin/journal", { method, form: { intent: "delete", id: String(target.id) }, maxRedirects: 0 });
      expect(res.status(), method).toBe(405);
    }
    expect(dbQuery("select * from audit_log order by id")).toEqual(before);

    // a person who posts the page anyway reads why, in French
    await page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/admin/journal";
      const input = Object.assign(document.createElement("input"), { name: "intent", value: "delete" });
      form.append(input);
      document.body.append(form);
      form.submit();
    });
    await expect(page.getByRole("heading", { name: "Le journal ne peut pas être modifié." })).toBeVisible();
    await expect(page.getByText("Rien n'a été changé.")).toBeVisible();
    expect(dbQuery("select * from audit_log order by id")).toEqual(before);
  });

  test("a dentist cannot open the journal (403) nor post to it", async ({ page }) => {
    await loginAsStaff(page, "/admin/agenda", E2E_DENTIST);
    await expect(page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Journal" })).toHaveCount(0);
    const res = await page.goto("/admin/journal");
    expect(res?.status()).toBe(403);
    // the French 403 page (the staff layout's 'Accès non autorisé' or the site's 'Accès refusé')
    await expect(page.getByRole("heading", { level: 1, name: /^Accès (non autorisé|refusé)$/ })).toBeVisible();
    await expect(page.getByText("Export CSV")).toHaveCount(0);
    const before = dbQuery<{ n: number }>("select count(*) as n from audit_log")[0].n;
    const post = await page.request.post("/admin/journal", { form: { intent: "delete" }, maxRedirects: 0 });
    expect(post.status()).toBe(403);
    const data = await page.request.get(`/admin/journal.data?action=export.csv`, { maxRedirects: 0 });
    expect(data.status()).toBe(403);
    expect(await data.text()).not.toContain("e2e-journal");
    expect(dbQuery<{ n: number }>("select count(*) as n from audit_log")[0].n).toBe(before);
  });
});
