import fs from "node:fs";
import path from "node:path";
import madge from "madge";
import { describe, expect, test } from "vitest";

/**
 * The house rules of docs/architecture.md ("Where each feature lives"): no import circle in app/
 * or server/, and no server module (app/.server) importing from components/ (what both need lives
 * in app/lib). The SQL rule has its own test (app/.server/sql-layer.test.ts), the size of the
 * route modules too (app/routes.size.test.ts).
 */
const ROOT = path.resolve(import.meta.dirname, "..");

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name)).map((e) => path.join(e.parentPath, e.name));
}

describe("the house", () => {
  test("no import circle in app/ and server/", { timeout: 60_000 }, async () => {
    const graph = await madge([path.join(ROOT, "app"), path.join(ROOT, "server")], {
      baseDir: ROOT,
      fileExtensions: ["ts", "tsx", "js"],
      tsConfig: path.join(ROOT, "tsconfig.json"),
      excludeRegExp: [/\.test\.tsx?$/, /\.react-router\//],
      detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
    });
    // the graph really is the app's: it sees the root and the server's entry
    expect(Object.keys(graph.obj())).toEqual(expect.arrayContaining(["app/root.tsx", "server/app.js"]));
    expect(graph.circular()).toEqual([]);
  });

  test("no module of app/.server imports from components/", () => {
    const offenders = filesUnder(path.join(ROOT, "app/.server"))
      .filter((f) => !/\.test\.tsx?$/.test(f))
      .flatMap((f) =>
        fs
          .readFileSync(f, "utf8")
          .split("\n")
          .filter((line) => /^\s*(import|export)\b.*from\s+["'](~\/components\/|(\.\.\/)+components\/)/.test(line))
          .map((line) => `${path.relative(ROOT, f)}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
