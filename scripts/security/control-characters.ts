/**
 * A section of `npm run check:security`: control characters cannot forge a calendar event
 * (hardening issue 26, item 4). Two layers, one attack each:
 *
 * 1. the form: the signed-in dentist saves the 'Clinique' form (/admin/clinique, intent "save")
 *    once as it stands (stored: the baseline), then with the payload in 'Nom court'
 *    (`K\r\nEND:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:PWNED`). It must be refused (4xx, the French
 *    message beside the field) and nothing stored;
 * 2. the output: the payload is written straight into the SQLite file (short name and name, as a
 *    value saved before the forms refused it would be), a patient books through /appointment and
 *    downloads the calendar of the personal link the answer page gives
 *    (/rdv/<token>/calendrier.ics). The file must hold one calendar with one event, read back
 *    with ical.js as a calendar application would, and no PWNED event.
 * The clinic's identity is put back as it was at the end. Loopback only; a few seconds.
 * Alone: `BUILD_DIR=… npx tsx scripts/security/control-characters.ts`.
 */
import { createHmac, randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import ICAL from "ical.js";
import { DEMO_CLINIC, type Clinic } from "../../app/lib/clinic";
import { clinicFormValue } from "../../app/lib/clinic-form";
import { CONTROL_CHARACTER_MESSAGE } from "../../app/lib/rules";
import { check, failures, form, FORM, raw, signInDentist, startServer, type Site } from "./common";

export const PAYLOAD = "K\r\nEND:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:PWNED";
const SERVICE = "Orthodontie";

/** The form's values as the browser posts them: `phones[0].label`, `diplomas[1].year`… */
function flatten(value: unknown, prefix = "", out: Record<string, string> = {}): Record<string, string> {
  if (Array.isArray(value)) value.forEach((v, i) => flatten(v, `${prefix}[${i}]`, out));
  else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  else out[prefix] = String(value ?? "");
  return out;
}

function openDatabase(site: Site) {
  if (!site.databaseUrl.startsWith("file:")) throw new Error("cette section écrit dans un fichier SQLite (DATABASE_URL=file:…)");
  const db = new Database(site.databaseUrl.slice("file:".length));
  db.pragma("busy_timeout = 5000");
  return db;
}

const storedData = (db: Database.Database) => (db.prepare("select data from clinic_settings where id = 1").get() as { data: string } | undefined)?.data ?? null;

/** The stored identity over the demo one, top-level field by field (as app/.server/clinic.ts reads it). */
function clinicOf(data: string | null): Clinic {
  return data ? ({ ...DEMO_CLINIC, ...(JSON.parse(data) as Partial<Clinic>) } as Clinic) : DEMO_CLINIC;
}

/** The version the page's form carries (a change since it was shown is refused as stale). */
async function formVersion(site: Site, cookie: string): Promise<string> {
  const page = await raw(site.base, { path: "/admin/clinique", headers: { Cookie: cookie } });
  const input = /<input[^>]*name="version"[^>]*>/.exec(page.body)?.[0] ?? "";
  return /value="([^"]*)"/.exec(input)?.[1] ?? "";
}

async function saveClinic(site: Site, cookie: string, values: Record<string, unknown>) {
  const body = form({ intent: "save", ...flatten(values) });
  return raw(site.base, { method: "POST", path: "/admin/clinique", headers: { ...FORM, Cookie: cookie }, body });
}

/** YYYY-MM-DD in Algiers, `days` after today. */
function algiersDay(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Algiers", year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
}

/** Books the first free time from tomorrow on, as a patient; the token of the personal link the answer page shows. */
async function bookForLink(site: Site): Promise<string | null> {
  for (let days = 1; days <= 21; days++) {
    const date = algiersDay(days);
    const slots = await raw(site.base, { path: `/appointment/creneaux?${new URLSearchParams({ service: SERVICE, date })}` });
    const times = slots.status === 200 ? ((JSON.parse(slots.body) as { times?: string[] }).times ?? []) : [];
    if (!times.length) continue;
    const answer = await raw(site.base, {
      method: "POST",
      path: "/appointment",
      headers: FORM,
      body: form({
        name: "Patient Vérification",
        email: "patient.verification@exemple.dz",
        phone: "0550 12 34 56",
        service: SERVICE,
        date,
        time: times[0],
        message: "",
        consent: "on",
        submission_key: randomUUID(),
      }),
    });
    return /\/rdv\/([A-Za-z0-9_-]{43})/.exec(answer.body)?.[1] ?? null;
  }
  return null;
}

