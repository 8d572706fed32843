/**
 * npm run check:security
 *
 * The attacks of the hardening issues, as code: starts the built site (run `npm run build` first,
 * or let this script build it; BUILD_DIR names another build) on fresh SQLite databases in
 * temporary folders, on loopback, and runs against it, each section printing its figures:
 *   1. open redirects after sign-in (a tricky `redirectTo`: where does the browser go?);
 *   2. malformed requests on every kind of route (no answer may be a 5xx);
 *   3. methods other than GET, HEAD, POST (405 with Allow, no error in the log);
 *   4. Cache-Control of private answers (staff area whatever the status, a session, the booking's answer);
 *   5. one Referrer-Policy per answer; 50 connections on uncached pages with Brotli (no drain-listener leak);
 *   6. two POSTs sending a byte a second while `/` is loaded (the page cache keeps serving);
 *   7. 1,000 encoded spellings of an article (the real pages stay stored);
 *   8. control characters in a staff form and in the database (the calendar file keeps one event);
 *   9. the audit log rewritten at the database level (SQLite, and PostgreSQL with TEST_DATABASE_URL);
 *  10. oversized bodies (4 simultaneous 100 MB posts to /login): statuses and the server's peak memory;
 *  11. a burst of 300 simultaneous wrong sign-ins on one account, the right password sent last;
 *  12. 8 simultaneous 40-megapixel image uploads (a server of its own: its peak memory);
 *  13. SIGTERM under 50 keep-alive connections on uncached pages (servers of their own: resets);
 *  14. TRUST_PROXY (`true` refused at start; a spoofed X-Forwarded-For dodges no limit).
 * It exits 1 when a check fails. Loopback only, bounded in count and time. A script, not a test:
 * the figures depend on the machine.
 */
import http from "node:http";
import { ADMIN, check, failures, form, FORM, memory, raw, startServer } from "./security/common";
import { run as auditLog } from "./security/audit-log";
import { run as controlCharacters } from "./security/control-characters";
import { headersAndStreams, methods, privateAnswers } from "./security/http-layer";
import { run as imageUploads } from "./security/image-uploads";
import { keyFlood, slowPost } from "./security/page-cache";
import { run as shutdown } from "./security/shutdown";
import { run as trustProxy } from "./security/trust-proxy";

async function login(base: string, redirectTo: string) {
  return raw(base, { method: "POST", path: "/login", headers: FORM, body: form({ email: ADMIN.email, password: ADMIN.password, redirectTo }) });
}

// ---- 1. open redirects ------------------------------------------------------------------------

const TRICKY_REDIRECTS = [
  "//evil.example",
  "/\\evil.example",
  "/./\\evil.example",
  "/..//evil.example",
  "/admin/../\\evil.example",
  "/%2F%2Fevil.example",
  "/%5Cevil.example",
  "/\t/evil.example",
  "/%09/evil.example",
  "/%0d%0a/evil.example",
  "https:evil.example",
  "http:/\\evil.example",
  " //evil.example",
];

async function redirects(base: string) {
  let offsite = 0;
  for (const to of TRICKY_REDIRECTS) {
    const res = await login(base, to);
    const location = String(res.headers.location ?? "");
    if (res.status >= 300 && res.status < 400 && new URL(location, `${base}/login`).origin !== base) offsite++;
  }
  console.log(`Redirections après connexion : ${TRICKY_REDIRECTS.length} formes piégées, ${offsite} vers un autre site  ${check(offsite === 0, "open redirect")}`);
}

// ---- 2. malformed requests ----------------------------------------------------------------------

