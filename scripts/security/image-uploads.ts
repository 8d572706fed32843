/**
 * A section of `npm run check:security`: image work must stay bounded (hardening issue, item 8).
 * A signed-in dentist (who may manage the site's photos) sends 8 simultaneous uploads of a
 * 40-megapixel PNG to 'Photos du site', in two rounds: a 100,000 × 399 strip (116 KB) and an
 * 8,000 × 5,000 picture (126 KB), both made here by sharp. Each answer must be the photo stored
 * (200) or a refusal (4xx, or 503 with Retry-After when the queue is full), never a 500 or a cut
 * connection, and the server's peak memory (VmHWM, since the process started) must stay under
 * 400 MiB, and so must that peak plus the largest peak of the child processes that decode the
 * uploads (app/.server/image-worker.ts), sampled from /proc while the attack runs.
 *
 * Run on a fresh server: the peak counts everything the process did before (the line prints the
 * peak before the attack too). Alone: `BUILD_DIR=… npx tsx scripts/security/image-uploads.ts`.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { check, failures, memory, raw, signInDentist, startServer, type RawAnswer, type Site } from "./common";

const UPLOADS = 8;
const PEAK_MAX_MIB = 400;
/** A slot of 'Photos du site' (app/lib/photo-slots.ts). */
const SLOT = "home.hero";

/** A flat 40-megapixel PNG: a few hundred KB on the wire, 120 MB once decoded. */
function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#f6ecd8" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----securite${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
  parts.push(file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** The largest VmHWM (MiB) of the server's child processes, sampled until `stop` is called. */
function watchChildren(parent: number) {
  let peak = 0;
  let count = 0;
  const seen = new Set<number>();
  const sample = () => {
    for (const name of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const status = fs.readFileSync(`/proc/${name}/status`, "utf8");
        if (Number(/PPid:\s+(\d+)/.exec(status)?.[1]) !== parent) continue;
        if (!seen.has(Number(name))) {
          seen.add(Number(name));
          count++;
        }
        peak = Math.max(peak, Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024));
      } catch {
        // ended meanwhile
      }
    }
  };
  const timer = setInterval(sample, 20);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return { peak, count };
    },
  };
}

interface Round {
  label: string;
  statuses: number[];
  /** 503 answers without a Retry-After header */
  noRetryAfter: number;
  ms: number;
  peak: number;
}

async function round(site: Site, cookie: string, label: string, bytes: Buffer): Promise<Round> {
  const pid = site.child.pid!;
  const t0 = Date.now();
  const answers: RawAnswer[] = await Promise.all(
    Array.from({ length: UPLOADS }, (_, i) => {
      const { body, type } = multipart({ intent: "upload", slot: SLOT, alt: `Vérification de sécurité ${i + 1}` }, { name: `grande-${i + 1}.png`, type: "image/png", bytes });
      return raw(site.base, { method: "POST", path: "/admin/photos", headers: { Cookie: cookie, "Content-Type": type, "Content-Length": String(body.length) }, body });
    }),
  );
  const ms = Date.now() - t0;
  return {
    label,
    statuses: answers.map((a) => a.status),
    noRetryAfter: answers.filter((a) => a.status === 503 && !/^\d+$/.test(String(a.headers["retry-after"] ?? ""))).length,
    ms,
    peak: memory(pid).peak,
  };
}

const spread = (statuses: number[]) => {
  const by = new Map<number, number>();
  for (const s of statuses) by.set(s, (by.get(s) ?? 0) + 1);
  return [...by].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(", ");
};

export async function run(site: Site): Promise<void> {
  const pid = site.child.pid!;
  const cookie = await signInDentist(site.base);
  const [strip, wide] = await Promise.all([png(100_000, 399), png(8000, 5000)]);
  const before = memory(pid);
  const children = watchChildren(pid);
  const rounds = [await round(site, cookie, `100 000 × 399 (${Math.round(strip.length / 1024)} Ko)`, strip), await round(site, cookie, `8 000 × 5 000 (${Math.round(wide.length / 1024)} Ko)`, wide)];
  const workers = children.stop();
  const after = memory(pid);
  const alive = (await raw(site.base, { path: "/healthz" })).status === 200;
  const statuses = rounds.flatMap((r) => r.statuses);
  const accepted = statuses.every((s) => s === 200 || (s >= 400 && s < 500) || s === 503);
  const retryAfter = rounds.every((r) => r.noRetryAfter === 0);
  const answered = check(accepted && retryAfter && alive, "image uploads answered 5xx, cut, or 503 without Retry-After");
  const bounded = check(after.peak + workers.peak < PEAK_MAX_MIB, `image uploads: peak memory ${after.peak} MiB + ${workers.peak} MiB (image process)`);
  const ok = answered === "ok" && bounded === "ok";
  const detail = rounds.map((r) => `${r.label} : ${spread(r.statuses)} en ${r.ms} ms, pic ${r.peak} Mio`).join(" ; ");
  console.log(
    `Téléversements d'images de 40 mégapixels, ${UPLOADS} simultanés par série : ${detail} ; mémoire du serveur ${before.rss} → ${after.rss} Mio, pic ${before.peak} Mio avant l'attaque, ${after.peak} Mio après ; ${workers.count} processus d'image, pic ${workers.peak} Mio chacun au plus ; serveur + processus d'image ${after.peak + workers.peak} Mio (limite ${PEAK_MAX_MIB})${retryAfter ? "" : ", 503 sans Retry-After"}${alive ? "" : ", serveur muet ensuite"}  ${ok ? "ok" : "ÉCHEC"}`,
  );
}

// alone: a fresh server of its own (the peak is then the attack's)
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
