import { reactRouter } from "@react-router/dev/vite";
import { minify } from "terser";
import tailwindcss from "@tailwindcss/vite";
import { build } from "esbuild";
import fs from "node:fs/promises";
import { readdirSync, readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";
import { defineConfig, transformWithEsbuild, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * `import source from "./file.js?inline-script"`: the file's text, minified, as a string, for a
 * script the server writes into the page. A TypeScript file (app/site/chrome.ts, the page
 * chrome) is bundled with its imports into one classic script (IIFE), also written as a hashed
 * file of the browser's build whose address is `url` (null in development).
 */
function inlineScript(): Plugin {
  const SUFFIX = "?inline-script";
  return {
    name: "inline-script",
    enforce: "pre",
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -SUFFIX.length);
      this.addWatchFile(file);
      if (!file.endsWith(".ts")) {
        const { code } = await transformWithEsbuild(await fs.readFile(file, "utf8"), file, { loader: "js", minify: true, target: "es2020", charset: "utf8" });
        return `export default ${JSON.stringify(code.trim())};\nexport const url = null;`;
      }
      const out = await build({ entryPoints: [file], bundle: true, format: "iife", minify: true, write: false, target: "es2020", charset: "utf8", metafile: true, logLevel: "silent" });
      for (const input of Object.keys(out.metafile.inputs)) this.addWatchFile(path.resolve(input));
      // terser after esbuild: about 0.2 KiB gzip less on every page (the islands' build does the same)
      const { code: minified } = await minify(out.outputFiles[0].text, { ecma: 2020, compress: { passes: 3, pure_getters: true }, format: { ascii_only: false } });
      const code = (minified ?? "").trim();
      // the same text as a hashed file of the browser's build (`url`; none in development), for
      // pages that load it instead of carrying it (the staff pages: ADR 030)
      const fileName = `assets/${path.basename(file).replace(/\.ts$/, "")}-${createHash("sha256").update(code).digest("base64url").slice(0, 10)}.js`;
      const built = this.environment?.config.command === "build";
      if (built && this.environment.name === "client") this.emitFile({ type: "asset", fileName, source: code });
      return `export default ${JSON.stringify(code)};\nexport const url = ${JSON.stringify(built ? `/${fileName}` : null)};`;
    },
  };
}

/**
 * React Router gives every route module a browser entry, a resource route's too (an export, a PDF,
 * robots.txt, logout: a loader or an action and no component), whose browser module is then empty,
 * and Rollup warns "Generated an empty chunk" for each (remix-run/remix#9055, closed without a fix;
 * React Router 7 still does it). The manifest needs those entries, so they stay; the warning is
 * left out for them only, found by their file having no default export: any other empty chunk
 * (a page or a component that lost its code) still warns.
 */
export function resourceRouteChunks(routesDir = path.resolve(import.meta.dirname, "app/routes")): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(routesDir)) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    if (/^export default\b/m.test(readFileSync(path.join(routesDir, file), "utf8"))) continue;
    // Rollup's chunk name: the file's name without its extension, other characters than [\w.-] as "_"
    names.add(file.replace(/\.tsx?$/, "").replace(/[^\w.-]/g, "_"));
  }
  return names;
}
const RESOURCE_ROUTE_CHUNKS = resourceRouteChunks();

export default defineConfig({
  plugins: [inlineScript(), tailwindcss(), reactRouter(), tsconfigPaths()],
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      onwarn(warning, warn) {
        if (warning.code === "EMPTY_BUNDLE" && warning.names?.length && warning.names.every((n) => RESOURCE_ROUTE_CHUNKS.has(n))) return;
        warn(warning);
      },
    },
  },
});
