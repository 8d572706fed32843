import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO_CLINIC } from "../../app/lib/clinic";
import { defaultTemplates, reminderValues, renderTemplate } from "../../app/lib/reminder-template";
import { nationalDigits } from "../../app/lib/rules";
import { addDaysYmd, occupiedUnits } from "../../app/lib/schedule";
import { dbQuery, dbRun, E2E_ADMIN, enableTwoFactor, ensureStaffAccount, expectNoSeriousA11yViolations, hydrated, loginAsStaff, reviewShot, trustBrowser } from "./helpers";

/** the reminder templates of the demo identity (the e2e database keeps it) */
const DEFAULT_TEMPLATES = defaultTemplates(DEMO_CLINIC);

/**
 * The front desk's agenda (/admin/agenda), at 1280 px and on a 375 px phone: the landing after
 * login, the one-tap status changes (confirm, came, absent, cancel with a reason), a move to
 * another free slot, a booking taken by phone without an e-mail, a forced booking outside the
 * hours, the week view, and the printed day list; the day grid (blocks' top and height against
 * the 15-minute row, a drag to a free time and onto a taken one, the keyboard's 'Déplacer vers…')
 * and the phone's compact list (eight lines on a 375 × 812 screen). Every fixture day is found through the
 * server's own free times (/admin/creneaux), years ahead and never on a fixed weekday.
 */

const CLINIC_TZ = "Africa/Algiers";
const todayInClinic = () => new Intl.DateTimeFormat("en-CA", { timeZone: CLINIC_TZ }).format(new Date());
const longDay = (ymd: string, year = true) =>
  new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", ...(year ? { year: "numeric" } : {}), timeZone: "UTC" }).format(new Date(`${ymd}T00:00:00Z`));
const frDate = (ymd: string) => `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;

function tag(label: string) {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  return `${label} ${letters[0].toUpperCase()}${letters.slice(1)}`;
}

interface DayAnswer {
  date: string;
  state: string;
  times: string[];
  label?: string;
}

async function dayOf(page: Page, date: string, service = "Orthodontie"): Promise<DayAnswer> {
  const res = await page.request.get(`/admin/creneaux?service=${encodeURIComponent(service)}&date=${date}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as DayAnswer;
}

/** An open day with at least `minTimes` free starts, from a random day years ahead (within the staff's ten-year reach). */
async function freeDay(page: Page, service = "Orthodontie", minTimes = 4): Promise<DayAnswer> {
  let date = addDaysYmd("2031-06-01", Math.floor(Math.random() * 1500));
  for (let i = 0; i < 30; i++, date = addDaysYmd(date, 1)) {
    const day = await dayOf(page, date, service);
    if (day.times.length >= minTimes) return day;
  }
  throw new Error("no free day found");
}

/** A closed day (a weekday without hours, or a closure) after `from`. */
async function closedDay(page: Page, from: string): Promise<DayAnswer> {
  let date = from;
  for (let i = 0; i < 14; i++, date = addDaysYmd(date, 1)) {
    const day = await dayOf(page, date);
    if (day.state === "closed") return day;
  }
  throw new Error("no closed day in two weeks");
}

/** A booking as the server makes it: the row, its history and the slot units it holds on chair 1. */
function insertBooked(r: { name: string; date: string; time: string; status: "requested" | "confirmed"; service?: string; email?: string | null; phone?: string; message?: string }): number {
  const service = r.service ?? "Orthodontie";
  const phone = r.phone ?? "0550 98 76 54";
  const [setting] = dbQuery<{ duration_minutes: number; buffer_minutes: number }>("select duration_minutes, buffer_minutes from service_settings where service = ?", service);
  const now = new Date().toISOString();
  const res = dbRun(
    "insert into appointments (name, email, phone, phone_digits, service, date, time, message, created_at, status, chair, duration_minutes, buffer_minutes, forced) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, 0)",
    r.name,
    r.email === undefined ? "patient.agenda@exemple.dz" : r.email,
    phone,
    nationalDigits(phone),
    service,
    r.date,
    r.time,
    r.message ?? null,
    now,
    r.status,
    setting.duration_minutes,
    setting.buffer_minutes,
  );
  const id = Number(res.lastInsertRowid);
  for (const unit of occupiedUnits(r.date, r.time, setting.duration_minutes, setting.buffer_minutes)) {
    dbRun("insert into appointment_slots (chair, unit_start, appointment_id) values (1, ?, ?)", unit, id);
  }
  dbRun("insert into appointment_history (appointment_id, at, staff_user_id, actor, action, from_status, to_status, detail) values (?, ?, null, 'Patient', 'created', null, ?, null)", id, now, r.status);
  return id;
}

