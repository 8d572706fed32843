import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findTypographyIssues, fixTypography, NARROW_NBSP } from "./typography";

const ROOT = path.resolve(import.meta.dirname, "..");

describe("French typography of the project's texts (issue 30)", () => {
  it("every text of app/ has a narrow no-break space before : ; ! ? and inside « » (npm run typography -- --fix)", () => {
    expect(findTypographyIssues(ROOT)).toEqual([]);
  });

  it("finds and fixes texts, JSX and templates, and leaves code, times, addresses, SPEC's texts and SMS alone", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "typography-"));
    try {
      fs.mkdirSync(path.join(dir, "app"));
      const file = path.join(dir, "app", "page.tsx");
      fs.writeFileSync(
        file,
        [
          'export const a = "Lieu : Kouba ; entrée libre !";',
          "export const b = `Vraiment ? ${a} « oui »`;",
          "export const C = () => <p>Attention : c'est fermé</p>;",
          'export const d = x ? "09:00" : "https://clinique.example/rdv?x=1";',
          'export const e = "Formation créée avec succès !";',
          "// typography-ignore: an SMS",
          'export const f = "RDV : {lien}";',
          'export const g = db.prepare("select id from formations where id = ?");',
        ].join("\n"),
      );
      expect(findTypographyIssues(dir).map((f) => f.line)).toEqual([1, 2, 2, 3]); // the template's head and tail
      expect(fixTypography(dir)).toBe(4);
      const fixed = fs.readFileSync(file, "utf8").split("\n");
      expect(fixed[0]).toBe(`export const a = "Lieu${NARROW_NBSP}: Kouba${NARROW_NBSP}; entrée libre${NARROW_NBSP}!";`);
      expect(fixed[1]).toBe(`export const b = \`Vraiment${NARROW_NBSP}? \${a} «${NARROW_NBSP}oui${NARROW_NBSP}»\`;`);
      expect(fixed[2]).toBe(`export const C = () => <p>Attention${NARROW_NBSP}: c'est fermé</p>;`);
      expect(fixed.slice(3)).toEqual([
        'export const d = x ? "09:00" : "https://clinique.example/rdv?x=1";',
        'export const e = "Formation créée avec succès !";',
        "// typography-ignore: an SMS",
        'export const f = "RDV : {lien}";',
        'export const g = db.prepare("select id from formations where id = ?");',
      ]);
      expect(findTypographyIssues(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
