/**
 * Section of `npm run check:security` (issue 26, item 9): TRUST_PROXY cannot be told to believe
 * any X-Forwarded-For.
 * - The built site started with TRUST_PROXY=true stops before it listens or touches its
 *   database, exit code 1, with one line that says what to write instead.
 * - Started with TRUST_PROXY=1 (one proxy in front of the site), its start banner says so, and 30
 *   posts of the booking form from this machine, each with another address written by the client
 *   before the one the proxy appends (`X-Forwarded-For: 203.0.113.n, 127.0.0.1`), are counted
 *   under one address: past RATE_LIMIT_FORM_MAX (10), they get 429. With `true` (before), each
 *   post counted under its made-up address and none was refused.
 * Loopback only; two servers of its own; about 15 s.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BUILD_DIR, check, ensureBuilt, failures, form, FORM, freePort, raw, ROOT, startServer } from "./common";

const POSTS = 30;
/** RATE_LIMIT_FORM_MAX's default (app/.server/config.ts): the server is started without it. */
const FORM_MAX = 10;
const REFUSAL =
  "Configuration invalide — TRUST_PROXY: « true » ferait confiance à n'importe quel en-tête X-Forwarded-For ; écrivez le nombre de proxys devant le site (par exemple 1) ou leurs adresses (par exemple 127.0.0.1,10.0.0.0/8)";

/** Starts the built site with TRUST_PROXY=true; what it printed and how it ended. */
async function startWithTrue() {
  await ensureBuilt();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-security-trust-"));
  const child = spawn(process.execPath, ["server/index.js"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${dir}/clinic.db`,
      DATA_DIR: dir,
      UPLOAD_DIR: `${dir}/uploads`,
      LOG_LEVEL: "info",
      TRUST_PROXY: "true",
    },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c));
  child.stderr.on("data", (c: Buffer) => (stderr += c));
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const code = await new Promise<number | null>((r) => child.once("exit", (c) => r(c)));
  clearTimeout(timer);
  const touched = fs.readdirSync(dir).length > 0;
  fs.rmSync(dir, { recursive: true, force: true });
  return { code, stdout, stderr, touched };
}

export async function run(): Promise<void> {
  const refused = await startWithTrue();
  const lines = `${refused.stdout}${refused.stderr}`.split("\n").filter((l) => l.trim());
  const oneLine = lines.length === 1 && lines[0] === REFUSAL;
  const stopped = refused.code === 1 && oneLine && !refused.touched;

  const site = await startServer({ env: { TRUST_PROXY: "1" }, stdio: "pipe" });
  const statuses: number[] = [];
  try {
    for (let i = 1; i <= POSTS; i++) {
      const res = await raw(site.base, {
        method: "POST",
        path: "/appointment",
        headers: { ...FORM, "X-Forwarded-For": `203.0.113.${i}, 127.0.0.1` },
        body: form({ name: "Essai", phone: "0550000000" }),
      });
      statuses.push(res.status);
    }
  } finally {
    await site.remove();
  }
  const tooMany = statuses.filter((s) => s === 429).length;
  const limited = tooMany === POSTS - FORM_MAX && statuses.slice(0, FORM_MAX).every((s) => s !== 429 && s > 0);
  const said = site.output.some((l) => l.includes("Derrière 1 proxy (TRUST_PROXY=1)"));
  const seen = lines.length === 1 ? `une ligne, « ${lines[0].slice(0, 60)}… »` : `${lines.length} lignes`;
  console.log(
    `TRUST_PROXY : « true » arrête le démarrage (code ${refused.code}, ${seen}${refused.touched ? ", base créée" : ", base intacte"}) ; avec TRUST_PROXY=1 (${said ? "annoncé" : "non annoncé"} au démarrage), ${POSTS} envois du formulaire de rendez-vous depuis 127.0.0.1, chacun avec une autre adresse écrite dans X-Forwarded-For : ${tooMany} refusés en 429 (attendu ${POSTS - FORM_MAX}, limite ${FORM_MAX} par adresse)  ${check(stopped && limited && said, "TRUST_PROXY: a spoofed X-Forwarded-For dodges the per-address limit, or true is accepted")}`,
  );
}

// alone: `BUILD_DIR=… npx tsx scripts/security/trust-proxy.ts`
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await run();
  if (failures.length) {
    console.log(`\nÉchecs : ${failures.join(" ; ")}`);
    process.exit(1);
  }
}