const slotsOf = (id: number) => dbQuery<{ unit_start: string }>("select unit_start from appointment_slots where appointment_id = ? order by unit_start", id);
const rowOf = (id: number) =>
  dbQuery<{ status: string; date: string; time: string; cancelled_by: string | null; cancel_reason: string | null; email: string | null; forced: number }>(
    "select status, date, time, cancelled_by, cancel_reason, email, forced from appointments where id = ?",
    id,
  )[0];
const historyOf = (id: number) => dbQuery<{ actor: string; action: string; from_status: string | null; to_status: string | null; detail: string | null }>("select actor, action, from_status, to_status, detail from appointment_history where appointment_id = ? order by id", id);

const card = (page: Page, name: string) => page.getByRole("article", { name });
/** The appointment's block on the grid (its line on a phone), whose name starts with its time, opens its card. */
async function openCard(page: Page, name: string) {
  await page.getByRole("button", { name: new RegExp(`^\\d\\d:\\d\\d.*${name}`) }).click();
  return card(page, name);
}

async function expectNoHorizontalScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

for (const [label, viewport] of [
  ["1280 px", { width: 1280, height: 900 }],
  ["375 px", { width: 375, height: 812 }],
] as const) {
  test.describe(`admin: agenda at ${label}`, () => {
    test.use({ viewport });

    test("staff land on today's agenda after login, with today's counts and the staff navigation", async ({ page }) => {
      // an administrator signs in with two-factor: this browser is a trusted device of the account
      const adminId = await ensureStaffAccount(E2E_ADMIN);
      enableTwoFactor(adminId);
      await trustBrowser(page.context(), adminId);
      await page.goto("/login");
      await page.getByLabel("Adresse e-mail").fill(E2E_ADMIN.email);
      await page.getByLabel("Mot de passe").fill(E2E_ADMIN.password);
      await page.getByRole("button", { name: "Se connecter" }).click();
      await expect(page).toHaveURL(/\/admin\/agenda$/);
      await expect(page.getByRole("heading", { level: 1, name: /^Agenda/ })).toBeVisible();
      const today = todayInClinic();
      await expect(page.getByText(longDay(today), { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "Aujourd'hui", exact: true })).toHaveAttribute("href", `/admin/agenda?jour=${today}`);

      const count = (status: string) => dbQuery<{ n: number }>("select count(*) as n from appointments where date = ? and status = ?", today, status)[0].n;
      const counts = page.getByRole("region", { name: "Chiffres du jour" });
      await expect(counts.locator("[data-count='requested'] dd")).toHaveText(String(count("requested")));
      await expect(counts.locator("[data-count='confirmed'] dd")).toHaveText(String(count("confirmed")));
      await expect(counts.locator("[data-count='attended'] dd")).toHaveText(String(count("attended")));
      await expect(counts.locator("[data-count='no_show'] dd")).toHaveText(String(count("no_show")));
      await expect(counts.getByText("Reste à payer")).toBeVisible();

      const nav = page.getByRole("navigation", { name: "Administration" });
      // below 1024 px the screens are in the header's menu
      const phone = viewport.width < 1024;
      // the menu opens once React runs the page (a tap before that is a tap on a plain button)
      if (phone) await hydrated(page);
      if (phone) await nav.getByRole("button", { name: "Menu", exact: true }).click();
      for (const [name, href] of [
        ["Agenda", "/admin/agenda"],
        ["Rendez-vous", "/admin/appointments"],
        ["Horaires et fermetures", "/admin/horaires"],
        ["Blog", "/admin/blog"],
        ["Formations", "/admin/formations"],
        ["Mon compte", "/admin/account"],
      ]) {
        await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
      }
      await expect(nav.getByRole("link", { name: "Agenda", exact: true })).toHaveAttribute("aria-current", "page");
      if (phone) await page.keyboard.press("Escape");
      await expect(nav.getByRole("button", { name: "Se déconnecter" })).toBeVisible();
      // no marketing chrome in the staff area
      await expect(page.getByRole("navigation", { name: "Navigation principale" })).toHaveCount(0);
      await expect(page.getByRole("navigation", { name: "Contact rapide" })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);

      // /admin: the staff home ('Aujourd'hui'), the agenda one tap away
      await page.goto("/admin");
      await expect(page.getByRole("heading", { level: 1, name: "Aujourd'hui" })).toBeVisible();
      await page.getByRole("link", { name: "Ouvrir l'agenda du jour" }).click();
      await expect(page).toHaveURL(/\/admin\/agenda$/);
    });

    test("confirm, mark 'Honoré' then 'Absent': the badge, the database, the freed units and the history follow", async ({ page }) => {
      await loginAsStaff(page, "/admin/agenda");
      const day = await freeDay(page);
      const name = tag("Statut");
      const id = insertBooked({ name, date: day.date, time: day.times[1], status: "requested", message: "Merci de m'appeler après 16h, je travaille le matin." });
      await page.goto(`/admin/agenda?jour=${day.date}`);
      const c = await openCard(page, name);
      await expect(c.getByText("Demande reçue").first()).toBeVisible();
      await expect(c.getByText("Merci de m'appeler après 16h", { exact: false })).toBeVisible();
      const wa = c.getByRole("link", { name: `Écrire à ${name} sur WhatsApp` });
      await expect(wa).toHaveAttribute("href", new RegExp(`^https://wa\\.me/213550987654\\?text=`));
      // the reminder template, for an appointment without a personal link (written straight into the database): the sentence to call instead
      expect(decodeURIComponent((await wa.getAttribute("href"))!.split("text=")[1])).toBe(
        renderTemplate(DEFAULT_TEMPLATES.whatsapp, reminderValues({ name, date: day.date, time: day.times[1] }, null), DEMO_CLINIC),
      );
      await expect(c.getByRole("link", { name: `Écrire à ${name} par SMS` })).toHaveAttribute("href", /^sms:\+213550987654\?body=Clinique%20Hamdi%20%3A%20RDV%20le%20/);
      await expect(c.getByRole("link", { name: new RegExp(`^Appeler ${name}`) })).toHaveAttribute("href", "tel:0550987654");

      await c.getByRole("button", { name: /^Confirmer/ }).click();
      await expect(page.getByText("Statut : Confirmé.")).toBeVisible();
      await expect(c.getByText("Confirmé", { exact: true }).first()).toBeVisible();
      await expect.poll(() => rowOf(id).status).toBe("confirmed");

      await c.getByRole("button", { name: /^Honoré/ }).click();
      await expect.poll(() => rowOf(id).status).toBe("attended");
      await expect(c.getByRole("button", { name: /^Honoré/ })).toHaveCount(0);
      expect(slotsOf(id).length).toBeGreaterThan(0);

      await c.getByRole("button", { name: /^Absent/ }).click();
      await expect.poll(() => rowOf(id).status).toBe("no_show");
      await expect(c.getByText("Absent", { exact: true }).first()).toBeVisible();
      expect(slotsOf(id)).toEqual([]); // an absent patient's slot is free again
      expect((await dayOf(page, day.date)).times).toContain(day.times[1]);

      const history = historyOf(id);
      expect(history.slice(1).map((h) => [h.action, h.from_status, h.to_status, h.actor])).toEqual([
        ["status", "requested", "confirmed", E2E_ADMIN.email],
        ["status", "confirmed", "attended", E2E_ADMIN.email],
        ["status", "attended", "no_show", E2E_ADMIN.email],
      ]);
      await c.locator("summary", { hasText: "Historique" }).click();
      const list = c.getByRole("list", { name: "Historique du rendez-vous" });
      await expect(list.getByRole("listitem")).toHaveCount(4);
      await expect(list.getByRole("listitem").nth(3)).toContainText("Honoré → Absent");
      await expect(list.getByRole("listitem").nth(3)).toContainText(E2E_ADMIN.email);
      await expectNoHorizontalScroll(page);
    });

    test("cancel asks for a reason, then stores who cancelled and why, and frees the slot", async ({ page }) => {
      await loginAsStaff(page, "/admin/agenda");
      const day = await freeDay(page);
      const name = tag("Annulation");
      const id = insertBooked({ name, date: day.date, time: day.times[2], status: "confirmed" });
      await page.goto(`/admin/agenda?jour=${day.date}`);
      const c = await openCard(page, name);
      await c.getByRole("button", { name: /^Annuler…/ }).click();
      const form = c.getByRole("form", { name: `Annuler le rendez-vous de ${name}` });
      await form.getByRole("button", { name: "Annuler le rendez-vous" }).click();
      await expect(form.getByText("Indiquez la raison de l'annulation.")).toBeVisible();
      expect(rowOf(id).status).toBe("confirmed");

      await form.getByLabel("Raison de l'annulation").fill("Le docteur est en congé ce jour-là.");
      await form.getByRole("radio", { name: "La clinique" }).check();
      await form.getByRole("button", { name: "Annuler le rendez-vous" }).click();
      await expect(page.getByText("Statut : Annulé.")).toBeVisible();
      await expect.poll(() => rowOf(id).status).toBe("cancelled");
      expect(rowOf(id)).toMatchObject({ cancelled_by: "clinic", cancel_reason: "Le docteur est en congé ce jour-là." });
      expect(slotsOf(id)).toEqual([]);
      expect((await dayOf(page, day.date)).times).toContain(day.times[2]);
      await expect(c).toContainText("Annulé par la clinique — « Le docteur est en congé ce jour-là. »");
      await expect(page.getByRole("heading", { name: /^Annulés/ })).toBeVisible();
      await c.locator("summary", { hasText: "Historique" }).click();
      await expect(c.getByRole("list", { name: "Historique du rendez-vous" })).toContainText("Raison : Le docteur est en congé ce jour-là.");
    });

    test("move to another free slot: only free times are offered, the units follow and the history shows the move", async ({ page }) => {
      await loginAsStaff(page, "/admin/agenda");
      const day = await freeDay(page, "Orthodontie", 6);
      const name = tag("Deplacement");
      const id = insertBooked({ name, date: day.date, time: day.times[0], status: "confirmed" });
      const target = await dayOf(page, addDaysYmd(day.date, 1));
      const next = target.times.length ? target : await dayOf(page, addDaysYmd(day.date, 2));
      await page.goto(`/admin/agenda?jour=${day.date}`);
      const c = await openCard(page, name);
      await c.locator("summary").getByText("Déplacer", { exact: true }).click();
      const form = c.getByRole("form", { name: "Déplacer le rendez-vous" });

      // a closed day offers no time and says so
      const closed = await closedDay(page, day.date);
      await form.getByLabel("Nouvelle date").fill(closed.date);
      await expect(form.getByText(/^Fermé/)).toBeVisible();
      await expect(form.getByLabel("Nouvel horaire").locator("option")).toHaveCount(1);

      await form.getByLabel("Nouvelle date").fill(next.date);
      const time = next.times[next.times.length - 1];
      await expect(form.getByLabel("Nouvel horaire").locator(`option[value="${time}"]`)).toHaveCount(1);
      await form.getByLabel("Nouvel horaire").selectOption(time);
      await form.getByRole("button", { name: "Déplacer" }).click();
      await expect(page.getByText("Rendez-vous déplacé.")).toBeVisible();
      await expect.poll(() => rowOf(id).date).toBe(next.date);
      expect(rowOf(id).time).toBe(time);
      expect(slotsOf(id)[0].unit_start).toBe(`${next.date}T${time}`);
      await expect(card(page, name)).toHaveCount(0); // it left this day

      await page.goto(`/admin/agenda?jour=${next.date}`);
      const moved = await openCard(page, name);
      await moved.locator("summary", { hasText: "Historique" }).click();
      const entry = moved.getByRole("list", { name: "Historique du rendez-vous" }).getByRole("listitem").last();
      await expect(entry).toContainText("Déplacé");
      await expect(entry).toContainText(`${frDate(day.date)} ${day.times[0]} → ${frDate(next.date)} ${time}`);
      expect(historyOf(id).at(-1)).toMatchObject({ action: "moved", actor: E2E_ADMIN.email });
    });

    test("a booking taken by phone needs no e-mail and lands on the day, confirmed", async ({ page }) => {
      await loginAsStaff(page, "/admin/agenda");
      const day = await freeDay(page, "Extraction dentaire");
      const name = tag("Telephone");
      await page.goto(`/admin/agenda?jour=${day.date}`);
      await page.locator("summary", { hasText: "Ajouter un rendez-vous" }).click();
      const form = page.locator("#agenda-book");
      await form.getByLabel("Nom complet").fill(name);
      await form.getByLabel("Téléphone").fill("0661 23 45 67");
      await form.getByLabel("Service").selectOption("Extraction dentaire");
      await expect(form.getByLabel("Date")).toHaveValue(day.date);
      const time = day.times[3];
      await expect(form.getByLabel("Heure").locator(`option[value="${time}"]`)).toHaveCount(1);
      await form.getByLabel("Heure").selectOption(time);
      await form.getByLabel("Message / motif").fill("Appel du patient : dent cassée.");
      await form.getByRole("button", { name: "Ajouter le rendez-vous" }).click();
      await expect(page.getByText("Rendez-vous ajouté.")).toBeVisible();
      const c = await openCard(page, name);
      await expect(c).toBeVisible();
      await expect(c.getByText("Confirmé", { exact: true }).first()).toBeVisible();
      await expect(c.getByRole("link", { name: /par e-mail/ })).toHaveCount(0);

      const [row] = dbQuery<{ id: number; email: string | null; status: string; time: string; message: string }>("select id, email, status, time, message from appointments where name = ?", name);
      expect(row).toMatchObject({ email: null, status: "confirmed", time, message: "Appel du patient : dent cassée." });
      expect(slotsOf(row.id)[0].unit_start).toBe(`${day.date}T${time}`);
      expect(historyOf(row.id)).toEqual([{ actor: E2E_ADMIN.email, action: "created", from_status: null, to_status: "confirmed", detail: null }]);
      expect((await dayOf(page, day.date, "Extraction dentaire")).times).not.toContain(time);
    });

    test("a forced booking outside the hours shows its warning and is written in the history", async ({ page }) => {
      await loginAsStaff(page, "/admin/agenda");
      const day = await freeDay(page);
      const name = tag("Force");
      await page.goto(`/admin/agenda?jour=${day.date}`);
      await page.locator("summary", { hasText: "Ajouter un rendez-vous" }).click();
      const form = page.locator("#agenda-book");
      await form.getByLabel("Nom complet").fill(name);
      await form.getByLabel("Téléphone").fill("+213 770 11 22 33");
      await form.getByLabel("Service").selectOption("Orthodontie");
      // the box carries its warning as its description, the same in every staff form
      const forced = form.getByLabel("Forcer (hors horaires)");
      await expect(forced).toHaveAccessibleDescription(/en dehors des règles de l'agenda.*noté dans l'historique/);
      await forced.check();
      await form.getByLabel("Heure").fill("19:30");
      await form.getByRole("button", { name: "Ajouter le rendez-vous" }).click();
      await expect(page.getByText("Rendez-vous ajouté hors des règles de l'agenda (noté dans l'historique).")).toBeVisible();
      const c = await openCard(page, name);
      await expect(c.getByText("Hors règles").first()).toBeVisible();
      const [row] = dbQuery<{ id: number; forced: number; time: string }>("select id, forced, time from appointments where name = ?", name);
      expect(row).toMatchObject({ forced: 1, time: "19:30" });
      expect(historyOf(row.id)[0]).toMatchObject({ action: "created", to_status: "confirmed", detail: "réservé hors des règles de l'agenda", actor: E2E_ADMIN.email });
      await c.locator("summary", { hasText: "Historique" }).click();
      const entry = c.getByRole("list", { name: "Historique du rendez-vous" }).getByRole("listitem").first();
      await expect(entry).toContainText("Créé — Confirmé");
      await expect(entry).toContainText("Hors règles");
    });

    test("the week view shows the week's appointments, Saturday to Friday, and opens the day", async ({ page }) => {
      await loginAsStaff(page, "/admin/agenda");
      const day = await freeDay(page);
      const name = tag("Semaine");
      insertBooked({ name, date: day.date, time: day.times[0], status: "requested" });
      await page.goto(`/admin/agenda?jour=${day.date}&vue=semaine`);
      const week = page.getByRole("region", { name: "Semaine" });
      const closedWeekdays = [0, 1, 2, 3, 4, 5, 6].filter((d) => dbQuery("select 1 from opening_hours where weekday = ?", d).length === 0);
      let opener: Locator;
      if (viewport.width >= 768) {
        // the grid: seven day columns side by side on one time axis, Saturday first
        const heads = week.locator("[data-day]");
        await expect(heads).toHaveCount(7);
        const first = (await heads.first().getAttribute("data-day"))!;
        expect(new Date(`${first}T00:00:00Z`).getUTCDay()).toBe(6); // Saturday
        const boxes = await Promise.all([0, 6].map((i) => heads.nth(i).boundingBox()));
        expect(Math.abs(boxes[0]!.y - boxes[1]!.y)).toBeLessThan(2);
        expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x);
        const column = week.locator(`[data-week-day="${day.date}"]`);
        opener = column.getByRole("link", { name: new RegExp(name) });
        await expect(opener).toContainText("Demande reçue");
        // the closed weekday (Friday by default) is shaded and says so
        for (const d of closedWeekdays) await expect(week.locator(`[data-week-day="${addDaysYmd(first, (d + 1) % 7)}"]`)).toContainText("Fermé");
        await reviewShot(page, "week-grid-1280", { fullPage: false });
      } else {
        // a phone: seven day buttons over the chosen day's list
        const picker = week.getByRole("group", { name: "Jour de la semaine" });
        await expect(picker.getByRole("button")).toHaveCount(7);
        await expect(picker.getByRole("button").first()).toHaveAccessibleName(/^samedi/);
        for (const d of closedWeekdays) await expect(picker.getByRole("button", { name: new RegExp(`^${["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"][d]}.*fermé$`) })).toHaveCount(1);
        await picker.getByRole("button", { name: new RegExp(`^${longDay(day.date, false)}`) }).click();
        opener = week.getByRole("button", { name: new RegExp(`^\\d\\d:\\d\\d.*${name}`) });
        await expect(opener).toContainText("Demande reçue");
        await reviewShot(page, "week-picker-375", { fullPage: false });
      }
      await expectNoSeriousA11yViolations(page);
      await expectNoHorizontalScroll(page);

      await opener.click();
      await expect(page).toHaveURL(new RegExp(`/admin/agenda\\?jour=${day.date}#rdv-\\d+$`));
      await expect(card(page, name)).toBeVisible();
    });

    test("printed, the day list keeps the appointments and drops the navigation and the buttons", async ({ page }) => {
      await loginAsStaff(page, "/admin/agenda");
      const day = await freeDay(page);
      const name = tag("Impression");
      insertBooked({ name, date: day.date, time: day.times[0], status: "requested", message: "Patient anxieux." });
      await page.goto(`/admin/agenda?jour=${day.date}`);
      const c = await openCard(page, name);
      await expect(page.getByRole("navigation", { name: "Administration" })).toBeVisible();
      await expect(c.getByRole("button", { name: /^Confirmer/ })).toBeVisible();
      await expectNoHorizontalScroll(page);

      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("navigation", { name: "Administration" })).toBeHidden();
      await expect(page.locator("summary", { hasText: "Ajouter un rendez-vous" })).toBeHidden();
      await expect(c.getByRole("button", { name: /^Confirmer/ })).toBeHidden();
      await expect(c.getByRole("link", { name: new RegExp(`^Appeler ${name}`) })).toBeHidden();
      await expect(c.getByRole("heading", { name })).toBeVisible();
      await expect(c).toContainText(day.times[0]);
      await expect(c).toContainText("Patient anxieux.");
      await expect(page.getByText(longDay(day.date), { exact: true })).toBeVisible();
      // the day's printed list, drawn for paper only (not in the screen's HTML)
      const printed = page.locator('article[aria-labelledby^="print-"]', { hasText: name });
      await expect(printed).toBeVisible();
      await expect(printed).toContainText(`${day.times[0]}`);
      await expect(printed).toContainText("Demande reçue");
      await page.emulateMedia({ media: "screen" });
      await expect(printed).toHaveCount(0);
    });
  });
}

