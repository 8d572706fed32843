import crypto from "node:crypto";
import { expect, test, type Browser } from "@playwright/test";
import { TEST_SESSION_SECRET } from "../server-env";
import { dbQuery, dbRun, E2E_DENTIST, expectNoSeriousA11yViolations, hydrated, loginAsStaff, reviewShot } from "./helpers";

/**
 * Quotes (issue 29; docs/product.md, "Staff: quotes", "Patients: answering a quote"): a dentist
 * writes a quote with the act picker and teeth picked on the chart with the keyboard, two
 * options, and proposes it (1280 px); a patient reads a proposed quote on a phone (375 px),
 * chooses an option, signs with their name and accepts it, with JavaScript and without; another
 * refuses with a reason. axe on the editor, the staff view and the patient's page.
 */
function aPatient(): { id: number; name: string } {
  const suffix = Math.random().toString(36).slice(2, 7);
  const now = new Date().toISOString();
  const name = `Nassim Devis ${suffix}`;
  const res = dbRun("insert into patients (name, phone, phone_e164, email, notes, match_key, created_at, updated_at) values (?, '0550 60 70 80', '+213550607080', ?, null, ?, ?, ?)", name, `${suffix}@exemple.dz`, `devis-${suffix}`, now, now);
  return { id: Number(res.lastInsertRowid), name };
}

/** A proposed quote with two options, stored as the staff side leaves it, and its link's token (the server's own HMAC). */
function proposedQuote(patientId: number): { token: string; id: number } {
  const salt = crypto.randomBytes(16).toString("base64url");
  const token = crypto.createHmac("sha256", TEST_SESSION_SECRET).update(`devis-link:${salt}`).digest("base64url");
  const hash = crypto.createHash("sha256").update(token).digest("hex");
  const now = new Date().toISOString();
  const [{ seq }] = dbQuery<{ seq: number }>("select coalesce(max(seq), 0) + 1 as seq from quotes where year = 1999");
  const id = Number(
    dbRun(
      "insert into quotes (year, seq, number, patient_id, title, status, valid_until, note, discount, total, link_salt, link_hash, created_at, updated_at, proposed_at) values (1999, ?, ?, ?, 'Remplacement de la 36', 'proposed', '2099-12-31', null, 0, 9300000, ?, ?, ?, ?, ?)",
      seq,
      `1999-${String(seq).padStart(4, "0")}`,
      patientId,
      salt,
      hash,
      now,
      now,
      now,
    ).lastInsertRowid,
  );
  const lines: [string, string | null, string | null, number][] = [
    ["Extraction de la 36", "36", null, 300_000],
    ["Bridge 35-37", "35,36,37", "Option A : bridge", 9_000_000],
    ["Implant et couronne", "36", "Option B : implant", 11_500_000],
  ];
  lines.forEach(([label, teeth, option, price], i) =>
    dbRun("insert into quote_lines (quote_id, position, phase, option, act_id, label, teeth, quantity, unit_price, discount, total) values (?, ?, null, ?, null, ?, ?, 1, ?, 0, ?)", id, i + 1, option, label, teeth, price, price),
  );
  return { token, id };
}

