/**
 * npm run bench
 *
 * A script, not a test: figures depend on the machine. BENCH_PARTS=list,desk,staff,reports,money,search runs only the
 * parts named (default: all). Two parts, each on a temporary SQLite
 * database, and on PostgreSQL too when BENCH_DATABASE_URL names a server (a database is created
 * there for each size and dropped afterwards).
 *
 * 1. The staff appointment list (listAppointments: filter + count + one page) with 1,000 and
 *    10,000 appointments: median and 95th percentile, and the 10k/1k ratio.
 * 3. (below 2) The staff guard and the audit journal (issue 13): what the guard costs a request
 *    (session + team settings + permission table, and the form's intent for a POST) against the
 *    session read alone, which is all the guard did before; and the journal's pages with 100,000
 *    entries (first page with its total, by action, one account over a month, a page in the
 *    middle by cursor): median < 50 ms; and the hash chain's check (ADR 019): the whole walk of
 *    the 100,000 entries, and the journal screen's next check (one new entry): median < 50 ms.
 * 2. The front desk (issue 11) with 10,000 and 100,000 appointments, against its targets:
 *    - the free slots of 60 days for one service (`freeDays`, what the booking form and the
 *      agenda ask): median < 20 ms, and less than 2× from 10k to 100k;
 *    - the agenda's week view (`listAgenda` of 7 days, `historyFor` of those appointments,
 *      `appointmentTotals` of the day): median < 30 ms at 100k.
 *    The appointments (with their slot units and history rows, inserted in bulk, not through
 *    bookAppointment) are spread over about three years around today. The clinic has 3 chairs;
 *    the weeks around today (from 14 days back to 75 days ahead) are ~75 % booked on them,
 *    identically for both sizes: what grows from 10k to 100k is the history around them (as many
 *    chairs as the rows need, never two appointments on one chair at once), so the ratio shows
 *    how the queries scale with the table. An extra line, for information, asks the free slots of
 *    60 days inside that dense history (over a hundred appointments a day at 100k).
 * 4. The reports of /admin/rapports (issue 28, item 8; ADR 024) on the front desk's fill of
 *    10,000 and 100,000 appointments (one patient record each, a payment for each amount paid,
 *    2,000 enrolments): each report over the current month by weeks and over the last 12 months
 *    by months, and the whole screen's ten together: median < 200 ms.
 * 5. Money (issue 29): a patient's ledger of 200 entries, the day's cash of 500 payments and the
 *    quotes' list, on 100,000 entries and 100,000 quotes: median < 50 ms (scripts/bench-money.ts).
 * 6. The staff searches (issue 33, item 3): the patients list and its searches by name, phone and
 *    e-mail, and the appointments list's search, on 100,000 patients and 100,000 appointments,
 *    through the substring index of migration 019: median and p95 against 30 ms.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import pg from "pg";
import { createLoadContext } from "../app/context";
import { setDb } from "../app/.server/db";
import { openDb, type Db } from "../app/.server/db/connection";
import { migrateToLatest } from "../app/.server/db/migrations";
import { appointmentTotals, historyFor, listAgenda, listAppointments, type AppointmentFilters } from "../app/.server/repos/appointments";
import { freeDays } from "../app/.server/repos/booking";
import { listPatients } from "../app/.server/repos/patient-list";
import { getPatientRecord } from "../app/.server/repos/patient-record";
import { listRemindersToSend } from "../app/.server/repos/reminder-list";
import { listAuditLog } from "../app/.server/repos/audit-log";
import { AUDIT_GENESIS_HASH, auditEntryHash } from "../app/.server/audit-chain";
import { appendAuditEntry, sealAuditLog } from "../app/.server/audit";
import { auditIntegrity, verifyAuditLog } from "../app/.server/audit-verify";
import { loadSchedule, saveSettings } from "../app/.server/repos/schedule";
import { appointmentsByStatus, balancesByAge, bookingSources, collectedByMode, enrolmentsByCourse, fillRate, loadReportData, newPatients, productionAndCollected, ratesByService, ratesByWeekday } from "../app/.server/repos/reports";
import type { ReportPeriod } from "../app/lib/reports";
import { insertStaff } from "../app/.server/repos/staff";
import { getStaffSession, startSession } from "../app/.server/session";
import { staffGuard } from "../app/.server/staff-guard";
import type { AppointmentStatus } from "../app/lib/appointment-status";
import { nationalDigits } from "../app/lib/rules";
import { nameKey } from "../app/lib/name-key";
import { addDaysYmd, DEFAULT_SERVICE_MINUTES, DEFAULT_SETTINGS, DEFAULT_WEEKLY, fromMinutes, occupiedUnits, toMinutes, weekdayOf } from "../app/lib/schedule";
import { todayInClinic } from "../app/lib/clinic-time";
import { SERVICES, type Service } from "../app/lib/services";
import { benchMoney } from "./bench-money";

const RUNS = 30;

const FIRST = ["Amina", "Yacine", "Sofia", "Karim", "Lina", "Mehdi", "Nour", "Rayan", "Sarah", "Walid", "Élodie", "Imane"];
const LAST = ["Benali", "Haddad", "Cherif", "Mansouri", "Boudiaf", "Khelifi", "Zerrouki", "Saidi", "Amrani", "Belkacem"];

function seededRandom(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

interface Timing {
  median: number;
  p95: number;
}

async function measure(fn: () => Promise<unknown>, runs = RUNS): Promise<Timing> {
  await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(runs / 2)], p95: samples[Math.min(runs - 1, Math.floor(runs * 0.95))] };
}

const ms = (v: number) => `${v.toFixed(2)} ms`;

// ---- 1. the staff list ----------------------------------------------------------------------------

const LIST_SIZES = [1_000, 10_000];
const PAGE = { limit: 24, offset: 0 };

async function fillList(h: Db, n: number) {
  const rnd = seededRandom(42);
  const start = Date.UTC(2024, 0, 1);
  const span = Date.UTC(2026, 0, 1) - start;
  const statuses: AppointmentStatus[] = ["requested", "confirmed", "attended", "attended", "no_show", "cancelled"];
  const rows = [];
  for (let i = 0; i < n; i++) {
    const first = FIRST[Math.floor(rnd() * FIRST.length)];
    const last = LAST[Math.floor(rnd() * LAST.length)];
    const created = new Date(start + Math.floor(rnd() * span));
    const day = new Date(created.getTime() + Math.floor(rnd() * 60) * 86400000).toISOString().slice(0, 10);
    const total = rnd() < 0.2 ? null : Math.round(rnd() * 200) * 100000;
    const paid = total === null ? null : rnd() < 0.5 ? total : Math.round(rnd() * (total / 100000)) * 100000;
    const phone = `0550 ${String(i).padStart(6, "0")}`;
    rows.push({
      name: `${first} ${last} ${i}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}${i}@exemple.dz`,
      phone,
      phone_digits: nationalDigits(phone),
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
      status: statuses[Math.floor(rnd() * statuses.length)],
    });
  }
  for (let i = 0; i < rows.length; i += 500) {
    await h.db.insertInto("appointments").values(rows.slice(i, i + 500)).execute();
  }
  // planner statistics, as autovacuum (PostgreSQL) or a routine ANALYZE would keep them
  await sql`analyze`.execute(h.db);
}

const LIST_CASES: { label: string; filters: AppointmentFilters; page?: { limit: number; offset: number } }[] = [
  { label: "sans filtre, page 1", filters: {} },
  { label: "sans filtre, dernière page", filters: {}, page: { limit: 24, offset: -1 } },
  { label: "recherche « benali »", filters: { q: "benali" } },
  { label: "recherche « élodie »", filters: { q: "élodie" } },
  { label: "recherche téléphone « 0550 0012 »", filters: { q: "0550 0012" } },
  { label: "date de soumission", filters: { submitted: "2025-03-14" } },
  { label: "date du rendez-vous", filters: { date: "2025-03-20" } },
  { label: "service", filters: { service: "Orthodontie" } },
  { label: "Terminé", filters: { status: "done" } },
  { label: "Non terminé", filters: { status: "todo" } },
  { label: "statut « Confirmé »", filters: { state: "confirmed" } },
  { label: "Reste à payer", filters: { due: true } },
  { label: "service + Non terminé + recherche", filters: { service: "Orthodontie", status: "todo", q: "amina" } },
];

async function benchList(name: string, open: Opener) {
  const results = new Map<number, Map<string, Timing>>();
  for (const n of LIST_SIZES) {
    const { h, drop } = await open();
    try {
      await migrateToLatest(h.db, h.engine);
      const t0 = performance.now();
      await fillList(h, n);
      console.log(`[${name}] ${n.toLocaleString("fr-FR")} rendez-vous insérés en ${(performance.now() - t0).toFixed(0)} ms`);
      const per = new Map<string, Timing>();
      for (const c of LIST_CASES) {
        const page = c.page?.offset === -1 ? { limit: 24, offset: Math.max(0, n - 24) } : (c.page ?? PAGE);
        per.set(c.label, await measure(() => listAppointments(h, c.filters, page)));
      }
      results.set(n, per);
    } finally {
      await drop();
    }
  }
  console.log(`\n${name} — listAppointments (filtre + total + 24 lignes), ${RUNS} mesures`);
  console.log(`${"cas".padEnd(36)} ${"1k méd.".padStart(9)} ${"10k méd.".padStart(9)} ${"10k p95".padStart(9)} ${"10k/1k".padStart(7)}`);
  for (const c of LIST_CASES) {
    const small = results.get(LIST_SIZES[0])!.get(c.label)!;
    const big = results.get(LIST_SIZES[1])!.get(c.label)!;
    console.log(`${c.label.padEnd(36)} ${ms(small.median).padStart(9)} ${ms(big.median).padStart(9)} ${ms(big.p95).padStart(9)} ${`×${(big.median / small.median).toFixed(1)}`.padStart(7)}`);
  }
  console.log("");
}

// ---- 2. the front desk ------------------------------------------------------------------------------

const DESK_SIZES = [10_000, 100_000];
const CLINIC_CHAIRS = 3;
/** the weeks around today, booked the same for both sizes */
const NEAR_FROM = -14;
const NEAR_TO = 75;
/** the whole span: about three years around today */
const SPAN_FROM = -900;
const SPAN_TO = 180;
const FREE_SERVICE: Service = "Orthodontie";
const DESK_RUNS = 50;
const TARGET_FREE_MS = 20;
const TARGET_RATIO = 2;
const TARGET_AGENDA_MS = 30;
const TARGET_PATIENTS_MS = 50;

