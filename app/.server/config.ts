import { isIP } from "node:net";
import { z } from "~/lib/zod";

/**
 * Configuration read from the environment once, validated with Zod.
 * A bad value stops the start with a single clear line (see formatConfigError).
 */
const boolish = (defaultValue: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return defaultValue;
      if (["1", "true", "yes", "on"].includes(v)) return true;
      if (["0", "false", "no", "off"].includes(v)) return false;
      ctx.addIssue({ code: "custom", message: "attendu true ou false" });
      return z.NEVER;
    });

const int = (defaultValue: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return defaultValue;
      if (!/^\d+$/.test(v)) {
        ctx.addIssue({ code: "custom", message: "attendu un nombre entier" });
        return z.NEVER;
      }
      const n = Number(v);
      if (n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `attendu entre ${min} et ${max}` });
        return z.NEVER;
      }
      return n;
    });

const databaseUrl = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return { kind: "sqlite" as const, path: "./data/clinic.db" };
    if (v.startsWith("file:")) {
      const path = v.slice("file:".length);
      if (!path) {
        ctx.addIssue({ code: "custom", message: "file: doit être suivi d'un chemin" });
        return z.NEVER;
      }
      return { kind: "sqlite" as const, path };
    }
    if (/^postgres(ql)?:\/\//.test(v)) {
      try {
        new URL(v);
      } catch {
        ctx.addIssue({ code: "custom", message: "URL PostgreSQL invalide" });
        return z.NEVER;
      }
      return { kind: "postgres" as const, url: v };
    }
    ctx.addIssue({ code: "custom", message: "attendu file:CHEMIN, postgres://… ou postgresql://…" });
    return z.NEVER;
  });

const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      if (!protocols.test(v)) {
        ctx.addIssue({ code: "custom", message: hint });
        return z.NEVER;
      }
      try {
        new URL(v);
      } catch {
        ctx.addIssue({ code: "custom", message: hint });
        return z.NEVER;
      }
      return v;
    });

/** At most this many proxies in front of the site (TRUST_PROXY as a hop count). */
export const MAX_TRUSTED_HOPS = 10;

/** The names Express (proxy-addr) gives to address ranges in a TRUST_PROXY list. */
const RANGE_NAMES = ["loopback", "linklocal", "uniquelocal"];

const TRUST_PROXY_HINT = "écrivez le nombre de proxys devant le site (par exemple 1) ou leurs adresses (par exemple 127.0.0.1,10.0.0.0/8)";

/** An address, a network (`10.0.0.0/8`, `fd00::/8`) or a range name; `/0` is refused apart (it trusts everyone). */
function proxyEntryProblem(entry: string): "everyone" | "invalid" | null {
  if (RANGE_NAMES.includes(entry)) return null;
  const [address, bits, extra] = entry.split("/");
  const kind = isIP(address);
  // a zone id (fe80::1%eth0) is no proxy address Express can match
  if (kind === 0 || extra !== undefined || address.includes("%")) return "invalid";
  if (bits === undefined) return null;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > (kind === 4 ? 32 : 128)) return "invalid";
  return Number(bits) === 0 ? "everyone" : null;
}

