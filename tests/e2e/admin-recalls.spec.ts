import { expect, test } from "@playwright/test";
import { addMonthsYmd } from "../../app/lib/recall";
import { dbQuery, dbRun, expectNoSeriousA11yViolations, hydrated, loginAsStaff, reviewShot } from "./helpers";

/**
 * 'Suivis à proposer' (/admin/suivis, issue 31) on a 375 px phone, one path: a patient honoured
 * 11 months ago for 'Esthétique dentaire' appears under 'En retard' once the interval is set to
 * 10 months on the screen; the WhatsApp message carries the booking link with the service and
 * the link 'Ne plus me rappeler'; 'Noter la relance' records 'Relancé le …'; the booking link
 * opens /appointment with the service chosen; the patient's 'Ne plus me rappeler' removes them
 * from the list, the record shows it and staff lift it there. axe on the list and the page.
 */
test.use({ viewport: { width: 375, height: 812 } });

const SERVICE = "Esthétique dentaire";
const todayInClinic = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Algiers" }).format(new Date());

test("staff propose a recall, the patient opts out from the message's link, staff undo it on the record", async ({ page }) => {
  const name = `Rania Suivi ${Date.now().toString(36)}`;
  const now = new Date().toISOString();
  dbRun("insert into patients (name, phone, phone_e164, email, notes, match_key, created_at, updated_at) values (?, '0661 23 45 67', '+213661234567', null, null, null, ?, ?)", name, now, now);
  const patientId = dbQuery<{ id: number }>("select id from patients where name = ?", name)[0].id;
  const visit = addMonthsYmd(todayInClinic(), -11);
  dbRun(
    "insert into appointments (name, email, phone, service, date, time, message, created_at, status, patient_id, updated_at) values (?, null, '0661 23 45 67', ?, ?, '10:00', null, ?, 'attended', ?, ?)",
    name,
    SERVICE,
    visit,
    now,
    patientId,
    now,
  );

  await loginAsStaff(page, "/admin/suivis");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: /Suivis à proposer/ })).toBeVisible();
  // the interval set on the screen (12 → 10 months) makes this patient's recall, already late
  const field = page.getByLabel(SERVICE, { exact: true });
  await field.fill("10");
  await page.getByRole("button", { name: "Enregistrer les intervalles" }).click();
  await expect(page.getByText("Intervalles enregistrés", { exact: false }).first()).toBeVisible();
  const late = page.getByRole("list", { name: "En retard" });
  const row = late.locator("article", { hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`à revoir le ${addMonthsYmd(visit, 10).split("-").reverse().join("/")}`);

  const wa = await row.getByRole("link", { name: `Proposer un rendez-vous à ${name} sur WhatsApp` }).getAttribute("href");
  expect(wa).toMatch(/^https:\/\/wa\.me\/213661234567\?text=/);
  const text = decodeURIComponent(wa!.split("?text=")[1]);
  expect(text).toContain(`/appointment?service=Esth%C3%A9tique+dentaire`);
  const stop = /https?:\/\/\S+\/rappel\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  expect(stop).toBeTruthy();

  await row.getByRole("button", { name: `Noter la relance de ${name}` }).click();
  await expect(row.getByTestId("recall-sent")).toContainText(/Relancé le .* \(Appel téléphonique\)/);
  expect(dbQuery("select sent_channel from recalls where patient_id = ?", patientId)).toEqual([{ sent_channel: "appel" }]);
  expect(dbQuery("select count(*) as n from audit_log where action = 'recall.sent' and target_id = ?", String(patientId))).toEqual([{ n: 1 }]);
  await expectNoSeriousA11yViolations(page);
  await reviewShot(page, "recall-list-375");
  await page.setViewportSize({ width: 1280, height: 900 });
  await reviewShot(page, "recall-list-1280");
  await page.setViewportSize({ width: 375, height: 812 });

  // the booking link: the service already chosen
  await page.goto(`/appointment?service=${encodeURIComponent(SERVICE)}`);
  await hydrated(page);
  await expect(page.getByLabel(/^Service/)).toHaveValue(SERVICE);

  // the patient's link: a question, then the post
  await page.goto(new URL(stop!).pathname);
  await expect(page.getByText(/Ne plus recevoir de rappels de suivi/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await reviewShot(page, "recall-opt-out-375");
  expect(dbQuery("select recall_opt_out_at from patients where id = ?", patientId)).toEqual([{ recall_opt_out_at: null }]);
  await page.getByRole("button", { name: "Ne plus me rappeler" }).click();
  await expect(page.getByText("C'est noté.")).toBeVisible();

  await page.goto("/admin/suivis");
  await hydrated(page);
  await expect(page.locator("article", { hasText: name })).toHaveCount(0);
  await page.goto(`/admin/patients/${patientId}`);
  await hydrated(page);
  await expect(page.getByTestId("recall-opt-out")).toContainText("par le patient");
  await page.getByRole("button", { name: "Rétablir les rappels de suivi" }).click();
  await expect(page.getByTestId("recall-opt-out")).toHaveCount(0);
  await page.goto("/admin/suivis");
  await expect(page.getByRole("list", { name: "En retard" }).locator("article", { hasText: name })).toBeVisible();

  // the interval back as the other specs expect it
  dbRun("delete from recall_intervals where service = ?", SERVICE);
  dbRun("insert into recall_intervals (service, months, updated_at, updated_by) values (?, 12, ?, null)", SERVICE, now);
  dbRun("delete from recalls where patient_id = ?", patientId);
});