const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

test.describe("admin: the agenda grid at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("blocks as tall as their duration; a drag moves one to a free time, a drag onto a taken time puts it back with the reason; the keyboard moves one too", async ({ page }) => {
    await loginAsStaff(page, "/admin/agenda");
    const day = await freeDay(page, "Orthodontie", 20);
    const [a0, free, taken, later] = [0, 60, 120, 180].map((m) => hhmm(minutesOf(day.times[0]) + m));
    for (const t of [free, taken, later]) expect(day.times).toContain(t);
    const [nameA, nameB] = [tag("Grille"), tag("Occupe")];
    const a = insertBooked({ name: nameA, date: day.date, time: a0, status: "confirmed" });
    const b = insertBooked({ name: nameB, date: day.date, time: taken, status: "requested" });
    await page.goto(`/admin/agenda?jour=${day.date}`);
    const body = page.locator("[data-grid-body]");
    const [rows, start] = [Number(await body.getAttribute("data-rows")), Number(await body.getAttribute("data-start"))];
    const rowPx = (await body.boundingBox())!.height / rows;
    const blockA = page.locator(`[data-block="${a}"]`);
    /** a block's top in rows from the grid's first row, and its height in rows */
    const place = async (block: Locator) => {
      const [g, bb] = [(await body.boundingBox())!, (await block.boundingBox())!];
      return { row: (bb.y - g.y) / rowPx, rows: bb.height / rowPx };
    };
    // 30 minutes and a 15-minute buffer: three rows, the visit itself two, at its time
    expect(await place(blockA)).toEqual({ row: expect.closeTo((minutesOf(a0) - start) / 15, 1), rows: expect.closeTo(3, 1) });
    expect((await blockA.locator(".agenda-visit").boundingBox())!.height / rowPx).toBeCloseTo(2, 1);
    await expect(blockA).toContainText("Confirmé");
    await expect(page.locator(`[data-block="${b}"]`)).toContainText("Demande reçue");
    await reviewShot(page, "day-grid-1280");
    await expectNoSeriousA11yViolations(page);

    const dragA = async (rowsDown: number) => {
      const bb = (await blockA.boundingBox())!;
      const [x, y] = [bb.x + bb.width / 2, bb.y + 10];
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x, y + (rowsDown * rowPx) / 2, { steps: 4 });
      await page.mouse.move(x, y + rowsDown * rowPx, { steps: 4 });
      await page.mouse.up();
    };
    // onto B's time: refused by the server, said in French, the block back where it was
    await dragA(8);
    await expect(page.getByRole("alert").filter({ hasText: "pas été déplacé" })).toContainText(`Le rendez-vous de ${nameA} n'a pas été déplacé : Ce créneau vient d'être pris.`);
    expect(rowOf(a).time).toBe(a0);
    await expect.poll(async () => (await place(blockA)).row).toBeCloseTo((minutesOf(a0) - start) / 15, 1);
    // onto a free time: moved, in the database and on the grid
    await dragA(4);
    await expect(page.getByText("Rendez-vous déplacé.")).toBeVisible();
    await expect.poll(() => rowOf(a).time).toBe(free);
    expect(slotsOf(a)[0].unit_start).toBe(`${day.date}T${free}`);
    await expect.poll(async () => (await place(blockA)).row).toBeCloseTo((minutesOf(free) - start) / 15, 1);

    // the keyboard: the block, Enter, 'Déplacer vers…', a free time
    await page.locator(`[data-block="${b}"]`).focus();
    await page.keyboard.press("Enter");
    const cardB = card(page, nameB);
    await expect(cardB).toBeVisible();
    await cardB.locator("summary").getByText("Déplacer vers…").press("Enter");
    await cardB.getByRole("list", { name: `Horaires libres pour ${nameB}` }).getByRole("button", { name: later, exact: true }).press("Enter");
    await expect.poll(() => rowOf(b).time).toBe(later);
    await expect.poll(async () => (await place(page.locator(`[data-block="${b}"]`))).row).toBeCloseTo((minutesOf(later) - start) / 15, 1);
  });
});