interface GenAppointment {
  date: string;
  time: string;
  chair: number;
  service: Service;
  status: AppointmentStatus;
  units: string[];
}

/**
 * Every chair of every open day booked back to back from the opening, with idle quarter hours
 * here and there (about 75 % booked); each chair's bookings follow each other, so they never
 * overlap (the buffer after the last one of a range may run past it, as the rules allow).
 */
function bookDays(days: string[], chairs: number, today: string, rnd: () => number): GenAppointment[] {
  const out: GenAppointment[] = [];
  for (const date of days) {
    const ranges = DEFAULT_WEEKLY[weekdayOf(date)];
    for (let chair = 1; chair <= chairs; chair++) {
      for (const r of ranges) {
        const closes = toMinutes(r.closes);
        let t = toMinutes(r.opens);
        for (;;) {
          if (rnd() < 0.2) {
            t += 15 * (1 + Math.floor(rnd() * 3));
            continue;
          }
          const service = SERVICES[Math.floor(rnd() * SERVICES.length)];
          const { duration, buffer } = DEFAULT_SERVICE_MINUTES[service];
          if (t + duration > closes) break;
          const x = rnd();
          const status: AppointmentStatus =
            date < today ? (x < 0.85 ? "attended" : x < 0.95 ? "no_show" : "cancelled") : x < 0.6 ? "confirmed" : x < 0.95 ? "requested" : "cancelled";
          const time = fromMinutes(t);
          const holds = status !== "no_show" && status !== "cancelled";
          out.push({ date, time, chair, service, status, units: holds ? occupiedUnits(date, time, duration, buffer) : [] });
          t += duration + buffer;
        }
      }
    }
  }
  return out;
}

