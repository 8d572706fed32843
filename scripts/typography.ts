/**
 * French typography in the texts the project wrote (issue 30): a narrow no-break space (U+202F)
 * before ':', ';', '!' and '?', and inside « », so that a line never starts with ': c'est' or
 * '; elle' on a phone. Looks at every string, template and JSX text of app/ and scripts/ (tests left out);
 * `npm run typography` lists what is wrong, `npm run typography -- --fix` writes the spaces. The
 * unit test scripts/typography.test.ts fails on anything it would fix.
 *
 * Left as they are:
 * - SPEC's own texts, to the letter (SPEC_TEXTS);
 * - SQL statements and their "?" placeholders;
 * - the migrations (app/.server/db/migration*.ts): history, what they stored is stored;
 * - a text on a line that says `typography-ignore` (or right under such a line), with its reason:
 *   an SMS, whose GSM alphabet has no narrow space (one would make it a Unicode SMS of 70
 *   characters a part instead of 160).
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export const NARROW_NBSP = "\u202f";

/** SPEC's texts with a plain space before their punctuation, kept to the letter. */
export const SPEC_TEXTS = [
  "Aucun blog pour le moment. Ajoutez le vôtre !",
  "Formation créée avec succès !",
  "Formation modifiée avec succès !",
  "Formation supprimée avec succès !",
  "Statut de l'inscription mis à jour !",
  "Êtes-vous sûr de vouloir supprimer cette formation ?",
];

/** A plain or no-break space before ':', ';', '!', '?' (then a space, a line break, the text's end or a closing mark), or inside « ». Read in the source as written (escapes as `\n`). */
const WRONG = /[ \u00a0](?=[:;!?](?:[\s"'`»)\]]|\\[nrt]|\$\{|$))|(?<=«)[ \u00a0]|[ \u00a0](?=»)/g;

/** A statement with its "?" placeholders (the commands' SQLite reads): code, not French. */
const SQL = /^\s*(select|insert|update|delete|with)\b[\s\S]*\?/i;

export interface Finding {
  file: string;
  line: number;
  text: string;
}

/** The site (app/) and the commands (scripts/: what they print is read by a person too). */
const SOURCE_DIRS = ["app", "scripts"];

function sourceFiles(root: string): string[] {
  return SOURCE_DIRS.filter((d) => fs.existsSync(path.join(root, d)))
    .flatMap((d) => fs.readdirSync(path.join(root, d), { withFileTypes: true, recursive: true }))
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$|\.d\.ts$/.test(e.name))
    // a migration is history: it wrote what it wrote (the demo reviews are recognised by their text)
    .filter((e) => !/^migration/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** The ranges of the texts of one file that break the rule: [start, end) in the source, raw. */
function wrongTexts(file: string, source: string): { start: number; end: number; line: number }[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lines = source.split("\n");
  const out: { start: number; end: number; line: number }[] = [];
  const visit = (node: ts.Node) => {
    const isText =
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      node.kind === ts.SyntaxKind.JsxText;
    if (isText) {
      // a JSX text's own start: getStart() would skip its leading spaces (" : " between two expressions)
      const start = node.kind === ts.SyntaxKind.JsxText ? node.pos : node.getStart(sf);
      const raw = source.slice(start, node.getEnd());
      const line = sf.getLineAndCharacterOfPosition(start).line;
      const ignored = /typography-ignore/.test(lines[line] ?? "") || /typography-ignore/.test(lines[line - 1] ?? "");
      const text = (node as ts.LiteralLikeNode).text ?? raw;
      if (!ignored && !SPEC_TEXTS.some((t) => text.includes(t)) && !SQL.test(text) && new RegExp(WRONG.source).test(raw)) out.push({ start, end: node.getEnd(), line: line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

export function findTypographyIssues(root: string): Finding[] {
  const findings: Finding[] = [];
  for (const file of sourceFiles(root)) {
    const source = fs.readFileSync(file, "utf8");
    for (const r of wrongTexts(file, source)) findings.push({ file: path.relative(root, file), line: r.line, text: source.slice(r.start, r.end).slice(0, 120) });
  }
  return findings;
}

export function fixTypography(root: string): number {
  let fixed = 0;
  for (const file of sourceFiles(root)) {
    let source = fs.readFileSync(file, "utf8");
    const ranges = wrongTexts(file, source);
    if (!ranges.length) continue;
    // from the end, so that earlier offsets stay right (the replacement keeps lengths anyway)
    for (const r of ranges.reverse()) {
      source = source.slice(0, r.start) + source.slice(r.start, r.end).replace(WRONG, NARROW_NBSP) + source.slice(r.end);
      fixed += 1;
    }
    fs.writeFileSync(file, source);
  }
  return fixed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const root = path.resolve(import.meta.dirname, "..");
  if (process.argv.includes("--fix")) console.log(`${fixTypography(root)} texte(s) corrigé(s).`);
  const left = findTypographyIssues(root);
  for (const f of left) console.log(`${f.file}:${f.line}  ${f.text}`);
  console.log(left.length ? `${left.length} texte(s) sans espace fine insécable avant : ; ! ? ou dans « ».` : "Typographie : rien à corriger.");
  process.exit(left.length && !process.argv.includes("--fix") ? 1 : 0);
}
