import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_CLINIC } from "../../app/lib/clinic";
import { defaultTemplates, reminderValues, renderTemplate } from "../../app/lib/reminder-template";
import { addDaysYmd } from "../../app/lib/schedule";
import { dbQuery, dbRun, E2E_ADMIN, expectNoSeriousA11yViolations, hydrated as scriptsRan, loginAsStaff, reviewShot } from "./helpers";

/** the reminder templates of the demo identity (the e2e database keeps it) */
const DEFAULT_TEMPLATES = defaultTemplates(DEMO_CLINIC);

/**
 * 'Rappels à envoyer' (/admin/rappels) and the patient settings of the schedule screen, at
 * 1280 px and on a 375 px phone: tomorrow's booked patient is listed with WhatsApp and SMS links
 * whose text is the template filled with the personal link; 'Marquer comme envoyé' and a tap on
 * WhatsApp record the reminder (who, when, how) in the history; the template editor changes the
 * links' text; without JavaScript the links and the mark still work; the schedule screen saves
 * the three patient settings and refuses values out of range in French.
 */

const CLINIC_TZ = "Africa/Algiers";
const todayInClinic = () => new Intl.DateTimeFormat("en-CA", { timeZone: CLINIC_TZ }).format(new Date());
const tomorrow = () => addDaysYmd(todayInClinic(), 1);
const longDay = (ymd: string) =>
  new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${ymd}T00:00:00Z`));

function tag(label: string) {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  return `${label} ${letters[0].toUpperCase()}${letters.slice(1)}`;
}

/**
 * A quarter hour of `date` outside the opening hours (the evening, then the early morning) whose
 * 45 minutes are free on chair 1: a forced booking still needs a free chair.
 */
function freeOffHoursTime(date: string): string {
  const taken = new Set(dbQuery<{ unit_start: string }>("select unit_start from appointment_slots where chair = 1 and unit_start like ?", `${date}T%`).map((r) => r.unit_start.slice(11)));
  const hhmm = (x: number) => `${String(Math.floor(x / 60)).padStart(2, "0")}:${String(x % 60).padStart(2, "0")}`;
  const starts = [...Array.from({ length: 26 }, (_, i) => 17 * 60 + 15 * i), ...Array.from({ length: 30 }, (_, i) => 15 * i)];
  for (const m of starts) if ([m, m + 15, m + 30].every((x) => !taken.has(hhmm(x)))) return hhmm(m);
  throw new Error("no free time outside the opening hours");
}

interface Booked {
  id: number;
  name: string;
  phone: string;
  date: string;
  time: string;
  link_hash: string;
}

/** Tomorrow's appointment taken by phone through the agenda's action (forced: tomorrow may be a closed day), as staff make it. */
async function bookTomorrow(page: Page, label: string, phone = "0661 23 45 67"): Promise<Booked> {
  const name = tag(label);
  const date = tomorrow();
  const time = freeOffHoursTime(date);
  const res = await page.request.post("/admin/agenda", {
    form: { intent: "book", name, phone, email: "", service: "Orthodontie", date, time, message: "", forced: "on", submission_key: crypto.randomUUID() },
  });
  expect(res.status()).toBe(200);
  const [row] = dbQuery<Booked>("select id, name, phone, date, time, link_hash from appointments where name = ?", name);
  expect(row).toBeDefined();
  return row;
}

/** What the list counts: tomorrow's requested and confirmed appointments not reminded or not confirmed. */
const toRemindCount = (date: string) =>
  dbQuery<{ n: number }>(
    "select count(*) as n from appointments where date = ? and status in ('requested', 'confirmed') and anonymised_at is null and (reminded_at is null or patient_confirmed_at is null)",
    date,
  )[0].n;
const historyOf = (id: number) => dbQuery<{ actor: string; action: string; detail: string | null; at: string }>("select actor, action, detail, at from appointment_history where appointment_id = ? order by id", id);
const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
const row = (page: Page, name: string) => page.getByRole("article", { name });
const textOf = async (href: string | null, param: "text" | "body") => decodeURIComponent(href!.split(`?${param}=`)[1]);

/** The screen runs its JavaScript: the placeholders of the editors become buttons then. */
async function hydrated(page: Page) {
  await expect(page.getByRole("button", { name: /^\{lien\}\s: insérer/ }).first()).toBeVisible();
}

async function expectNoHorizontalScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

// the templates are shared by every spec of the run: back to the defaults
test.afterAll(() => dbRun("delete from message_templates"));

for (const [label, viewport] of [
  ["1280 px", { width: 1280, height: 900 }],
  ["375 px", { width: 375, height: 812 }],
] as const) {
  const w = viewport.width;
  test.describe(`admin: reminders at ${label}`, () => {
    test.use({ viewport });

    test("tomorrow's patient is listed with WhatsApp and SMS links carrying the template and the personal link; 'Marquer comme envoyé' records it", async ({ page, baseURL }) => {
      await loginAsStaff(page, "/admin/rappels");
      const b = await bookTomorrow(page, "Rappel");
      await page.goto("/admin/rappels");
      await hydrated(page);
      const count = toRemindCount(b.date);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Rappels à envoyer(${count})`);
      await expect(page.getByText(`Demain, ${longDay(b.date)}`, { exact: true })).toBeVisible();
      await expect(page.getByRole("list", { name: "Patients à rappeler" }).getByRole("listitem")).toHaveCount(count);

      const r = row(page, b.name);
      await expect(r).toContainText(b.time);
      await expect(r).toContainText("Orthodontie");
      await expect(r.getByText("Confirmé", { exact: true })).toBeVisible();
      await expect(r.getByText("Pas encore rappelé.")).toBeVisible();

      const wa = r.getByRole("link", { name: `Écrire à ${b.name} sur WhatsApp` });
      const waHref = await wa.getAttribute("href");
      expect(waHref).toMatch(/^https:\/\/wa\.me\/213661234567\?text=/);
      await expect(wa).toHaveAttribute("target", "_blank");
      const waText = await textOf(waHref, "text");
      const token = new RegExp(`${baseURL}/rdv/([A-Za-z0-9_-]{43})$`, "m").exec(waText)?.[1];
      expect(token, waText).toBeDefined();
      // the link is the appointment's own: its hash is the one stored
      expect(sha256(token!)).toBe(b.link_hash);
      const link = `${baseURL}/rdv/${token}`;
      expect(waText).toBe(renderTemplate(DEFAULT_TEMPLATES.whatsapp, reminderValues(b, link), DEMO_CLINIC));
      expect(waText).toContain(`Bonjour ${b.name.split(" ")[0]},`);

      const sms = r.getByRole("link", { name: `Écrire à ${b.name} par SMS` });
      const smsHref = await sms.getAttribute("href");
      expect(smsHref).toMatch(/^sms:\+213661234567\?body=/);
      expect(await textOf(smsHref, "body")).toBe(renderTemplate(DEFAULT_TEMPLATES.sms, reminderValues(b, link), DEMO_CLINIC));
      for (const target of [wa, sms, r.getByRole("button", { name: /^Marquer comme envoyé/ })]) {
        const box = (await target.boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(44);
      }

      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
      await reviewShot(page, `rappels-${w}`);

      await expect(r.getByLabel("Rappel fait par")).toHaveValue("appel");
      await r.getByRole("button", { name: /^Marquer comme envoyé/ }).click();
      await expect(page.getByText("Rappel noté (Appel téléphonique).")).toBeVisible();
      await expect(r).toContainText(`par ${E2E_ADMIN.email} (Appel téléphonique)`);
      await expect(r.getByText(/^Rappelé le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)).toBeVisible();
      // reminded but not confirmed by the patient: still listed
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Rappels à envoyer(${count})`);
      expect(dbQuery<{ reminded_at: string | null }>("select reminded_at from appointments where id = ?", b.id)[0].reminded_at).not.toBeNull();
      expect(historyOf(b.id).at(-1)).toMatchObject({ action: "reminded", actor: E2E_ADMIN.email, detail: "Appel téléphonique" });

      // the agenda of that day shows it in the history, and the patient's links
      await page.goto(`/admin/agenda?jour=${b.date}`);
      // the appointment's block on the grid (its line on a phone) opens its card
      await scriptsRan(page);
      await page.getByRole("button", { name: new RegExp(`^\\d\\d:\\d\\d.*${b.name}`) }).click();
      const card = page.getByRole("article", { name: b.name });
      await expect(card).toContainText(`par ${E2E_ADMIN.email} (Appel téléphonique)`);
      expect(await card.getByRole("link", { name: `Écrire à ${b.name} sur WhatsApp` }).getAttribute("href")).toBe(waHref);
      await card.locator("summary", { hasText: "Historique" }).click();
      const entry = card.getByRole("list", { name: "Historique du rendez-vous" }).getByRole("listitem").last();
      await expect(entry).toContainText("Rappel envoyé");
      await expect(entry).toContainText("Appel téléphonique");
      await expect(entry).toContainText(E2E_ADMIN.email);
      await reviewShot(page, `agenda-card-${w}`);
    });

    test("a tap on WhatsApp opens the prefilled chat and records the reminder; once the patient confirms, the row leaves the list", async ({ page, context }) => {
      await context.route("https://wa.me/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title><p>WhatsApp</p>" }));
      await loginAsStaff(page, "/admin/rappels");
      const b = await bookTomorrow(page, "Whatsapp", "+213 550 98 76 54");
      await page.goto("/admin/rappels");
      await hydrated(page);
      const r = row(page, b.name);
      const [popup] = await Promise.all([page.waitForEvent("popup"), r.getByRole("link", { name: `Écrire à ${b.name} sur WhatsApp` }).click()]);
      expect(popup.url()).toMatch(/^https:\/\/wa\.me\/213550987654\?text=Bonjour%20/);
      await popup.close();
      await expect(r).toContainText(`par ${E2E_ADMIN.email} (WhatsApp)`);
      expect(historyOf(b.id).at(-1)).toMatchObject({ action: "reminded", actor: E2E_ADMIN.email, detail: "WhatsApp" });

      // the patient confirms through the link: reminded and confirmed, off the list
      const before = toRemindCount(b.date);
      dbRun("update appointments set patient_confirmed_at = ? where id = ?", new Date().toISOString(), b.id);
      await page.reload();
      await expect(row(page, b.name)).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Rappels à envoyer(${before - 1})`);
    });

    // The template editor and the patient settings, on the phone only: they are forms that read
    // the same at 1280 px, where the list above (links, marking, the row leaving) is what differs.
    if (w === 375) {
      test("editing the WhatsApp template changes the links' text; a template without {lien} is refused in French", async ({ page }) => {
        await loginAsStaff(page, "/admin/rappels");
        const b = await bookTomorrow(page, "Modele", "0770 11 22 33");
        await page.goto("/admin/rappels");
        await hydrated(page);
        try {
          const editor = page.getByRole("region", { name: "Message WhatsApp" });
          const box = editor.getByLabel("Texte du message WhatsApp");
          const preview = page.getByTestId("preview-whatsapp");

          await box.fill("Bonjour {prénom}, à demain {heure} !");
          await editor.getByRole("button", { name: "Enregistrer le message WhatsApp" }).click();
          await expect(editor.getByText(/^Le message doit contenir \{lien\}/)).toBeVisible();
          expect(dbQuery("select * from message_templates")).toEqual([]);

          await box.fill("Salam {prenon} : votre RDV à {heure}. Lien : ");
          await editor.getByRole("button", { name: "{lien} : insérer" }).click();
          await expect(box).toHaveValue("Salam {prenon} : votre RDV à {heure}. Lien : {lien}");
          await expect(preview).toContainText("Salam {prenon} : votre RDV à 10:30. Lien : http");
          await expect(editor.getByText("Repère inconnu : {prenon} — il resterait tel quel dans le message.")).toBeVisible();
          await editor.getByRole("button", { name: "Enregistrer le message WhatsApp" }).click();
          await expect(editor.getByText("Repère inconnu : {prenon}. Repères possibles : {prénom}, {date}, {heure}, {lien}.")).toBeVisible();

          await box.fill("Salam {prénom} ! Votre RDV du {date} est à {heure}. Confirmez ici : {lien}");
          await expect(preview).toContainText("Salam Amina ! Votre RDV du");
          await editor.getByRole("button", { name: "Enregistrer le message WhatsApp" }).click();
          await expect(page.getByText("Message WhatsApp enregistré.")).toBeVisible();
          expect(dbQuery<{ key: string; updated_by: string }>("select key, updated_by from message_templates")).toEqual([{ key: "whatsapp", updated_by: E2E_ADMIN.email }]);
          await expect(editor).toContainText(`par ${E2E_ADMIN.email}`);

          const wa = row(page, b.name).getByRole("link", { name: `Écrire à ${b.name} sur WhatsApp` });
          await expect(wa).toHaveAttribute("href", /^https:\/\/wa\.me\/213770112233\?text=Salam%20/);
          const text = await textOf(await wa.getAttribute("href"), "text");
          expect(text).toMatch(new RegExp(`^Salam ${b.name.split(" ")[0]} ! Votre RDV du \\S+ \\d+ \\S+ est à \\d{2}:\\d{2}\\. Confirmez ici : http://127\\.0\\.0\\.1:\\d+/rdv/[A-Za-z0-9_-]{43}$`));
          await reviewShot(page, `templates-${w}`);

          // back to the default text (not saved until asked)
          await editor.getByRole("button", { name: "Rétablir le texte par défaut" }).click();
          await expect(box).toHaveValue(DEFAULT_TEMPLATES.whatsapp);
        } finally {
          dbRun("delete from message_templates");
        }
      });

      test("the schedule screen saves the patient settings, and refuses values out of range in French", async ({ page }) => {
        await loginAsStaff(page, "/admin/horaires");
        const section = page.getByRole("region", { name: "Patients : lien personnel, rappels et conservation" });
        await page.getByRole("navigation", { name: "Parties de la page" }).getByRole("link", { name: "Patients" }).click();
        await expect(section).toBeInViewport();
        const cutoff = section.getByLabel("Changements par le lien : jusqu'à (heures avant)");
        const reminder = section.getByLabel("E-mail de rappel (heures avant)");
        const retention = section.getByLabel("Demandes jamais confirmées : conservées (mois)");
        await expect(cutoff).toHaveValue("24");
        await expect(reminder).toHaveValue("24");
        await expect(retention).toHaveValue("12");
        try {
          await cutoff.fill("48");
          await reminder.fill("12");
          await retention.fill("24");
          await section.getByRole("button", { name: "Enregistrer les réglages patients" }).click();
          await expect(page.getByText("Réglages des patients enregistrés.")).toBeVisible();
          expect(dbQuery("select cancel_cutoff_hours, reminder_hours, retention_months from schedule_settings")).toEqual([{ cancel_cutoff_hours: 48, reminder_hours: 12, retention_months: 24 }]);
          // the screen's data reloaded after the save (it once reset the values typed next, on a loaded machine)
          await page.waitForLoadState("networkidle");
          await expect(cutoff).toHaveValue("48");

          await cutoff.fill("200");
          await reminder.fill("0");
          await retention.fill("121");
          await section.getByRole("button", { name: "Enregistrer les réglages patients" }).click();
          await expect(section.getByText("De 0 à 168 heures (7 jours).")).toBeVisible();
          await expect(section.getByText("De 1 à 168 heures (7 jours).")).toBeVisible();
          await expect(section.getByText("De 1 à 120 mois (10 ans).")).toBeVisible();
          await expect(cutoff).toHaveValue("200");
          await expect(cutoff).toHaveAttribute("aria-invalid", "true");
          await reviewShot(page, `horaires-patients-${w}`, { fullPage: false });
          // refused by the server too (a post that skips the browser's checks)
          const res = await page.request.post("/admin/horaires", { form: { intent: "contact", cancelCutoffHours: "-1", reminderHours: "24", retentionMonths: "12" } });
          expect(res.status()).toBe(400);
          expect(dbQuery("select cancel_cutoff_hours, reminder_hours, retention_months from schedule_settings")).toEqual([{ cancel_cutoff_hours: 48, reminder_hours: 12, retention_months: 24 }]);
          await expectNoHorizontalScroll(page);
        } finally {
          dbRun("update schedule_settings set cancel_cutoff_hours = 24, reminder_hours = 24, retention_months = 12");
        }
      });
    }
  });
}

