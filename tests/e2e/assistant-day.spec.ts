import { expect, test, type Page } from "@playwright/test";
import { patientMatchKey } from "../../app/.server/db/migrations";
import { toE164 } from "../../app/lib/phone";
import { nationalDigits } from "../../app/lib/rules";
import { addDaysYmd, occupiedUnits } from "../../app/lib/schedule";
import { dbQuery, dbRun, E2E_ASSISTANT, expectNoSeriousA11yViolations, hydrated, insertEnrollment, insertFormation, loginAsStaff } from "./helpers";

/**
 * An assistant's day at the front desk (issue 13; docs/product.md, "Staff roles"), at 375 px and
 * 1280 px: signed in, the agenda; a patient's request confirmed; the appointment's prices shown
 * but not editable (its progress is); the patient's record without export or erasure (the
 * merge is there); the schedule, the reminder templates and the formations read-only; no Blog,
 * Équipe or Journal in the navigation, and those pages typed in the address bar answer the
 * French 403 page 'Accès non autorisé'. The server's refusals themselves are checked for every
 * route and intent by tests/http/admin-route-sweep-roles.test.ts and tests/integration/permissions.test.ts.
 */

const letters = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const randomMobile = () => {
  const d = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
  return `0552 ${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4)}`;
};
/** "20 000 DA" as the screens write it (a narrow no-break space between thousands). */
const da = (amount: number) => new RegExp(`^${new Intl.NumberFormat("fr-FR").format(amount).replace(/\s/g, "\\s")}\\sDA$`);

/** A day with free times for the service, years ahead, found through the server's own free times. */
async function freeDay(page: Page): Promise<{ date: string; times: string[] }> {
  let date = addDaysYmd("2032-03-01", Math.floor(Math.random() * 1200));
  for (let i = 0; i < 30; i++, date = addDaysYmd(date, 1)) {
    const res = await page.request.get(`/admin/creneaux?service=Orthodontie&date=${date}`);
    expect(res.ok()).toBe(true);
    const day = (await res.json()) as { date: string; times: string[] };
    if (day.times.length >= 2) return day;
  }
  throw new Error("no free day found");
}

/** A patient who asked for an appointment on the site: the record, the request (with its prices) and its slot. */
function insertRequest(r: { name: string; phone: string; date: string; time: string; prixtotal: number; prixpay: number }) {
  const now = new Date().toISOString();
  const e164 = toE164(r.phone);
  const patientId = Number(
    dbRun(
      "insert into patients (name, phone, phone_e164, email, notes, match_key, created_at, updated_at) values (?, ?, ?, null, null, ?, ?, ?)",
      r.name,
      r.phone,
      e164,
      patientMatchKey(e164, r.phone, r.name),
      now,
      now,
    ).lastInsertRowid,
  );
  const [setting] = dbQuery<{ duration_minutes: number; buffer_minutes: number }>("select duration_minutes, buffer_minutes from service_settings where service = 'Orthodontie'");
  const id = Number(
    dbRun(
      "insert into appointments (name, email, phone, phone_digits, service, date, time, message, prixtotal, prixpay, created_at, status, chair, duration_minutes, buffer_minutes, forced, patient_id) values (?, null, ?, ?, 'Orthodontie', ?, ?, null, ?, ?, ?, 'requested', 1, ?, ?, 0, ?)",
      r.name,
      r.phone,
      nationalDigits(r.phone),
      r.date,
      r.time,
      r.prixtotal,
      r.prixpay,
      now,
      setting.duration_minutes,
      setting.buffer_minutes,
      patientId,
    ).lastInsertRowid,
  );
  for (const unit of occupiedUnits(r.date, r.time, setting.duration_minutes, setting.buffer_minutes)) {
    dbRun("insert into appointment_slots (chair, unit_start, appointment_id) values (1, ?, ?)", unit, id);
  }
  dbRun("insert into appointment_history (appointment_id, at, staff_user_id, actor, action, from_status, to_status, detail) values (?, ?, null, 'Patient', 'created', null, 'requested', null)", id, now);
  return { id, patientId };
}

