import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { IslandScripts } from "~/lib/root-data";

/** Where the islands' build writes its files, under the client's assets (vite.islands.config.ts). */
export const ISLANDS_BASE = "/assets/islands/";

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
}

let memo: IslandScripts | undefined;

/**
 * The islands' file names (hashed) from the manifest of their build: `<build>/client/assets/islands/manifest.json`,
 * found beside the server's bundle (`<build>/server/index.js`) or under BUILD_DIR. Read once.
 * No manifest (the dev server, unit tests): no island script, the pages stay server HTML.
 */
export function islandScripts(): IslandScripts {
  if (memo) return memo;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, "../client/assets/islands/manifest.json"), path.resolve(process.env.BUILD_DIR ?? "build", "client/assets/islands/manifest.json")];
  const file = candidates.find((f) => fs.existsSync(f));
  if (!file) return (memo = {});
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
  const out: IslandScripts = {};
  for (const chunk of Object.values(manifest)) {
    if (!chunk.isEntry || !chunk.name) continue;
    const preload = new Set<string>();
    const walk = (keys: string[] | undefined) => {
      for (const key of keys ?? []) {
        const dep = manifest[key];
        if (!dep || preload.has(ISLANDS_BASE + dep.file)) continue;
        preload.add(ISLANDS_BASE + dep.file);
        walk(dep.imports);
      }
    };
    walk(chunk.imports);
    out[chunk.name] = { src: ISLANDS_BASE + chunk.file, preload: [...preload] };
  }
  return (memo = out);
}