test("the agenda's header counts tomorrow's reminders and links to them", async ({ page }) => {
  await loginAsStaff(page, "/admin/agenda");
  await bookTomorrow(page, "Compteur");
  await page.goto("/admin/agenda");
  const n = toRemindCount(tomorrow());
  const link = page.getByRole("link", { name: new RegExp(`^${n} rappels? à envoyer demain$`) });
  await expect(link).toHaveAttribute("href", "/admin/rappels");
  await link.click();
  await expect(page).toHaveURL(/\/admin\/rappels$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Rappels à envoyer(${n})`);
});

test("another day is picked with the date field; a day without patients to remind says so", async ({ page }) => {
  await loginAsStaff(page, "/admin/rappels");
  await hydrated(page);
  const empty = "2039-01-05";
  await page.getByLabel("Jour", { exact: true }).fill(empty);
  await expect(page).toHaveURL(`/admin/rappels?jour=${empty}`);
  await expect(page.getByText("Aucun rappel à envoyer pour ce jour.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rappels à envoyer(0)");
  await page.getByRole("link", { name: "Demain" }).click();
  await expect(page).toHaveURL(/\/admin\/rappels$/);
});

test.describe("admin: reminders without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the links are there, and 'Marquer comme envoyé' records the reminder by a plain post and comes back", async ({ page }) => {
    await loginAsStaff(page, "/admin/rappels");
    const b = await bookTomorrow(page, "Sansjs", "0550 44 55 66");
    await page.goto("/admin/rappels");
    const r = row(page, b.name);
    await expect(r.getByRole("link", { name: `Écrire à ${b.name} sur WhatsApp` })).toHaveAttribute("href", /^https:\/\/wa\.me\/213550445566\?text=/);
    await expect(r.getByRole("link", { name: `Écrire à ${b.name} par SMS` })).toHaveAttribute("href", /^sms:\+213550445566\?body=/);
    await r.getByLabel("Rappel fait par").selectOption("sms");
    await r.getByRole("button", { name: /^Marquer comme envoyé/ }).click();
    await expect(page).toHaveURL(/\/admin\/rappels$/);
    await expect(row(page, b.name)).toContainText(`par ${E2E_ADMIN.email} (SMS)`);
    expect(historyOf(b.id).at(-1)).toMatchObject({ action: "reminded", actor: E2E_ADMIN.email, detail: "SMS" });

    // from the agenda: without JavaScript its day leads to that day's list, whose 'Détails' open a
    // card by a plain link; its forms post plainly and come back to that card
    await page.goto(`/admin/agenda?jour=${b.date}`);
    await page.getByRole("link", { name: /sans JavaScript : la liste des rendez-vous/ }).click();
    await expect(page).toHaveURL(`/admin/appointments?date=${b.date}`);
    const card = page.getByRole("article", { name: b.name });
    await expect(card.getByText("Noter le rappel", { exact: true })).toHaveCount(0);
    await card.getByRole("link", { name: `Détails de ${b.name}` }).click();
    await expect(page).toHaveURL(`/admin/appointments?date=${b.date}&rdv=${b.id}#rdv-${b.id}`);
    await card.getByText("Noter le rappel", { exact: true }).click();
    await card.getByLabel("Rappel fait par").selectOption("whatsapp");
    await card.getByRole("button", { name: /^Marquer comme envoyé/ }).click();
    await expect(page).toHaveURL(`/admin/appointments?date=${b.date}&rdv=${b.id}`);
    await expect(card.getByText("Noter le rappel", { exact: true })).toBeVisible();
    expect(historyOf(b.id).at(-1)).toMatchObject({ action: "reminded", actor: E2E_ADMIN.email, detail: "WhatsApp" });
  });
});
