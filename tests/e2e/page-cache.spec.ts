import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import pg from "pg";
import { E2E_DATA_DIR, E2E_PORT } from "../../playwright.config";
import { collectConsoleErrors, E2E_DENTIST, hydrated, loginAsStaff } from "./helpers";

/**
 * The page cache (docs/architecture.md, "Page cache"): public pages stored whole and served to
 * every visitor without a cookie, with a policy of script hashes; nothing personal stored; a
 * staff change shown at once on the server that made it and within 5 s on another server sharing
 * the database (SQLite file and PostgreSQL).
 */
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const RUN = Date.now().toString(36);

/** An anonymous GET twice: the second answer is the stored page. */
async function storedPage(request: APIRequestContext, url: string) {
  await request.get(url);
  await expect.poll(async () => (await request.get(url)).headers()["x-cache"], { timeout: 5000 }).toBe("HIT");
  return request.get(url);
}

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

test.describe("stored public pages", () => {
  test("a stored page has a policy of hashes, no nonce, and its scripts run: the menu, the enrolment dialog, the booking key", async ({ page, playwright, baseURL }) => {
    const anon = await playwright.request.newContext({ baseURL });
    for (const url of ["/", "/formation", "/appointment", "/implants-dentaires"]) {
      const res = await storedPage(anon, url);
      const csp = res.headers()["content-security-policy"];
      expect(csp, url).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]{44}')+;/);
      expect(csp, url).not.toContain("nonce-");
      expect(await res.text(), url).not.toContain(" nonce=");
    }
    await anon.dispose();

    const errors = collectConsoleErrors(page);
    const violations: string[] = [];
    await page.exposeFunction("reportViolation", (v: string) => violations.push(v));
    await page.addInitScript(() => document.addEventListener("securitypolicyviolation", (e) => (window as unknown as { reportViolation: (v: string) => void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`)));

    await page.setViewportSize({ width: 375, height: 800 });
    const home = await page.goto("/");
    expect(home?.headers()["x-cache"]).toBe("HIT");
    await hydrated(page);
    await page.getByRole("button", { name: /menu/i }).first().click();
    await expect(page.getByRole("navigation").getByRole("link", { name: "Blog" }).first()).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/formation");
    await hydrated(page);
    await page.getByRole("link", { name: /^S.inscrire/ }).first().click();
    await expect(page.getByRole("dialog", { name: "Inscription à la formation" })).toBeVisible();

    await page.goto("/appointment");
    await expect(page.locator('input[name="submission_key"]')).toHaveValue(/^[0-9a-f-]{36}$/);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("nothing personal is stored: a signed-in page, a flash message, a POST's answer, the staff area, a personal link", async ({ page, playwright, baseURL }) => {
    // signed in: the public page is rendered for the staff member, never taken from the store
    await loginAsStaff(page, "/admin/appointments", E2E_DENTIST);
    const signedIn = await page.request.get("/");
    expect(signedIn.headers()["x-cache"]).toBeUndefined();
    expect(nonceOf(signedIn.headers()["content-security-policy"])).toBeTruthy();

    // the flash message after signing out is shown to that browser only
    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await page.waitForURL((u) => u.pathname === "/login");
    const toastShown = page.getByText(/déconnecté/i).first();
    await expect(toastShown).toBeVisible();
    const anon = await playwright.request.newContext({ baseURL });
    const login = await anon.get("/login");
    expect(await login.text()).not.toMatch(/déconnecté/i);
    // and it goes by itself after its 4 seconds
    await expect(toastShown).toBeHidden({ timeout: 6000 });

    // the staff area and a personal link page are never candidates
    for (const url of ["/admin", "/admin/appointments", "/rdv/abcdefghijklmnopqrstuvwxyz012345"]) {
      await anon.get(url, { maxRedirects: 0 });
      const res = await anon.get(url, { maxRedirects: 0 });
      expect([url, res.headers()["x-cache"]]).toEqual([url, undefined]);
    }

    // a POST's answer (a booking refused for its fields) is not what the next visitor gets
    const posted = await anon.post("/appointment", { form: { name: `Visiteur ${RUN}`, email: "x", phone: "1", service: "", date: "", time: "", submission_key: "", website: "" }, headers: { Origin: baseURL! } });
    expect(posted.status()).toBe(400);
    expect(posted.headers()["x-cache"]).toBeUndefined();
    const next = await storedPage(anon, "/appointment");
    expect(await next.text()).not.toContain(`Visiteur ${RUN}`);
    await anon.dispose();
  });
});

/** A post written through the staff screen of the server at `base`. */
async function publishPost(page: Page, base: string, title: string) {
  await page.goto(`${base}/admin/blog`);
  await hydrated(page);
  await page.getByRole("button", { name: "Ajouter un Blog" }).click();
  await page.getByLabel("Titre *").fill(title);
  await page.getByLabel("Contenu *").fill("Un article écrit pendant le test du cache des pages, avec assez de texte pour être publié.");
  await page.getByRole("button", { name: "enregistrer Blog" }).click();
  await expect(page.getByText("Blog added successfully!")).toBeVisible();
}

async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-pc-"));
  let out = "";
  const child = spawn(process.execPath, ["server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dir,
      UPLOAD_DIR: `${dir}/uploads`,
      SESSION_SECRET: "page-cache-spec-session-secret-0123456789",
      LOG_LEVEL: "warn",
      BACKUP_DAILY: "false",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (c) => (out += c));
  child.stderr!.on("data", (c) => (out += c));
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
        return fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status, () => 0);
      },
      { timeout: 60_000 },
    )
    .toBe(200);
  return child;
}

async function stopServer(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

test.describe("a staff change reaches every server", () => {
  test("SQLite: at once on the server that made it, and on a second server on the same file", async ({ page, playwright, baseURL }) => {
    test.setTimeout(120_000);
    const other = await startServer(E2E_PORT + 72, { DATABASE_URL: `file:${path.join(E2E_DATA_DIR, "e2e.db")}`, SEED_DEMO: "false" });
    try {
      const a = await playwright.request.newContext({ baseURL });
      const b = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT + 72}` });
      await storedPage(a, "/blog");
      await storedPage(b, "/blog");
      const title = `Article du cache ${RUN}`;
      await loginAsStaff(page, "/admin/blog", E2E_DENTIST);
      await publishPost(page, baseURL!, title);
      // at once here; within 5 s there (SQLite: each hit reads the version from the file)
      expect(await (await a.get("/blog")).text()).toContain(title);
      await expect.poll(async () => (await b.get("/blog")).text(), { timeout: 5000 }).toContain(title);
      await a.dispose();
      await b.dispose();
    } finally {
      await stopServer(other);
    }
  });

  test("PostgreSQL: two servers on one database, a change on one shows on the other within 5 s", async ({ page, playwright }) => {
    // .ci/run always names a PostgreSQL server; without one this test fails rather than pass unseen
    if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL must name a PostgreSQL server (.ci/run sets it)");
    test.setTimeout(180_000);
    const name = `clinic_e2e_pc_${RUN}_${process.pid}`;
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    let one: ChildProcess | undefined;
    let two: ChildProcess | undefined;
    try {
      const env = { DATABASE_URL: url.toString(), SEED_DEMO: "true", ADMIN_EMAIL: "pc-admin@clinique.test", ADMIN_PASSWORD: "Sourire-Kouba-2026" };
      one = await startServer(E2E_PORT + 73, env);
      two = await startServer(E2E_PORT + 74, env);
      // a dentist account (no second factor) to sign in with on the first server
      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      const now = new Date().toISOString();
      await db.query("insert into staff_users (email, password_hash, role, created_at, updated_at) values ($1, $2, 'dentist', $3, $3)", [
        "pc-dentist@clinique.test",
        await hash("Dentiste-Cache-2026", { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 }),
        now,
      ]);
      await db.end();

      const baseOne = `http://127.0.0.1:${E2E_PORT + 73}`;
      const baseTwo = `http://127.0.0.1:${E2E_PORT + 74}`;
      const a = await playwright.request.newContext({ baseURL: baseOne });
      const b = await playwright.request.newContext({ baseURL: baseTwo });
      await storedPage(a, "/blog");
      await storedPage(b, "/blog");

      await page.goto(`${baseOne}/login`);
      await page.getByLabel("Adresse e-mail").fill("pc-dentist@clinique.test");
      await page.getByLabel("Mot de passe").fill("Dentiste-Cache-2026");
      await page.getByRole("button", { name: "Se connecter" }).click();
      await page.waitForURL((u) => u.pathname.startsWith("/admin"));
      const title = `Article partagé ${RUN}`;
      await publishPost(page, baseOne, title);
      const changedAt = Date.now();
      expect(await (await a.get("/blog")).text()).toContain(title);
      await expect.poll(async () => (await b.get("/blog")).text(), { timeout: 5000 }).toContain(title);
      expect(Date.now() - changedAt).toBeLessThan(5000);
      await a.dispose();
      await b.dispose();
    } finally {
      await stopServer(one);
      await stopServer(two);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