const rowOf = (id: number) =>
  dbQuery<{ status: string; prixtotal: number | null; prixpay: number | null; progress: string | null }>("select status, prixtotal, prixpay, progress from appointments where id = ?", id)[0];

async function expectNoHorizontalScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

for (const [label, viewport] of [
  ["375 px", { width: 375, height: 812 }],
  ["1280 px", { width: 1280, height: 900 }],
] as const) {
  test.describe(`an assistant's day at ${label}`, () => {
    test.use({ viewport });

    test("agenda, a confirmation, read-only prices, the patient's record without export or erasure; the screens of others stay closed", async ({ page }) => {
      test.setTimeout(120_000);
      await loginAsStaff(page, "/admin/agenda", E2E_ASSISTANT);
      await expect(page.getByRole("heading", { level: 1, name: /^Agenda/ })).toBeVisible();
      await expect(page.getByText(`${E2E_ASSISTANT.email} · Assistant(e)`)).toHaveCount(1);

      // the navigation shows what the role opens, and nothing else
      const nav = page.getByRole("navigation", { name: "Administration" });
      // below 1024 px the screens are in the header's menu
      const phone = viewport.width < 1024;
      // the menu opens once React runs the page (a tap before that is a tap on a plain button)
      if (phone) await hydrated(page);
      if (phone) await nav.getByRole("button", { name: "Menu", exact: true }).click();
      for (const name of ["Agenda", "Rappels", "Rendez-vous", "Patients", "Horaires et fermetures", "Formations", "Mon compte"]) {
        await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(1);
      }
      for (const name of ["Blog", "Équipe", "Journal"]) await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
      if (phone) await page.keyboard.press("Escape");
      await expectNoHorizontalScroll(page);

      // a patient's request, confirmed from the agenda
      const day = await freeDay(page);
      const name = `${capital(letters())} Assistante`;
      const { id, patientId } = insertRequest({ name, phone: randomMobile(), date: day.date, time: day.times[0], prixtotal: 2_000_000, prixpay: 500_000 });
      await page.goto(`/admin/agenda?jour=${day.date}`);
      await page.getByRole("button", { name: new RegExp(`^\\d\\d:\\d\\d.*${name}`) }).click();
      const agendaCard = page.getByRole("article", { name });
      await expect(agendaCard.getByText("Demande reçue").first()).toBeVisible();
      await expect(agendaCard.getByText(/Reste à payer/)).toContainText(/15\s000\sDA/);
      await agendaCard.getByRole("button", { name: /^Confirmer/ }).click();
      await expect(page.getByText("Statut : Confirmé.")).toBeVisible();
      await expect.poll(() => rowOf(id).status).toBe("confirmed");
      const [last] = dbQuery<{ actor: string; to_status: string }>("select actor, to_status from appointment_history where appointment_id = ? order by id desc limit 1", id);
      expect(last).toEqual({ actor: E2E_ASSISTANT.email, to_status: "confirmed" });
      // the assistant books by phone too
      await expect(page.getByText("Ajouter un rendez-vous", { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // the appointment's card: prices shown, never as fields; the progress is saved, the prices stay
      await page.goto(`/admin/appointments?q=${encodeURIComponent(name)}`);
      const card = page.getByRole("article", { name });
      // from 1024 px the card is a line of the table: its details open under 'Détails'
      const details = card.getByRole("link", { name: /^Détails/ });
      if (await details.isVisible()) {
        await hydrated(page);
        await details.click();
      }
      await expect(card.getByText(da(20_000))).toBeVisible();
      await expect(card.getByText(da(5_000))).toBeVisible();
      await card.getByRole("button", { name: "Voir plus" }).click();
      await expect(card.getByLabel("Prix total (DA)")).toHaveCount(0);
      await expect(card.getByLabel("Prix payé (DA)")).toHaveCount(0);
      await expect(card.getByText("Prix en lecture seule pour votre rôle", { exact: false })).toBeVisible();
      await expect(card.getByText(da(15_000))).toBeVisible();
      await card.getByLabel("Avancement").fill("Bagues posées");
      await card.getByRole("button", { name: "Sauvegarder" }).click();
      await expect(card.getByText("Modifications enregistrées.")).toBeVisible();
      await expect.poll(() => rowOf(id).progress).toBe("Bagues posées");
      expect(rowOf(id)).toMatchObject({ prixtotal: 2_000_000, prixpay: 500_000 });
      // the add form asks no price
      await page.getByRole("button", { name: "Ajouter un rendez-vous manuellement" }).click();
      await expect(page.getByLabel("Nom complet")).toBeVisible();
      await expect(page.getByLabel(/^Prix/)).toHaveCount(0);
      await expect(page.getByText("Les prix sont renseignés ensuite par un dentiste ou un administrateur.")).toBeVisible();
      await expectNoHorizontalScroll(page);

      // the patient's record: notes and merge, no export, no erasure
      await card.getByRole("link", { name: `Dossier patient de ${name}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/patients/${patientId}$`));
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page.getByRole("link", { name: /Exporter/ })).toHaveCount(0);
      await expect(page.getByText(/Effacer/)).toHaveCount(0);
      await expect(page.getByText("L'export et l'effacement sont faits par un dentiste ou un administrateur", { exact: false })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Fusionner un autre dossier dans celui-ci" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Enregistrer les notes" })).toBeVisible();
      const visit = page.locator(`[data-appointment-id="${id}"]`);
      await expect(visit.getByText(da(15_000))).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);

      // the schedule, read-only
      await page.goto("/admin/horaires");
      await expect(page.getByText("Lecture seule : un dentiste ou un administrateur les modifie.", { exact: false })).toBeVisible();
      await expect(page.getByRole("button", { name: /^Enregistrer/ })).toHaveCount(0);
      await expect(page.getByRole("button", { name: /Supprimer/ })).toHaveCount(0);
      await expect(page.locator("main form[method='post']")).toHaveCount(0);
      await expect(page.getByRole("region", { name: "Horaires de la semaine" }).getByText("Samedi")).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);

      // the reminders: the list, and the templates as they are sent
      await page.goto("/admin/rappels");
      await expect(page.getByRole("heading", { name: "Modèles des messages" })).toBeVisible();
      await expect(page.getByRole("button", { name: /Enregistrer le message/ })).toHaveCount(0);
      await expect(page.getByTestId("preview-whatsapp")).toBeVisible();

      // the formations, read-only: no new one, no edit, no delete, no status change, no CSV
      const formationId = insertFormation({ title: `Formation ${capital(letters())}` });
      insertEnrollment({ formation_id: formationId, user_name: "Inscrit", user_surname: capital(letters()) });
      await page.goto(`/admin/formations?inscriptions=${formationId}`);
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByText("Inscrit", { exact: false }).first()).toBeVisible();
      await expect(dialog.getByRole("link", { name: "Exporter CSV" })).toHaveCount(0);
      await expect(dialog.getByRole("combobox")).toHaveCount(0);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("button", { name: "Nouvelle Formation" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: /^Modifier/ })).toHaveCount(0);
      await expect(page.getByRole("button", { name: /^Supprimer/ })).toHaveCount(0);

      // what the role does not open, typed in the address bar: the French 403 page
      for (const path of ["/admin/blog", "/admin/equipe", "/admin/journal"]) {
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(403);
        await expect(page.getByRole("heading", { level: 1, name: "Accès non autorisé" })).toBeVisible();
        await expect(page.getByText("Votre rôle, Assistant(e), ne permet pas d'ouvrir cette page", { exact: false })).toBeVisible();
        await expectNoHorizontalScroll(page);
      }
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("link", { name: "Retour à l'agenda" }).click();
      await expect(page).toHaveURL(/\/admin\/agenda$/);
      await expect(page.getByRole("heading", { level: 1, name: /^Agenda/ })).toBeVisible();
    });
  });
}
