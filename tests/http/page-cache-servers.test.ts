import type { ChildProcess } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { describe, expect, test } from "vitest";
import { freePort, startAppServer } from "./app-server";
import { addDentist, publishPost, RUN, shownWithin5s, startServer, stopServer, stored, text } from "./server-processes";
import { signIn } from "./staff";

/**
 * A staff change reaches every server (docs/architecture.md, "Page cache"): shown at once on the
 * server that made it, and within 5 s on another server sharing the database, SQLite file and
 * PostgreSQL alike. The servers are `node server/index.js` processes started here (and, for
 * SQLite, the site served in this process); the change is a post published through the staff
 * screen's form, posted as a browser does.
 */
describe("a staff change reaches every server", () => {
  test("SQLite: at once on the server that made it, and on a second server on the same file", { timeout: 120_000 }, async () => {
    const one = await startAppServer();
    let two: ChildProcess | undefined;
    try {
      const port = await freePort();
      two = await startServer(port, { DATABASE_URL: `file:${path.join(one.dataDir, "e2e.db")}`, SEED_DEMO: "false" });
      const baseTwo = `http://127.0.0.1:${port}`;
      await stored(`${one.origin}/blog`);
      await stored(`${baseTwo}/blog`);
      await addDentist((sql, p) => one.dbRun(sql, ...p), ["?", "?", "?", "?"], "pc-dentist@clinique.test", "Dentiste-Cache-2026");
      const cookie = await signIn(one.origin, "pc-dentist@clinique.test", "Dentiste-Cache-2026", "/admin/blog");
      const title = `Article du cache ${RUN}`;
      await publishPost(one.origin, cookie, title);
      const changedAt = Date.now();
      // at once here; within 5 s there (SQLite: each hit reads the version from the file)
      expect(await text(`${one.origin}/blog`)).toContain(title);
      expect(await shownWithin5s(`${baseTwo}/blog`, title, changedAt)).toBeLessThan(5000);
    } finally {
      await stopServer(two);
      await one.close();
    }
  });

  test("PostgreSQL: two servers on one database, a change on one shows on the other within 5 s", { timeout: 180_000 }, async () => {
    // .ci/run always names a PostgreSQL server; without one this test fails rather than pass unseen
    if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL must name a PostgreSQL server (.ci/run sets it)");
    const name = `clinic_http_pc_${RUN}_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    let one: ChildProcess | undefined;
    let two: ChildProcess | undefined;
    try {
      const env = { DATABASE_URL: url.toString(), SEED_DEMO: "true", ADMIN_EMAIL: "pc-admin@clinique.test", ADMIN_PASSWORD: "Sourire-Kouba-2026" };
      const [portOne, portTwo] = [await freePort(), await freePort()];
      one = await startServer(portOne, env);
      two = await startServer(portTwo, env);
      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      try {
        await addDentist((sql, p) => db.query(sql, p), ["$1", "$2", "$3", "$4"], "pc-dentist@clinique.test", "Dentiste-Cache-2026");
      } finally {
        await db.end();
      }
      const [baseOne, baseTwo] = [`http://127.0.0.1:${portOne}`, `http://127.0.0.1:${portTwo}`];
      await stored(`${baseOne}/blog`);
      await stored(`${baseTwo}/blog`);
      const cookie = await signIn(baseOne, "pc-dentist@clinique.test", "Dentiste-Cache-2026", "/admin/blog");
      const title = `Article partagé ${RUN}`;
      await publishPost(baseOne, cookie, title);
      const changedAt = Date.now();
      expect(await text(`${baseOne}/blog`)).toContain(title);
      expect(await shownWithin5s(`${baseTwo}/blog`, title, changedAt)).toBeLessThan(5000);
    } finally {
      await stopServer(one);
      await stopServer(two);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
