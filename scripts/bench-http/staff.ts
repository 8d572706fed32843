/**
 * The staff screens of `npm run bench:http` (issue 33, items 3 and 4): where each screen's server
 * time goes, and what it weighs. Imported by scripts/bench-http.ts, which starts the server with
 * SERVER_TIMING=1 (app/.server/server-timing.ts: `Server-Timing: loaders;dur=…`).
 *
 * For each screen, one user (one connection, requests one after the other, after a warm-up):
 * - the page (HTML): the whole answer as the client receives it, and its loaders' span;
 * - its `.data` (what a click inside the staff area fetches): the whole answer, and its loaders;
 * so that: loaders = the database and the code around it; `.data` − loaders = serialising the
 * data (and the framework); page − `.data` = React's rendering of the page (and its HTML shell).
 * The payloads: the page's HTML and its `.data`, as decoded bytes and gzip.
 */
import http from "node:http";
import zlib from "node:zlib";
import { sql } from "kysely";
import type { Db } from "../../app/.server/db/connection";

export interface StaffScreen {
  label: string;
  path: string;
}

export interface ScreenCost {
  label: string;
  path: string;
  status: number;
  pageMs: number;
  pageLoadersMs: number | null;
  dataMs: number;
  dataLoadersMs: number | null;
  htmlKiB: number;
  htmlGzKiB: number;
  dataKiB: number;
  dataGzKiB: number;
}

const RUNS = Number(process.env.BENCH_STAFF_RUNS ?? 25);

/** The day from today on whose count of appointments (not cancelled) is closest to 40, and that count. */
async function dayOf40(h: Db, today: string): Promise<{ date: string; count: number }> {
  const rows = await sql<{ date: string; n: number }>`select date, count(*) as n from appointments
    where date >= ${today} and status <> 'cancelled' group by date order by date limit 60`.execute(h.db);
  const best = rows.rows.reduce((a, b) => (Math.abs(Number(b.n) - 40) < Math.abs(Number(a.n) - 40) ? b : a), rows.rows[0]);
  return { date: best.date, count: Number(best.n) };
}

/** The screens of issue 33, item 3, with the values their searches and records need, read from the filled database. */
export async function staffScreens(h: Db, today: string): Promise<{ screens: StaffScreen[]; day: { date: string; count: number } }> {
  const day = await dayOf40(h, today);
  const n = Number((await sql<{ n: number }>`select count(*) as n from patients`.execute(h.db)).rows[0].n);
  // the list's first line, whose card 'Détails' opens (`rdv`)
  const first = (await sql<{ id: number }>`select id from appointments order by created_at desc, id desc limit 1`.execute(h.db)).rows[0];
  const p = (await sql<{ id: number; name: string; phone: string | null; email: string | null }>`select id, name, phone, email from patients order by id limit 1 offset ${Math.floor(n / 2)}`.execute(h.db)).rows[0];
  const screens: StaffScreen[] = [
    { label: "agenda, a day", path: `/admin/agenda?jour=${day.date}` },
    { label: "agenda, a week", path: `/admin/agenda?jour=${day.date}&vue=semaine` },
    { label: "appointments list", path: "/admin/appointments" },
    ...(first ? [{ label: "appointments list, a card open", path: `/admin/appointments?rdv=${first.id}` }] : []),
    { label: "appointments, filtered (a day, a service)", path: `/admin/appointments?date=${day.date}&service=Orthodontie` },
    { label: "appointments, search by name", path: `/admin/appointments?q=${encodeURIComponent(p?.name.split(" ")[1] ?? "a")}` },
    { label: "patients list", path: "/admin/patients" },
  ];
  if (p) {
    screens.push(
      { label: "patients, search by name", path: `/admin/patients?q=${encodeURIComponent(p.name.split(" ")[1] ?? p.name)}` },
      ...(p.phone ? [{ label: "patients, search by phone", path: `/admin/patients?q=${encodeURIComponent(p.phone.replace(/\D/g, "").slice(-6))}` }] : []),
      ...(p.email ? [{ label: "patients, search by e-mail", path: `/admin/patients?q=${encodeURIComponent(p.email.split("@")[0])}` }] : []),
      { label: "a patient's record", path: `/admin/patients/${p.id}` },
    );
  }
  screens.push(
    { label: "reports", path: "/admin/rapports" },
    { label: "quotes", path: "/admin/devis" },
    { label: "cash (the day)", path: "/admin/caisse" },
    { label: "journal", path: "/admin/journal" },
  );
  return { screens, day };
}

interface Answer {
  status: number;
  ms: number;
  loadersMs: number | null;
  body: Buffer;
}

function timedGet(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(url, { headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const timing = /loaders;dur=([\d.]+)/.exec(String(res.headers["server-timing"] ?? ""));
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0, loadersMs: timing ? Number(timing[1]) : null, body: Buffer.concat(chunks) });
      });
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`timeout ${url}`)));
    req.on("error", reject);
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.floor((s.length - 1) / 2)];
};

async function oneUser(url: string, headers: Record<string, string>) {
  for (let i = 0; i < 3; i++) await timedGet(url, headers);
  const answers: Answer[] = [];
  for (let i = 0; i < RUNS; i++) answers.push(await timedGet(url, headers));
  const loaders = answers.map((a) => a.loadersMs).filter((v): v is number => v !== null);
  return { status: answers[0].status, ms: median(answers.map((a) => a.ms)), loadersMs: loaders.length ? median(loaders) : null, body: answers[0].body };
}

/** The `.data` address of a page: /admin/patients?q=x → /admin/patients.data?q=x */
export function dataUrl(pagePath: string): string {
  const [pathname, query] = pagePath.split("?");
  return `${pathname}.data${query ? `?${query}` : ""}`;
}

export async function measureScreen(origin: string, screen: StaffScreen, cookie: string): Promise<ScreenCost> {
  // uncompressed: the bytes are the payload; gzip is computed here (the wire's, at the server's level, is close)
  const headers = { accept: "text/html,application/xhtml+xml,*/*;q=0.8", cookie, "user-agent": "bench-http (staff)" };
  const page = await oneUser(origin + screen.path, headers);
  const data = await oneUser(origin + dataUrl(screen.path), { ...headers, accept: "*/*" });
  const kib = (b: Buffer) => b.length / 1024;
  return {
    label: screen.label,
    path: screen.path,
    status: page.status,
    pageMs: page.ms,
    pageLoadersMs: page.loadersMs,
    dataMs: data.ms,
    dataLoadersMs: data.loadersMs,
    htmlKiB: kib(page.body),
    htmlGzKiB: kib(zlib.gzipSync(page.body)),
    dataKiB: kib(data.body),
    dataGzKiB: kib(zlib.gzipSync(data.body)),
  };
}