/**
 * TRUST_PROXY: whom to believe about the client's address (`X-Forwarded-For`) and the protocol
 * (`X-Forwarded-Proto`), handed to Express as its "trust proxy" setting. `false` (the default):
 * nobody, the address is the connection's. A hop count: that many proxies stand in front of the
 * site, and the address is the one the farthest of them saw: whatever a client wrote before it in
 * `X-Forwarded-For` is ignored. A list: the proxies' addresses, networks or range names;
 * `X-Forwarded-For` is read back only as far as it passes through them. `true` (Express: believe
 * the header's first address, which the client writes) is refused, and so is a /0 network: a
 * client could then choose its address and dodge every per-address limit.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): false | number | string => {
    if (!v || v.toLowerCase() === "false") return false;
    if (v.toLowerCase() === "true") {
      ctx.addIssue({ code: "custom", message: `« true » ferait confiance à n'importe quel en-tête X-Forwarded-For ; ${TRUST_PROXY_HINT}` });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops === 0) return false;
      if (hops > MAX_TRUSTED_HOPS) {
        ctx.addIssue({ code: "custom", message: `attendu entre 1 et ${MAX_TRUSTED_HOPS} proxys` });
        return z.NEVER;
      }
      return hops;
    }
    const entries = v
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean);
    if (entries.length === 0) {
      ctx.addIssue({ code: "custom", message: `attendu false, ${TRUST_PROXY_HINT.replace("écrivez ", "")}` });
      return z.NEVER;
    }
    for (const entry of entries) {
      const problem = proxyEntryProblem(entry.toLowerCase());
      if (problem === "everyone") {
        ctx.addIssue({ code: "custom", message: `« ${entry} » ferait confiance à n'importe quel en-tête X-Forwarded-For ; ${TRUST_PROXY_HINT}` });
        return z.NEVER;
      }
      if (problem === "invalid") {
        ctx.addIssue({ code: "custom", message: `« ${entry.slice(0, 60)} » n'est ni une adresse IP, ni un réseau (10.0.0.0/8), ni loopback, linklocal ou uniquelocal ; ${TRUST_PROXY_HINT}` });
        return z.NEVER;
      }
    }
    // the list as Express reads it (comma-separated), spelled once
    return entries.map((e) => e.toLowerCase()).join(", ");
  });

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).optional().default("production"),
    DATABASE_URL: databaseUrl,
    TEST_DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//, "attendu une URL postgres://…"),
    PUBLIC_URL: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (!v) return undefined;
        try {
          const u = new URL(v);
          if (!/^https?:$/.test(u.protocol)) throw new Error();
          return u.origin;
        } catch {
          ctx.addIssue({ code: "custom", message: "attendu une URL http(s)://…" });
          return z.NEVER;
        }
      }),
    PORT: int(3000, 1, 65535),
    HOST: z.string().trim().optional().default("0.0.0.0"),
    TRUST_PROXY: trustProxy,
    SMTP_URL: optionalUrl(/^smtps?:\/\//, "attendu une URL smtp://… ou smtps://…"),
    MAIL_FROM: z
      .string()
      .trim()
      .optional()
      .default("Clinique dentaire <no-reply@localhost>"),
    CLINIC_NOTIFY_EMAIL: z.string().trim().email("adresse e-mail invalide").optional(),
    SESSION_SECRET: z
      .string()
      .optional()
      .refine((v) => v === undefined || v === "" || v.length >= 32, "au moins 32 caractères"),
    ADMIN_EMAIL: z.string().trim().toLowerCase().email("adresse e-mail invalide").optional(),
    ADMIN_PASSWORD: z
      .string()
      .optional()
      .refine((v) => v === undefined || v === "" || v.length >= 10, "au moins 10 caractères"),
    SEED_DEMO: boolish(true),
    UPLOAD_DIR: z.string().trim().optional().default("./data/uploads"),
    DATA_DIR: z.string().trim().optional().default("./data"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional().default("info"),
    // Rate limits (per IP, fixed window). Tests lower or raise them.
    RATE_LIMIT_FORM_MAX: int(10, 1),
    RATE_LIMIT_FORM_WINDOW_MS: int(10 * 60 * 1000, 1000),
    LOGIN_THROTTLE_FREE_ATTEMPTS: int(5, 1),
    LOGIN_THROTTLE_BASE_DELAY_MS: int(1000, 0),
    LOGIN_THROTTLE_MAX_DELAY_MS: int(15 * 60 * 1000, 0),
    // login throttling, docs/decisions/005-login-throttle.md: FREE_ATTEMPTS per account and address,
    // these two per account from every address (known devices pass it) and per address for every account
    LOGIN_THROTTLE_ACCOUNT_FREE_ATTEMPTS: int(20, 1),
    LOGIN_THROTTLE_IP_FREE_ATTEMPTS: int(20, 1),
    // the personal link /rdv/<token>: wrong tokens allowed per address and window (app/.server/personal-link.ts)
    RDV_LINK_MISS_MAX: int(20, 1),
    RDV_LINK_MISS_WINDOW_MS: int(15 * 60 * 1000, 1000),
    // the waiting list (app/.server/waitlist.ts): how long an offer of a freed slot holds, and to how many at once
    WAITLIST_OFFER_HOURS: int(2, 1, 72),
    WAITLIST_OFFER_BATCH: int(5, 1, 50),
    // the outbox worker (app/.server/mail.ts): how long a claimed message is its own, and how often it looks
    OUTBOX_LEASE_MS: int(5 * 60 * 1000, 1000),
    OUTBOX_POLL_MS: int(30_000, 200),
    HEARTBEAT_INTERVAL_MS: int(259200000, 1000),
    // the page cache of the public pages (server/page-cache.js, docs/architecture.md "Page cache"):
    // on by default; how many pages it holds per process, and how often a PostgreSQL server reads the
    // content version besides the notifications (another server's change shows within this delay)
    PAGE_CACHE: boolish(true),
    PAGE_CACHE_MAX_PAGES: int(500, 1, 100_000),
    PAGE_CACHE_POLL_MS: int(1000, 100, 5000),
    // Backups of the SQLite database and the uploads (app/.server/backup.ts); unset: DATA_DIR/backups.
    BACKUP_DIR: z.string().trim().optional(),
    BACKUP_KEEP: int(14, 1, 1000),
    BACKUP_DAILY: boolish(true),
    BACKUP_HOUR: int(3, 0, 23),
  })
  .transform((c) => ({
    ...c,
    ADMIN_PASSWORD: c.ADMIN_PASSWORD || undefined,
    SESSION_SECRET: c.SESSION_SECRET || undefined,
    BACKUP_DIR: c.BACKUP_DIR || `${c.DATA_DIR.replace(/\/+$/, "")}/backups`,
  }));

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {}

export function formatConfigError(error: z.ZodError): string {
  const parts = error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  return `Configuration invalide — ${parts.join("; ")}`;
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (!result.success) throw new ConfigError(formatConfigError(result.error));
  return result.data;
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/**
 * The site's origin in canonical links, Open Graph, the sitemap, robots.txt and e-mails:
 * PUBLIC_URL, or http://localhost:PORT when it is unset (the start banner warns). Never the
 * request's Host header, which a visitor chooses and a page cache would spread.
 */
export function publicOrigin(config: Pick<Config, "PUBLIC_URL" | "PORT"> = getConfig()): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
}

/** For tests: forget the cached configuration so the next read uses process.env again. */
export function resetConfig() {
  cached = undefined;
}
