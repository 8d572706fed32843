import { expect, test, type Page } from "@playwright/test";
import { nationalDigits } from "../../app/lib/rules";
import { addDaysYmd, occupiedUnits } from "../../app/lib/schedule";
import { formatNumber } from "../../app/lib/format";
import { dbQuery, dbRun, E2E_ADMIN, expectNoSeriousA11yViolations, hydrated, loginAsStaff } from "./helpers";

interface Row {
  name: string;
  email?: string;
  phone?: string;
  service?: string;
  date?: string;
  time?: string;
  message?: string | null;
  prixtotal?: number | null;
  prixpay?: number | null;
  progress?: string | null;
  tips?: string | null;
  created_at?: string;
  status?: "requested" | "confirmed" | "attended" | "no_show" | "cancelled";
}

/** A row written straight into the database (no slot units: a record, as the demo's). Returns its id. */
function insert(r: Row): number {
  const phone = r.phone ?? "0550 12 34 56";
  const res = dbRun(
    "insert into appointments (name, email, phone, phone_digits, service, date, time, message, prixtotal, prixpay, progress, tips, submission_key, created_at, status) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?, ?)",
    r.name,
    r.email === undefined ? `${r.name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@exemple.dz` : r.email,
    phone,
    nationalDigits(phone),
    r.service ?? "Orthodontie",
    r.date ?? "2031-03-20",
    r.time ?? "10:30",
    r.message ?? null,
    r.prixtotal ?? null,
    r.prixpay ?? null,
    r.progress ?? null,
    r.tips ?? null,
    r.created_at ?? new Date().toISOString(),
    r.status ?? "requested",
  );
  return Number(res.lastInsertRowid);
}

/** A booking as the server makes it: the row and the slot units it holds on chair 1 (Orthodontie: 30 + 15 min). */
function insertBooked(r: Row & { date: string; time: string }): number {
  const id = insert({ status: "confirmed", ...r });
  const [setting] = dbQuery<{ duration_minutes: number; buffer_minutes: number }>(
    "select duration_minutes, buffer_minutes from service_settings where service = ?",
    r.service ?? "Orthodontie",
  );
  dbRun("update appointments set chair = 1, duration_minutes = ?, buffer_minutes = ? where id = ?", setting.duration_minutes, setting.buffer_minutes, id);
  for (const unit of occupiedUnits(r.date, r.time, setting.duration_minutes, setting.buffer_minutes)) {
    dbRun("insert into appointment_slots (chair, unit_start, appointment_id) values (1, ?, ?)", unit, id);
  }
  return id;
}

/**
 * A day with free times for a service under the staff rules, as the server computes them
 * (/admin/creneaux), years ahead so that no other test's booking is in the way; never a fixed
 * weekday (the clinic is closed on Fridays). Each call starts from another random day.
 */
async function freeDay(page: Page, service = "Orthodontie", minTimes = 3): Promise<{ date: string; times: string[] }> {
  let date = addDaysYmd("2030-01-05", Math.floor(Math.random() * 1500));
  for (let i = 0; i < 30; i++, date = addDaysYmd(date, 1)) {
    const res = await page.request.get(`/admin/creneaux?service=${encodeURIComponent(service)}&date=${date}`);
    expect(res.ok()).toBe(true);
    const day = (await res.json()) as { state: string; times: string[] };
    if (day.times.length >= minTimes) return { date, times: day.times };
  }
  throw new Error("no free day found");
}