async function malformed(base: string) {
  const badCookie = "clinic_session=%E0%A4%A; clinic_flash=%ZZ";
  const cases: Parameters<typeof raw>[1][] = [
    { path: "/%E0%A4%A" },
    { path: "/blog/%" },
    { path: "/formation%c0%af" },
    { path: "/assets/..%2f..%2fpackage.json" },
    { path: "/assets/%2e%2e/%2e%2e/package.json" },
    { path: "/uploads/..%2F..%2Fclinic.db" },
    { path: "/uploads/%00" },
    { path: "/login", headers: { Cookie: badCookie } },
    { path: "/admin/appointments", headers: { Cookie: badCookie } },
    { path: "/admin/appointments", headers: { Cookie: Buffer.from([0x63, 0x6c, 0x69, 0x6e, 0x69, 0x63, 0x5f, 0x73, 0x65, 0x73, 0x73, 0x69, 0x6f, 0x6e, 0x3d, 0xff, 0xfe]).toString("latin1") } },
    { method: "POST", path: "/logout", headers: { Cookie: badCookie, ...FORM }, body: "" },
    { method: "POST", path: "/appointment", headers: { "Content-Type": "application/json" }, body: "{\"name\":1}" },
    { method: "POST", path: "/appointment", headers: { "Content-Type": "multipart/form-data; boundary=x" }, body: "--x\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nA" },
    { method: "POST", path: "/appointment", headers: FORM, body: "name=%E0%A4%A&email=%" },
    { method: "POST", path: "/inscription", headers: { "Content-Type": "text/plain" }, body: "\u0000\u0001" },
    { method: "POST", path: "/login", headers: { "Content-Type": "multipart/form-data" }, body: "garbage" },
    { method: "POST", path: "/admin/blog", headers: { "Content-Type": "multipart/form-data; boundary=y" }, body: "--y\r\nbroken" },
    { method: "POST", path: "/appointment.data", headers: { "Content-Type": "application/x-www-form-urlencoded; charset=utf-7" }, body: "+AGEAYgBj-" },
  ];
  const answers = await Promise.all(cases.map((c) => raw(base, c)));
  const fives = answers.filter((a) => a.status === 0 || a.status >= 500).length;
  const byStatus = new Map<number, number>();
  for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
  const spread = [...byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(", ");
  console.log(`Requêtes malformées : ${cases.length} envoyées (${spread}), ${fives} en 5xx ou coupées  ${check(fives === 0, "malformed input answered 5xx")}`);
}

// ---- 3. oversized bodies ----------------------------------------------------------------------

const MB = 1024 * 1024;

function bigPost(base: string, chunked: boolean, size = 100 * MB): Promise<number> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...FORM, Origin: base };
    if (!chunked) headers["Content-Length"] = String(size);
    const req = http.request({ host: url.hostname, port: url.port, method: "POST", path: "/login", headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", () => resolve(0));
    const chunk = Buffer.alloc(MB, "a");
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return req.once("drain", pump);
      }
      req.end();
    };
    req.on("response", () => {
      sent = size; // the server answered: stop sending
    });
    pump();
  });
}

async function bodies(base: string, pid: number) {
  const before = memory(pid);
  const t0 = Date.now();
  const statuses = await Promise.all([bigPost(base, false), bigPost(base, false), bigPost(base, true), bigPost(base, true)]);
  const after = memory(pid);
  const ok = statuses.every((s) => s === 413 || s === 0);
  console.log(
    `Corps de 100 Mo ×4 sur /login : réponses ${statuses.join(", ")} en ${Date.now() - t0} ms ; mémoire du serveur ${before.rss} → ${after.rss} Mio (pic ${after.peak} Mio)  ${check(ok && after.peak < 400, "oversized bodies")}`,
  );
}

// ---- 4. login burst -----------------------------------------------------------------------------

async function burst(base: string) {
  const N = 300;
  const wrong = Array.from({ length: N - 1 }, (_, i) =>
    raw(base, { method: "POST", path: "/login", headers: FORM, body: form({ email: ADMIN.email, password: `faux-${i}-mot-de-passe` }) }),
  );
  const right = login(base, "/admin");
  const answers = await Promise.all([...wrong, right]);
  const checked = answers.slice(0, -1).filter((a) => a.status === 401).length;
  const throttled = answers.slice(0, -1).filter((a) => a.status === 429).length;
  const last = answers[answers.length - 1];
  const accepted = last.status >= 300 && last.status < 400 && !String(last.headers.location ?? "").startsWith("/login");
  console.log(
    `Rafale de ${N} connexions simultanées sur un compte : ${checked} mots de passe vérifiés (401), ${throttled} refusées d'avance (429) ; le bon mot de passe envoyé en dernier : ${accepted ? "accepté" : "refusé"}  ${check(checked <= 20 && !accepted, "login throttle burst")}`,
  );
}

let step = 0;
const section = (title: string) => console.log(`\n${++step}. ${title}`);

// the server's log is read (LOG_LEVEL=info): some checks count its error lines and warnings
const site = await startServer({ stdio: "pipe", env: { LOG_LEVEL: "info" } });
const { base, child } = site;
console.log(`Site démarré sur ${base} (base SQLite temporaire).`);
try {
  section("Redirections ouvertes");
  await redirects(base);
  section("Requêtes malformées");
  await malformed(base);
  section("Méthodes HTTP");
  await methods(site);
  section("Réponses privées");
  await privateAnswers(site);
  section("En-têtes et pages en flux");
  await headersAndStreams(site);
  section("Cache des pages et requêtes lentes");
  await slowPost(site);
  section("Cache des pages et graphies encodées");
  await keyFlood(site);
  section("Caractères de contrôle");
  await controlCharacters(site);
  section("Journal d'audit");
  await auditLog(site);
  section("Corps trop volumineux");
  await bodies(base, child.pid!);
  // last on this server: it throttles sign-in from this address
  section("Rafale de connexions");
  await burst(base);
} finally {
  await site.remove();
}

section("Images de 40 mégapixels (serveur à part)");
const imageSite = await startServer();
try {
  await imageUploads(imageSite);
} finally {
  await imageSite.remove();
}

section("Arrêt sous charge (serveurs à part)");
await shutdown();

section("TRUST_PROXY (serveurs à part)");
await trustProxy();

if (failures.length) {
  console.log(`\nÉchecs : ${failures.join(" ; ")}`);
  process.exit(1);
}
console.log("\nToutes les vérifications sont passées.");
