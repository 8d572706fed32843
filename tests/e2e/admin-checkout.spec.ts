import { expect, test, type Locator, type Page } from "@playwright/test";
import { formatDA } from "../../app/lib/money";
import { nationalDigits } from "../../app/lib/rules";
import { dbQuery, dbRun, expectNoSeriousA11yViolations, loginAsStaff, reviewShot } from "./helpers";

/**
 * Check-out at the front desk (docs/product.md, "Staff: agenda"; ADR 021), at 375 and 1280 px:
 * 'Honoré' offers 'Encaisser' on the same card, prefilled with what is due; an amount over the
 * balance is refused beside the field with the mode kept; paid in Espèces, the day's tiles show
 * 'Encaissé aujourd'hui' with its Espèces part and the new 'Reste à payer'. Every action of the
 * card has a visible label and a 44 px target.
 */

const CLINIC_TZ = "Africa/Algiers";
const todayInClinic = () => new Intl.DateTimeFormat("en-CA", { timeZone: CLINIC_TZ }).format(new Date());

function tag(label: string) {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  return `${label} ${letters[0].toUpperCase()}${letters.slice(1)}`;
}

/** A confirmed appointment of today with a price, stored as the front desk leaves it (its slot units aside: it is placed before the opening). */
function insertPriced(name: string, prixtotal: number, prixpay: number): number {
  const phone = "0550 44 55 66";
  const now = new Date().toISOString();
  const res = dbRun(
    "insert into appointments (name, email, phone, phone_digits, service, date, time, message, created_at, status, chair, duration_minutes, buffer_minutes, forced, prixtotal, prixpay) values (?, null, ?, ?, 'Orthodontie', ?, '07:00', null, ?, 'confirmed', 1, 30, 15, 0, ?, ?)",
    name,
    phone,
    nationalDigits(phone),
    todayInClinic(),
    now,
    prixtotal,
    prixpay,
  );
  const id = Number(res.lastInsertRowid);
  dbRun("insert into appointment_history (appointment_id, at, staff_user_id, actor, action, from_status, to_status, detail) values (?, ?, null, 'Patient', 'created', null, 'confirmed', null)", id, now);
  return id;
}

/** Today's figures as the database has them. */
function todaysMoney() {
  const today = todayInClinic();
  const [due] = dbQuery<{ priced: number; due: number }>(
    "select count(prixtotal) as priced, coalesce(sum(case when prixtotal > coalesce(prixpay, 0) then prixtotal - coalesce(prixpay, 0) else 0 end), 0) as due from appointments where date = ? and status != 'cancelled'",
    today,
  );
  const [cash] = dbQuery<{ total: number; especes: number }>("select coalesce(sum(amount), 0) as total, coalesce(sum(case when mode = 'especes' then amount else 0 end), 0) as especes from payments where paid_day = ? and mode != 'ajustement'", today);
  return { due: due.priced ? formatDA(due.due) : "—", collected: formatDA(cash.total), especes: formatDA(cash.especes) };
}

async function expectTarget(control: Locator) {
  await expect(control).toBeVisible();
  const box = await control.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(box!.width).toBeGreaterThanOrEqual(44);
}

async function expectNoHorizontalScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

for (const [label, viewport] of [
  ["1280 px", { width: 1280, height: 800 }],
  ["375 px", { width: 375, height: 812 }],
] as const) {
  test.describe(`admin: check-out at ${label}`, () => {
    test.use({ viewport });

    test("'Honoré' then 'Encaisser' in Espèces: the payment is stored and today's tiles show what was collected", async ({ page }) => {
      const name = tag("Caisse");
      const id = insertPriced(name, 1_500_000, 300_000);
      await loginAsStaff(page, "/admin/agenda");
      // the grid's block (the phone's line) opens the appointment's card
      await page.getByRole("button", { name: new RegExp(`^\\d\\d:\\d\\d.*${name}`) }).click();
      const c = page.getByRole("article", { name });

      // every action of the card says what it does, with a target of 44 px at least
      for (const [role, text] of [
        ["link", "Appeler"],
        ["link", "WhatsApp"],
        ["link", "SMS"],
        ["button", "Honoré"],
        ["button", "Absent"],
        ["button", "Annuler…"],
      ] as const) {
        const control = c.getByRole(role, { name: new RegExp(text) }).first();
        await expect(control).toContainText(text);
        await expectTarget(control);
      }
      await expect(c.locator("summary").getByText("Déplacer", { exact: true })).toBeVisible();
      await expect(c.getByText("Reste à payer : 12 000 DA", { exact: false })).toBeVisible();

      await c.getByRole("button", { name: /^Honoré/ }).click();
      const form = c.getByRole("form", { name: `Encaisser un paiement de ${name}` });
      await expect(form).toBeVisible();
      await expect.poll(() => dbQuery<{ status: string }>("select status from appointments where id = ?", id)[0].status).toBe("attended");
      await expect(form.getByLabel("Montant (DA)")).toHaveValue("12000");
      await expect(form.getByRole("radio", { name: "Espèces" })).toBeChecked();
      await expectTarget(c.getByRole("button", { name: /^Encaisser/ }).first());
      await expectNoHorizontalScroll(page);
      await reviewShot(page, `checkout-form-${viewport.width}`, { fullPage: false });
      await expectNoSeriousA11yViolations(page);

      // more than what is due: refused beside the amount, the mode chosen kept, nothing stored
      await form.getByRole("radio", { name: "CIB" }).check();
      await form.getByLabel("Montant (DA)").fill("12 000,01");
      await form.getByRole("button", { name: "Encaisser" }).click();
      await expect(form.getByText("Le montant dépasse le reste à payer (12 000 DA).")).toBeVisible();
      await expect(form.getByRole("radio", { name: "CIB" })).toBeChecked();
      expect(dbQuery("select id from payments where appointment_id = ?", id)).toEqual([]);

      await form.getByRole("radio", { name: "Espèces" }).check();
      await form.getByLabel("Montant (DA)").fill("12000");
      await form.getByRole("button", { name: "Encaisser" }).click();
      // the toast names the receipt: 'Reçu n° 2026-000123' (issue 29)
      await expect(page.getByText(/Encaissé\s: 12\s000\sDA \(Espèces\), reçu n° \d{4}-\d{6}\./)).toBeVisible();
      await expect(form).toBeHidden();
      expect(dbQuery("select amount, mode, paid_day from payments where appointment_id = ?", id)).toEqual([{ amount: 1_200_000, mode: "especes", paid_day: todayInClinic() }]);
      expect(dbQuery<{ prixpay: number }>("select prixpay from appointments where id = ?", id)[0].prixpay).toBe(1_500_000);
      await expect(c.getByText("Réglé : 15 000 DA")).toBeVisible();
      await expect(c.getByRole("button", { name: /^Encaisser/ })).toHaveCount(0);

      const tiles = page.getByRole("region", { name: "Chiffres du jour" });
      const money = todaysMoney();
      const collected = tiles.locator("[data-count='collected']");
      await expect(collected).toContainText("Encaissé aujourd'hui");
      await expect(collected.locator("dd").first()).toHaveText(money.collected);
      await expect(collected.locator("[data-split]")).toContainText(`Espèces ${money.especes}`);
      await expect(tiles.locator("[data-count='due'] dd")).toHaveText(money.due);
      await expectNoHorizontalScroll(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await reviewShot(page, `checkout-tiles-${viewport.width}`, { fullPage: false });
      await expectNoSeriousA11yViolations(page);
    });
  });
}