test.describe("admin: the agenda on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the day is a compact list: eight appointments or more on one screen, a tap opens the actions", async ({ page }) => {
    await loginAsStaff(page, "/admin/agenda");
    const day = await freeDay(page, "Orthodontie", 20);
    const names = Array.from({ length: 9 }, () => tag("Ligne"));
    names.forEach((name, k) => insertBooked({ name, date: day.date, time: hhmm(minutesOf(day.times[0]) + 45 * k), status: k % 3 ? "confirmed" : "requested" }));
    await page.goto(`/admin/agenda?jour=${day.date}`);
    // the grid's blocks, laid out as lines: the grid's other parts (hours, free stretches) are not shown
    const lines = page.getByRole("region", { name: "Grille du jour" }).getByRole("button");
    await expect(lines).toHaveCount(9);
    await expect(lines.first()).toHaveAccessibleName(new RegExp(`^${day.times[0]} à .*${names[0]}`));
    await expect(page.getByText("Fauteuil 1", { exact: true })).toBeHidden(); // the grid's chair heads
    const bottoms = await Promise.all(names.map(async (_, k) => (await lines.nth(k).boundingBox())!));
    expect(bottoms.filter((bb) => bb.y + bb.height <= 812).length).toBeGreaterThanOrEqual(8);
    for (const bb of bottoms) expect(bb.height).toBeLessThanOrEqual(70);
    await reviewShot(page, "phone-list-375", { fullPage: false });
    await expectNoSeriousA11yViolations(page);
    await expectNoHorizontalScroll(page);

    await lines.nth(1).click();
    const c = card(page, names[1]);
    await expect(c.getByRole("button", { name: /^Honoré/ })).toBeVisible();
    await expect(c.getByRole("link", { name: new RegExp(`^Appeler ${names[1]}`) })).toBeVisible();
  });
});

