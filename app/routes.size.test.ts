import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** A route module is the loader, the action's entry and the screen's wiring: at most 250 lines (docs/architecture.md, "Forms"). */
const ROOT = "app/routes";
const MAX_LINES = 250;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? files(file) : [file];
  });
}

/** Lines as `wc -l` counts them: a last line without its newline still counts. */
function lineCount(file: string): number {
  const text = readFileSync(file, "utf8");
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

describe("route module size", () => {
  it("finds the route modules", () => {
    expect(files(ROOT).length).toBeGreaterThan(20);
  });

  it(`no file under ${ROOT}/ is over ${MAX_LINES} lines`, () => {
    const over = files(ROOT)
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines (at most ${MAX_LINES})`);
    expect(over).toEqual([]);
  });
});
