/**
 * npm run staff:create -- [e-mail] [--role admin|dentist|assistant] [--name "Nom"]
 * npm run staff:create -- [e-mail] --reset
 *
 * Adds a staff account (role `admin` unless --role says otherwise). The e-mail comes from the
 * first argument, --email or STAFF_EMAIL; the password from STAFF_PASSWORD or, when absent, from a
 * hidden prompt (asked twice).
 *
 * Recovery (--reset), for an administrator locked out (password forgotten, phone lost): a new
 * one-time password is printed once (to change at the next sign-in), two-factor sign-in is
 * cleared (secret, recovery codes, trusted devices) and every session of the account ends. Both
 * are written to the audit log as done from the command line.
 *
 * Runs the database migrations first. Prints clear French messages; exits with a non-zero code on
 * any error.
 */
import { realpathSync } from "node:fs";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { generatePassword, hashPassword, MIN_PASSWORD_LENGTH } from "../app/.server/auth";
import { ConfigError, getConfig } from "../app/.server/config";
import { openDb, type Db } from "../app/.server/db/connection";
import { migrateToLatest } from "../app/.server/db/migrations";
import { createAccount, findStaffByEmail, resetPassword, resetTwoFactor } from "../app/.server/repos/staff";
import { isRole, ROLE_LABELS, type Role } from "../app/lib/permissions";
import { PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG } from "../app/lib/login-schema";

export interface StaffCreateIo {
  argv: string[];
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** asks for a secret without echoing it; undefined when no terminal is available */
  askSecret?: (question: string) => Promise<string>;
  /** a database handle to use instead of opening DATABASE_URL (tests) */
  db?: Db;
}

const emailSchema = z.string().trim().toLowerCase().pipe(z.email());

const USAGE = [
  "Utilisation : npm run staff:create -- adresse@exemple.dz   (mot de passe dans STAFF_PASSWORD ou demandé à l'écran)",
  "  --role admin|dentist|assistant   rôle du nouveau compte (admin par défaut)",
  "  --name \"Dr Exemple\"              nom affiché dans l'équipe (facultatif)",
  "  --reset                          compte existant : nouveau mot de passe à usage unique, double authentification effacée, sessions fermées",
].join("\n");

interface Options {
  email?: string;
  role?: string;
  name?: string;
  reset: boolean;
  help: boolean;
  unknown?: string;
}

/** The arguments: one address, and the options (`--role x` or `--role=x`). */
function parseArgs(argv: string[]): Options {
  const o: Options = { reset: false, help: false };
  const args = argv.filter((a) => a !== "--");
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const [flag, inline] = a.startsWith("--") && a.includes("=") ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a, undefined];
    const value = () => inline ?? args[++i];
    if (flag === "--help" || flag === "-h") o.help = true;
    else if (flag === "--reset") o.reset = true;
    else if (flag === "--role") o.role = value() ?? "";
    else if (flag === "--name") o.name = value() ?? "";
    else if (flag === "--email") o.email = value() ?? "";
    else if (a.startsWith("-")) o.unknown ??= a;
    else o.email ??= a;
  }
  return o;
}

