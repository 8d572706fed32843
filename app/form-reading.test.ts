import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Every form is read through app/lib/form-body.ts (readForm for the actions): no `.formData()` call anywhere else. */
const ROOTS = ["app/routes", "app/.server"];
const HELPER = "app/lib/form-body.ts";
/** a call (`x.formData()`, over lines too), not the `navigation.formData` property */
const CALL = /\.\s*formData\s*\(/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("form reading", () => {
  it("finds the sources it checks, and the helper reads the body", () => {
    expect(sources("app/routes").length).toBeGreaterThan(20);
    expect(CALL.test(readFileSync(HELPER, "utf8"))).toBe(true);
  });

  it("no route or server module calls formData() itself", () => {
    const offenders = ROOTS.flatMap(sources).filter((file) => CALL.test(readFileSync(file, "utf8")));
    expect(offenders).toEqual([]);
  });
});
