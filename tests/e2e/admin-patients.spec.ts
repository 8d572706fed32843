import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import readXlsxFile from "read-excel-file/node";
import { nameKey, patientMatchKey } from "../../app/lib/name-key";
import { toE164 } from "../../app/lib/phone";
import { nationalDigits } from "../../app/lib/rules";
import { dbQuery, dbRun, expectNoSeriousA11yViolations, hydrated, loginAsStaff, reviewShot } from "./helpers";

/**
 * The patient records (docs/product.md, "Staff: patients" and "Personal data"), at 1280 px and on
 * a 375 px phone: a patient found by a phone number typed in another form, the record with its
 * totals and no-shows, a staff note, the JSON, CSV and Excel exports (real downloads, recorded in the
 * journal), the merge of a second record with its confirmation, and an erasure with its typed
 * confirmation, checked in the database. E2E_SHOTS_DIR set: screenshots of both widths there.
 */

const shot = reviewShot;

const letters = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** A mobile number no other test uses: 0551 then six random digits, grouped by two. */
const randomMobile = () => {
  const d = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
  return `0551 ${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4)}`;
};

/** A patient record and its appointments, written as the booking writes them (key, link, history). */
function insertPatient(p: {
  name: string;
  phone: string;
  email?: string | null;
  appointments: { date: string; time: string; status: string; prixtotal?: number | null; prixpay?: number | null; service?: string }[];
}): { id: number; appointments: number[] } {
  const now = new Date().toISOString();
  const e164 = toE164(p.phone);
  const res = dbRun(
    "insert into patients (name, phone, phone_e164, email, notes, match_key, name_key, created_at, updated_at) values (?, ?, ?, ?, null, ?, ?, ?, ?)",
    p.name,
    p.phone,
    e164,
    p.email ?? null,
    patientMatchKey(e164, p.phone, p.name),
    nameKey(p.name),
    now,
    now,
  );
  const id = Number(res.lastInsertRowid);
  const appointments = p.appointments.map((a) => {
    const r = dbRun(
      "insert into appointments (name, email, phone, phone_digits, service, date, time, message, prixtotal, prixpay, created_at, status, chair, duration_minutes, buffer_minutes, forced, patient_id) values (?, ?, ?, ?, ?, ?, ?, null, ?, ?, ?, ?, 1, 30, 15, 0, ?)",
      p.name,
      p.email ?? null,
      p.phone,
      nationalDigits(p.phone),
      a.service ?? "Orthodontie",
      a.date,
      a.time,
      a.prixtotal ?? null,
      a.prixpay ?? null,
      now,
      a.status,
      id,
    );
    const appointmentId = Number(r.lastInsertRowid);
    dbRun(
      "insert into appointment_history (appointment_id, at, staff_user_id, actor, action, from_status, to_status, detail) values (?, ?, null, 'Patient', 'created', null, ?, null)",
      appointmentId,
      now,
      a.status,
    );
    return appointmentId;
  });
  return { id, appointments };
}

const patientRow = (id: number) =>
  dbQuery<{
    name: string;
    phone: string | null;
    email: string | null;
    notes: string | null;
    merged_into: number | null;
    erased_at: string | null;
    match_key: string | null;
  }>("select name, phone, email, notes, merged_into, erased_at, match_key from patients where id = ?", id)[0];
const eventsOf = (id: number) => dbQuery<{ action: string; actor: string }>("select action, actor from patient_events where patient_id = ? order by id", id);

async function expectNoHorizontalScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

/** The figure of the record's summary under `label` ('Venues', 'Reste à payer'…). */
const figure = (page: Page, label: string) =>
  page.getByRole("region", { name: "En résumé" }).getByText(label, { exact: true }).locator("xpath=following-sibling::dd[1]");

