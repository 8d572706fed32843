/**
 * npm run bench
 *
 * Measures the staff appointment list (listAppointments: filter + count + one page) on a
 * temporary SQLite database holding 10,000 appointments, and on 1,000 for comparison.
 * Also on PostgreSQL when BENCH_DATABASE_URL names a server (a database is created there and
 * dropped afterwards). Prints median and 95th-percentile timings and the 10k/1k ratio.
 * A script, not a test: figures depend on the machine.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { openDb, type Db } from "../app/.server/db/connection";
import { migrateToLatest } from "../app/.server/db/migrations";
import { listAppointments, type AppointmentFilters } from "../app/.server/repos/appointments";
import { SERVICES } from "../app/lib/services";

const SIZES = [1_000, 10_000];
const RUNS = 30;
const PAGE = { limit: 24, offset: 0 };

const FIRST = ["Amina", "Yacine", "Sofia", "Karim", "Lina", "Mehdi", "Nour", "Rayan", "Sarah", "Walid", "Élodie", "Imane"];
const LAST = ["Benali", "Haddad", "Cherif", "Mansouri", "Boudiaf", "Khelifi", "Zerrouki", "Saidi", "Amrani", "Belkacem"];

function seededRandom(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

async function fill(h: Db, n: number) {
  const rnd = seededRandom(42);
  const start = Date.UTC(2024, 0, 1);
  const span = Date.UTC(2026, 0, 1) - start;
  const rows = [];
  for (let i = 0; i < n; i++) {
    const first = FIRST[Math.floor(rnd() * FIRST.length)];
    const last = LAST[Math.floor(rnd() * LAST.length)];
    const created = new Date(start + Math.floor(rnd() * span));
    const day = new Date(created.getTime() + Math.floor(rnd() * 60) * 86400000).toISOString().slice(0, 10);
    const total = rnd() < 0.2 ? null : Math.round(rnd() * 200) * 100000;
    const paid = total === null ? null : rnd() < 0.5 ? total : Math.round(rnd() * (total / 100000)) * 100000;
    rows.push({
      name: `${first} ${last} ${i}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}${i}@exemple.dz`,
      phone: `0550 ${String(i).padStart(6, "0")}`,
      service: SERVICES[Math.floor(rnd() * SERVICES.length)],
      date: day,
      time: `${String(9 + Math.floor(rnd() * 8)).padStart(2, "0")}:${rnd() < 0.5 ? "00" : "30"}`,
      message: null,
      prixtotal: total,
      prixpay: paid,
      progress: total === null ? null : "En cours",
      tips: null,
      submission_key: null,
      created_at: created.toISOString(),
    });
  }
  for (let i = 0; i < rows.length; i += 500) {
    await h.db.insertInto("appointments").values(rows.slice(i, i + 500)).execute();
  }
  // planner statistics, as autovacuum (PostgreSQL) or a routine ANALYZE would keep them
  await sql`analyze`.execute(h.db);
}

const CASES: { label: string; filters: AppointmentFilters; page?: { limit: number; offset: number } }[] = [
  { label: "sans filtre, page 1", filters: {} },
  { label: "sans filtre, dernière page", filters: {}, page: { limit: 24, offset: -1 } },
  { label: "recherche « benali »", filters: { q: "benali" } },
  { label: "recherche « élodie »", filters: { q: "élodie" } },
  { label: "date de soumission", filters: { submitted: "2025-03-14" } },
  { label: "date du rendez-vous", filters: { date: "2025-03-20" } },
  { label: "service", filters: { service: "Orthodontie" } },
  { label: "Terminé", filters: { status: "done" } },
  { label: "Non terminé", filters: { status: "todo" } },
  { label: "service + Non terminé + recherche", filters: { service: "Orthodontie", status: "todo", q: "amina" } },
];

async function time(h: Db, c: (typeof CASES)[number], total: number) {
  const page = c.page?.offset === -1 ? { limit: 24, offset: Math.max(0, total - 24) } : (c.page ?? PAGE);
  await listAppointments(h, c.filters, page); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await listAppointments(h, c.filters, page);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(RUNS / 2)], p95: samples[Math.floor(RUNS * 0.95)] };
}

async function benchEngine(name: string, open: () => Promise<{ h: Db; drop: () => Promise<void> }>) {
  const results = new Map<number, Map<string, { median: number; p95: number }>>();
  for (const n of SIZES) {
    const { h, drop } = await open();
    try {
      await migrateToLatest(h.db, h.engine);
      const t0 = performance.now();
      await fill(h, n);
      console.log(`[${name}] ${n.toLocaleString("fr-FR")} rendez-vous insérés en ${(performance.now() - t0).toFixed(0)} ms`);
      const per = new Map<string, { median: number; p95: number }>();
      for (const c of CASES) per.set(c.label, await time(h, c, n));
      results.set(n, per);
    } finally {
      await drop();
    }
  }
  console.log(`\n${name} — listAppointments (filtre + total + 24 lignes), ${RUNS} mesures`);
  console.log(`${"cas".padEnd(36)} ${"1k méd.".padStart(9)} ${"10k méd.".padStart(9)} ${"10k p95".padStart(9)} ${"10k/1k".padStart(7)}`);
  for (const c of CASES) {
    const small = results.get(SIZES[0])!.get(c.label)!;
    const big = results.get(SIZES[1])!.get(c.label)!;
    console.log(
      `${c.label.padEnd(36)} ${`${small.median.toFixed(2)} ms`.padStart(9)} ${`${big.median.toFixed(2)} ms`.padStart(9)} ${`${big.p95.toFixed(2)} ms`.padStart(9)} ${`×${(big.median / small.median).toFixed(1)}`.padStart(7)}`,
    );
  }
  console.log("");
}

async function main() {
  await benchEngine("SQLite", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-bench-"));
    const h = openDb({ kind: "sqlite", path: path.join(dir, "bench.db") });
    return {
      h,
      drop: async () => {
        await h.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  });

  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    await benchEngine("PostgreSQL", async () => {
      const dbName = `clinic_bench_${crypto.randomBytes(5).toString("hex")}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      await admin.end();
      const url = new URL(pgUrl);
      url.pathname = `/${dbName}`;
      const h = openDb({ kind: "postgres", url: url.toString() });
      return {
        h,
        drop: async () => {
          await h.close();
          const c = new pg.Client({ connectionString: pgUrl });
          await c.connect();
          await c.query(`drop database if exists ${dbName} with (force)`);
          await c.end();
        },
      };
    });
  } else {
    console.log("PostgreSQL non mesuré (définissez BENCH_DATABASE_URL=postgres://… pour l'inclure).");
  }
}

await main();