/** Without a booking (rate limit reached by another section): the link of an appointment of the database, made as app/.server/personal-link.ts makes it. */
function linkFromDatabase(site: Site, db: Database.Database): string | null {
  const row = db.prepare("select link_salt from appointments where link_salt is not null and anonymised_at is null and date >= ? order by id desc limit 1").get(algiersDay(0)) as
    | { link_salt: string }
    | undefined;
  const secret = site.env.SESSION_SECRET;
  return row && secret ? createHmac("sha256", secret).update(`rdv-link:${row.link_salt}`).digest("base64url") : null;
}

/** The calendar file as ical.js reads it: its top-level components and every event among them. */
function readCalendar(text: string) {
  const lines = (re: RegExp) => text.match(re)?.length ?? 0;
  let events = -1;
  let calendars = -1;
  let pwned = false;
  try {
    const parsed = ICAL.parse(text);
    const list: unknown[] = Array.isArray(parsed[0]) ? (parsed as unknown[]) : [parsed];
    const tops: ICAL.Component[] = list.map((jcal) => new ICAL.Component(jcal as never));
    const all = tops.flatMap((c) => (c.name === "vevent" ? [c] : c.getAllSubcomponents("vevent")));
    calendars = tops.filter((c) => c.name === "vcalendar").length;
    events = all.length;
    pwned = all.some((e) => String(e.getFirstPropertyValue("summary") ?? "").startsWith("PWNED"));
  } catch {
    // unreadable: counted as -1
  }
  return { beginEvent: lines(/^BEGIN:VEVENT\r?$/gm), endCalendar: lines(/^END:VCALENDAR\r?$/gm), events, calendars, pwned };
}

export async function run(site: Site): Promise<void> {
  const cookie = await signInDentist(site.base);
  const db = openDatabase(site);
  const original = storedData(db);
  try {
    // 1. the form: the baseline is stored, the same form with the payload refused and nothing stored
    const baseline = await saveClinic(site, cookie, clinicFormValue(clinicOf(original), await formVersion(site, cookie)));
    const before = storedData(db);
    const attack = await saveClinic(site, cookie, { ...clinicFormValue(clinicOf(before), await formVersion(site, cookie)), shortName: PAYLOAD });
    const after = storedData(db);
    const stored = after !== before || (after !== null && clinicOf(after).shortName.includes("PWNED"));
    const said = attack.body.includes(CONTROL_CHARACTER_MESSAGE);
    const refused = attack.status >= 400 && attack.status < 500 && said && !stored;

    // 2. the output: the payload written straight into the database, then the patient's calendar file
    const forged = JSON.stringify({ ...(after ? (JSON.parse(after) as object) : {}), shortName: PAYLOAD, name: `Clinique ${PAYLOAD}` });
    db.prepare("insert into clinic_settings (id, data, updated_at) values (1, ?, ?) on conflict (id) do update set data = excluded.data, updated_at = excluded.updated_at").run(
      forged,
      new Date().toISOString(),
    );
    let token = await bookForLink(site);
    const via = token ? "réservation" : "base";
    token ??= linkFromDatabase(site, db);
    const ics = token ? await raw(site.base, { path: `/rdv/${token}/calendrier.ics` }) : null;
    const cal = ics?.status === 200 ? readCalendar(ics.body) : null;
    const single = cal !== null && cal.beginEvent === 1 && cal.endCalendar === 1 && cal.events === 1 && cal.calendars === 1 && !cal.pwned;

    const formWord = check(refused && baseline.status === 200, "control characters: the Clinique form stored the CR/LF payload or did not say why");
    const icsWord = check(single, "control characters: the .ics of a personal link carries a forged event");
    const calendar = cal
      ? `${cal.beginEvent} BEGIN:VEVENT, ${cal.endCalendar} END:VCALENDAR, ${cal.events} événement(s) lu(s) par ical.js${cal.pwned ? " dont PWNED" : ""}`
      : `pas de fichier (${ics ? ics.status : "aucun lien"})`;
    console.log(
      `Caractères de contrôle : formulaire « Clinique » (dentiste) valide → ${baseline.status}, avec CR/LF dans le nom court → ${attack.status}${said ? ", message affiché" : ", sans le message"}, ${stored ? "ENREGISTRÉ" : "rien d'enregistré"} ${formWord} ; charge écrite directement dans la base (nom court et nom) → calendrier.ics du lien personnel (${via}) : ${calendar} ${icsWord}`,
    );
  } finally {
    // the identity as it was, for the sections that follow
    if (original === null) db.prepare("delete from clinic_settings where id = 1").run();
    else db.prepare("update clinic_settings set data = ? where id = 1").run(original);
    db.close();
  }
}

// alone: a fresh server of its own
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const site = await startServer();
  console.log(`Site démarré sur ${site.base} (base SQLite temporaire).`);
  try {
    await run(site);
  } finally {
    await site.remove();
  }
  if (failures.length) {
    console.log(`\nÉchecs : ${failures.join(" ; ")}`);
    process.exit(1);
  }
}
