import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

/**
 * House rule (docs/decisions/029-arabic.md): the shared components lay out through logical
 * properties — ms-/me-, ps-/pe-, start-/end-, text-start/end, rounded-s/e, border-s/e — so that
 * an Arabic page (dir=rtl) is mirrored and a French one unchanged. A physical left/right class
 * in app/components (the staff's app/components/admin aside) is refused here.
 */
const DIR = import.meta.dirname;

/** A Tailwind utility, variants removed ("md:hover:ml-2" → "ml-2"), that names a physical side. */
const PHYSICAL =
  /^-?(?:ml|mr|pl|pr|left|right|scroll-ml|scroll-mr|scroll-pl|scroll-pr)-\S+$|^(?:text-left|text-right|float-left|float-right|clear-left|clear-right)$|^(?:rounded-(?:tl|tr|bl|br|l|r)|border-(?:l|r))(?:-\S+)?$/;
const TOKEN = /(?<=[\s"'`{])([\w[\]:./%!&>*()@=-]+)(?=[\s"'`}])/g;

/** "md:hover:ml-2" → "ml-2" (a ':' inside brackets is part of the utility). */
function utilityOf(token: string): string {
  let depth = 0;
  let last = -1;
  for (let i = 0; i < token.length; i++) {
    const c = token[i];
    if (c === "[") depth++;
    else if (c === "]") depth--;
    else if (c === ":" && depth === 0) last = i;
  }
  return token.slice(last + 1);
}

function physicalClasses(source: string): string[] {
  return [...source.matchAll(TOKEN)].map((m) => m[1]).filter((t) => PHYSICAL.test(utilityOf(t)));
}

function sharedComponents(): string[] {
  return fs
    .readdirSync(DIR, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => !path.relative(DIR, f).startsWith(`admin${path.sep}`));
}

describe("logical classes in the shared components", () => {
  test("the detector knows a physical class from a logical one", () => {
    expect(physicalClasses(`className="ml-2 md:pr-4 -left-24 text-right rounded-l-xl border-r hover:right-[3px]"`)).toEqual([
      "ml-2",
      "md:pr-4",
      "-left-24",
      "text-right",
      "rounded-l-xl",
      "border-r",
      "hover:right-[3px]",
    ]);
    expect(physicalClasses(`className="ms-2 md:pe-4 -start-24 text-start rounded-s-xl border-e px-4 inset-x-0 left right"`)).toEqual([]);
    // words of a text are not classes
    expect(physicalClasses(`aria-label="Image de gauche" position="top-right"`)).toEqual([]);
  });

  test("no physical left/right class in app/components outside admin", () => {
    const found = sharedComponents().flatMap((f) => physicalClasses(fs.readFileSync(f, "utf8")).map((c) => `${path.relative(DIR, f)}: ${c}`));
    expect(found).toEqual([]);
  });
});