test.describe("the staff writes a quote at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("act picker, teeth chosen on the chart with the keyboard, two options with their totals, then 'Proposer au patient'", async ({ page }) => {
    const patient = aPatient();
    await loginAsStaff(page, `/admin/devis?patient=${patient.id}`, E2E_DENTIST);
    await hydrated(page);
    await page.getByRole("button", { name: "Créer le devis" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Devis n° \d{4}-\d{4}/ })).toBeVisible();
    await hydrated(page);

    const first = page.getByRole("listitem", { name: "Ligne 1" });
    await first.getByLabel("Acte (ligne 1)").selectOption({ label: "IMPL — Implant dentaire (pose)" });
    await expect(first.getByLabel("Libellé (ligne 1)")).toHaveValue("Implant dentaire (pose)");
    await expect(first.getByLabel("Prix unitaire (DA)")).toHaveValue(/^\d+$/);
    await first.getByLabel("Prix unitaire (DA)").fill("80000");
    // the chart: one tab stop, arrows move, Space picks
    await first.getByRole("button", { name: "Schéma" }).click();
    await first.getByRole("button", { name: "Dent 11" }).focus();
    await page.keyboard.press("ArrowDown");
    for (let i = 0; i < 6; i++) await page.keyboard.press("ArrowRight");
    await expect(first.getByRole("button", { name: "Dent 36" })).toBeFocused();
    await page.keyboard.press("Space");
    await expect(first.getByRole("button", { name: "Dent 36" })).toHaveAttribute("aria-pressed", "true");
    await expect(first.getByLabel("Dents (ligne 1)")).toHaveValue("36");
    await first.getByLabel(/^Option/).fill("Option B : implant");
    await reviewShot(page, "quote-editor-chart-1280");

    await page.getByRole("button", { name: "Ajouter une ligne" }).click();
    const second = page.getByRole("listitem", { name: "Ligne 2" });
    await second.getByLabel("Libellé (ligne 2)").fill("Bridge 35-37");
    await second.getByLabel("Dents (ligne 2)").fill("35, 36, 37");
    await second.getByLabel("Prix unitaire (DA)").fill("90000");
    await second.getByLabel(/^Option/).fill("Option A : bridge");
    const totals = page.getByRole("region", { name: "Totaux" });
    await expect(totals.getByText("Option B : implant")).toBeVisible();
    await expect(totals).toContainText("80\u202f000\u00a0DA");
    await expect(totals).toContainText("90\u202f000\u00a0DA");
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Proposer au patient" }).click();
    await expect(page.getByText(/Devis n° \d{4}-\d{4} proposé\s: envoyez-le au patient\./)).toBeVisible();
    const [q] = dbQuery<{ id: number; status: string; total: number }>("select id, status, total from quotes where patient_id = ?", patient.id);
    expect(q).toMatchObject({ status: "proposed", total: 8_000_000 });
    expect(dbQuery("select position, teeth, option, total from quote_lines where quote_id = ? order by position", q.id)).toEqual([
      { position: 1, teeth: "36", option: "Option B : implant", total: 8_000_000 },
      { position: 2, teeth: "35,36,37", option: "Option A : bridge", total: 9_000_000 },
    ]);
    await expect(page.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/213550607080\?text=.*%2Fdevis%2F/);
    await expect(page.getByRole("region", { name: "Option A : bridge" })).toContainText("Dents 35, 36, 37");
    await expectNoSeriousA11yViolations(page);
    await reviewShot(page, "quote-proposed-1280", { fullPage: true });
    const pdf = await page.request.get(`/admin/devis/${q.id}/pdf`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
  });
});

test.describe("the plan of an accepted quote at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("'Calculer' equal instalments, save them; the list, the plan and the statement pass axe; the printed quote is A4 without the staff shell", async ({ page }) => {
    const patient = aPatient();
    const { id } = proposedQuote(patient.id);
    dbRun("update quotes set status = 'accepted', accepted_option = 'Option A : bridge', accepted_name = 'Nassim', decided_at = ?, total = 9300000 where id = ?", new Date().toISOString(), id);
    await loginAsStaff(page, "/admin/devis?statut=accepted", E2E_DENTIST);
    await expectNoSeriousA11yViolations(page);
    await page.goto(`/admin/devis/${id}/echeancier`);
    await hydrated(page);
    await page.getByLabel("Acompte (DA)").fill("30000");
    await page.getByLabel("Nombre d'échéances").fill("3");
    await page.getByLabel("Première échéance").fill("2030-01-10");
    await page.getByRole("button", { name: "Calculer" }).click();
    await expect(page.getByText("Somme des échéances : 93\u202f000\u00a0DA sur 93\u202f000\u00a0DA — le compte est bon.")).toBeVisible();
    await expect(page.getByLabel("Montant de la ligne 2 (DA)")).toHaveValue("21000");
    await expect(page.getByLabel("Date de la ligne 4")).toHaveValue("2030-04-10");
    await page.getByRole("button", { name: "Enregistrer l'échéancier" }).click();
    await expect(page.getByText("Échéancier enregistré.")).toBeVisible();
    const instalments = page.getByRole("list", { name: "Échéances" });
    await expect(instalments.getByRole("listitem")).toHaveCount(4);
    await expect(instalments.getByRole("listitem").first()).toContainText("À venir");
    expect(dbQuery("select i.position, i.due_day, i.amount from plan_instalments i join payment_plans p on p.id = i.plan_id where p.quote_id = ? order by i.position", id)).toEqual([
      { position: 0, due_day: "2030-01-10", amount: 3_000_000 },
      { position: 1, due_day: "2030-02-10", amount: 2_100_000 },
      { position: 2, due_day: "2030-03-10", amount: 2_100_000 },
      { position: 3, due_day: "2030-04-10", amount: 2_100_000 },
    ]);
    await expectNoSeriousA11yViolations(page);
    await page.goto(`/admin/patients/${patient.id}/releve`);
    await expect(page.getByRole("heading", { level: 1, name: "Relevé de compte" })).toBeVisible();
    await expect(page.getByRole("cell", { name: /Devis n° 1999-\d{4} accepté \(Option A\s: bridge\)/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // the printed quote: the document alone
    await page.goto(`/admin/devis/${id}`);
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("navigation", { name: "Administration" })).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: /^Devis n° 1999-\d{4}$/ })).toBeVisible();
    await expect(page.getByRole("region", { name: "Envoyer au patient" })).toBeHidden();
    await reviewShot(page, "quote-printed", { fullPage: true });
  });
});

