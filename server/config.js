// The server's own configuration, validated like the app's (app/.server/config.ts).
//
// Why two places: the server must know where the build is (BUILD_DIR) before it can load it,
// and the app's getConfig() only exists once the build is loaded. So this file validates the few
// values needed before that (the build folder, the --dev flag); everything else (PORT, HOST,
// LOG_LEVEL, TRUST_PROXY, UPLOAD_DIR, PUBLIC_URL…) is read from the build's getConfig(), the one
// validated configuration of the app. server/ never reads process.env anywhere else (env.js only
// sets NODE_ENV's default before React loads).
import os from "node:os";
import path from "node:path";
import { z } from "zod";

/** At most this many HTTP worker processes (WORKERS). */
export const MAX_WORKERS = 32;

const schema = z.object({
  BUILD_DIR: z.string().trim().min(1, { error: "chemin vide" }).optional().default("build"),
  // "auto": one per core; a number: that many; 1 (the default): one process, no cluster
  WORKERS: z
    .union([z.literal("auto"), z.coerce.number().int({ error: "nombre entier attendu" }).min(1, { error: "au moins 1" }).max(MAX_WORKERS, { error: `au plus ${MAX_WORKERS}` })], {
      error: `« auto » ou un nombre de 1 à ${MAX_WORKERS}`,
    })
    .optional()
    .default(1),
});

/**
 * @typedef {object} ServerConfig
 * @property {string} buildDir  absolute path of the build (its server/ and client/ folders)
 * @property {boolean} dev      `--dev`: Vite in middleware mode instead of a build
 * @property {number} workers   HTTP worker processes (WORKERS; always 1 with --dev)
 */

/**
 * @param {Record<string, string | undefined>} env
 * @param {readonly string[]} argv
 * @returns {ServerConfig}
 * @throws {Error} one line, in the app's format, when a value is invalid
 */
export function parseServerConfig(env, argv) {
  const result = schema.safeParse({ BUILD_DIR: env.BUILD_DIR || undefined, WORKERS: env.WORKERS?.trim() || undefined });
  if (!result.success) {
    const parts = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Configuration invalide — ${parts.join("; ")}`);
  }
  const dev = argv.includes("--dev");
  const wanted = result.data.WORKERS === "auto" ? os.availableParallelism() : result.data.WORKERS;
  return { buildDir: path.resolve(result.data.BUILD_DIR), dev, workers: dev ? 1 : Math.min(wanted, MAX_WORKERS) };
}
