import { expect, test, type Page } from "@playwright/test";
import { animationsDone, dbQuery, dbRun, E2E_DENTIST, expectNoSeriousA11yViolations, hydrated, insertEnrollment, insertFormation, loginAsStaff, reviewShot } from "./helpers";

/**
 * Dated course sessions (issue 31): the public /formation page and a /syllabus/:id page show the
 * session dates at 375 px and 1280 px (no horizontal scroll, axe); the staff screen of a
 * formation's sessions at 375 px (waiting list, 'Retirer', the cheque's number); the attendance
 * screen at 375 px marks a participant with one tap.
 */

const created: number[] = [];
const now = () => new Date().toISOString();

function insertSession(formationId: number, o: { start: string; end: string; capacity: number; place?: string; price?: number | null }): number {
  const r = dbRun(
    "insert into formation_sessions (formation_id, start_date, end_date, day_start, day_end, place, capacity, price, status, payment_days, offer_hours, created_at, updated_at) values (?, ?, ?, '09:00', '17:00', ?, ?, ?, 'open', 7, 24, ?, ?)",
    formationId,
    o.start,
    o.end,
    o.place ?? "Kouba (Alger)",
    o.capacity,
    o.price === undefined ? 35_000_000 : o.price,
    now(),
    now(),
  );
  return Number(r.lastInsertRowid);
}

/** A formation shown first (created in the future) with an open session and a full one. */
function seeded(label: string) {
  const title = `${label} ${Date.now().toString(36)}`;
  const id = insertFormation({ title, created_at: "2100-01-03T00:00:00.000Z", syllabus: { overview: { title: "Programme", description: "Programme complet", objectives: ["Planifier sur imagerie 3D"], duration: "3 jours", instructor: "" }, modules: [] } });
  created.push(id);
  const open = insertSession(id, { start: "2099-02-15", end: "2099-02-17", capacity: 8 });
  const full = insertSession(id, { start: "2099-04-12", end: "2099-04-12", capacity: 1, place: "Centre de formation, Hydra (Alger)" });
  const e = insertEnrollment({ formation_id: id, user_name: "Amel", user_surname: "Zerrouki", status: "confirmed" });
  dbRun("update enrollments set session_id = ? where id = ?", full, e);
  return { id, title, open, full };
}

test.afterEach(() => {
  while (created.length) {
    const id = created.pop()!;
    dbRun("delete from formation_waitlist where session_id in (select id from formation_sessions where formation_id = ?)", id);
    dbRun("delete from payments where enrollment_id in (select id from enrollments where formation_id = ?)", id);
    dbRun("delete from session_attendance where session_id in (select id from formation_sessions where formation_id = ?)", id);
    dbRun("delete from enrollments where formation_id = ?", id);
    dbRun("delete from formation_sessions where formation_id = ?", id);
    dbRun("delete from formations where id = ?", id);
  }
});

async function noHorizontalScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

