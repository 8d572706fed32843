import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import { addDaysYmd, weekdayOf } from "../../app/lib/schedule";
import { TEST_SESSION_SECRET } from "../server-env";
import { dbQuery, dbRun, expectNoSeriousA11yViolations, hydrated, loginAsStaff, reviewShot } from "./helpers";

/**
 * The waiting list (issue 31, item 1) on a 375 px phone: a patient finds the day full on the
 * booking page, follows 'rejoindre la liste d'attente', ticks the half-days and joins; staff see
 * the entry on 'Liste d'attente'; an offer link opens the offer page. axe on the three screens.
 */

test.use({ viewport: { width: 375, height: 812 } });

const todayInClinic = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Algiers" }).format(new Date());

test("joining the waiting list on a full day, the staff list and the offer page", async ({ page }) => {
  // a day 20 days ahead, every unit of every chair taken: the booking form says it is full
  let day = addDaysYmd(todayInClinic(), 20);
  while (weekdayOf(day) === 5) day = addDaysYmd(day, 1);
  const chairs = Number(dbQuery<{ chairs: number }>("select chairs from schedule_settings limit 1")[0]?.chairs ?? 1);
  const now = new Date().toISOString();
  const filler = Number(
    dbRun(
      "insert into appointments (name, email, phone, service, date, time, status, chair, duration_minutes, buffer_minutes, created_at) values ('Journée pleine', '', '0550 00 00 00', 'Orthodontie', ?, '00:00', 'confirmed', 1, 15, 0, ?)",
      day,
      now,
    ).lastInsertRowid,
  );
  for (let c = 1; c <= chairs; c++) for (let m = 0; m < 24 * 60; m += 15) dbRun("insert or ignore into appointment_slots (chair, unit_start, appointment_id) values (?, ?, ?)", c, `${day}T${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`, filler);
  const name = `Attente ${crypto.randomBytes(3).toString("hex")}`;
  try {
    await page.goto(`/appointment?service=Orthodontie&date=${day}`);
    await hydrated(page);
    const join = page.getByRole("link", { name: /rejoindre la liste d.attente/i });
    await expect(join).toBeVisible();
    await join.scrollIntoViewIfNeeded();
    await reviewShot(page, "waitlist-full-day-375", { fullPage: false });
    await join.click();
    await expect(page).toHaveURL(/\/liste-attente\?/);
    await expect(page.getByRole("heading", { level: 1, name: "Liste d'attente" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Nom complet").fill(name);
    await page.getByLabel("Téléphone").fill("0550 98 76 54");
    await page.getByRole("checkbox", { name: /J.accepte/ }).check();
    await reviewShot(page, "waitlist-join-375");
    await page.getByRole("button", { name: "Rejoindre la liste d'attente" }).click();
    await expect(page.getByText("Vous êtes inscrit sur la liste d'attente.")).toBeVisible();
    await reviewShot(page, "waitlist-joined-375", { fullPage: false });
    const [entry] = dbQuery<{ id: number; service: string; wishes: string; status: string; submission_key: string | null }>("select id, service, wishes, status, submission_key from waitlist_entries where name = ?", name);
    // the page's script gave the form its key (the page itself carries none: the page cache serves it to everyone)
    expect(entry).toMatchObject({ service: "Orthodontie", status: "waiting", submission_key: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/) });
    expect(entry.wishes.split(",")).toHaveLength(2);

    // an offer of a freed slot to this entry, its link as the server derives it
    const salt = crypto.randomBytes(16).toString("base64url");
    const token = crypto.createHmac("sha256", TEST_SESSION_SECRET).update(`offre-link:${salt}`).digest("base64url");
    const hash = crypto.createHash("sha256").update(token).digest("hex");
    dbRun(
      "insert into waitlist_offers (entry_id, service, date, time, chair, status, link_salt, link_hash, expires_at, created_at) values (?, 'Orthodontie', ?, '10:00', 1, 'open', ?, ?, ?, ?)",
      entry.id,
      day,
      salt,
      hash,
      new Date(Date.now() + 3_600_000).toISOString(),
      now,
    );
    dbRun("update waitlist_entries set status = 'offered' where id = ?", entry.id);
    await page.goto(`/offre/${token}`);
    await expect(page.getByRole("button", { name: "Prendre ce rendez-vous" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await reviewShot(page, "waitlist-offer-375");

    await loginAsStaff(page, "/admin/liste-attente");
    await hydrated(page);
    const card = page.locator(`[data-waitlist-entry="${entry.id}"]`);
    await expect(card).toContainText(name);
    await expect(card).toContainText("Proposé");
    await expect(card.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/213550987654\?text=.*%2Foffre%2F/);
    await expectNoSeriousA11yViolations(page);
    await reviewShot(page, "waitlist-staff-375");
    await page.setViewportSize({ width: 1280, height: 900 });
    await reviewShot(page, "waitlist-staff-1280");
    await page.setViewportSize({ width: 375, height: 812 });
    await card.getByRole("button", { name: /Retirer/ }).click();
    await expect.poll(() => dbQuery<{ status: string }>("select status from waitlist_entries where id = ?", entry.id)[0].status).toBe("removed");
  } finally {
    dbRun("delete from appointment_slots where appointment_id = ?", filler);
    dbRun("update appointments set status = 'cancelled' where id = ?", filler);
  }
});