function openDaysBetween(today: string, from: number, to: number, skip?: (offset: number) => boolean): string[] {
  const days: string[] = [];
  for (let i = from; i <= to; i++) {
    if (skip?.(i)) continue;
    const d = addDaysYmd(today, i);
    if (DEFAULT_WEEKLY[weekdayOf(d)].length > 0) days.push(d);
  }
  return days;
}

/** `n` appointments: the near weeks (same for every n) and a history around them that fills the rest. */
function generate(n: number, today: string, nearChairs: number) {
  const near = bookDays(openDaysBetween(today, NEAR_FROM, NEAR_TO), nearChairs, today, seededRandom(7));
  const remaining = n - near.length;
  const historyDays = openDaysBetween(today, SPAN_FROM, SPAN_TO, (i) => i >= NEAR_FROM && i <= NEAR_TO);
  // enough chairs for the rows, then an even sample of them (dropping bookings leaves gaps, never overlaps)
  let chairs = Math.max(1, Math.ceil(remaining / historyDays.length / 4));
  let candidates = bookDays(historyDays, chairs, today, seededRandom(11));
  while (candidates.length < remaining) candidates = bookDays(historyDays, ++chairs, today, seededRandom(11));
  const rnd = seededRandom(13);
  const keep = new Set<number>();
  // a partial Fisher–Yates: `remaining` distinct indexes
  const idx = candidates.map((_, i) => i);
  for (let i = 0; i < remaining; i++) {
    const j = i + Math.floor(rnd() * (idx.length - i));
    [idx[i], idx[j]] = [idx[j], idx[i]];
    keep.add(idx[i]);
  }
  const history = candidates.filter((_, i) => keep.has(i));
  return { near, history, historyChairs: chairs, all: [...near, ...history] };
}