test.describe("the patient answers at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("chooses Option B, signs with their name and accepts; the database holds the option, the name, the address and the hash", async ({ page }) => {
    const patient = aPatient();
    const { token, id } = proposedQuote(patient.id);
    await page.goto(`/devis/${token}`);
    await expect(page.getByRole("heading", { level: 1, name: /^Devis n° 1999-\d{4}$/ })).toBeVisible();
    await expect(page.getByText("Bridge 35-37 · Dents 35, 36, 37")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // nothing chosen: said next to each field, nothing lost
    await page.getByLabel("Nom et prénom").fill("Nassim Benali");
    await page.getByRole("button", { name: "Accepter le devis" }).click();
    await expect(page.getByText("Choisissez l'option que vous acceptez.")).toBeVisible();
    await expect(page.getByText("Cochez « J'accepte ce devis » pour donner votre accord.")).toBeVisible();
    await expect(page.getByLabel("Nom et prénom")).toHaveValue("Nassim Benali");
    // the page scrolls smoothly to a field (html's scroll-behavior): a tap during the scroll may miss, so it is tapped again
    await expect(async () => {
      await page.getByRole("radio", { name: /Option B\s: implant/ }).check({ timeout: 2000 });
      await page.getByRole("checkbox", { name: "J'accepte ce devis" }).check({ timeout: 2000 });
    }).toPass();
    await reviewShot(page, "quote-accept-375", { fullPage: true });
    await page.getByRole("button", { name: "Accepter le devis" }).click();
    await expect(page.getByText("Merci, votre accord est enregistré.")).toBeVisible();
    await expect(page.getByText(/Accepté le .* par «\sNassim Benali\s»\s: Option B\s: implant\./)).toBeVisible();
    await expect(page.getByRole("button", { name: "Accepter le devis" })).toHaveCount(0);
    const [row] = dbQuery<{ status: string; accepted_option: string; accepted_name: string; accepted_ip: string; accepted_hash: string; total: number }>("select status, accepted_option, accepted_name, accepted_ip, accepted_hash, total from quotes where id = ?", id);
    expect(row).toMatchObject({ status: "accepted", accepted_option: "Option B : implant", accepted_name: "Nassim Benali", total: 11_800_000 });
    expect(row.accepted_ip).toBeTruthy();
    expect(row.accepted_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test("without JavaScript: accepts a quote; another is refused with a reason", async ({ browser }: { browser: Browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const patient = aPatient();
    const a = proposedQuote(patient.id);
    await page.goto(`/devis/${a.token}`);
    await page.getByRole("radio", { name: /Option A\s: bridge/ }).check();
    await page.getByLabel("Nom et prénom").fill("Nassim Benali");
    await page.getByRole("checkbox", { name: "J'accepte ce devis" }).check();
    await page.getByRole("button", { name: "Accepter le devis" }).click();
    await expect(page.getByText("Merci, votre accord est enregistré.")).toBeVisible();
    expect(dbQuery("select status, accepted_option from quotes where id = ?", a.id)).toEqual([{ status: "accepted", accepted_option: "Option A : bridge" }]);

    const b = proposedQuote(patient.id);
    await page.goto(`/devis/${b.token}`);
    await page.getByLabel("Raison (facultatif)").fill("Je préfère attendre l'été");
    await page.getByRole("button", { name: "Refuser ce devis" }).click();
    await expect(page.getByText("Votre réponse est enregistrée. Merci de nous avoir répondu.")).toBeVisible();
    expect(dbQuery("select status, refusal_reason from quotes where id = ?", b.id)).toEqual([{ status: "refused", refusal_reason: "Je préfère attendre l'été" }]);
    // a wrong link is the same 404 as /rdv's
    const res = await page.goto(`/devis/${"x".repeat(43)}`);
    expect(res?.status()).toBe(404);
    await context.close();
  });
});
