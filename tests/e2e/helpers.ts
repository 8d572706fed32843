import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { expect, type Cookie, type Locator, type Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { E2E_ADMIN, ensureStaffAccount, trustBrowser, type E2EAccount } from "./staff-accounts";

export { E2E_ADMIN };
export { E2E_ASSISTANT, E2E_DENTIST, E2E_TOTP_SECRET, enableTwoFactor, ensureStaffAccount, giveRecoveryCodes, trustBrowser, type E2EAccount } from "./staff-accounts";

/** Read the e2e server's SQLite database directly (assert what was stored). */
export function dbQuery<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(E2E_DATA_DIR, "e2e.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/**
 * Tell the page cache that public content changed, for a test that changes the schema itself
 * (a table renamed or swapped: no trigger fires). Every data change raises the version by trigger.
 */
export function contentChanged() {
  dbRun("update content_version set version = version + 1 where id = 1");
}

/** Write to the e2e database (set up a state the UI cannot reach quickly). */
export function dbRun(sql: string, ...params: unknown[]) {
  const db = new Database(path.join(E2E_DATA_DIR, "e2e.db"));
  db.pragma("busy_timeout = 5000");
  try {
    return db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/**
 * Sign in through the login page as a staff account (default: the e2e administrator) and wait
 * for `to`. The account is made ready first (tests/e2e/staff-accounts.ts): it exists with its
 * role and password; when it uses two-factor sign-in this browser is made a trusted device of
 * it, so no code is typed. Returns the account's id.
 *
 * The session of the worker's last sign-in as that account is reused when the server still
 * accepts it (the test lands on `to`, not on /login): a sign-in through the page costs 1–2 s and
 * most tests are about what comes after it. `fresh: true` signs in through the page every time
 * (a test about the sign-in itself, its journal line).
 */
export async function loginAsStaff(page: Page, to = "/admin/appointments", account: E2EAccount = E2E_ADMIN, { fresh = false }: { fresh?: boolean } = {}): Promise<number> {
  const userId = await ensureStaffAccount(account);
  const path = to.split("?")[0];
  const kept = sessions.get(account.email);
  if (kept && !fresh) {
    await page.context().addCookies(kept);
    await page.goto(to);
    if (new URL(page.url()).pathname === path) return userId;
    // the server ended that session (a password changed, the account disabled): signed in again below
    sessions.delete(account.email);
    await page.context().clearCookies({ name: "clinic_session" });
  }
  const [{ enabled }] = dbQuery<{ enabled: number }>("select totp_enabled_at is not null as enabled from staff_users where id = ?", userId);
  if (enabled) await trustBrowser(page.context(), userId);
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  // a browser already signed in is sent on by the login page: sign in again, as this account
  if (new URL(page.url()).pathname !== "/login") {
    await page.context().clearCookies({ name: "clinic_session" });
    await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  }
  await page.getByLabel("Adresse e-mail").fill(account.email);
  await page.getByLabel("Mot de passe").fill(account.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.waitForURL((u) => u.pathname === path);
  sessions.set(account.email, (await page.context().cookies()).filter((c) => c.name === "clinic_session"));
  return userId;
}

/** This worker's last session of each account (its own server and database: see playwright.config.ts). */
const sessions = new Map<string, Cookie[]>();

/** The fades, slides and colour transitions in progress have ended (a section revealed on scroll, a hover colour); endless ones aside. */
export async function animationsDone(page: Page) {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 3000 })
    .catch(() => undefined);
}

/**
 * No axe-core violation of serious or critical impact.
 *
 * axe runs in the page itself (`setLegacyMode`: `axe.run`) and keeps only the violations' nodes
 * (`resultTypes`). By default @axe-core/playwright runs `axe.runPartial`, then opens a blank page,
 * injects axe's 600 KB again and hands it every node that passed every rule to finish the run:
 * 11–12 s for /admin/horaires on a loaded 2-core machine against 2–3 s this way, for the same
 * violations. What legacy mode leaves out is running inside cross-origin frames: the site's only
 * one is the OpenStreetMap embed, third-party content (the frame's own title is still checked).
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  // colours are judged once the transitions in progress have ended, never half-way through one
  await animationsDone(page);
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/**
 * The page's scripts have taken over: clicks now run the client code. On a content page (not
 * hydrated) the site's script has given the markup its behaviour; on a hydrated page React has
 * hydrated too (the script marks the page ready after React's first render, app/site/chrome.ts);
 * and every island of the page (components/Island.tsx) is hydrated (`data-hydrated`).
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.site === "ready" && [...document.querySelectorAll("[data-island]")].every((el) => el.hasAttribute("data-hydrated")));
}

/**
 * Click a link or a button once it stands still: scrolled into view, the entrances it started
 * (a section sliding in, 0.6–0.8 s) finished. Playwright waits for two equal frames, but on a
 * loaded machine a slide can move the link between that check and the click.
 */
export async function clickWhenStill(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  await locator.page().evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await locator.click();
}

/** Whether React runs on the page (a hydrated page), or only the site's script (a content page). */
export async function reactRuns(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const main = document.querySelector("main");
    return !!main && Object.keys(main).some((k) => k.startsWith("__reactFiber"));
  });
}

/** Collect console errors of a page (call before navigating). */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** A formation written straight into the e2e database; returns its id (formation specs). */
export function insertFormation(f: {
  title: string;
  description?: string;
  duration_months?: number;
  max_participants?: number;
  /** centimes */
  price?: number | null;
  is_active?: boolean;
  syllabus?: unknown;
  created_at?: string;
}): number {
  const now = new Date().toISOString();
  const r = dbRun(
    "insert into formations (title, description, duration_months, max_participants, price, is_active, syllabus, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    f.title,
    f.description ?? `Description de ${f.title}`,
    f.duration_months ?? 6,
    f.max_participants ?? 10,
    f.price === undefined ? 3_500_000 : f.price,
    f.is_active === false ? 0 : 1,
    f.syllabus === undefined || f.syllabus === null ? null : JSON.stringify(f.syllabus),
    f.created_at ?? now,
    f.created_at ?? now,
  );
  return Number(r.lastInsertRowid);
}

/** An enrolment written straight into the e2e database; returns its id. */
export function insertEnrollment(e: { formation_id: number | null; user_name: string; user_surname?: string; email?: string; phone?: string; status?: string; formation_chosen?: string | null; enrollment_date?: string }): number {
  const r = dbRun(
    "insert into enrollments (formation_id, user_name, user_surname, email, phone, formation_chosen, enrollment_date, status) values (?, ?, ?, ?, ?, ?, ?, ?)",
    e.formation_id,
    e.user_name,
    e.user_surname ?? "Prénom",
    e.email ?? "inscrit@exemple.dz",
    e.phone ?? "0550 12 34 56",
    e.formation_chosen ?? null,
    e.enrollment_date ?? new Date().toISOString(),
    e.status ?? "pending",
  );
  return Number(r.lastInsertRowid);
}

/** The syllabus pages of the active formations ('all' included), for walks and crawls. */
export function activeSyllabusPaths(): string[] {
  const rows = dbQuery<{ id: number }>("select id from formations where is_active = 1 order by created_at desc, id desc");
  return ["/syllabus", "/syllabus/all", ...rows.map((r) => `/syllabus/${r.id}`)];
}

/** The staff routes of the training offer (the admin route sweep covers them from the build). */
export const FORMATION_ADMIN_PATHS = ["/admin/formations", "/admin/formations/1/inscriptions.csv"] as const;

/**
 * A screenshot for a person to look at (docs/architecture.md, "Testing"), written only when
 * E2E_SHOTS_DIR names a folder: it asserts nothing, and a full-page PNG costs the run time.
 */
export async function reviewShot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: options.fullPage ?? true });
}
