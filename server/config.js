// The server's own configuration, validated like the app's (app/.server/config.ts).
//
// Why two places: the server must know where the build is (BUILD_DIR) before it can load it,
// and the app's getConfig() only exists once the build is loaded. So this file validates the few
// values needed before that (the build folder, the --dev flag); everything else (PORT, HOST,
// LOG_LEVEL, TRUST_PROXY, UPLOAD_DIR, PUBLIC_URL…) is read from the build's getConfig(), the one
// validated configuration of the app. server/ never reads process.env anywhere else (env.js only
// sets NODE_ENV's default before React loads).
import path from "node:path";
import { z } from "zod";

const schema = z.object({
  BUILD_DIR: z.string().trim().min(1, { error: "chemin vide" }).optional().default("build"),
});

/**
 * @typedef {object} ServerConfig
 * @property {string} buildDir  absolute path of the build (its server/ and client/ folders)
 * @property {boolean} dev      `--dev`: Vite in middleware mode instead of a build
 */

/**
 * @param {Record<string, string | undefined>} env
 * @param {readonly string[]} argv
 * @returns {ServerConfig}
 * @throws {Error} one line, in the app's format, when a value is invalid
 */
export function parseServerConfig(env, argv) {
  const result = schema.safeParse({ BUILD_DIR: env.BUILD_DIR || undefined });
  if (!result.success) {
    const parts = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Configuration invalide — ${parts.join("; ")}`);
  }
  return { buildDir: path.resolve(result.data.BUILD_DIR), dev: argv.includes("--dev") };
}