test.describe("admin: patient records at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a patient found by another form of the phone: totals, no-shows, a note, exports and a merge", async ({ page }) => {
    const family = capital(letters());
    const phone = randomMobile();
    const name = `Amina ${family}`;
    const main = insertPatient({
      name,
      phone,
      email: `amina.${family.toLowerCase()}@exemple.dz`,
      appointments: [
        { date: "2024-03-10", time: "09:00", status: "attended", prixtotal: 1_000_000, prixpay: 600_000 },
        { date: "2024-04-14", time: "10:00", status: "no_show", prixtotal: 500_000 },
        { date: "2024-05-12", time: "11:00", status: "cancelled", prixtotal: 300_000 },
      ],
    });
    // the same person, booked once under another spelling and another number
    const other = insertPatient({
      name: `Amina ${family}e`,
      phone: randomMobile(),
      appointments: [{ date: "2024-06-09", time: "09:30", status: "attended", prixtotal: 200_000, prixpay: 200_000 }],
    });

    await loginAsStaff(page, "/admin/patients");
    await expect(page.getByRole("heading", { level: 1, name: "Patients" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Patients", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );

    // the number typed in its international form finds the record stored as "0551 …"
    const international = `+213 ${nationalDigits(phone).replace(/^(\d{3})(\d{2})(\d{2})(\d{2})$/, "$1 $2 $3 $4")}`;
    await page.getByLabel("Rechercher (nom, téléphone ou e-mail)").fill(international);
    await expect(page).toHaveURL((u) => u.searchParams.get("q") === international);
    const table = page.getByRole("table", { name: "Patients" });
    await expect(table.getByRole("row")).toHaveCount(2);
    const row = table.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText(phone);
    await expect(row.getByRole("cell").nth(4)).toHaveText("1");
    await expect(row).toContainText(/9\s000\sDA/);
    await shot(page, "patients-list-1280");
    await row.getByRole("link", { name }).click();

    await expect(page).toHaveURL(`/admin/patients/${main.id}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("group", { name: `Contacter ${name}` }).getByRole("link", { name: /^Appeler/ })).toHaveAttribute(
      "href",
      `tel:${toE164(phone)}`,
    );
    await expect(page.getByRole("group", { name: `Contacter ${name}` }).getByRole("link", { name: /WhatsApp/ })).toHaveAttribute(
      "href",
      `https://wa.me/${toE164(phone)!.slice(1)}`,
    );
    await expect(figure(page, "Rendez-vous")).toHaveText("3");
    await expect(figure(page, "Venues")).toHaveText("1");
    await expect(figure(page, "Absences")).toHaveText("1");
    await expect(figure(page, "Annulations")).toHaveText("1");
    // cancelled left out: 10 000 + 5 000 billed, 6 000 paid, 4 000 + 5 000 due
    await expect(figure(page, "Facturé")).toHaveText(/^15\s000\sDA$/);
    await expect(figure(page, "Payé")).toHaveText(/^6\s000\sDA$/);
    await expect(figure(page, "Reste à payer")).toHaveText(/^9\s000\sDA$/);
    const list = page.getByRole("list", { name: "Rendez-vous du patient" });
    await expect(list.locator("[data-appointment-id]")).toHaveCount(3);
    await expect(list.locator("[data-status]")).toHaveText(["Annulé", "Absent", "Honoré"]);
    await expectNoSeriousA11yViolations(page);

    // a note for the team
    await page.getByRole("textbox", { name: /^Notes/ }).fill("Allergique à la pénicilline. Préfère le matin.");
    await page.getByRole("button", { name: "Enregistrer les notes" }).click();
    await expect(page.getByText("Notes enregistrées.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: /^Notes/ })).toHaveValue("Allergique à la pénicilline. Préfère le matin.");
    expect(patientRow(main.id).notes).toBe("Allergique à la pénicilline. Préfère le matin.");
    await expect(page.getByRole("list", { name: "Journal du dossier" })).toContainText("Notes de l'équipe modifiées");

    // the exports: real downloads, each recorded in the journal
    const [json] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exporter (JSON)" }).click()]);
    expect(json.suggestedFilename()).toMatch(new RegExp(`^patient-${main.id}-donnees-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const doc = JSON.parse(fs.readFileSync((await json.path())!, "utf8"));
    expect(doc.patient).toMatchObject({ numero: main.id, nom: name, telephone: phone });
    expect(doc.notes_equipe).toBe("Allergique à la pénicilline. Préfère le matin.");
    expect(doc.rendez_vous.map((a: { statut: string }) => a.statut)).toEqual(["Honoré", "Absent", "Annulé"]);
    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exporter (CSV)" }).click()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const csvText = fs.readFileSync((await csv.path())!, "utf8");
    expect(csvText.startsWith("\uFEFFRubrique;Référence;Champ;Valeur\r\n")).toBe(true);
    expect(csvText).toContain(`Patient;#${main.id};nom;${name}`);
    const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exporter (Excel)" }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(new RegExp(`^patient-${main.id}-donnees-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
    const sheets = await readXlsxFile(fs.readFileSync((await xlsx.path())!));
    expect(sheets.map((s) => s.sheet)).toEqual(["Patient", "Rendez-vous", "Historique", "E-mails", "Journal du dossier"]);
    expect(sheets[0].data).toContainEqual(["Nom", name]);
    expect(eventsOf(main.id).map((e) => e.action)).toEqual(["notes", "export_json", "export_csv", "export_xlsx"]);
    expect(eventsOf(main.id).every((e) => e.actor === "staff@clinique.test")).toBe(true);
    await page.reload();
    await expect(page.getByRole("list", { name: "Journal du dossier" })).toContainText("Données exportées (CSV)");
    await expect(page.getByRole("list", { name: "Journal du dossier" })).toContainText("Données exportées (Excel)");

    // a bad format and an unknown record
    expect((await page.request.get(`/admin/patients/${main.id}/export?format=xml`)).status()).toBe(400);
    expect((await page.request.get("/admin/patients/999999/export?format=json")).status()).toBe(404);

    // merge the other record: found by a search, what will happen said, confirmation asked
    await page.getByLabel("Chercher un autre dossier").fill(`${family}e`);
    await page.getByRole("button", { name: "Chercher" }).click();
    await expect(page).toHaveURL((u) => u.searchParams.get("fusion") === `${family}e`);
    await page.getByLabel("Dossier à fusionner dans celui-ci").selectOption(String(other.id));
    await expect(page.getByText(`1 rendez-vous du dossier n° ${other.id} (Amina ${family}e) passe dans le dossier n° ${main.id}.`)).toBeVisible();
    await shot(page, "patient-record-1280");
    await page.getByRole("button", { name: "Fusionner les dossiers" }).click();
    await expect(page.getByText("Cochez la case pour confirmer la fusion.")).toBeVisible();
    expect(patientRow(other.id).merged_into).toBeNull();
    await page.getByLabel("Je confirme la fusion de ces deux dossiers.").check();
    await page.getByRole("button", { name: "Fusionner les dossiers" }).click();
    await expect(page.getByText(`Dossier n° ${other.id} fusionné dans celui-ci : 1 rendez-vous ajouté.`)).toBeVisible();
    await expect(figure(page, "Rendez-vous")).toHaveText("4");
    await expect(figure(page, "Facturé")).toHaveText(/^17\s000\sDA$/);
    expect(patientRow(other.id)).toMatchObject({ merged_into: main.id, match_key: null });
    expect(dbQuery<{ patient_id: number }>("select patient_id from appointments where id = ?", other.appointments[0])[0].patient_id).toBe(main.id);
    expect(dbQuery<{ detail: string }>("select detail from appointment_history where appointment_id = ? and action = 'merged'", other.appointments[0])).toEqual(
      [{ detail: `Dossier #${other.id} fusionné dans #${main.id}` }],
    );
    // the closed record sends to the kept one
    await page.goto(`/admin/patients/${other.id}`);
    await expect(page).toHaveURL(`/admin/patients/${main.id}`);
    await expect(page.getByText(`Le dossier n° ${other.id} a été fusionné dans celui-ci.`)).toBeVisible();

    // from the appointments list, the card opens the record (from 1024 px its line's 'Détails' first)
    await page.goto(`/admin/appointments?q=${encodeURIComponent(name)}`);
    const listed = page.getByRole("article").first();
    const details = listed.getByRole("link", { name: /^Détails/ });
    if (await details.isVisible()) {
      await hydrated(page);
      await details.click();
    }
    await listed.getByRole("link", { name: `Dossier patient de ${name}` }).click();
    await expect(page).toHaveURL(`/admin/patients/${main.id}`);
  });
});

test.describe("admin: patient records at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("a phone: the list as cards, the record, and an erasure confirmed by typing EFFACER", async ({ page }) => {
    const family = capital(letters());
    const name = `Karim ${family}`;
    const phone = randomMobile();
    const email = `karim.${family.toLowerCase()}@exemple.dz`;
    const erased = insertPatient({
      name,
      phone,
      email,
      appointments: [
        { date: "2024-02-11", time: "09:00", status: "attended", prixtotal: 800_000, prixpay: 800_000, service: "Soins conservateurs" },
        { date: "2024-02-25", time: "14:00", status: "no_show" },
      ],
    });
    dbRun("update appointments set message = ?, tips = ? where patient_id = ?", `Rappelez ${name} au ${phone}`, `${family} : sensible au froid`, erased.id);
    dbRun(
      "insert into outbox (to_address, subject, body_text, status, attempts, created_at, appointment_id) values (?, 'Votre rendez-vous', 'Bonjour', 'sent', 1, ?, ?)",
      email,
      new Date().toISOString(),
      erased.appointments[0],
    );

    await loginAsStaff(page, `/admin/patients?q=${encodeURIComponent(family.toLowerCase())}`);
    const cards = page.getByRole("list", { name: "Patients" });
    await expect(cards.getByRole("listitem")).toHaveCount(1);
    await expect(cards).toContainText(phone);
    await expect(cards).toContainText("1 absence");
    await expectNoHorizontalScroll(page);
    await shot(page, "patients-list-375");
    await cards.getByRole("link").click();

    await expect(page).toHaveURL(`/admin/patients/${erased.id}`);
    await expect(figure(page, "Absences")).toHaveText("1");
    await expect(figure(page, "Payé")).toHaveText(/^8\s000\sDA$/);
    await expectNoHorizontalScroll(page);
    await shot(page, "patient-record-375");

    await page.getByText("Effacer les données personnelles…").click();
    await expect(page.getByText("Conservé pour la comptabilité")).toBeVisible();
    await page.getByRole("button", { name: "Effacer définitivement" }).click();
    await expect(page.getByText("Tapez EFFACER pour confirmer l'effacement.")).toBeVisible();
    expect(patientRow(erased.id).erased_at).toBeNull();
    await page.getByLabel("Pour confirmer, tapez EFFACER").fill("effacer");
    await shot(page, "patient-erase-375");
    await page.getByRole("button", { name: "Effacer définitivement" }).click();

    await expect(page).toHaveURL("/admin/patients");
    await expect(
      page.getByText(`Données personnelles du dossier n° ${erased.id} effacées ; 2 rendez-vous anonymisés (date, soin et montants conservés).`),
    ).toBeVisible();
    expect(patientRow(erased.id)).toMatchObject({ name: "Patient effacé", phone: null, email: null, notes: null, match_key: null });
    expect(patientRow(erased.id).erased_at).not.toBeNull();
    const rows = dbQuery<Record<string, unknown>>("select * from appointments where id in (?, ?) order by id", ...erased.appointments);
    expect(rows.map((r) => [r.date, r.service, r.status, r.prixtotal, r.prixpay])).toEqual([
      ["2024-02-11", "Soins conservateurs", "attended", 800_000, 800_000],
      ["2024-02-25", "Orthodontie", "no_show", null, null],
    ]);
    const left = JSON.stringify([
      rows,
      dbQuery("select * from appointment_history where appointment_id in (?, ?)", ...erased.appointments),
      dbQuery("select * from outbox"),
      dbQuery("select * from patients where id = ?", erased.id),
    ]);
    for (const trace of [family, nationalDigits(phone), phone, email]) expect(left).not.toContain(trace);
    expect(eventsOf(erased.id).at(-1)).toEqual({ action: "erased", actor: "staff@clinique.test" });

    // no longer found, and its record says who erased it
    await page.getByLabel("Rechercher (nom, téléphone ou e-mail)").fill(family);
    await expect(page.getByText("Aucun patient ne correspond à cette recherche.")).toBeVisible();
    await page.goto(`/admin/patients/${erased.id}`);
    await expect(page.getByText(/Les données personnelles de ce dossier ont été effacées le .* par staff@clinique\.test/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Effacer définitivement" })).toHaveCount(0);
    expect((await page.request.get(`/admin/patients/${erased.id}/export?format=json`)).status()).toBe(404);
  });
});

test.describe("privacy page", () => {
  test("states the periods the code applies, read from the settings", async ({ page }) => {
    const [{ retention_months: before }] = dbQuery<{ retention_months: number }>("select retention_months from schedule_settings where id = 1");
    dbRun("update schedule_settings set retention_months = 18 where id = 1");
    try {
      await page.goto("/politique-de-confidentialite");
      const section = page.locator("h2#durees + p + ul");
      await expect(page.getByRole("heading", { level: 2, name: "Durées appliquées par le site" })).toBeVisible();
      await expect(section).toContainText("18 mois après la date demandée");
      // the e2e server keeps the default backups (14, one a day on SQLite), sessions and cookies
      await expect(section).toContainText("une par jour ; les 14 sauvegardes les plus récentes sont conservées");
      await expect(section).toContainText("au plus tard 14 jours après");
      await expect(section).toContainText("fermée après 30 minutes sans activité et au plus tard 12 heures après la connexion");
      await expect(section).toContainText("180 jours");
    } finally {
      dbRun("update schedule_settings set retention_months = ? where id = 1", before);
    }
  });
});
