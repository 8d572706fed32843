/**
 * check:security, the HTTP layer (issue "Hardening 3", items 3, 6 and 10):
 *  - methods the site does not answer (TRACE, OPTIONS, PROPFIND, PUT, DELETE, PATCH) on every kind
 *    of route: 405 with `Allow`, never a 5xx, never an error line in the log; a POST to a page
 *    without an action: 405 with `Allow: GET, HEAD`;
 *  - `Cache-Control: private, no-store` on every staff answer whatever its status, on every answer
 *    to a request with a session, and on the booking's answer page;
 *  - one Referrer-Policy header per answer;
 *  - 50 connections on uncached pages with Brotli: no MaxListenersExceededWarning.
 */
import crypto from "node:crypto";
import autocannon from "autocannon";
import { check, form, FORM, raw, signInDentist, type RawAnswer, type Site } from "./common";

const METHODS = ["TRACE", "OPTIONS", "PROPFIND", "PUT", "DELETE", "PATCH"];
const PATHS = ["/", "/login", "/admin", "/admin/appointments", "/blog", "/appointment", "/rdv/abc", "/uploads/x.png", "/assets/x.js", "/healthz", "/nope"];

/** Error-level lines (pino level 50 and more) of the server's log since `from`. */
function errorLines(site: Site, from: number): string[] {
  return site.output.slice(from).filter((l) => {
    try {
      return (JSON.parse(l) as { level?: number }).level! >= 50;
    } catch {
      return false;
    }
  });
}

export async function methods(site: Site): Promise<void> {
  const { base } = site;
  const from = site.output.length;
  const answers: RawAnswer[] = [];
  for (const method of METHODS) answers.push(...(await Promise.all(PATHS.map((path) => raw(base, { method, path })))));
  const refused = answers.filter((a) => a.status === 405 && a.headers.allow === "GET, HEAD, POST").length;
  const noAction = await raw(base, { method: "POST", path: "/mentions-legales", headers: FORM, body: "a=1" });
  await new Promise((r) => setTimeout(r, 300));
  const errors = errorLines(site, from).length;
  console.log(
    `Méthodes ${METHODS.join(", ")} sur ${PATHS.length} adresses : ${refused}/${answers.length} en 405 avec Allow ; POST sur une page sans action : ${noAction.status} (Allow: ${noAction.headers.allow ?? "absent"}) ; lignes d'erreur au journal : ${errors}  ` +
      check(refused === answers.length && noAction.status === 405 && noAction.headers.allow === "GET, HEAD" && errors === 0, "methods other than GET, HEAD, POST"),
  );
}

/** A real booking (the first free time of the next days), as a browser without JavaScript posts it. */
async function book(base: string): Promise<RawAnswer> {
  const today = new Date().toISOString().slice(0, 10);
  let date = today;
  let time: string | undefined;
  for (let i = 0; i < 3 && !time; i++) {
    const view = JSON.parse((await raw(base, { path: `/appointment/creneaux?service=Orthodontie&date=${date}` })).body) as { times?: string[]; next?: string | null };
    time = view.times?.[0];
    if (!time && view.next) date = view.next;
  }
  if (!time) throw new Error("aucun créneau libre pour la réservation de contrôle");
  return raw(base, {
    method: "POST",
    path: "/appointment",
    headers: FORM,
    body: form({ name: "Contrôle Sécurité", email: "controle@exemple.dz", phone: "0550 12 34 56", service: "Orthodontie", date, time, message: "", consent: "on", submission_key: crypto.randomUUID() }),
  });
}

export async function privateAnswers(site: Site): Promise<void> {
  const { base } = site;
  const cookie = await signInDentist(base);
  const asked: [string, Promise<RawAnswer>][] = [
    ["GET /admin sans session", raw(base, { path: "/admin" })],
    ["GET /admin/nope (404)", raw(base, { path: "/admin/nope", headers: { Cookie: cookie } })],
    ["GET /admin/equipe (403)", raw(base, { path: "/admin/equipe", headers: { Cookie: cookie } })],
    ["GET /admin/appointments", raw(base, { path: "/admin/appointments", headers: { Cookie: cookie } })],
    ["GET /admin/equipe.data (403)", raw(base, { path: "/admin/equipe.data", headers: { Cookie: cookie } })],
    ["GET / avec session", raw(base, { path: "/", headers: { Cookie: cookie } })],
    ["GET /nope avec session (404)", raw(base, { path: "/nope", headers: { Cookie: cookie } })],
    ["GET /rdv/abc", raw(base, { path: "/rdv/abc" })],
    ["POST /appointment (réponse)", book(base)],
  ];
  const missing: string[] = [];
  for (const [what, p] of asked) {
    const a = await p;
    if (a.headers["cache-control"] !== "private, no-store") missing.push(`${what} → ${a.status} « ${a.headers["cache-control"] ?? "aucun"} »`);
  }
  console.log(`Cache-Control des réponses privées : ${asked.length - missing.length}/${asked.length} en « private, no-store »${missing.length ? ` (manque : ${missing.join(" ; ")})` : ""}  ${check(missing.length === 0, "private answers without no-store")}`);
}

export async function headersAndStreams(site: Site): Promise<void> {
  const { base } = site;
  const doubled: string[] = [];
  for (const path of ["/", "/rdv/abc", "/mot-de-passe-oublie", "/login", "/appointment", "/admin"]) {
    const a = await raw(base, { path });
    const n = a.rawHeaders.filter((h, i) => i % 2 === 0 && h.toLowerCase() === "referrer-policy").length;
    if (n !== 1) doubled.push(`${path} (${n})`);
  }
  // uncached pages (a cookie makes every page a render of its own) compressed with Brotli
  const from = site.output.length;
  const r = await autocannon({ url: `${base}/formation`, connections: 50, duration: 4, headers: { "accept-encoding": "gzip, deflate, br", cookie: "visite=1" }, timeout: 10 });
  const warnings = site.output.slice(from).filter((l) => /MaxListenersExceededWarning/.test(l)).length;
  console.log(
    `En-têtes Referrer-Policy en double : ${doubled.length ? doubled.join(", ") : "aucun"} ; 50 connexions sur une page non stockée (Brotli) : ${Math.round(r.requests.average)} req/s, ${r.non2xx + r.errors} erreurs, ${warnings} MaxListenersExceededWarning  ` +
      check(doubled.length === 0 && warnings === 0 && r.errors === 0, "duplicate headers or drain listeners"),
  );
}
