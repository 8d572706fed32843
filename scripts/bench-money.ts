/**
 * Part "money" of npm run bench (issue 29, item 9): on a table of 100,000 payment entries and
 * 100,000 quotes (5,000 patient records), against a median of 50 ms each:
 * - a patient's ledger with 200 entries (`patientAccount`: the record's account, the running balance);
 * - the day's cash with 500 payments (`dayCash`: every entry of the day, by mode and by person);
 * - the quotes' list (`listQuotes`): the first page with its total, by status, and a search by name.
 */
import { sql } from "kysely";
import type { Db } from "../app/.server/db/connection";
import { migrateToLatest } from "../app/.server/db/migrations";
import { dayCash } from "../app/.server/repos/cash";
import { patientAccount } from "../app/.server/repos/ledger";
import { listQuotes } from "../app/.server/repos/quotes";
import { insertStaff } from "../app/.server/repos/staff";

type Opener = () => Promise<{ h: Db; drop: () => Promise<void> }>;
type Measure = (fn: () => Promise<unknown>) => Promise<{ median: number; p95: number }>;

const PAYMENTS = 100_000;
const QUOTES = 100_000;
const PATIENTS = 5_000;
const TARGET_MS = 50;
const MODES = ["especes", "cib", "edahabia", "cheque", "virement"] as const;
const STATUSES = ["draft", "proposed", "accepted", "refused", "expired"] as const;

async function chunked<T>(rows: T[], insert: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

async function fill(h: Db, staffId: number) {
  const now = new Date().toISOString();
  const patients = Array.from({ length: PATIENTS }, (_, i) => ({ name: `Patient ${i} ${["Benali", "Haddad", "Cherif", "Mansouri"][i % 4]}`, phone: `0550${String(i).padStart(6, "0")}`, phone_e164: `+213550${String(i).padStart(6, "0")}`, email: null, notes: null, match_key: `bench-${i}`, created_at: now, updated_at: now }));
  await chunked(patients, (p) => h.db.insertInto("patients").values(p).execute());
  // the measured patient (id 1) has 200 entries; the measured day has 500; the rest spread over three years
  const start = Date.UTC(2024, 0, 1);
  const payments = Array.from({ length: PAYMENTS }, (_, i) => {
    const spread = new Date(start + ((i * 7919) % 1095) * 86_400_000).toISOString().slice(0, 10);
    // the measured day holds exactly the first 500
    const day = i < 500 ? "2026-06-15" : spread === "2026-06-15" ? "2026-06-16" : spread;
    const year = Number(day.slice(0, 4));
    return {
      patient_id: i >= 500 && i < 700 ? 1 : 2 + (i % (PATIENTS - 1)),
      kind: "payment" as const,
      amount: 100_000 + (i % 50) * 1_000,
      mode: MODES[i % MODES.length],
      paid_at: `${day}T09:00:00.000Z`,
      paid_day: day,
      taken_by: staffId,
      receipt_year: year,
      receipt_seq: i + 1,
      receipt_no: `${year}-${String(i + 1).padStart(6, "0")}`,
      created_at: now,
    };
  });
  await chunked(payments, (p) => h.db.insertInto("payments").values(p).execute());
  const quotes = Array.from({ length: QUOTES }, (_, i) => {
    const created = new Date(start + ((i * 104729) % (1095 * 86_400)) * 1000).toISOString();
    return { year: 2026, seq: i + 1, number: `2026-${String(i + 1).padStart(5, "0")}`, patient_id: 1 + (i % PATIENTS), title: null, status: STATUSES[i % STATUSES.length], valid_until: "2026-12-31", note: null, discount: 0, total: 10_000_000 + (i % 30) * 100_000, created_at: created, updated_at: created, proposed_at: i % 5 === 1 ? created : null };
  });
  await chunked(quotes, (q) => h.db.insertInto("quotes").values(q).execute());
  await sql`analyze`.execute(h.db);
}

export async function benchMoney(name: string, open: Opener, measure: Measure, ms: (v: number) => string): Promise<string[]> {
  const { h, drop } = await open();
  const verdicts: string[] = [];
  try {
    await migrateToLatest(h.db, h.engine);
    const staff = await insertStaff(h, "bench@clinique.dz", "x", "admin");
    const t0 = performance.now();
    await fill(h, Number(staff.id));
    console.log(`${name} — argent : ${PAYMENTS.toLocaleString("fr-FR")} écritures, ${QUOTES.toLocaleString("fr-FR")} devis, ${PATIENTS.toLocaleString("fr-FR")} dossiers (remplissage ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    const account = await patientAccount(h, 1);
    const cash = await dayCash(h, "2026-06-15");
    if (account.lines.length !== 200 || cash.entries.length !== 500) throw new Error(`fill: ${account.lines.length} lines, ${cash.entries.length} entries`);
    const cases: [string, () => Promise<unknown>][] = [
      ["compte d'un patient (200 écritures, solde courant)", () => patientAccount(h, 1)],
      ["caisse d'un jour (500 paiements, par mode et par personne)", () => dayCash(h, "2026-06-15")],
      ["devis : 1re page avec le total", () => listQuotes(h, { limit: 50 })],
      ["devis : en attente de réponse", () => listQuotes(h, { status: "proposed", limit: 50 })],
      ["devis : recherche d'un patient par son nom", () => listQuotes(h, { q: "patient 4242 cherif", limit: 50 })],
    ];
    // for information: a surname a quarter of the quotes share (25,000 found and counted)
    const info: [string, () => Promise<unknown>][] = [["devis : un nom que 25 000 devis partagent (information)", () => listQuotes(h, { q: "haddad", limit: 50 })]];
    for (const [label, fn] of cases) {
      const t = await measure(fn);
      console.log(`  ${label.padEnd(58)} méd. ${ms(t.median).padStart(10)}  p95 ${ms(t.p95).padStart(10)}  (cible < ${TARGET_MS} ms)`);
      verdicts.push(`${name} argent, ${label} : ${ms(t.median)} — ${t.median < TARGET_MS ? "ATTEINT" : "DÉPASSÉ"} (< ${TARGET_MS} ms)`);
    }
    for (const [label, fn] of info) {
      const t = await measure(fn);
      console.log(`  ${label.padEnd(58)} méd. ${ms(t.median).padStart(10)}  p95 ${ms(t.p95).padStart(10)}`);
    }
    console.log("");
  } finally {
    await drop();
  }
  return verdicts;
}