test("the demo content books a real week: statuses, payments and slot units as the front desk makes them", async ({ page }) => {
  const demo = dbQuery<{ id: number; status: string; date: string; prixtotal: number | null; prixpay: number | null; email: string | null; cancel_reason: string | null; units: number; forced: number }>(
    "select a.id, a.status, a.date, a.prixtotal, a.prixpay, a.email, a.cancel_reason, a.forced, (select count(*) from appointment_slots s where s.appointment_id = a.id) as units from appointments a where a.id in (select appointment_id from appointment_history where actor = 'Démo' and action = 'created')",
  );
  expect(demo.length).toBeGreaterThanOrEqual(12);
  const statuses = new Set(demo.map((d) => d.status));
  for (const s of ["requested", "confirmed", "cancelled"]) expect(statuses.has(s), s).toBe(true);
  expect(demo.filter((d) => d.status === "no_show")).toHaveLength(1);
  expect(demo.find((d) => d.status === "cancelled")!.cancel_reason).toBeTruthy();
  expect(demo.some((d) => d.prixtotal !== null && d.prixpay !== null && d.prixpay < d.prixtotal)).toBe(true);
  expect(demo.some((d) => d.email === null)).toBe(true); // bookings taken by phone
  for (const d of demo) {
    expect(d.forced).toBe(0);
    if (d.status === "cancelled" || d.status === "no_show") expect(d.units).toBe(0);
    else expect(d.units).toBeGreaterThan(0);
  }
  // today (or the next open day) is a full morning in the agenda
  const upcoming = demo.filter((d) => d.date >= todayInClinic()).map((d) => d.date).sort();
  await loginAsStaff(page, `/admin/agenda?jour=${upcoming[0]}`);
  // the grid's blocks, one per appointment kept
  await expect(page.locator("button[data-block]").first()).toBeVisible();
  expect(await page.locator("button[data-block]").count()).toBeGreaterThanOrEqual(4);
});
