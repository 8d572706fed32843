/**
 * npm run staff:create -- [e-mail]
 *
 * Adds a staff account. The e-mail comes from the first argument or STAFF_EMAIL; the password
 * from STAFF_PASSWORD or, when absent, from a hidden prompt (asked twice). Runs the database
 * migrations first. Prints clear French messages; exits with a non-zero code on any error.
 */
import { realpathSync } from "node:fs";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { createStaffAccount, MIN_PASSWORD_LENGTH } from "../app/.server/auth";
import { ConfigError, getConfig } from "../app/.server/config";
import { openDb, type Db } from "../app/.server/db/connection";
import { migrateToLatest } from "../app/.server/db/migrations";

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

const USAGE = "Utilisation : npm run staff:create -- adresse@exemple.dz   (mot de passe dans STAFF_PASSWORD ou demandé à l'écran)";

/** Returns the process exit code. */
export async function runStaffCreate(io: StaffCreateIo): Promise<number> {
  const args = io.argv.filter((a) => a !== "--");
  if (args.includes("--help") || args.includes("-h")) {
    io.out(USAGE);
    return 0;
  }
  const rawEmail = args[0] ?? io.env.STAFF_EMAIL ?? "";
  if (!rawEmail.trim()) {
    io.err("Erreur : indiquez l'adresse e-mail du compte.");
    io.err(USAGE);
    return 2;
  }
  const email = emailSchema.safeParse(rawEmail);
  if (!email.success) {
    io.err(`Erreur : « ${rawEmail.trim()} » n'est pas une adresse e-mail valide.`);
    return 2;
  }

  let password = io.env.STAFF_PASSWORD;
  if (!password) {
    if (!io.askSecret) {
      io.err("Erreur : aucun mot de passe fourni. Définissez STAFF_PASSWORD ou lancez la commande dans un terminal.");
      return 2;
    }
    password = await io.askSecret(`Mot de passe pour ${email.data} (au moins ${MIN_PASSWORD_LENGTH} caractères) : `);
    const again = await io.askSecret("Confirmez le mot de passe : ");
    if (password !== again) {
      io.err("Erreur : les deux saisies du mot de passe ne correspondent pas. Aucun compte créé.");
      return 2;
    }
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    io.err(`Erreur : le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères. Aucun compte créé.`);
    return 2;
  }

  let h = io.db;
  const ownDb = !h;
  try {
    if (!h) h = openDb(getConfig().DATABASE_URL);
    await migrateToLatest(h.db, h.engine);
    const user = await createStaffAccount(h, email.data, password);
    io.out(`Compte du personnel créé : ${user.email}`);
    io.out("Il peut se connecter dès maintenant sur la page /login du site.");
    return 0;
  } catch (err) {
    if (err instanceof ConfigError) io.err(err.message);
    else if (err instanceof Error && /Un compte existe déjà/.test(err.message)) io.err(`Erreur : ${err.message} Aucun compte créé.`);
    else io.err(`Erreur : le compte n'a pas pu être créé (${err instanceof Error ? err.message : String(err)}).`);
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
    console.error(`Erreur : ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  });
  process.exit(code);
}
