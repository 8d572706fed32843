/**
 * npx tsx scripts/staff-icons.ts [--check]
 *
 * Writes the staff icons (app/components/admin/sprite-icon.tsx): from the names the staff files
 * import from "~/components/admin/icons", the module of those components
 * (app/components/admin/icons.ts) and the sprite of their Lucide drawings
 * (app/components/admin/icons.svg), read from lucide-react's own icon data. `--check` changes
 * nothing and fails when either file is not the one these imports need (a unit test runs it).
 */
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const MODULE = "app/components/admin/icons.ts";
const SPRITE = "app/components/admin/icons.svg";
const LUCIDE = path.join(ROOT, "node_modules/lucide-react/dist/esm");

function staffFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(e.name)) out.push(rel);
    }
  };
  walk("app/components/admin");
  for (const f of fs.readdirSync(path.join(ROOT, "app/routes"))) if (f.startsWith("admin")) out.push(path.join("app/routes", f));
  return out.sort();
}

/** The icon names imported from the staff icons' module, in every staff file. */
export function usedIcons(): string[] {
  const names = new Set<string>();
  for (const file of staffFiles()) {
    const text = fs.readFileSync(path.join(ROOT, file), "utf8");
    for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"~\/components\/admin\/icons"/g)) {
      for (const part of m[1].split(",")) {
        const name = part.trim().split(/\s+as\s+/)[0];
        // `type StaffIcon`: a type, not an icon
        if (name && /^[A-Z]/.test(name) && !name.startsWith("type ")) names.add(name);
      }
    }
  }
  return [...names].sort();
}

/** lucide-react's export name → its icon file (aliases included). */
function lucideFiles(): Map<string, string> {
  const index = fs.readFileSync(path.join(LUCIDE, "lucide-react.mjs"), "utf8");
  const map = new Map<string, string>();
  for (const m of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs';/g)) {
    for (const part of m[1].split(",")) {
      const alias = /default as (\w+)/.exec(part.trim());
      if (alias) map.set(alias[1], m[2]);
    }
  }
  return map;
}

type Node = [string, Record<string, string>][];

async function drawing(file: string): Promise<Node> {
  const mod = (await import(path.join(LUCIDE, "icons", `${file}.mjs`))) as { __iconData: { node: Node } };
  return mod.__iconData.node;
}

const attr = (v: string) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

export async function generate(): Promise<{ module: string; sprite: string }> {
  const names = usedIcons();
  const files = lucideFiles();
  const symbols: string[] = [];
  const exports: string[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    const file = files.get(name);
    if (!file) throw new Error(`${name}: not an icon of lucide-react`);
    exports.push(`export const ${name} = spriteIcon("${file}", "${name}");`);
    if (seen.has(file)) continue;
    seen.add(file);
    const parts = (await drawing(file)).map(([tag, attrs]) => `<${tag} ${Object.entries(attrs).filter(([k]) => k !== "key").map(([k, v]) => `${k}="${attr(v)}"`).join(" ")}/>`);
    symbols.push(`<symbol id="${file}" viewBox="0 0 24 24">${parts.join("")}</symbol>`);
  }
  const module = [
    "// Written by scripts/staff-icons.ts from the staff files' imports: run it after adding an icon.",
    'import { spriteIcon } from "./sprite-icon";',
    "",
    'export type { StaffIcon } from "./sprite-icon";',
    ...exports,
    "",
  ].join("\n");
  const sprite = `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
  return { module, sprite };
}

async function main() {
  const { module, sprite } = await generate();
  const check = process.argv.includes("--check");
  const stale = [
    [MODULE, module],
    [SPRITE, sprite],
  ].filter(([file, text]) => !fs.existsSync(path.join(ROOT, file)) || fs.readFileSync(path.join(ROOT, file), "utf8") !== text);
  if (check) {
    if (stale.length) {
      console.error(`Staff icons out of date: ${stale.map(([f]) => f).join(", ")}. Run: npx tsx scripts/staff-icons.ts`);
      process.exitCode = 1;
    }
    return;
  }
  for (const [file, text] of stale) fs.writeFileSync(path.join(ROOT, file), text);
  console.log(`${usedIcons().length} staff icons; ${stale.length ? `written: ${stale.map(([f]) => f).join(", ")}` : "up to date"}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
