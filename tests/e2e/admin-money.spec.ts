import { expect, test } from "@playwright/test";
import { dbQuery, dbRun, E2E_ADMIN, E2E_ASSISTANT, expectNoSeriousA11yViolations, hydrated, loginAsStaff, reviewShot } from "./helpers";

/**
 * Money at the front desk (issue 29; docs/product.md, "Staff: payments and receipts", "the day's
 * cash", "the patient's account", "acts and prices"): an assistant takes a cheque on a patient's
 * record at 375 px and gets its numbered receipt; an administrator cancels it with a reason; the
 * record's account shows both lines; the day's cash of a past day is closed with the cash counted
 * at 1280 px; the catalogue of acts is edited. axe on every screen.
 */
const CLINIC_TZ = "Africa/Algiers";
const dayInClinic = (offset = 0) => new Intl.DateTimeFormat("en-CA", { timeZone: CLINIC_TZ }).format(new Date(Date.now() + offset * 86_400_000));

function aPatient(): { id: number; name: string } {
  const suffix = Math.random().toString(36).slice(2, 7);
  const now = new Date().toISOString();
  const name = `Lyna Money ${suffix}`;
  const res = dbRun("insert into patients (name, phone, phone_e164, email, notes, match_key, created_at, updated_at) values (?, '0550 10 20 30', '+213550102030', null, null, ?, ?, ?)", name, `money-${suffix}`, now, now);
  return { id: Number(res.lastInsertRowid), name };
}