/** `chairs`: the clinic's chairs, each booked about 75 % of the near weeks (3: about 18 appointments a day; 7: about 42) */
export async function fillDesk(h: Db, n: number, today: string, chairs = CLINIC_CHAIRS) {
  const { near, history, historyChairs, all } = generate(n, today, chairs);
  const rnd = seededRandom(99);
  // ids in the order the requests were received
  const withCreated = all.map((a) => ({ a, created: new Date(Date.parse(`${a.date}T08:00:00Z`) - Math.floor(1 + rnd() * 30) * 86_400_000 - Math.floor(rnd() * 86_400_000)).toISOString() }));
  withCreated.sort((x, y) => x.created.localeCompare(y.created));

  await h.db.transaction().execute(async (trx) => {
    const appointments = [];
    const slots: { chair: number; unit_start: string; appointment_id: number }[] = [];
    const history_rows = [];
    for (let i = 0; i < withCreated.length; i++) {
      const { a, created } = withCreated[i];
      const id = i + 1;
      const first = FIRST[i % FIRST.length];
      const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
      const phone = `0${5 + (i % 3)}${String(50 + (i % 50)).padStart(2, "0")} ${String(i).padStart(6, "0")}`;
      const priced = a.status === "attended" || (a.status === "confirmed" && i % 2 === 0);
      const total = priced ? (20 + (i % 180)) * 100_000 : null;
      const paid = total === null ? null : a.status === "attended" ? (i % 3 === 0 ? total / 2 : total) : 0;
      const { duration, buffer } = DEFAULT_SERVICE_MINUTES[a.service];
      appointments.push({
        id,
        name: `${first} ${last} ${i}`,
        email: i % 7 === 0 ? null : `${first.toLowerCase()}.${last.toLowerCase()}${i}@exemple.dz`,
        phone,
        phone_digits: nationalDigits(phone),
        service: a.service,
        date: a.date,
        time: a.time,
        message: i % 5 === 0 ? "Douleur à une molaire depuis deux jours." : null,
        prixtotal: total,
        prixpay: paid,
        progress: priced ? "En cours" : null,
        tips: null,
        submission_key: null,
        created_at: created,
        status: a.status,
        chair: a.chair,
        duration_minutes: duration,
        buffer_minutes: buffer,
        forced: 0,
        cancelled_by: a.status === "cancelled" ? ("patient" as const) : null,
        cancel_reason: a.status === "cancelled" ? "Empêchement" : null,
        updated_at: null,
      });
      for (const unit_start of a.units) slots.push({ chair: a.chair, unit_start, appointment_id: id });
      const initial = a.status === "requested" ? "requested" : "confirmed";
      history_rows.push({ appointment_id: id, at: created, staff_user_id: null, actor: "Patient", action: "created" as const, from_status: null, to_status: initial as AppointmentStatus, detail: null });
      if (a.status !== initial) {
        history_rows.push({ appointment_id: id, at: `${a.date}T16:00:00.000Z`, staff_user_id: null, actor: "accueil@clinique.dz", action: "status" as const, from_status: initial as AppointmentStatus, to_status: a.status, detail: a.status === "cancelled" ? "Empêchement" : null });
      }
    }
    for (let i = 0; i < appointments.length; i += 500) await trx.insertInto("appointments").values(appointments.slice(i, i + 500)).execute();
    for (let i = 0; i < slots.length; i += 2000) await trx.insertInto("appointment_slots").values(slots.slice(i, i + 2000)).execute();
    for (let i = 0; i < history_rows.length; i += 1000) await trx.insertInto("appointment_history").values(history_rows.slice(i, i + 1000)).execute();
    if (h.engine === "postgres") await sql`select setval(pg_get_serial_sequence('appointments', 'id'), (select max(id) from appointments))`.execute(trx);
  });
  await saveSettings(h, { ...DEFAULT_SETTINGS, chairs });
  await sql`analyze`.execute(h.db);
  const count = async (table: "appointment_slots" | "appointment_history") => Number((await h.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  return { near: near.length, history: history.length, historyChairs, units: await count("appointment_slots"), historyRows: await count("appointment_history") };
}

/** One patient record per appointment of the fill (each fake name is distinct), linked as the booking links them. */
export async function fillPatients(h: Db) {
  await sql`insert into patients (id, name, phone, phone_e164, email, notes, match_key, name_key, created_at, updated_at)
    select id, name, phone, '+213' || phone_digits, email, null, '+213' || phone_digits || '|' || lower(name), lower(name), created_at, created_at from appointments`.execute(h.db);
  await sql`update appointments set patient_id = id`.execute(h.db);
  // the name keys as linkPatient writes them (accents, case and word order folded: ~/lib/name-key)
  const names = await h.db.selectFrom("patients").select(["id", "name"]).execute();
  await h.db.transaction().execute(async (trx) => {
    for (let i = 0; i < names.length; i += 1000) {
      const chunk = names.slice(i, i + 1000);
      const v = sql`with v(id, k) as (values ${sql.join(chunk.map((r) => sql`(cast(${Number(r.id)} as integer), cast(${nameKey(r.name)} as text))`))})`;
      await sql`${v} update patients set name_key = (select k from v where v.id = patients.id) where id in (select id from v)`.execute(trx);
    }
  });
  if (h.engine === "postgres") await sql`select setval(pg_get_serial_sequence('patients', 'id'), (select max(id) from patients))`.execute(h.db);
  await sql`analyze`.execute(h.db);
}

interface DeskResult {
  free: Timing;
  agenda: Timing;
  dense: Timing;
  patientsPage: Timing;
  patientsByName: Timing;
  patientsByPhone: Timing;
  patientRecord: Timing;
  reminders: Timing;
  freeUnits: number;
  denseUnits: number;
  agendaRows: number;
}

async function benchDeskSize(h: Db, today: string): Promise<DeskResult> {
  const now = new Date();
  const to = addDaysYmd(today, 60);
  const free = await measure(() => freeDays(h, FREE_SERVICE, today, to, { now }), DESK_RUNS);
  const weekEnd = addDaysYmd(today, 6);
  let agendaRows = 0;
  const agenda = await measure(async () => {
    const [rows] = await Promise.all([listAgenda(h, today, weekEnd), appointmentTotals(h, today, today)]);
    await historyFor(h, rows.map((r) => Number(r.id)));
    agendaRows = rows.length;
  }, DESK_RUNS);
  // 60 days inside the history, asked as if it were today then (for information)
  const denseFrom = addDaysYmd(today, -400);
  const denseNow = new Date(`${denseFrom}T07:00:00Z`);
  const dense = await measure(() => freeDays(h, FREE_SERVICE, denseFrom, addDaysYmd(denseFrom, 60), { now: denseNow }), DESK_RUNS);
  const unitsBetween = async (a: string, b: string) =>
    Number(
      (
        await h.db
          .selectFrom("appointment_slots")
          .where("unit_start", ">=", `${a}T00:00`)
          .where("unit_start", "<=", `${b}T23:59`)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  // issue 12: the patient list (first page, a name, a phone in another form), one record, tomorrow's reminders
  const somePatient = await h.db.selectFrom("patients").select(["id", "name", "phone"]).orderBy("id").offset(Math.floor((await h.db.selectFrom("patients").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n / 2)).limit(1).executeTakeFirstOrThrow();
  const patientsPage = await measure(() => listPatients(h, {}), DESK_RUNS);
  const patientsByName = await measure(() => listPatients(h, { q: somePatient.name.split(" ")[1] }), DESK_RUNS);
  const otherForm = `+213 ${nationalDigits(somePatient.phone ?? "")}`;
  const patientsByPhone = await measure(() => listPatients(h, { q: otherForm }), DESK_RUNS);
  const patientRecord = await measure(() => getPatientRecord(h, Number(somePatient.id), now), DESK_RUNS);
  const reminders = await measure(() => listRemindersToSend(h, addDaysYmd(today, 1)), DESK_RUNS);
  return { free, agenda, dense, patientsPage, patientsByName, patientsByPhone, patientRecord, reminders, agendaRows, freeUnits: await unitsBetween(addDaysYmd(today, -1), to), denseUnits: await unitsBetween(addDaysYmd(denseFrom, -1), addDaysYmd(denseFrom, 60)) };
}

async function benchDesk(name: string, open: Opener): Promise<string[]> {
  const today = todayInClinic();
  const results = new Map<number, DeskResult>();
  for (const n of DESK_SIZES) {
    const { h, drop } = await open();
    try {
      await migrateToLatest(h.db, h.engine);
      const t0 = performance.now();
      const filled = await fillDesk(h, n, today);
      console.log(
        `[${name}] ${n.toLocaleString("fr-FR")} rendez-vous (${filled.near.toLocaleString("fr-FR")} autour d'aujourd'hui sur ${CLINIC_CHAIRS} fauteuils, ${filled.history.toLocaleString("fr-FR")} d'historique sur ${filled.historyChairs} fauteuils), ` +
          `${filled.units.toLocaleString("fr-FR")} unités, ${filled.historyRows.toLocaleString("fr-FR")} lignes d'historique, insérés en ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      await fillPatients(h);
      results.set(n, await benchDeskSize(h, today));
    } finally {
      await drop();
    }
  }
  const small = results.get(DESK_SIZES[0])!;
  const big = results.get(DESK_SIZES[1])!;
  const ratio = big.free.median / small.free.median;
  const verdicts = [
    `${name} : créneaux libres 60 j, médiane à 100k ${ms(big.free.median)} (< ${TARGET_FREE_MS} ms) ${big.free.median < TARGET_FREE_MS && small.free.median < TARGET_FREE_MS ? "OK" : "DÉPASSÉ"}`,
    `${name} : créneaux libres 60 j, 100k/10k ×${ratio.toFixed(2)} (< ×${TARGET_RATIO}) ${ratio < TARGET_RATIO ? "OK" : "DÉPASSÉ"}`,
    `${name} : agenda semaine, médiane à 100k ${ms(big.agenda.median)} (< ${TARGET_AGENDA_MS} ms) ${big.agenda.median < TARGET_AGENDA_MS ? "OK" : "DÉPASSÉ"}`,
    ...(
      [
        ["patients 1re page", big.patientsPage],
        ["patients par nom", big.patientsByName],
        ["patients par téléphone", big.patientsByPhone],
        ["dossier patient", big.patientRecord],
        ["rappels à envoyer", big.reminders],
      ] as const
    ).map(([label, t]) => `${name} : ${label}, médiane à 100k ${ms(t.median)} (< ${TARGET_PATIENTS_MS} ms) ${t.median < TARGET_PATIENTS_MS ? "OK" : "DÉPASSÉ"}`),
  ];

  const row = (label: string, a: Timing, b: Timing, target: string) =>
    `${label.padEnd(44)} ${ms(a.median).padStart(10)} ${ms(a.p95).padStart(10)} ${ms(b.median).padStart(10)} ${ms(b.p95).padStart(10)} ${`×${(b.median / a.median).toFixed(2)}`.padStart(9)}  ${target}`;
  console.log(`\n${name} — accueil (issue 11), ${DESK_RUNS} mesures, aujourd'hui = ${today}`);
  console.log(`${"mesure".padEnd(44)} ${"10k méd.".padStart(10)} ${"10k p95".padStart(10)} ${"100k méd.".padStart(10)} ${"100k p95".padStart(10)} ${"100k/10k".padStart(9)}  cible`);
  console.log(row(`créneaux libres 60 j (${FREE_SERVICE})`, small.free, big.free, `méd. < ${TARGET_FREE_MS} ms, < ×${TARGET_RATIO}`));
  console.log(row("agenda semaine (+ historique, totaux du jour)", small.agenda, big.agenda, `méd. < ${TARGET_AGENDA_MS} ms à 100k`));
  console.log(row("créneaux libres 60 j dans l'historique dense", small.dense, big.dense, "information"));
  console.log(row("patients : 1re page (24, dernier rdv d'abord)", small.patientsPage, big.patientsPage, `méd. < ${TARGET_PATIENTS_MS} ms à 100k`));
  console.log(row("patients : recherche par nom", small.patientsByName, big.patientsByName, `méd. < ${TARGET_PATIENTS_MS} ms à 100k`));
  console.log(row("patients : recherche par téléphone (+213 …)", small.patientsByPhone, big.patientsByPhone, `méd. < ${TARGET_PATIENTS_MS} ms à 100k`));
  console.log(row("dossier patient (rdv, totaux, journal)", small.patientRecord, big.patientRecord, `méd. < ${TARGET_PATIENTS_MS} ms à 100k`));
  console.log(row("rappels à envoyer demain", small.reminders, big.reminders, `méd. < ${TARGET_PATIENTS_MS} ms à 100k`));
  console.log(
    `  unités lues : ${small.freeUnits.toLocaleString("fr-FR")} / ${big.freeUnits.toLocaleString("fr-FR")} (60 j à venir), ` +
      `${small.denseUnits.toLocaleString("fr-FR")} / ${big.denseUnits.toLocaleString("fr-FR")} (historique dense) ; rendez-vous de la semaine : ${small.agendaRows} / ${big.agendaRows}`,
  );
  for (const v of verdicts) console.log(`  ${v}`);
  console.log("");
  return verdicts;
}

// ---- 6. the staff searches at 100,000 patients (issue 33, item 3) ------------------------------------

const SEARCH_SIZE = 100_000;
const TARGET_SEARCH_MS = 30;

/**
 * The patients list and the staff searches on 100,000 patients and 100,000 appointments (the
 * front desk's fill, one record per appointment): the list in its order (the stored day of the
 * latest appointment, migration 019), a page far down, and searches by name, phone and e-mail
 * through the substring index (pg_trgm, FTS5 trigram); median and p95 against 30 ms. The
 * one-letter search has no trigram: the exact test reads the table (for information).
 */
async function benchSearch(name: string, open: Opener): Promise<string[]> {
  const today = todayInClinic();
  const { h, drop } = await open();
  try {
    await migrateToLatest(h.db, h.engine);
    const t0 = performance.now();
    await fillDesk(h, SEARCH_SIZE, today);
    await fillPatients(h);
    // statistics and, on PostgreSQL, the visibility map (index-only counts), as autovacuum keeps them after a load
    await sql`${sql.raw(h.engine === "postgres" ? "vacuum analyze" : "analyze")}`.execute(h.db);
    const counts = async (table: "patients" | "appointments") => Number((await h.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    console.log(`[${name}] recherche : ${(await counts("patients")).toLocaleString("fr-FR")} patients, ${(await counts("appointments")).toLocaleString("fr-FR")} rendez-vous, insérés en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const some = await h.db.selectFrom("patients").select(["name", "phone", "email"]).where("id", "=", Math.floor(SEARCH_SIZE / 2) + 3).executeTakeFirstOrThrow();
    const digits = nationalDigits(some.phone ?? "");
    const cases: [string, () => Promise<unknown>, boolean][] = [
      ["patients : 1re page (dernier rdv d'abord)", () => listPatients(h, {}), true],
      ["patients : page 2 000 (décalage 47 976)", () => listPatients(h, {}, { limit: 24, offset: 47_976 }), false],
      [`patients : nom entier « ${some.name} »`, () => listPatients(h, { q: some.name }), true],
      ["patients : nom « benali » (1 sur 10)", () => listPatients(h, { q: "benali" }), true],
      ["patients : partie de nom « khel »", () => listPatients(h, { q: "khel" }), true],
      [`patients : téléphone « +213 ${digits} »`, () => listPatients(h, { q: `+213 ${digits}` }), true],
      [`patients : chiffres « ${digits.slice(-6, -2)} »`, () => listPatients(h, { q: digits.slice(-6, -2) }), true],
      [`patients : e-mail « ${(some.email ?? "").slice(0, 12)} »`, () => listPatients(h, { q: (some.email ?? "").slice(0, 12) }), true],
      ["patients : une lettre « z » (sans trigramme)", () => listPatients(h, { q: "z" }), false],
      ["rendez-vous : recherche « benali »", () => listAppointments(h, { q: "benali" }), true],
      [`rendez-vous : chiffres « ${digits.slice(-6, -2)} »`, () => listAppointments(h, { q: digits.slice(-6, -2) }), true],
    ];
    console.log(`\n${name} — recherches du personnel (issue 33), ${DESK_RUNS} mesures, ${SEARCH_SIZE.toLocaleString("fr-FR")} patients et rendez-vous`);
    console.log(`${"mesure".padEnd(52)} ${"méd.".padStart(10)} ${"p95".padStart(10)}  cible`);
    const verdicts: string[] = [];
    for (const [label, fn, judged] of cases) {
      const t = await measure(fn, DESK_RUNS);
      const ok = t.median < TARGET_SEARCH_MS;
      console.log(`${label.padEnd(52)} ${ms(t.median).padStart(10)} ${ms(t.p95).padStart(10)}  ${judged ? `méd. < ${TARGET_SEARCH_MS} ms ${ok ? "OK" : "DÉPASSÉ"}` : "information"}`);
      if (judged) verdicts.push(`${name} : ${label}, médiane ${ms(t.median)}, p95 ${ms(t.p95)} (< ${TARGET_SEARCH_MS} ms) ${ok ? "OK" : "DÉPASSÉ"}`);
    }
    console.log("");
    return verdicts;
  } finally {
    await drop();
  }
}

// ---- 4. the reports (issue 28, item 8) ---------------------------------------------------------------

const TARGET_REPORT_MS = 200;
const REPORT_RUNS = 20;

/** The payments of the fill (one per appointment with something paid, on its day, modes in turn) and 2,000 enrolments over two years. */
async function fillMoney(h: Db, today: string) {
  const staff = (await insertStaff(h, "caisse@clinique.dz", "hash-not-used", "admin")).id;
  await sql`insert into payments (appointment_id, patient_id, amount, mode, paid_at, paid_day, taken_by, note, created_at)
    select id, patient_id, prixpay, case id % 5 when 0 then 'especes' when 1 then 'cib' when 2 then 'edahabia' when 3 then 'cheque' else 'virement' end,
      date || 'T10:00:00.000Z', date, ${staff}, null, date || 'T10:00:00.000Z' from appointments where prixpay > 0`.execute(h.db);
  const at = new Date().toISOString();
  const formations: number[] = [];
  for (const title of ["Implantologie", "Orthodontie pratique", "Esthétique du sourire"]) {
    formations.push(Number((await h.db.insertInto("formations").values({ title, description: "x", duration_months: 3, max_participants: 30, price: null, is_active: 1, syllabus: null, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow()).id));
  }
  const statuses = ["pending", "confirmed", "completed", "cancelled"] as const;
  const rows = Array.from({ length: 2_000 }, (_, i) => ({
    formation_id: Number(formations[i % formations.length]),
    user_name: `Nom ${i}`,
    user_surname: "Prénom",
    email: `eleve${i}@exemple.dz`,
    phone: "0550000000",
    formation_chosen: null,
    enrollment_date: `${addDaysYmd(today, -(i % 730))}T09:00:00.000Z`,
    status: statuses[i % statuses.length],
    submission_key: null,
  }));
  for (let i = 0; i < rows.length; i += 500) await h.db.insertInto("enrollments").values(rows.slice(i, i + 500)).execute();
  // PostgreSQL reads a covering index without the table only for pages its visibility map marks
  // all-visible, which autovacuum keeps up to date on a live database: VACUUM does it here
  await sql`${sql.raw(h.engine === "postgres" ? "vacuum analyze" : "analyze")}`.execute(h.db);
}

const REPORT_CASES = (today: string, schedule: Awaited<ReturnType<typeof loadSchedule>>): [string, (h: Db, p: ReportPeriod) => Promise<unknown>][] => [
  ["production et encaissé", productionAndCollected],
  ["encaissé par mode", collectedByMode],
  ["soldes par ancienneté", (h, p) => balancesByAge(h, p.to < today ? p.to : today)],
  ["rendez-vous par statut", appointmentsByStatus],
  ["taux par jour de semaine", ratesByWeekday],
  ["taux par soin", ratesByService],
  ["remplissage des fauteuils", (h, p) => fillRate(h, p, schedule)],
  ["nouveaux patients", newPatients],
  ["en ligne / personnel", bookingSources],
  ["inscriptions par formation", enrolmentsByCourse],
  ["écran entier (les 10, ensemble)", (h, p) => loadReportData(h, p, today)],
];

async function benchReports(name: string, open: Opener): Promise<string[]> {
  const today = todayInClinic();
  const month = { from: `${today.slice(0, 7)}-01`, to: addDaysYmd(`${today.slice(0, 7)}-01`, 30), granularity: "semaine" as const };
  const year = { from: addDaysYmd(today, -364), to: today, granularity: "mois" as const };
  const results = new Map<number, Map<string, [Timing, Timing]>>();
  for (const n of DESK_SIZES) {
    const { h, drop } = await open();
    try {
      await migrateToLatest(h.db, h.engine);
      const t0 = performance.now();
      await fillDesk(h, n, today);
      await fillPatients(h);
      await fillMoney(h, today);
      const payments = Number((await h.db.selectFrom("payments").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
      console.log(`[${name}] rapports : ${n.toLocaleString("fr-FR")} rendez-vous, autant de patients, ${payments.toLocaleString("fr-FR")} paiements, 2 000 inscriptions, insérés en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const schedule = await loadSchedule(h, month.from);
      const per = new Map<string, [Timing, Timing]>();
      for (const [label, fn] of REPORT_CASES(today, schedule)) per.set(label, [await measure(() => fn(h, month), REPORT_RUNS), await measure(() => fn(h, year), REPORT_RUNS)]);
      results.set(n, per);
    } finally {
      await drop();
    }
  }
  console.log(`\n${name} — rapports (issue 28), ${REPORT_RUNS} mesures ; mois en cours par semaine, 12 derniers mois par mois ; limite ${TARGET_REPORT_MS} ms`);
  console.log(`${"rapport".padEnd(34)} ${"10k mois".padStart(10)} ${"10k 12 m".padStart(10)} ${"100k mois".padStart(10)} ${"100k 12 m".padStart(10)} ${"100k p95".padStart(10)}  limite`);
  const verdicts: string[] = [];
  const small = results.get(DESK_SIZES[0])!;
  const big = results.get(DESK_SIZES[1])!;
  for (const [label, [bm, by]] of big) {
    const [sm, sy] = small.get(label)!;
    const worst = Math.max(bm.median, by.median, sm.median, sy.median);
    console.log(`${label.padEnd(34)} ${ms(sm.median).padStart(10)} ${ms(sy.median).padStart(10)} ${ms(bm.median).padStart(10)} ${ms(by.median).padStart(10)} ${ms(Math.max(bm.p95, by.p95)).padStart(10)}  < ${TARGET_REPORT_MS} ms ${worst < TARGET_REPORT_MS ? "OK" : "DÉPASSÉ"}`);
    verdicts.push(`${name} rapport ${label} : pire médiane ${ms(worst)} — ${worst < TARGET_REPORT_MS ? "ATTEINT" : "DÉPASSÉ"} (< ${TARGET_REPORT_MS} ms)`);
  }
  console.log("");
  return verdicts;
}

// ---- the engines --------------------------------------------------------------------------------


// ---- 3. the staff guard and the audit journal (issue 13) ---------------------------------------------

const AUDIT_ENTRIES = 100_000;
const TARGET_JOURNAL_MS = 50;

/** 100,000 audit entries over 24 months, 5 accounts, the usual actions; returns an id from the middle. */
async function fillAudit(h: Db, accounts: number[]): Promise<number> {
  const actions = ["auth.login.success", "appointment.status", "appointment.moved", "appointment.price", "patient.export", "schedule.change", "auth.login.failure", "export.csv"];
  const rnd = seededRandom(13);
  const now = Date.now();
  const span = 24 * 30 * 24 * 3600 * 1000;
  const rows = Array.from({ length: AUDIT_ENTRIES }, (_, i) => {
    const who = accounts[Math.floor(rnd() * accounts.length)];
    return {
      at: new Date(now - span + Math.floor((i / AUDIT_ENTRIES) * span)).toISOString(),
      staff_user_id: who,
      actor: `compte${who}@clinique.dz`,
      ip: "192.0.2.10",
      action: actions[Math.floor(rnd() * actions.length)],
      target_type: "appointment",
      target_id: String(1 + Math.floor(rnd() * 10_000)),
      detail: "Demande reçue → Confirmé",
    };
  });
  // chained as the app chains them (app/.server/audit-chain.ts), written in bulk
  let prev = AUDIT_GENESIS_HASH;
  const chained = rows.map((r, i) => {
    const hash = auditEntryHash(prev, { ...r, seq: i + 1 });
    const row = { ...r, seq: i + 1, prev_hash: prev, hash };
    prev = hash;
    return row;
  });
  for (let i = 0; i < chained.length; i += 500) await h.db.insertInto("audit_log").values(chained.slice(i, i + 500)).execute();
  const middle = await h.db.selectFrom("audit_log").select("id").orderBy("id").offset(AUDIT_ENTRIES / 2).limit(1).executeTakeFirstOrThrow();
  return Number(middle.id);
}

async function benchStaff(name: string, open: Opener): Promise<string[]> {
  const { h, drop } = await open();
  const verdicts: string[] = [];
  try {
    await migrateToLatest(h.db, h.engine);
    const accounts: number[] = [];
    for (const [i, role] of (["admin", "dentist", "dentist", "assistant", "assistant"] as const).entries()) {
      accounts.push((await insertStaff(h, `compte${i + 1}@clinique.dz`, "hash-not-used", role)).id);
    }
    await h.db.updateTable("staff_users").set({ totp_enabled_at: new Date().toISOString() }).execute();
    const t0 = performance.now();
    const middle = await fillAudit(h, accounts);
    console.log(`[${name}] ${AUDIT_ENTRIES.toLocaleString("fr-FR")} entrées du journal insérées en ${(performance.now() - t0).toFixed(0)} ms`);

    setDb(h);
    const cookie = (await startSession(new Request("http://bench.test/login"), accounts[3], h)).split(";")[0];
    const context = () => createLoadContext({ nonce: "", clientIp: "192.0.2.10" });
    const next = async () => new Response("ok");
    const get = () => new Request("http://bench.test/admin/agenda", { headers: { Cookie: cookie } });
    const post = () => {
      const body = new URLSearchParams({ intent: "status", id: "1", to: "confirmed" });
      return new Request("http://bench.test/admin/agenda", { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body });
    };
    const guard = (request: Request) => staffGuard({ request, context: context(), params: {} } as never, next as never);
    const before = await measure(() => getStaffSession(get(), h));
    const afterGet = await measure(() => guard(get()) as Promise<unknown>);
    const afterPost = await measure(() => guard(post()) as Promise<unknown>);
    const journal = await measure(() => listAuditLog(h, {}, { limit: 50 }));
    const byAction = await measure(() => listAuditLog(h, { action: "patient.export" }, { limit: 50 }));
    const month = new Date(Date.now() - 180 * 24 * 3600 * 1000);
    const byAccountMonth = await measure(() =>
      listAuditLog(h, { staffUserId: accounts[1], fromIso: month.toISOString(), toIso: new Date(month.getTime() + 31 * 24 * 3600 * 1000).toISOString() }, { limit: 50 }),
    );
    const deep = await measure(() => listAuditLog(h, {}, { limit: 50, cursor: { direction: "older", id: middle } }));
    // the hash chain (ADR 019): the whole walk (npm run audit:verify, the screen's first check and
    // one every 10 minutes), and the screen's check once it knows a verified position, with one new entry each time
    const secret = "bench-secret-de-session-0123456789-abcdef";
    await sealAuditLog(h, secret);
    const full = await measure(async () => {
      const res = await verifyAuditLog(h, { secret });
      if (!res.ok || res.entries !== AUDIT_ENTRIES) throw new Error(`audit chain: ${res.problem?.message ?? res.entries}`);
    }, 5);
    await auditIntegrity(h, secret);
    const incremental = await measure(async () => {
      await appendAuditEntry(h, { staff_user_id: accounts[0], actor: "compte1@clinique.dz", ip: "192.0.2.10", action: "auth.login.success", target_type: "staff", target_id: String(accounts[0]), detail: "mot de passe" });
      const res = await auditIntegrity(h, secret);
      if (!res.ok || !res.incremental) throw new Error("audit chain: incremental check failed");
    });

    console.log(`\n${name} — garde du personnel et journal d'audit (issue 13), ${RUNS} mesures, ${AUDIT_ENTRIES.toLocaleString("fr-FR")} entrées`);
    console.log(`${"mesure".padEnd(58)} ${"méd.".padStart(9)} ${"p95".padStart(9)}  cible`);
    const line = (label: string, t: Timing, target: string) => console.log(`${label.padEnd(58)} ${ms(t.median).padStart(9)} ${ms(t.p95).padStart(9)}  ${target}`);
    line("avant : session seule (ce que la garde lisait)", before, "référence");
    line("après : garde, page (session + réglages + permissions)", afterGet, `×${(afterGet.median / before.median).toFixed(1)} de la référence`);
    line("après : garde, envoi (+ lecture de l'intention du formulaire)", afterPost, `×${(afterPost.median / before.median).toFixed(1)} de la référence`);
    line("journal : 1re page (50, avec le total)", journal, `méd. < ${TARGET_JOURNAL_MS} ms`);
    line("journal : filtre par action", byAction, `méd. < ${TARGET_JOURNAL_MS} ms`);
    line("journal : un compte sur un mois", byAccountMonth, `méd. < ${TARGET_JOURNAL_MS} ms`);
    line("journal : page au milieu (curseur)", deep, `méd. < ${TARGET_JOURNAL_MS} ms`);
    line("intégrité : chaîne entière vérifiée (5 mesures)", full, "audit:verify, 1re vue du journal");
    line("intégrité : vue suivante (+1 entrée à vérifier)", incremental, `méd. < ${TARGET_JOURNAL_MS} ms`);
    for (const [label, t] of [["1re page", journal], ["par action", byAction], ["compte + mois", byAccountMonth], ["milieu", deep], ["intégrité (vue suivante)", incremental]] as const) {
      verdicts.push(`${name} journal ${label} : ${ms(t.median)} — ${t.median < TARGET_JOURNAL_MS ? "ATTEINT" : "DÉPASSÉ"} (< ${TARGET_JOURNAL_MS} ms)`);
    }
    console.log("");
  } finally {
    setDb(undefined);
    await drop();
  }
  return verdicts;
}

type Opener = () => Promise<{ h: Db; drop: () => Promise<void> }>;

const sqliteOpener: Opener = async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-bench-"));
  const h = openDb({ kind: "sqlite", path: path.join(dir, "bench.db") });
  return {
    h,
    drop: async () => {
      await h.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};

function postgresOpener(pgUrl: string): Opener {
  return async () => {
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
  };
}

/** The machine's load: timings taken on a busy machine are longer than the code's own cost. */
function loadLine(): string {
  const load = os.loadavg()[0];
  const cpus = os.cpus().length;
  return `Charge de la machine : ${load.toFixed(1)} pour ${cpus} processeur(s)${load > cpus ? " — machine occupée, les durées sont gonflées : relancez au calme pour juger des cibles" : ""}.`;
}

async function main() {
  console.log(loadLine());
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const engines: [string, Opener][] = [["SQLite", sqliteOpener]];
  if (pgUrl) engines.push(["PostgreSQL", postgresOpener(pgUrl)]);

  // BENCH_PARTS=list,desk,staff,reports (default: all) runs only some parts
  const parts = new Set((process.env.BENCH_PARTS ?? "list,desk,staff,reports,money,search").split(",").map((p) => p.trim()));
  if (parts.has("list")) for (const [name, open] of engines) await benchList(name, open);
  const verdicts: string[] = [];
  if (parts.has("desk")) for (const [name, open] of engines) verdicts.push(...(await benchDesk(name, open)));
  if (parts.has("staff")) for (const [name, open] of engines) verdicts.push(...(await benchStaff(name, open)));
  if (parts.has("reports")) for (const [name, open] of engines) verdicts.push(...(await benchReports(name, open)));
  if (parts.has("money")) for (const [name, open] of engines) verdicts.push(...(await benchMoney(name, open, (fn) => measure(fn), ms)));
  if (parts.has("search")) for (const [name, open] of engines) verdicts.push(...(await benchSearch(name, open)));

  console.log("Cibles de l'accueil :");
  console.log(`  ${loadLine()}`);
  for (const v of verdicts) console.log(`  ${v}`);
  if (!pgUrl) console.log("PostgreSQL non mesuré (définissez BENCH_DATABASE_URL=postgres://… pour l'inclure).");
}

// run as a script (npm run bench), not when imported to reuse the fill
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
