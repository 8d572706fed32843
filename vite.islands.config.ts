import fs from "node:fs";
import path from "node:path";
import type { PluginContext } from "rollup";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * The islands' build (issue 27), run after `react-router build` (npm run build): one module entry
 * per island (app/islands/<name>.client.tsx), React and React DOM in a chunk they share, written
 * with hashed names under the client's assets (<BUILD_DIR>/client/assets/islands/) with the
 * manifest the server reads (app/.server/islands.ts) to write each island's script tag.
 */
const ISLANDS = path.resolve(import.meta.dirname, "app/islands");
const entries = Object.fromEntries(
  fs
    .readdirSync(ISLANDS)
    .filter((f) => f.endsWith(".client.tsx"))
    .map((f) => [f.replace(/\.client\.tsx$/, ""), path.join(ISLANDS, f)]),
);

// our icons' runtime (lucide-icon.ts), and of lucide's icons the cross (x.mjs), which every island draws (a
// dialog's or a message's 'Fermer'), and the calendar's check, which three of the four draw: alone in a
// chunk each cost its pages a file, about 0.12 KiB gzip
const SHARED_BY_EVERY_ISLAND = /node_modules\/(react|react-dom|scheduler)\/|node_modules\/lucide-react\/dist\/esm\/(?!icons\/(?!(x|calendar-check)\.mjs$)|lucide-react\.mjs)|app\/islands\/(hydrate\.tsx|lucide-icon\.ts)$/;

// lucide's icons drawn by a small createLucideIcon of ours (app/islands/lucide-icon.ts), not by the
// package's runtime: the same markup, about 1 KiB gzip less on every island page
const LUCIDE_ICON = path.join(ISLANDS, "lucide-icon.ts");
const lucideIcon = {
  name: "islands-lucide-icon",
  enforce: "pre" as const,
  resolveId(source: string, importer: string | undefined) {
    return importer && /createLucideIcon\.mjs$/.test(source) && /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(importer) ? LUCIDE_ICON : null;
  },
};

// Each island's own modules (the form, its fields, its icons…) are bundled into its one file, even
// those another island uses too: a module shared by two islands is read once per island, as its own
// copy (`<file>?island=<name>`), so that Rollup makes no shared chunk of it. A page loads one
// island: two files (React's, its island's) compress better than five (1.9 KiB gzip less on
// /appointment, whose shared pieces were four chunks); the copies cost nothing to any page.
const SUFFIX = /\?island=([\w-]+)$/;
const ENTRY_NAMES = new Map(Object.entries(entries).map(([name, file]) => [file, name]));
const ownCopies = {
  name: "islands-own-copies",
  enforce: "pre" as const,
  async resolveId(this: PluginContext, source: string, importer: string | undefined, options: { attributes: Record<string, string>; isEntry: boolean }) {
    if (!importer) return null;
    const island = importer.match(SUFFIX)?.[1] ?? ENTRY_NAMES.get(importer);
    if (!island) return null;
    const resolved = await this.resolve(source, importer.replace(SUFFIX, ""), { ...options, skipSelf: true });
    if (!resolved || resolved.external || resolved.id.startsWith("\0") || resolved.id.includes("?") || SHARED_BY_EVERY_ISLAND.test(resolved.id)) return resolved;
    return { ...resolved, id: `${resolved.id}?island=${island}` };
  },
};

export default defineConfig({
  plugins: [lucideIcon, ownCopies, tsconfigPaths()],
  base: "/assets/islands/",
  publicDir: false,
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: path.resolve(process.env.BUILD_DIR ?? "build", "client/assets/islands"),
    emptyOutDir: true,
    assetsDir: "",
    manifest: "manifest.json",
    target: "es2020",
    // terser rather than esbuild: about 1 KiB gzip less on an island page (React 0.6, the booking
    // form 0.3), which the 80 KiB budget of an island page needs (docs/decisions/020)
    minify: "terser",
    // React's CommonJS modules inlined as they are, without a lazy-require wrapper each (0.15 KiB)
    commonjsOptions: { strictRequires: false },
    terserOptions: { ecma: 2020, module: true, compress: { passes: 3, pure_getters: true } },
    modulePreload: false,
    rollupOptions: {
      input: entries,
      preserveEntrySignatures: false,
      output: {
        entryFileNames: "[name]-[hash].js",
        chunkFileNames: "[name]-[hash].js",
        // what every island page loads is one file: React, the hydration helper and lucide's icon runtime
        // (not its icons): a file less per page, each costing its own gzip header and imports
        manualChunks: (id) => (SHARED_BY_EVERY_ISLAND.test(id) ? "react" : undefined),
      },
    },
  },
});