/** Returns the process exit code. */
export async function runStaffCreate(io: StaffCreateIo): Promise<number> {
  const opts = parseArgs(io.argv);
  if (opts.help) {
    io.out(USAGE);
    return 0;
  }
  if (opts.unknown) {
    io.err(`Erreur : option inconnue « ${opts.unknown} ».`);
    io.err(USAGE);
    return 2;
  }
  const rawEmail = opts.email ?? io.env.STAFF_EMAIL ?? "";
  if (!rawEmail.trim()) {
    io.err("Erreur : indiquez l'adresse e-mail du compte.");
    io.err(USAGE);
    return 2;
  }
  const email = emailSchema.safeParse(rawEmail);
  if (!email.success) {
    io.err(`Erreur : « ${rawEmail.trim()} » n'est pas une adresse e-mail valide.`);
    return 2;
  }
  if (opts.reset) {
    if (opts.role !== undefined || opts.name !== undefined) {
      io.err("Erreur : --reset ne change ni le rôle ni le nom ; changez-les sur la page Équipe.");
      return 2;
    }
    return withDb(io, "la réinitialisation n'a pas abouti", (h) => recover(io, h, email.data));
  }
  const role = opts.role ?? "admin";
  if (!isRole(role)) {
    io.err(`Erreur : rôle inconnu « ${role} ». Choisissez admin (Administrateur), dentist (Dentiste) ou assistant (Assistant(e)).`);
    return 2;
  }
  const name = opts.name?.trim() ? opts.name.trim().slice(0, 120) : null;

  let password = io.env.STAFF_PASSWORD;
  if (!password) {
    if (!io.askSecret) {
      io.err("Erreur : aucun mot de passe fourni. Définissez STAFF_PASSWORD ou lancez la commande dans un terminal.");
      return 2;
    }
    password = await io.askSecret(`Mot de passe pour ${email.data} (au moins ${MIN_PASSWORD_LENGTH} caractères) : `);
    const again = await io.askSecret("Confirmez le mot de passe : ");
    if (password !== again) {
      io.err("Erreur : les deux saisies du mot de passe ne correspondent pas. Aucun compte créé.");
      return 2;
    }
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    io.err(`Erreur : le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères. Aucun compte créé.`);
    return 2;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    io.err(`Erreur : ${PASSWORD_TOO_LONG} Aucun compte créé.`);
    return 2;
  }
  const typed = password;
  return withDb(io, "le compte n'a pas pu être créé", async (h) => {
    // the password was chosen by whoever runs the command: no change is required at sign-in
    const created = await createAccount(h, null, { email: email.data, name, role, passwordHash: await hashPassword(typed), mustChangePassword: false });
    if (!created.ok) {
      io.err(`Erreur : Un compte existe déjà pour ${email.data}. Aucun compte créé.`);
      return 1;
    }
    io.out(`Compte du personnel créé : ${created.user.email}`);
    io.out(`Rôle : ${ROLE_LABELS[role as Role]}.`);
    io.out("Il peut se connecter dès maintenant sur la page /login du site.");
    return 0;
  });
}

/** --reset: a new one-time password, printed once; two-factor sign-in cleared; every session ended. */
async function recover(io: StaffCreateIo, h: Db, email: string): Promise<number> {
  const user = await findStaffByEmail(h, email);
  if (!user) {
    io.err(`Erreur : aucun compte pour ${email}. Rien n'a été modifié.`);
    return 1;
  }
  const id = Number(user.id);
  const password = generatePassword();
  const reset = await resetPassword(h, null, id, await hashPassword(password));
  if (!reset.ok) {
    io.err(`Erreur : aucun compte pour ${email}. Rien n'a été modifié.`);
    return 1;
  }
  const twoFactor = await resetTwoFactor(h, null, id);
  io.out(`Mot de passe réinitialisé pour ${user.email} (${isRole(user.role) ? ROLE_LABELS[user.role] : user.role}).`);
  io.out(`Mot de passe à usage unique : ${password}`);
  io.out("Il ne sera plus affiché. Il devra être remplacé à la première connexion sur la page /login du site.");
  io.out(
    twoFactor.ok
      ? "Double authentification effacée (application, codes de secours et appareils de confiance) : elle sera configurée de nouveau à la connexion."
      : "La double authentification n'était pas configurée pour ce compte.",
  );
  io.out("Toutes les sessions ouvertes de ce compte sont fermées.");
  if (user.disabled_at !== null) io.out("Attention : ce compte est désactivé ; un administrateur peut le réactiver sur la page Équipe.");
  return 0;
}

/** Open the database (unless the test gave one), migrate, run, close; a failure is one French line. */
async function withDb(io: StaffCreateIo, failure: string, run: (h: Db) => Promise<number>): Promise<number> {
  let h = io.db;
  const ownDb = !h;
  try {
    if (!h) h = openDb(getConfig().DATABASE_URL);
    await migrateToLatest(h.db, h.engine);
    return await run(h);
  } catch (err) {
    if (err instanceof ConfigError) io.err(err.message);
    else io.err(`Erreur : ${failure} (${err instanceof Error ? err.message : String(err)}).`);
    return 1;
  } finally {
    if (ownDb && h) await h.close();
  }
}

/** A prompt that does not echo what is typed (the terminal's own echo is muted). */
function terminalSecret(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const rlWithOutput = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WritableStream };
    let muted = false;
    rlWithOutput._writeToOutput = (s: string) => {
      if (!muted) rlWithOutput.output.write(s);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    muted = true;
    rl.on("SIGINT", () => {
      rl.close();
      process.stdout.write("\n");
      reject(new Error("Saisie interrompue."));
    });
  });
}

function isMain(): boolean {
  if (!process.argv[1]) return false;
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const code = await runStaffCreate({
    argv: process.argv.slice(2),
    env: process.env,
    out: (l) => console.log(l),
    err: (l) => console.error(l),
    askSecret: process.stdin.isTTY ? terminalSecret : undefined,
  }).catch((err: unknown) => {
    console.error(`Erreur : ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  });
  process.exit(code);
}