for (const width of [375, 1280]) {
  test(`the public pages show the session dates at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const { id, title } = seeded("Sessions datées");
    await page.goto("/formation");
    const card = page.locator("article, li").filter({ has: page.getByRole("heading", { name: title }) }).first();
    const dates = card.getByRole("list", { name: "Dates des sessions" });
    await expect(dates).toBeVisible();
    await expect(dates.getByText(/du dimanche 15 février 2099 au mardi 17 février 2099/i)).toBeVisible();
    await expect(dates.getByText(/le dimanche 12 avril 2099/i)).toBeVisible();
    await expect(dates.getByText("8 places sur 8")).toBeVisible();
    await expect(dates.getByText("Complet")).toBeVisible();
    await expect(dates.getByRole("link", { name: "Rejoindre la liste d'attente" })).toBeVisible();
    await noHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await dates.scrollIntoViewIfNeeded();
    await animationsDone(page);
    await reviewShot(page, `formation-sessions-${width}`, { fullPage: false });

    await page.goto(`/syllabus/${id}`);
    const list = page.getByRole("list", { name: "Dates des sessions" });
    await expect(list.getByText(/du dimanche 15 février 2099 au mardi 17 février 2099/i)).toBeVisible();
    await expect(list.getByText(/Centre de formation, Hydra \(Alger\)/)).toBeVisible();
    await noHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await list.scrollIntoViewIfNeeded();
    await animationsDone(page);
    await reviewShot(page, `syllabus-sessions-${width}`, { fullPage: false });
  });
}

test.describe("staff at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the sessions screen shows the waiting list, 'Retirer' hands the offer on, and a cheque asks its number", async ({ page }) => {
    const { id, full, open } = seeded("Liste d'attente");
    const at = now();
    const later = new Date(Date.now() + 20 * 3600_000).toISOString();
    // two places: one enrolment, one held by Yacine's offer; Lina waits
    dbRun("update formation_sessions set capacity = 2 where id = ?", full);
    dbRun(
      "insert into formation_waitlist (session_id, user_name, user_surname, email, phone, status, link_salt, link_hash, offered_at, offer_expires_at, created_at) values (?, 'Yacine', 'Haddad', 'yacine.h@exemple.dz', '0551 22 33 44', 'offered', 'sel', ?, ?, ?, ?)",
      full,
      "a".repeat(60) + Date.now().toString(16).slice(-4),
      at,
      later,
      at,
    );
    dbRun("insert into formation_waitlist (session_id, user_name, user_surname, email, phone, status, created_at) values (?, 'Lina', 'Mansouri', 'lina.m@exemple.dz', '0770 11 22 33', 'waiting', ?)", full, at);
    const pending = insertEnrollment({ formation_id: id, user_name: "Karim", user_surname: "Belkacem" });
    dbRun("update enrollments set session_id = ?, payment_due_at = ? where id = ?", open, later, pending);

    await loginAsStaff(page, `/admin/formations/${id}/sessions`, E2E_DENTIST);
    await hydrated(page);
    const list = page.getByRole("region", { name: /Liste d'attente \(2\)/ });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByRole("listitem").first()).toContainText("Haddad Yacine");
    await expect(list.getByRole("listitem").first()).toContainText(/Offre envoyée\s—\sexpire le/);
    await expect(list.getByRole("listitem").nth(1)).toContainText("En attente");
    await noHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await list.scrollIntoViewIfNeeded();
    await reviewShot(page, "staff-waitlist-375", { fullPage: false });

    // the cheque's number appears with 'Chèque' and is required
    const pay = page.getByRole("form", { name: "Paiement reçu de Belkacem Karim" });
    await expect(pay.getByLabel("N° du chèque")).toBeHidden();
    await pay.getByLabel("Mode").selectOption("cheque");
    await expect(pay.getByLabel("N° du chèque")).toBeVisible();
    await pay.getByRole("button", { name: "Paiement reçu" }).click();
    await expect(pay.getByText("Indiquez le numéro du chèque.")).toBeVisible();
    await reviewShot(page, "staff-cheque-375", { fullPage: false });
    await pay.getByLabel("N° du chèque").fill("0012345");
    await pay.getByRole("button", { name: "Paiement reçu" }).click();
    await expect(page.getByRole("status")).toContainText("Paiement enregistré");
    expect(dbQuery("select mode, cheque_number from payments where enrollment_id = ?", pending)).toEqual([{ mode: "cheque", cheque_number: "0012345" }]);

    page.once("dialog", (d) => void d.accept());
    await page.getByRole("button", { name: "Retirer Haddad Yacine de la liste d'attente" }).click();
    await expect(page.getByRole("status")).toContainText("Personne retirée de la liste d'attente.");
    await expect(page.getByRole("region", { name: /Liste d'attente \(1\)/ }).getByRole("listitem").first()).toContainText(/Mansouri Lina.*Offre envoyée/s);
  });

  test("the attendance screen marks a participant present with one tap", async ({ page }) => {
    const { id, title } = seeded("Présences");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Algiers" }).format(new Date());
    const session = insertSession(id, { start: today, end: today, capacity: 4 });
    const e = insertEnrollment({ formation_id: id, user_name: "Walid", user_surname: "Benali", status: "confirmed" });
    dbRun("update enrollments set session_id = ? where id = ?", session, e);
    await loginAsStaff(page, `/admin/presences/${session}`, E2E_DENTIST);
    await expect(page.getByRole("heading", { level: 1, name: `Présences — ${title}` })).toBeVisible();
    await hydrated(page);
    const present = page.getByRole("button", { name: /Walid Benali\s:\sprésent\(e\)/ });
    await present.click();
    await expect(present).toHaveAttribute("aria-pressed", "true");
    await expect.poll(() => dbQuery("select present from session_attendance where enrollment_id = ?", e)).toEqual([{ present: 1 }]);
    await noHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await reviewShot(page, "course-attendance-375");
  });
});