test.describe("money at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("a cheque taken on the record gives 'Reçu n° …'; an administrator cancels it; the account shows both", async ({ page }) => {
    const patient = aPatient();
    await loginAsStaff(page, `/admin/patients/${patient.id}`, E2E_ASSISTANT);
    await hydrated(page);
    const form = page.getByRole("region", { name: "Encaisser un paiement" });
    await form.getByLabel("Montant (DA)").fill("25 000");
    await form.getByText("Chèque", { exact: true }).click();
    // the cheque's number is asked, and refused when missing
    await form.getByRole("button", { name: "Encaisser et voir le reçu" }).click();
    await expect(form.getByText("Indiquez le numéro du chèque.")).toBeVisible();
    await expect(form.getByLabel("Montant (DA)")).toHaveValue("25 000");
    await form.getByLabel("N° du chèque").fill("0071234");
    await form.getByRole("button", { name: "Encaisser et voir le reçu" }).click();

    await expect(page.getByRole("heading", { level: 1, name: /^Reçu n° \d{4}-\d{6}$/ })).toBeVisible();
    const [row] = dbQuery<{ id: number; receipt_no: string; amount: number; cheque_number: string }>("select id, receipt_no, amount, cheque_number from payments where patient_id = ? and kind = 'payment'", patient.id);
    expect(row).toMatchObject({ amount: 2_500_000, cheque_number: "0071234" });
    await expect(page.getByText(patient.name)).toBeVisible();
    await expect(page.getByText("Chèque n° 0071234")).toBeVisible();
    await expect(page.getByRole("link", { name: "Télécharger le PDF" })).toHaveAttribute("href", `/admin/recus/${row.id}/pdf`);
    // an assistant may not cancel a receipt: the form is not there
    await expect(page.getByRole("button", { name: "Annuler ce reçu" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await reviewShot(page, "money-receipt-375", { fullPage: true });

    // the PDF is a PDF
    const pdf = await page.request.get(`/admin/recus/${row.id}/pdf`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    await loginAsStaff(page, `/admin/recus/${row.id}`, E2E_ADMIN);
    await hydrated(page);
    page.once("dialog", (d) => void d.accept());
    await page.getByLabel("Raison de l'annulation").fill("Chèque refusé par la banque");
    await page.getByRole("button", { name: "Annuler ce reçu" }).click();
    await expect(page.getByText("ANNULÉ", { exact: true })).toBeVisible();
    await expect(page.getByText(/Reçu annulé le .*\s: Chèque refusé par la banque\./)).toBeVisible();
    expect(dbQuery("select amount, reason from payments where cancels_payment_id = ?", row.id)).toEqual([{ amount: -2_500_000, reason: "Chèque refusé par la banque" }]);

    await page.goto(`/admin/patients/${patient.id}`);
    const account = page.getByRole("region", { name: "Compte du patient" });
    await expect(account.getByRole("link", { name: `Reçu n° ${row.receipt_no} (Chèque n° 0071234)` })).toBeVisible();
    await expect(account.getByRole("link", { name: `Annulation du reçu n° ${row.receipt_no}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await reviewShot(page, "money-record-375", { fullPage: true });
  });
});

test.describe("money at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the day's cash: totals by mode, then 'Clôturer la caisse' with the cash counted and the difference", async ({ page }) => {
    const day = dayInClinic(-3);
    const patient = aPatient();
    const admin = await loginAsStaff(page, `/admin/caisse?jour=${day}`, E2E_ADMIN);
    dbRun("delete from cash_closings where day = ?", day);
    const at = `${day}T09:30:00.000Z`;
    const [{ n }] = dbQuery<{ n: number }>("select coalesce(max(receipt_seq), 0) as n from payments where receipt_year = 1999");
    for (const [i, amount, mode] of [
      [1, 1_500_000, "especes"],
      [2, 4_000_000, "cib"],
      [3, 250_000, "especes"],
    ] as const) {
      dbRun(
        "insert into payments (patient_id, kind, amount, mode, paid_at, paid_day, taken_by, receipt_year, receipt_seq, receipt_no, created_at) values (?, 'payment', ?, ?, ?, ?, ?, 1999, ?, ?, ?)",
        patient.id,
        amount,
        mode,
        at,
        day,
        admin,
        n + i,
        `1999-${String(n + i).padStart(6, "0")}`,
        at,
      );
    }
    await page.reload();
    await hydrated(page);
    const tiles = page.getByRole("list", { name: "Totaux du jour" });
    const [{ total, especes }] = dbQuery<{ total: number; especes: number }>("select sum(amount) as total, sum(case when mode = 'especes' then amount else 0 end) as especes from payments where paid_day = ? and mode != 'ajustement'", day);
    const da = (c: number) => `${new Intl.NumberFormat("fr-FR").format(c / 100).replace(/\s/g, "\u202f")}\u00a0DA`;
    await expect(tiles.getByRole("listitem").filter({ hasText: "Total encaissé" })).toContainText(da(total));
    await expect(tiles.getByRole("listitem").filter({ hasText: "Espèces attendues" })).toContainText(da(especes));
    await expect(page.getByRole("table", { name: "Paiements du jour" }).getByRole("cell", { name: patient.name }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const close = page.getByRole("region", { name: "Clôturer la caisse" });
    await close.getByLabel("Espèces comptées (DA)").fill(String(especes / 100 - 500));
    await expect(close.getByText("Manque de 500\u00a0DA.")).toBeVisible();
    await close.getByRole("button", { name: "Clôturer la caisse" }).click();
    await expect(page.getByRole("heading", { name: /Caisse clôturée le/ })).toBeVisible();
    expect(dbQuery("select expected_cash, counted_cash, difference from cash_closings where day = ?", day)).toEqual([{ expected_cash: especes, counted_cash: especes - 50_000, difference: -50_000 }]);
    await reviewShot(page, "money-cash-1280", { fullPage: true });
  });

  test("the catalogue of acts: a demo act's price is changed and it is no longer marked 'Démo'", async ({ page }) => {
    await loginAsStaff(page, "/admin/actes", E2E_ADMIN);
    await hydrated(page);
    await expectNoSeriousA11yViolations(page);
    const [act] = dbQuery<{ id: number; code: string; label: string }>("select id, code, label from acts order by id limit 1");
    dbRun("update acts set demo = 1 where id = ?", act.id);
    await page.reload();
    await hydrated(page);
    const item = page.getByRole("listitem").filter({ hasText: act.label });
    await item.getByText("Modifier").click();
    await item.getByLabel("Prix (DA)").fill("2 500");
    await item.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText(`${act.code} — ${act.label} : enregistré.`)).toBeVisible();
    expect(dbQuery("select price, demo from acts where id = ?", act.id)).toEqual([{ price: 250_000, demo: 0 }]);
    await reviewShot(page, "money-acts-1280", { fullPage: false });
  });
});