function tag(label: string) {
  return `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

const cards = (page: Page) => page.getByRole("list", { name: "Rendez-vous" }).getByRole("article");
const card = (page: Page, name: string) => page.getByRole("article", { name });
const filters = (page: Page) => page.getByRole("search", { name: "Filtrer les rendez-vous" });

/**
 * An appointment's whole card: a line of the list (from 1024 px, of the table) whose 'Détails'
 * opens the rest of the card (contact, message, actions) below it; one card open at a time.
 */
async function openCard(page: Page, name: string) {
  const c = card(page, name);
  await expect(c).toBeVisible();
  const details = c.getByRole("link", { name: /^Détails/ });
  if ((await details.getAttribute("aria-expanded")) !== "true") {
    await hydrated(page);
    await details.click();
    await expect(details).toHaveAttribute("aria-expanded", "true");
  }
  return c;
}

test.describe("admin: appointments", () => {
  test.beforeEach(async ({ page }) => {
    await loginAsStaff(page);
  });

  test("lists newest submissions first with every field, 'N/A' without a submission date, and the badges", async ({ page }) => {
    const t = tag("Liste");
    insert({ name: `${t} Payé`, service: "Implementation", date: "2031-03-20", time: "10:30", prixtotal: 1_500_000, prixpay: 1_500_000, progress: "Couronne posée", created_at: "2019-04-17T09:00:00.000Z" });
    insert({ name: `${t} Partiel`, phone: "0661 98 76 54", prixtotal: 2_000_050, prixpay: 500_000, progress: "Bilan fait", created_at: "2019-04-17T10:00:00.000Z" });
    insert({ name: `${t} Sans prix`, created_at: "" });
    await page.goto(`/admin/appointments?q=${t}`);
    await expect(cards(page)).toHaveCount(3);
    await expect(cards(page).getByRole("heading")).toHaveText([`${t} Partiel`, `${t} Payé`, `${t} Sans prix`]);

    // a line without its details until 'Détails' opens them
    await expect(page.getByText(`${t.toLowerCase()}.pay.@exemple.dz`)).toHaveCount(0);
    const paid = await openCard(page, `${t} Payé`);
    await expect(paid).toContainText(`${t.toLowerCase()}.pay.@exemple.dz`);
    await expect(paid).toContainText("0550 12 34 56");
    await expect(paid).toContainText("Implementation");
    await expect(paid).toContainText("20/03/2031 à 10:30");
    await expect(paid).toContainText("17/04/2019 10:00"); // 09:00 UTC is 10:00 in Algiers
    await expect(paid.getByText(/^15\s000\sDA$/)).toHaveCount(2);
    await expect(paid).toContainText("Couronne posée");
    await expect(paid.getByText("Terminé", { exact: true })).toBeVisible();

    const partial = await openCard(page, `${t} Partiel`);
    // one card at a time: the first one closed
    await expect(paid.getByRole("link", { name: /^Détails/ })).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText(`${t.toLowerCase()}.pay.@exemple.dz`)).toHaveCount(0);
    await expect(partial).toContainText(/20\s000,50\sDA/);
    await expect(partial).toContainText(/5\s000\sDA/);
    await expect(partial.getByText("Le travail n'est pas terminé")).toHaveClass(/bg-red-100/);

    // no total yet: not 'Terminé', and no submission date: 'N/A'
    const unpriced = await openCard(page, `${t} Sans prix`);
    await expect(unpriced.getByText("Le travail n'est pas terminé")).toBeVisible();
    await expect(unpriced.getByText("N/A", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("filters live in the URL, run on the server, and the back button restores them", async ({ page, browser }) => {
    const t = tag("Filtre");
    insert({ name: `${t} Alice`, email: `alice.${t.toLowerCase()}@exemple.dz`, service: "Orthodontie", date: "2031-05-02", prixtotal: 100_000, prixpay: 100_000, created_at: "2019-06-01T10:00:00.000Z" });
    insert({ name: `${t} Bruno`, service: "Implementation", date: "2031-05-02", prixtotal: 100_000, prixpay: 0, created_at: "2019-06-02T10:00:00.000Z" });
    insert({ name: `${t} Chloé`, service: "Implementation", date: "2031-05-03", created_at: "2019-06-02T11:00:00.000Z" });
    await page.goto("/admin/appointments");

    await page.getByLabel("Rechercher (nom, e-mail ou téléphone)").fill(t);
    await expect(page).toHaveURL(new RegExp(`\\?q=${t}$`));
    await expect(cards(page)).toHaveCount(3);

    // search by e-mail, case-insensitive
    await page.getByLabel("Rechercher (nom, e-mail ou téléphone)").fill(`ALICE.${t}`);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByRole("heading")).toHaveText(`${t} Alice`);
    await page.getByLabel("Rechercher (nom, e-mail ou téléphone)").fill(t);
    await expect(cards(page)).toHaveCount(3);

    await filters(page).getByLabel("Service").selectOption("Implementation");
    await expect(page).toHaveURL(/service=Implementation/);
    await expect(cards(page).getByRole("heading")).toHaveText([`${t} Chloé`, `${t} Bruno`]);

    await page.getByLabel("Date du rendez-vous").fill("2031-05-02");
    await expect(page).toHaveURL(/date=2031-05-02/);
    await expect(cards(page).getByRole("heading")).toHaveText([`${t} Bruno`]);

    await filters(page).getByLabel("Service").selectOption("");
    await page.getByLabel("Date du rendez-vous").fill("");
    await page.getByLabel("Date de soumission").fill("2019-06-02");
    await expect(page).toHaveURL(/submitted=2019-06-02/);
    await expect(page).not.toHaveURL(/service=|date=2031/);
    await expect(cards(page).getByRole("heading")).toHaveText([`${t} Chloé`, `${t} Bruno`]);
    await page.getByLabel("Date de soumission").fill("");
    await expect(cards(page)).toHaveCount(3);

    // the two exclusive boxes
    const done = page.getByRole("checkbox", { name: "Terminé", exact: true });
    const todo = page.getByRole("checkbox", { name: "Non terminé" });
    await done.check();
    await expect(page).toHaveURL(/status=done/);
    await expect(cards(page).getByRole("heading")).toHaveText([`${t} Alice`]);
    await expect(done).toBeChecked();
    await expect(todo).not.toBeChecked();

    await todo.click();
    await expect(page).toHaveURL(/status=todo/);
    await expect(done).not.toBeChecked();
    await expect(todo).toBeChecked();
    await expect(cards(page).getByRole("heading")).toHaveText([`${t} Chloé`, `${t} Bruno`]);

    await todo.click(); // clicking the active one clears it
    await expect(page).not.toHaveURL(/status=/);
    await expect(done).not.toBeChecked();
    await expect(todo).not.toBeChecked();
    await expect(cards(page)).toHaveCount(3);

    // back button: the previous filters come back, boxes included
    await page.goBack();
    await expect(page).toHaveURL(/status=todo/);
    await expect(todo).toBeChecked();
    await expect(cards(page)).toHaveCount(2);
    await page.goBack();
    await expect(page).toHaveURL(/status=done/);
    await expect(done).toBeChecked();
    await expect(todo).not.toBeChecked();
    await expect(page.getByLabel("Rechercher (nom, e-mail ou téléphone)")).toHaveValue(t);

    // a shared link shows the same list
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await loginAsStaff(otherPage, `/admin/appointments?q=${encodeURIComponent(t)}&status=done`);
    await expect(cards(otherPage).getByRole("heading")).toHaveText([`${t} Alice`]);
    await expect(otherPage.getByRole("checkbox", { name: "Terminé", exact: true })).toBeChecked();
    await other.close();

    await page.getByLabel("Rechercher (nom, e-mail ou téléphone)").fill(`${t}-personne`);
    await expect(page.getByText("Aucun rendez-vous trouvé.")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test("filters by front-desk status and by 'Reste à payer', beside 'Terminé' / 'Non terminé'", async ({ page }) => {
    const t = tag("Statut");
    insert({ name: `${t} Demande`, status: "requested", prixtotal: 0, prixpay: 0, created_at: "2019-07-01T10:00:00.000Z" });
    insert({ name: `${t} Confirme`, status: "confirmed", prixtotal: 1_000_000, prixpay: 200_000, created_at: "2019-07-02T10:00:00.000Z" });
    insert({ name: `${t} Absent`, status: "no_show", prixtotal: 500_000, prixpay: 500_000, created_at: "2019-07-03T10:00:00.000Z" });
    insert({ name: `${t} Annule`, status: "cancelled", prixtotal: 700_000, prixpay: 0, created_at: "2019-07-04T10:00:00.000Z" });
    insert({ name: `${t} Honore`, status: "attended", prixtotal: 300_000, created_at: "2019-07-05T10:00:00.000Z" });
    await page.goto(`/admin/appointments?q=${t}`);
    await expect(cards(page)).toHaveCount(5);

    const state = filters(page).getByLabel("Statut");
    await expect(state.locator("option")).toHaveText(["Tous les statuts", "Demande reçue", "Confirmé", "Honoré", "Absent", "Annulé"]);
    await state.selectOption({ label: "Absent" });
    await expect(page).toHaveURL(/statut=no_show/);
    await expect(cards(page).getByRole("heading")).toHaveText([`${t} Absent`]);
    await expect(card(page, `${t} Absent`).getByText("Absent", { exact: true }).first()).toBeVisible();
    await state.selectOption({ label: "Demande reçue" });
    await expect(page).toHaveURL(/statut=requested/);
    await expect(cards(page).getByRole("heading")).toHaveText([`${t} Demande`]);
    // 0 DA of 0 DA before the patient came: never shown as paid in full
    await expect(card(page, `${t} Demande`).getByText("Le travail n'est pas terminé")).toBeVisible();
    await state.selectOption("");
    await expect(page).not.toHaveURL(/statut=/);
    await expect(cards(page)).toHaveCount(5);

    // 'Reste à payer': a total set and not fully paid, cancelled ones left out
    const due = filters(page).getByRole("checkbox", { name: "Reste à payer" });
    await due.check();
    await expect(page).toHaveURL(/du=1/);
    await expect(cards(page).getByRole("heading")).toHaveText([`${t} Honore`, `${t} Confirme`]);
    await expect(card(page, `${t} Confirme`)).toContainText(/Reste à payer\s: 8\s000\sDA/);
    await expect(card(page, `${t} Honore`)).toContainText(/Reste à payer\s: 3\s000\sDA/);
    // with a status and the 'Non terminé' box at once
    await state.selectOption({ label: "Confirmé" });
    await page.getByRole("checkbox", { name: "Non terminé" }).check();
    await expect(page).toHaveURL(/status=todo/);
    await expect(page).toHaveURL(/statut=confirmed/);
    await expect(cards(page).getByRole("heading")).toHaveText([`${t} Confirme`]);
    await due.uncheck();
    await expect(page).not.toHaveURL(/du=1/);
    await expect(cards(page).getByRole("heading")).toHaveText([`${t} Confirme`]);
    // a card without anything due says nothing of it
    await page.goto(`/admin/appointments?q=${t}&statut=no_show`);
    await expect(card(page, `${t} Absent`)).not.toContainText("Reste à payer");
    await expect(filters(page).getByLabel("Statut")).toHaveValue("no_show");
    await page.goto(`/admin/appointments?q=${t}&du=1`);
    await expect(filters(page).getByRole("checkbox", { name: "Reste à payer" })).toBeChecked();
    await expect(cards(page)).toHaveCount(2);
  });

  test("finds a patient by phone number whatever its spacing or prefix", async ({ page }) => {
    const t = tag("Tel");
    const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, "0");
    const local = `0550 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}`;
    insert({ name: `${t} Numero`, phone: local });
    insert({ name: `${t} Autre`, phone: "0661 00 00 01" });
    await page.goto("/admin/appointments");
    const search = page.getByLabel("Rechercher (nom, e-mail ou téléphone)");
    await expect(search).toHaveAttribute("placeholder", "Nom, e-mail ou téléphone");
    for (const typed of [`+213 550 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}`, `00213550${digits}`, `0550-${digits.slice(0, 3)}.${digits.slice(3)}`, `550${digits}`]) {
      await search.fill(typed);
      await expect(cards(page).getByRole("heading")).toHaveText([`${t} Numero`]);
      await expect(await openCard(page, `${t} Numero`)).toContainText(local);
    }
    // names still found as before
    await search.fill(t);
    await expect(cards(page)).toHaveCount(2);
  });

  test("shows the day's and the month's totals billed, paid and still due", async ({ page }) => {
    // a month of its own, years ahead: only this test's rows are in it (other specs book years
    // ahead too, so a month that already holds rows is passed over)
    let month = "";
    do month = `20${40 + Math.floor(Math.random() * 50)}-${String(1 + Math.floor(Math.random() * 12)).padStart(2, "0")}`;
    while (dbQuery<{ n: number }>("select count(*) as n from appointments where date like ?", `${month}-%`)[0].n > 0);
    const t = tag("Totaux");
    insert({ name: `${t} A`, date: `${month}-10`, prixtotal: 1_000_000, prixpay: 400_000 });
    insert({ name: `${t} B`, date: `${month}-10`, prixtotal: 500_000, prixpay: 500_000 });
    insert({ name: `${t} Sans prix`, date: `${month}-10` });
    insert({ name: `${t} Annule`, date: `${month}-10`, prixtotal: 700_000, prixpay: 0, status: "cancelled" });
    insert({ name: `${t} C`, date: `${month}-20`, prixtotal: 2_000_000, prixpay: 0 });
    expect(dbQuery("select count(*) as n from appointments where date like ?", `${month}-%`)).toEqual([{ n: 5 }]);

    await page.goto("/admin/appointments");
    const totals = page.getByRole("group", { name: "Totaux" });
    // by default: today (clinic time) and its month, as stored
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Algiers" }).format(new Date());
    const [todays] = dbQuery<{ billed: number; paid: number }>(
      "select coalesce(sum(prixtotal), 0) as billed, coalesce(sum(prixpay), 0) as paid from appointments where date = ? and status != 'cancelled'",
      today,
    );
    const todayBlock = totals.getByRole("region", { name: /^Aujourd'hui/ });
    await expect(todayBlock).toContainText(today.split("-").reverse().join("/"));
    const amount = (centimes: number) => formatNumber(centimes / 100).replace(/\s/g, "\\s");
    await expect(todayBlock).toContainText(new RegExp(`Facturé\\s*${amount(todays.billed)}\\sDA`));
    await expect(todayBlock).toContainText(new RegExp(`Payé\\s*${amount(todays.paid)}\\sDA`));
    await expect(totals.getByRole("region", { name: /^Le mois/ })).toBeVisible();

    // filtered on an appointment date: that day and its month
    await page.getByLabel("Date du rendez-vous").fill(`${month}-10`);
    await expect(page).toHaveURL(new RegExp(`date=${month}-10`));
    const dayBlock = totals.getByRole("region", { name: /^Le jour choisi/ });
    await expect(dayBlock).toContainText(`10/${month.slice(5)}/${month.slice(0, 4)}`);
    await expect(dayBlock).toContainText("3 rendez-vous");
    await expect(dayBlock).toContainText(/Facturé\s*15\s000\sDA/);
    await expect(dayBlock).toContainText(/Payé\s*9\s000\sDA/);
    await expect(dayBlock).toContainText(/Reste à payer\s*6\s000\sDA/);
    const monthBlock = totals.getByRole("region", { name: /^Le mois/ });
    await expect(monthBlock).toContainText("4 rendez-vous");
    await expect(monthBlock).toContainText(/Facturé\s*35\s000\sDA/);
    await expect(monthBlock).toContainText(/Payé\s*9\s000\sDA/);
    await expect(monthBlock).toContainText(/Reste à payer\s*26\s000\sDA/);
  });

  test("shows the patient's message on the card, three lines at most, in full under 'Voir plus'", async ({ page }) => {
    const t = tag("Message");
    const message =
      "Bonjour docteur, mon fils de douze ans a les dents du haut qui se chevauchent et le dentiste scolaire nous a conseillé de consulter. " +
      "Il a aussi un peu mal quand il mâche du côté gauche depuis deux semaines, surtout le soir. " +
      "Nous préférons un mercredi après-midi, après l'école, si c'est possible pour vous. " +
      "Dernière phrase : merci de rappeler sur le portable de sa mère.";
    insert({ name: `${t} Patient`, message });
    await page.goto(`/admin/appointments?q=${t}`);
    const c = await openCard(page, `${t} Patient`);
    const shown = c.getByText(message, { exact: true });
    await expect(shown).toHaveCount(1);
    await expect(shown).toBeVisible();
    // clamped: its text runs beyond what the card shows, at three lines
    const box = await shown.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight, line: parseFloat(getComputedStyle(el).lineHeight) }));
    expect(box.scroll).toBeGreaterThan(box.client);
    expect(Math.round(box.client / box.line)).toBe(3);

    await c.getByRole("button", { name: "Voir plus" }).click();
    await expect(c.getByText(message, { exact: true })).toHaveCount(2);
    const full = c.getByText(message, { exact: true }).last();
    const fullBox = await full.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
    expect(fullBox.scroll).toBeLessThanOrEqual(fullBox.client);
    await expect(full).toBeVisible();
  });

  test("changes the status from the card, with who and when in its history", async ({ page }) => {
    const { date, times } = await freeDay(page);
    const t = tag("Actions");
    const id = insertBooked({ name: `${t} Gratuit`, date, time: times[0], status: "requested", prixtotal: 0, prixpay: 0 });
    insert({ name: `${t} Annulation`, status: "confirmed" });
    await page.goto(`/admin/appointments?q=${t}`);
    const c = await openCard(page, `${t} Gratuit`);
    await expect(c.getByText("Demande reçue", { exact: true })).toBeVisible();
    await expect(c.getByText("Le travail n'est pas terminé")).toBeVisible();

    await c.getByRole("button", { name: /^Confirmer/ }).click();
    await expect(page.getByText("Statut : Confirmé.")).toBeVisible();
    await expect(c.getByText("Confirmé", { exact: true })).toBeVisible();
    expect(dbQuery("select status from appointments where id = ?", id)).toEqual([{ status: "confirmed" }]);

    await c.getByRole("button", { name: /^Honoré/ }).click();
    await expect(c.getByText("Honoré", { exact: true })).toBeVisible();
    // free of charge, and the patient came: now complete
    await expect(c.getByText("Terminé", { exact: true })).toBeVisible();
    expect(dbQuery("select status from appointments where id = ?", id)).toEqual([{ status: "attended" }]);
    expect(dbQuery("select count(*) as n from appointment_slots where appointment_id = ?", id)).toEqual([{ n: 3 }]);

    // a wrong tap put right: 'Absent' frees the chair
    await c.getByRole("button", { name: /^Absent/ }).click();
    await expect(c.getByText("Absent", { exact: true })).toBeVisible();
    expect(dbQuery("select count(*) as n from appointment_slots where appointment_id = ?", id)).toEqual([{ n: 0 }]);

    await c.getByRole("button", { name: "Historique (3)" }).click();
    const history = c.getByRole("list", { name: "Historique du rendez-vous" });
    await expect(history.getByRole("listitem")).toHaveCount(3);
    await expect(history.getByRole("listitem").nth(0)).toContainText("Demande reçue → Confirmé");
    await expect(history.getByRole("listitem").nth(1)).toContainText("Confirmé → Honoré");
    await expect(history.getByRole("listitem").nth(2)).toContainText("Honoré → Absent");
    await expect(history.getByRole("listitem").nth(2)).toContainText(E2E_ADMIN.email);
    expect(dbQuery("select actor, action, from_status, to_status from appointment_history where appointment_id = ? order by id", id)).toEqual([
      { actor: E2E_ADMIN.email, action: "status", from_status: "requested", to_status: "confirmed" },
      { actor: E2E_ADMIN.email, action: "status", from_status: "confirmed", to_status: "attended" },
      { actor: E2E_ADMIN.email, action: "status", from_status: "attended", to_status: "no_show" },
    ]);

    // cancelling asks the reason and who cancelled
    const other = await openCard(page, `${t} Annulation`);
    await other.getByRole("button", { name: /^Annuler…/ }).click();
    await other.getByRole("button", { name: "Annuler le rendez-vous" }).click();
    await expect(other.getByText("Indiquez la raison de l'annulation.")).toBeVisible();
    await other.getByLabel("Raison de l'annulation").fill("Empêchement, rappellera");
    await other.getByRole("button", { name: "Annuler le rendez-vous" }).click();
    await expect(other.getByText("Annulé", { exact: true })).toBeVisible();
    expect(dbQuery("select status, cancelled_by, cancel_reason from appointments where name = ?", `${t} Annulation`)).toEqual([
      { status: "cancelled", cancelled_by: "patient", cancel_reason: "Empêchement, rappellera" },
    ]);
    await other.getByRole("button", { name: "Historique (1)" }).click();
    await expect(other.getByRole("list", { name: "Historique du rendez-vous" })).toContainText("Raison : Empêchement, rappellera");
    // the edits of a card are in the history too (field names only)
    await other.getByRole("button", { name: "Voir plus" }).click();
    await other.getByLabel("Avancement").fill("Annulé par téléphone");
    await other.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(other.getByRole("status")).toHaveText("Modifications enregistrées.");
    await other.getByRole("button", { name: "Historique (2)" }).click();
    await expect(other.getByRole("list", { name: "Historique du rendez-vous" })).toContainText("Champs : avancement");
  });

  test("moves an appointment to another free time: a slot just taken is refused with alternatives, a free one is accepted and recorded", async ({ page }) => {
    const { date, times } = await freeDay(page, "Orthodontie", 4);
    const t = tag("Deplacer");
    const id = insertBooked({ name: `${t} Patient`, date, time: times[0] });
    await page.goto(`/admin/appointments?q=${t}`);
    const c = await openCard(page, `${t} Patient`);
    await c.getByRole("button", { name: "Déplacer", exact: true }).click();
    const move = c.getByRole("form", { name: "Déplacer le rendez-vous" });
    await expect(move.getByLabel("Nouvelle date")).toHaveValue(date);
    const target = times[times.length - 1];
    // the free times of the day, once loaded
    const timeField = move.getByRole("combobox", { name: "Nouvel horaire" });
    await expect(timeField.locator("option", { hasText: target })).toHaveCount(1);
    await timeField.selectOption(target);
    // meanwhile another patient takes that time
    insertBooked({ name: `${t} Plus rapide`, date, time: target });
    await move.getByRole("button", { name: "Déplacer" }).click();
    await expect(move.getByText(/^Ce créneau vient d'être pris\./)).toBeVisible();
    await expect(timeField).toHaveAttribute("aria-invalid", "true");
    expect(dbQuery("select date, time from appointments where id = ?", id)).toEqual([{ date, time: times[0] }]);
    const choices = move.getByRole("group", { name: "Horaires libres les plus proches" }).getByRole("button");
    await expect(choices.first()).toBeVisible();

    // a free time of the same day
    await timeField.selectOption(times[1]);
    await move.getByRole("button", { name: "Déplacer" }).click();
    await expect(page.getByText("Rendez-vous déplacé.")).toBeVisible();
    expect(dbQuery("select date, time from appointments where id = ?", id)).toEqual([{ date, time: times[1] }]);
    await expect(c).toContainText(`à ${times[1]}`);
    expect(dbQuery("select actor, action, detail from appointment_history where appointment_id = ?", id)).toEqual([
      { actor: E2E_ADMIN.email, action: "moved", detail: `${date} ${times[0]} → ${date} ${times[1]}` },
    ]);
    await c.getByRole("button", { name: "Historique (1)" }).click();
    const history = c.getByRole("list", { name: "Historique du rendez-vous" });
    await expect(history).toContainText("Déplacé");
    const dmy = date.split("-").reverse().join("/");
    await expect(history).toContainText(`${dmy} ${times[0]} → ${dmy} ${times[1]}`);
  });

  test("'Voir plus' edits progress, prices and tips inline; bad amounts are refused; the badge follows", async ({ page }) => {
    const t = tag("Edition");
    const name = `${t} Patient`;
    insert({ name, message: "Sensibilité au froid" });
    await page.goto(`/admin/appointments?q=${t}`);
    const c = await openCard(page, name);
    await expect(c.getByText("Le travail n'est pas terminé")).toBeVisible();
    await c.getByRole("button", { name: "Voir plus" }).click();
    await expect(c.getByRole("button", { name: "Voir plus" })).toHaveAttribute("aria-expanded", "true");
    await expect(c).toContainText("Sensibilité au froid");

    await c.getByLabel("Prix total (DA)").fill("15000");
    await c.getByLabel("Prix payé (DA)").fill("20000");
    await c.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(c.getByRole("alert")).toHaveText("Erreur lors de la mise à jour: Le montant payé ne peut pas dépasser le prix total.");
    await expect(c.getByLabel("Prix payé (DA)")).toHaveAttribute("aria-invalid", "true");
    await expect(c.getByLabel("Prix payé (DA)")).toHaveValue("20000");

    await c.getByLabel("Prix payé (DA)").fill("-5");
    await c.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(c.getByRole("alert")).toHaveText("Erreur lors de la mise à jour: Le montant ne peut pas être négatif.");
    let [row] = dbQuery<{ prixtotal: number | null; prixpay: number | null; progress: string | null }>("select prixtotal, prixpay, progress from appointments where name = ?", name);
    expect(row).toEqual({ prixtotal: null, prixpay: null, progress: null });

    await c.getByLabel("Avancement").fill("Traitement terminé");
    await c.getByLabel("Prix payé (DA)").fill("12 000,50");
    await c.getByLabel("Conseils et remarques").fill("Revoir dans 6 mois");
    await c.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(c.getByRole("status")).toHaveText("Modifications enregistrées.");
    await expect(c.getByRole("alert")).toHaveCount(0);
    [row] = dbQuery("select prixtotal, prixpay, progress, tips from appointments where name = ?", name);
    expect(row).toEqual({ prixtotal: 1_500_000, prixpay: 1_200_050, progress: "Traitement terminé", tips: "Revoir dans 6 mois" });
    await expect(c).toContainText(/15\s000\sDA/);
    await expect(c).toContainText(/12\s000,50\sDA/);
    await expect(c.getByText("Le travail n'est pas terminé")).toBeVisible();
    // the edit fields now show the stored values
    await expect(c.getByLabel("Prix payé (DA)")).toHaveValue("12000.5");

    await c.getByLabel("Prix payé (DA)").fill("15000");
    await c.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(c.getByText("Terminé", { exact: true })).toBeVisible();
    await expect(c.getByText("Terminé", { exact: true })).toHaveClass(/bg-green-100/);
    [row] = dbQuery("select prixtotal, prixpay from appointments where name = ?", name);
    expect(row).toEqual({ prixtotal: 1_500_000, prixpay: 1_500_000 });

    await c.getByRole("button", { name: "Fermer" }).click();
    await expect(c.getByLabel("Prix payé (DA)")).toHaveCount(0);
    await expect(c.getByRole("button", { name: "Voir plus" })).toHaveAttribute("aria-expanded", "false");
  });

  test("adds an appointment by hand: required fields, French errors, dismissible alert, eight services; a past slot needs 'Forcer'", async ({ page }) => {
    await page.goto("/admin/appointments");
    const toggle = page.getByRole("button", { name: "Ajouter un rendez-vous manuellement" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const close = page.getByRole("button", { name: "Fermer le formulaire" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    const form = page.getByRole("region", { name: "Ajout manuel" });
    await expect(form.getByLabel("Service").locator("option")).toHaveCount(9);

    await form.getByRole("button", { name: "Ajouter le rendez-vous" }).click();
    const alert = form.getByRole("alert");
    await expect(alert).toContainText("Erreur lors de l'ajout: certains champs sont à corriger");
    await expect(form.getByText("Veuillez indiquer le nom complet.")).toBeVisible();
    await expect(form.getByText("Veuillez indiquer le prix total.")).toBeVisible();
    await expect(form.getByText("Veuillez indiquer l'avancement.")).toBeVisible();
    // a booking taken by phone: no e-mail needed
    await expect(form.getByText("Veuillez indiquer une adresse e-mail.")).toHaveCount(0);
    await alert.getByRole("button", { name: "Fermer l'alerte" }).click();
    await expect(alert).toHaveCount(0);

    // an appointment already held, on a day of the past (each run its own day)
    const day = addDaysYmd("2024-01-01", Math.floor(Math.random() * 300));
    const name = tag("Ajout Manuel ");
    await form.getByLabel("Nom complet").fill(name);
    await form.getByLabel("Email").fill("ajout@exemple.dz");
    await form.getByLabel("Téléphone").fill("0770 00 11 22");
    await form.getByLabel("Service").selectOption("Esthétique dentaire");
    await form.getByLabel("Date").fill(day);
    await form.getByLabel("Heure").fill("16:45");
    await form.getByLabel("Prix total (DA)").fill("8000");
    await form.getByLabel("Prix payé (DA)").fill("9000");
    await form.getByLabel("Avancement").fill("Consultation");
    await form.getByRole("button", { name: "Ajouter le rendez-vous" }).click();
    await expect(form.getByText("Le montant payé ne peut pas dépasser le prix total.")).toBeVisible();
    await expect(form.getByLabel("Nom complet")).toHaveValue(name);
    expect(dbQuery("select id from appointments where name = ?", name)).toHaveLength(0);

    // the schedule's rules apply: a past slot is refused beside 'Heure', every field kept
    await form.getByLabel("Prix payé (DA)").fill("8000");
    await form.getByRole("button", { name: "Ajouter le rendez-vous" }).click();
    await expect(form.getByText(/^Cet horaire est déjà passé\. Choisissez un autre créneau\./)).toBeVisible();
    await expect(form.getByRole("alert")).toHaveText("Erreur lors de l'ajout: cet horaire n'est pas disponible (voir sous « Heure » et les horaires libres proposés).");
    await expect(form.getByLabel("Heure")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Nom complet")).toHaveValue(name);
    await expect(form.getByLabel("Date")).toHaveValue(day);
    await expect(form.getByLabel("Prix payé (DA)")).toHaveValue("8000");
    expect(dbQuery("select id from appointments where name = ?", name)).toHaveLength(0);

    // over the rules, on purpose: the warning says what it does
    const forced = form.getByLabel("Forcer (hors horaires)");
    await expect(forced).toHaveAccessibleDescription(/en dehors des heures d'ouverture.*noté dans l'historique/);
    await forced.check();
    await form.getByRole("button", { name: "Ajouter le rendez-vous" }).click();
    await expect(page.getByText("Rendez-vous ajouté.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Ajouter un rendez-vous manuellement" })).toBeVisible();
    const rows = dbQuery<Record<string, unknown>>("select id, service, date, time, prixtotal, prixpay, progress, tips, status, forced from appointments where name = ?", name);
    expect(rows).toEqual([
      { id: expect.any(Number), service: "Esthétique dentaire", date: day, time: "16:45", prixtotal: 800_000, prixpay: 800_000, progress: "Consultation", tips: null, status: "confirmed", forced: 1 },
    ]);
    expect(dbQuery("select actor, action, to_status, detail from appointment_history where appointment_id = ?", rows[0].id)).toEqual([
      { actor: E2E_ADMIN.email, action: "created", to_status: "confirmed", detail: "réservé hors des règles de l'agenda" },
    ]);
    // newest submission first: the new one leads the list, and it is complete
    const first = cards(page).first();
    await expect(first.getByRole("heading")).toHaveText(name);
    await expect(first.getByText("Terminé", { exact: true })).toBeVisible();
    await expect(first.getByText("Hors règles")).toBeVisible();

    // the form opens again empty
    await page.getByRole("button", { name: "Ajouter un rendez-vous manuellement" }).click();
    await expect(form.getByLabel("Nom complet")).toHaveValue("");
    await expect(form.getByLabel("Forcer (hors horaires)")).not.toBeChecked();
  });

  test("books a free slot taken by phone without an e-mail; a taken slot is refused with the nearest free times, one tap takes one", async ({ page }) => {
    const { date, times } = await freeDay(page);
    const t = tag("Tel");
    insertBooked({ name: `${t} Premier`, date, time: times[0] });
    await page.goto("/admin/appointments");
    await page.getByRole("button", { name: "Ajouter un rendez-vous manuellement" }).click();
    const form = page.getByRole("region", { name: "Ajout manuel" });
    const name = `${t} Sans Mail`;
    await form.getByLabel("Nom complet").fill(name);
    await form.getByLabel("Téléphone").fill("0661 45 45 45");
    await form.getByLabel("Service").selectOption("Orthodontie");
    await form.getByLabel("Date").fill(date);
    await form.getByLabel("Heure").fill(times[0]);
    await form.getByLabel("Prix total (DA)").fill("3000");
    await form.getByLabel("Prix payé (DA)").fill("0");
    await form.getByLabel("Avancement").fill("Premier rendez-vous");
    await form.getByRole("button", { name: "Ajouter le rendez-vous" }).click();

    await expect(form.getByText(/^Ce créneau vient d'être pris\..*Horaires libres les plus proches\s: /)).toBeVisible();
    await expect(form.getByLabel("Heure")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Nom complet")).toHaveValue(name);
    await expect(form.getByLabel("Avancement")).toHaveValue("Premier rendez-vous");
    expect(dbQuery("select id from appointments where name = ?", name)).toHaveLength(0);

    const choices = form.getByRole("group", { name: "Horaires libres les plus proches" }).getByRole("button");
    await expect(choices).toHaveCount(3);
    const choice = (await choices.first().textContent())!.trim();
    const [, dd, mm, yyyy, hhmm] = /^(\d{2})\/(\d{2})\/(\d{4}) à (\d{2}:\d{2})$/.exec(choice)!;
    await choices.first().click();
    await expect(form.getByLabel("Date")).toHaveValue(`${yyyy}-${mm}-${dd}`);
    await expect(form.getByLabel("Heure")).toHaveValue(hhmm);
    await form.getByRole("button", { name: "Ajouter le rendez-vous" }).click();
    await expect(page.getByText("Rendez-vous ajouté.")).toBeVisible();

    const [row] = dbQuery<{ id: number; email: string | null; date: string; time: string; status: string; forced: number; chair: number }>(
      "select id, email, date, time, status, forced, chair from appointments where name = ?",
      name,
    );
    expect(row).toMatchObject({ email: null, date: `${yyyy}-${mm}-${dd}`, time: hhmm, status: "confirmed", forced: 0, chair: 1 });
    expect(dbQuery("select unit_start from appointment_slots where appointment_id = ? order by unit_start", row.id)).toHaveLength(3);
    const c = await openCard(page, name);
    await expect(c.getByText("Confirmé", { exact: true })).toBeVisible();
    await expect(c.getByText("Non renseigné")).toHaveCount(1); // the e-mail: every other field is set
    await expect(c.getByRole("link", { name: /e-mail/i })).toHaveCount(0);
    await expect(c).toContainText(/Reste à payer\s: 3\s000\sDA/);
  });

  test("from 1024 px a table: one line per appointment, the card's details and actions under 'Détails'", async ({ page }) => {
    const { date, times } = await freeDay(page);
    const t = tag("Table");
    const id = insertBooked({ name: `${t} Patiente`, service: "Orthodontie", date, time: times[0], status: "requested", prixtotal: 1_500_000, prixpay: 1_200_000, created_at: "2019-08-02T10:00:00.000Z" });
    insert({ name: `${t} Sans prix`, service: "Implementation", date: "2031-06-01", time: "9:05", created_at: "2019-08-01T10:00:00.000Z" });
    await page.goto(`/admin/appointments?q=${t}`);
    await expect(cards(page).getByRole("heading")).toHaveText([`${t} Patiente`, `${t} Sans prix`]);
    const header = page.getByText("Payé / total", { exact: true });
    await expect(header).toBeVisible();
    await expect(header.locator("..").locator("span")).toHaveText(["Date et heure", "Patient", "Statut", "Payé / total", ""]);

    // the line: date and time, patient and service, the badges, paid of total and what is due
    const line = card(page, `${t} Patiente`);
    const dmy = date.split("-").reverse().join("/");
    await expect(line.getByText(new RegExp(`${dmy}$`))).toBeVisible();
    await expect(line.getByText(`à ${times[0]}`, { exact: true })).toBeVisible();
    await expect(line.getByText("Orthodontie", { exact: true })).toBeVisible();
    await expect(line.getByText("Demande reçue", { exact: true })).toBeVisible();
    await expect(line.getByText("Le travail n'est pas terminé")).toBeVisible();
    await expect(line.getByText(/^Payé sur le prix total\s: 12\s000\sDA \/ 15\s000\sDA$/)).toBeVisible();
    await expect(line.getByText(/^Reste à payer\s: 3\s000\sDA$/)).toBeVisible();
    await expect(card(page, `${t} Sans prix`).getByText("à 09:05", { exact: true })).toBeVisible();
    await expect(card(page, `${t} Sans prix`).getByText("— (pas de prix)")).toBeVisible();
    // one line, the card's details not in the page
    expect((await line.boundingBox())!.height).toBeLessThan(90);
    await expect(line.getByRole("button", { name: /^Confirmer/ })).toHaveCount(0);
    await expect(line.getByRole("link", { name: /^Appeler/ })).toHaveCount(0);
    await expect(line.getByText("Email", { exact: true })).toHaveCount(0);

    await hydrated(page);
    const details = line.getByRole("link", { name: `Détails de ${t} Patiente` });
    await expect(details).toHaveAttribute("aria-expanded", "false");
    await details.click();
    await expect(details).toHaveAttribute("aria-expanded", "true");
    // read in place: the address names the card, the page has not moved
    await expect(page).toHaveURL(new RegExp(`\\?q=${t}&rdv=${id}$`));
    await expect(line.getByText("Email", { exact: true })).toBeVisible();
    await expect(line.getByRole("link", { name: /^Appeler/ })).toHaveAttribute("href", "tel:0550123456");
    await expect(line.getByRole("button", { name: "Voir plus" })).toBeVisible();
    await line.getByRole("button", { name: /^Confirmer/ }).click();
    await expect(line.getByText("Confirmé", { exact: true })).toBeVisible();
    expect(dbQuery("select status from appointments where id = ?", id)).toEqual([{ status: "confirmed" }]);
    await line.getByRole("button", { name: "Historique (1)" }).click();
    await expect(line.getByRole("list", { name: "Historique du rendez-vous" }).getByRole("listitem")).toHaveCount(1);
    // the other line stays closed
    await expect(card(page, `${t} Sans prix`).getByRole("button", { name: "Voir plus" })).toBeHidden();
    await expect(page.getByText("Statut : Confirmé.")).toBeHidden({ timeout: 10_000 }); // axe judges the page, not the passing toast
    await expectNoSeriousA11yViolations(page);
    await details.click();
    await expect(line.getByRole("button", { name: "Voir plus" })).toBeHidden();
    await expect(details).toHaveAttribute("aria-expanded", "false");
    await expect(page).toHaveURL(new RegExp(`\\?q=${t}$`));
  });

  test("from 1024 px a full page of 24 lines stays short", async ({ page }) => {
    const t = tag("Hauteur");
    for (let i = 0; i < 24; i++) insert({ name: `${t} n${String(i).padStart(2, "0")}`, message: i % 3 === 0 ? "Préfère le matin." : null, prixtotal: 500_000, prixpay: 100_000 });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/admin/appointments?q=${t}`);
    await expect(cards(page)).toHaveCount(24);
    // 6 494 px for the demo's 17 cards, two a row, before the table; under 100 px a line now
    const list = await page.getByRole("list", { name: "Rendez-vous" }).boundingBox();
    expect(list!.height / 24).toBeLessThan(100);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(3300);
  });

  test("pages through long lists with the filters kept", async ({ page }) => {
    const t = tag("Page");
    for (let i = 0; i < 30; i++) insert({ name: `${t} n${String(i).padStart(2, "0")}`, created_at: new Date(Date.UTC(2020, 0, 1, 8, i)).toISOString() });
    await page.goto(`/admin/appointments?q=${t}`);
    await expect(cards(page)).toHaveCount(24);
    await expect(page.getByText("1–24 sur 30 rendez-vous")).toBeVisible();
    await expect(page.getByText("Page 1 sur 2")).toBeVisible();
    await expect(cards(page).first().getByRole("heading")).toHaveText(`${t} n29`);
    await page.getByRole("link", { name: "Suivant" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${t}&page=2`));
    await expect(cards(page)).toHaveCount(6);
    await expect(cards(page).last().getByRole("heading")).toHaveText(`${t} n00`);
    await page.getByRole("link", { name: "Précédent" }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect(cards(page)).toHaveCount(24);
  });

  test("shows 'Chargement des rendez-vous...' while the list loads", async ({ page }) => {
    await page.goto("/admin/appointments");
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/admin/appointments.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("checkbox", { name: "Non terminé" }).check();
    await expect(page.getByText("Chargement des rendez-vous...")).toBeVisible();
    release();
    await expect(page).toHaveURL(/status=todo/);
    await expect(page.getByText("Chargement des rendez-vous...")).toBeHidden();
  });

  test("a list that fails to load says so in French and offers to try again", async ({ page }) => {
    await page.goto("/admin/appointments");
    dbRun("alter table appointments rename to appointments_hors_service");
    try {
      await page.goto("/admin/appointments");
      await expect(page.getByRole("heading", { name: "Impossible de charger les rendez-vous." })).toBeVisible();
      await expect(page.getByText("Admin Dashboard")).toBeVisible(); // the admin layout stays
    } finally {
      dbRun("alter table appointments_hors_service rename to appointments");
    }
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Liste des Rendez-vous" })).toBeVisible();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 812 } });
    test("a card per appointment, its details under 'Détails' (no header line)", async ({ page }) => {
      const t = tag("Cartes");
      insert({ name: `${t} Patient`, prixtotal: 1_500_000, prixpay: 1_200_000 });
      insert({ name: `${t} Autre` });
      await page.goto(`/admin/appointments?q=${t}`);
      const c = card(page, `${t} Patient`);
      await expect(c.getByText("Date et heure :")).toBeAttached();
      await expect(c.getByText(/^Reste à payer\s: 3\s000\sDA$/)).toBeVisible();
      const line = c.getByText(/^Payé sur le prix total\s: 12\s000\sDA \/ 15\s000\sDA$/);
      await expect(line).toBeAttached(); // the table's cell, left out below 1024 px
      await expect(line).toBeHidden();
      await expect(page.getByText("Payé / total", { exact: true })).toBeHidden();
      // closed: its own frame the width of the screen, short enough to see three at once
      const closed = (await c.boundingBox())!;
      expect(closed.height).toBeLessThan(260);
      expect(closed.width).toBeGreaterThan(330);
      await expect(c.getByText("Email", { exact: true })).toHaveCount(0);
      const details = c.getByRole("link", { name: `Détails de ${t} Patient` });
      expect((await details.boundingBox())!.height).toBeGreaterThanOrEqual(44); // a thumb's target

      await openCard(page, `${t} Patient`);
      await expect(c.getByText("Email", { exact: true })).toBeVisible();
      await expect(c.getByRole("link", { name: /^Appeler/ })).toBeVisible();
      await expect(c.getByRole("button", { name: /^Confirmer/ })).toBeVisible();
      await expect(c.getByRole("button", { name: "Voir plus" })).toBeVisible();
      await expect(c.getByText("Prix total", { exact: true })).toBeVisible();
      await expect(card(page, `${t} Autre`).getByText("Email", { exact: true })).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    test("cards, filters and edit fit the screen", async ({ page }) => {
      const t = tag("Mobile");
      insert({ name: `${t} Patient avec un nom assez long`, email: `une.adresse.vraiment.tres.longue.${t.toLowerCase()}@exemple-de-domaine.dz` });
      await page.goto(`/admin/appointments?q=${t}`);
      const c = await openCard(page, `${t} Patient avec un nom assez long`);
      await c.getByRole("button", { name: "Voir plus" }).click();
      await expect(c.getByLabel("Prix total (DA)")).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    test("the list is usable one-handed: totals, filters, status and move from the card", async ({ page }) => {
      const { date, times } = await freeDay(page);
      const t = tag("Phone");
      const id = insertBooked({ name: `${t} Patiente`, date, time: times[0], status: "requested", message: "Préfère être appelée après 17 h.", prixtotal: 1_200_000, prixpay: 200_000 });
      await page.goto("/admin/appointments");
      await expect(page.getByRole("group", { name: "Totaux" }).getByRole("region", { name: /^Aujourd'hui/ })).toBeVisible();
      await page.getByLabel("Rechercher (nom, e-mail ou téléphone)").fill(t);
      await expect(cards(page)).toHaveCount(1);
      const c = await openCard(page, `${t} Patiente`);
      await expect(c.getByText("Préfère être appelée après 17 h.")).toBeVisible();
      await expect(c).toContainText(/Reste à payer\s: 10\s000\sDA/);
      await expect(c.getByRole("link", { name: /^Appeler/ })).toHaveAttribute("href", "tel:0550123456");

      const confirm = c.getByRole("button", { name: /^Confirmer/ });
      const size = await confirm.boundingBox();
      expect(size!.height).toBeGreaterThanOrEqual(44); // a thumb's target
      await confirm.click();
      await expect(c.getByText("Confirmé", { exact: true })).toBeVisible();

      await c.getByRole("button", { name: "Déplacer", exact: true }).click();
      const move = c.getByRole("form", { name: "Déplacer le rendez-vous" });
      // the free times of the day, once loaded
      const timeField = move.getByRole("combobox", { name: "Nouvel horaire" });
      await expect(timeField.locator("option", { hasText: times[1] })).toHaveCount(1);
      await timeField.selectOption(times[1]);
      await move.getByRole("button", { name: "Déplacer" }).click();
      await expect(page.getByText("Rendez-vous déplacé.")).toBeVisible();
      expect(dbQuery("select status, time from appointments where id = ?", id)).toEqual([{ status: "confirmed", time: times[1] }]);

      await c.getByRole("button", { name: "Historique (2)" }).click();
      await expect(c.getByRole("list", { name: "Historique du rendez-vous" }).getByRole("listitem")).toHaveCount(2);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expect(page.getByText("Rendez-vous déplacé.")).toBeHidden({ timeout: 10_000 }); // axe judges the page, not the passing toast
      await expectNoSeriousA11yViolations(page);
    });
  });
});
