import { stringify } from "csv-stringify/sync";
import { withoutControls } from "~/lib/control-characters";
import { formatDateTime } from "~/lib/format";
import { enrollmentStatusLabel } from "~/lib/enrollment-schema";
import type { Enrollment } from "./db/types";

/**
 * CSV files for staff (docs/product.md, "Staff: formations"):
 * - UTF-8 with a byte-order mark, so that Excel shows the accents;
 * - RFC 4180 quoting: a field holding the separator, a double quote, CR or LF is quoted and its
 *   quotes doubled; records end with CRLF;
 * - the separator is the semicolon, as French-locale Excel expects when it opens a .csv with a
 *   double click (the comma is its decimal separator); numbers are written with a decimal comma
 *   ("15000,5") for the same reason;
 * - control characters (app/lib/control-characters.ts): a stored value may hold some, saved before
 *   the forms refused them; they are removed (a NUL or an escape sequence in a cell, a
 *   bidirectional override that reorders it), NEL and U+2028/U+2029 become line feeds, and what
 *   remains of line breaks is quoted as above;
 * - formula injection: a cell that starts with = + - @, a tab, a CR or a LF (once the control
 *   characters are gone, so that none hides a formula) is prefixed with a single quote, so a
 *   spreadsheet shows it as text instead of running it.
 * Every CSV export also exists as an .xlsx file (app/.server/xlsx.ts), typed cell by cell.
 */
export const CSV_SEPARATOR = ";";
export const CSV_BOM = "\uFEFF";

export type CsvCell = string | number | null | undefined;

/** A cell without control characters, neutralised when a spreadsheet would read it as a formula. */
export function neutralizeCell(value: CsvCell): string {
  if (typeof value === "number") return Number.isFinite(value) ? String(value).replace(".", ",") : "";
  const s = value === null || value === undefined ? "" : withoutControls(String(value));
  return /^[=+\-@\t\r\n]/.test(s) ? `'${s}` : s;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  const body = stringify([header, ...rows.map((r) => r.map(neutralizeCell))], {
    delimiter: CSV_SEPARATOR,
    record_delimiter: "\r\n",
    quote: '"',
    escape: '"',
    // quote whatever RFC 4180 says must be quoted (csv-stringify already quotes the separator,
    // quotes and LF; this adds a lone CR)
    quoted_match: /[\r\n"]/,
    bom: false,
  });
  return CSV_BOM + body;
}

export const ENROLLMENT_CSV_HEADER = ["Nom", "Prénom", "Email", "Téléphone", "Formation", "Date d'inscription", "Statut"];

/** The enrolments of one formation, as staff export them ('inscriptions_{id}.csv'). */
export function enrollmentsCsv(enrollments: Enrollment[], formationTitle: string): string {
  return toCsv(
    ENROLLMENT_CSV_HEADER,
    enrollments.map((e) => [
      e.user_name,
      e.user_surname,
      e.email,
      e.phone,
      e.formation_chosen || formationTitle,
      formatDateTime(e.enrollment_date),
      enrollmentStatusLabel(e.status),
    ]),
  );
}

export function enrollmentsCsvFileName(formationId: number): string {
  return `inscriptions_${formationId}.csv`;
}
