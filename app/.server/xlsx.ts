import writeXlsxFile, { type Cell, type SheetData } from "write-excel-file/node";
import { withoutControls } from "~/lib/control-characters";
import { enrollmentStatusLabel } from "~/lib/enrollment-schema";
import { clinicNow } from "~/lib/clinic-time";
import type { Enrollment } from "./db/types";

/**
 * Excel files for staff (docs/product.md, "Staff: formations" and "Personal data"): every CSV
 * export also exists as an .xlsx file, written by `write-excel-file` (one small dependency, fflate;
 * Node 18+; the npm `xlsx` package is no longer maintained there).
 *
 * Each cell is typed by its column: text stays text (a value that starts with "=" is a string cell,
 * never a formula, so nothing is run and no quote has to be added), whole numbers and amounts are
 * numbers (amounts in DA, shown with two decimals and "DA"), instants are dates shown in the
 * clinic's time (Africa/Algiers) and calendar days are dates. The header row is bold, frozen, and
 * each column has a width.
 */
export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * text; integer; amount (a number of DA, i.e. centimes / 100); percent (a number of percent, 12.5,
 * stored as Excel's 0.125 shown '12,5 %'); datetime (an ISO instant, shown in
 * the clinic's time); date (a calendar day YYYY-MM-DD).
 */
export type XlsxKind = "text" | "integer" | "amount" | "percent" | "datetime" | "date";

export interface XlsxColumn {
  header: string;
  kind: XlsxKind;
  /** in characters */
  width: number;
}

type Plain = string | number | null | undefined;
/** A value typed by its column, or by itself (a sheet of fields and values). */
export type XlsxValue = Plain | { kind: XlsxKind; value: Plain };

export interface XlsxSheet {
  /** at most 31 characters, none of [ ] : * ? / \ */
  name: string;
  columns: XlsxColumn[];
  rows: XlsxValue[][];
}

export const AMOUNT_FORMAT = '#,##0.00 "DA"';
export const DATETIME_FORMAT = "dd/mm/yyyy hh:mm";
export const DATE_FORMAT = "dd/mm/yyyy";
export const PERCENT_FORMAT = "0.0%";
/** Excel's limit for one cell */
const CELL_MAX = 32_767;
// characters XML 1.0 cannot hold (a stray control character would make the file unreadable); the
// other control characters (DEL, C1, bidirectional overrides, app/lib/control-characters.ts) are
// removed before, so that a value stored before the forms refused them reads as typed
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** An instant as the clinic's wall-clock time, which Excel stores without a time zone. */
function clinicWallClock(iso: string): Date | null {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const { date, minutes } = clinicNow(d);
  return new Date(Date.parse(`${date}T00:00:00Z`) + minutes * 60_000);
}

function calendarDay(ymd: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(ymd)) return null;
  const d = new Date(`${ymd}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

const textCell = (s: string): Cell => ({ value: withoutControls(s).replace(NOT_XML, "").slice(0, CELL_MAX), type: String });

/** One value in its column's type; a value that does not fit the type is kept as text. */
export function xlsxCell(columnKind: XlsxKind, cell: XlsxValue): Cell {
  const [kind, value] = cell !== null && typeof cell === "object" ? [cell.kind, cell.value] : [columnKind, cell];
  if (value === null || value === undefined || value === "") return null;
  switch (kind) {
    case "text":
      return textCell(String(value));
    case "integer":
      return typeof value === "number" && Number.isFinite(value) ? { value, type: Number, format: "0" } : textCell(String(value));
    case "amount":
      return typeof value === "number" && Number.isFinite(value) ? { value, type: Number, format: AMOUNT_FORMAT } : textCell(String(value));
    case "percent":
      return typeof value === "number" && Number.isFinite(value) ? { value: value / 100, type: Number, format: PERCENT_FORMAT } : textCell(String(value));
    case "datetime": {
      const d = typeof value === "string" ? clinicWallClock(value) : null;
      return d ? { value: d, type: Date, format: DATETIME_FORMAT } : textCell(String(value));
    }
    case "date": {
      const d = typeof value === "string" ? calendarDay(value) : null;
      return d ? { value: d, type: Date, format: DATE_FORMAT } : textCell(String(value));
    }
  }
}

function sheetData(sheet: XlsxSheet): SheetData {
  const header: Cell[] = sheet.columns.map((c) => ({ value: c.header, type: String, fontWeight: "bold", backgroundColor: "#E6F0EF", bottomBorderStyle: "thin", bottomBorderColor: "#94A3B8" }));
  return [header, ...sheet.rows.map((row) => sheet.columns.map((c, i) => xlsxCell(c.kind, row[i])))];
}

const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, " ").slice(0, 31) || "Feuille";

/** The workbook, one sheet per entry, as bytes. */
export async function toXlsx(sheets: XlsxSheet[]): Promise<Uint8Array<ArrayBuffer>> {
  const buffer = await writeXlsxFile(
    sheets.map((s) => ({ sheet: sheetName(s.name), data: sheetData(s), columns: s.columns.map((c) => ({ width: c.width })), stickyRowsCount: 1 })),
    { fontFamily: "Calibri", fontSize: 11 },
  ).toBuffer();
  const bytes = new Uint8Array(buffer.length);
  bytes.set(buffer);
  return bytes;
}

/** The columns of the enrolment export, the same as the CSV's header (app/.server/csv.ts). */
export const ENROLLMENT_XLSX_COLUMNS: XlsxColumn[] = [
  { header: "Nom", kind: "text", width: 20 },
  { header: "Prénom", kind: "text", width: 20 },
  { header: "Email", kind: "text", width: 32 },
  { header: "Téléphone", kind: "text", width: 18 },
  { header: "Formation", kind: "text", width: 36 },
  { header: "Date d'inscription", kind: "datetime", width: 18 },
  { header: "Statut", kind: "text", width: 12 },
];

/** The enrolments of one formation, as staff export them ('inscriptions_{id}.xlsx'). */
export function enrollmentsXlsx(enrollments: Enrollment[], formationTitle: string): Promise<Uint8Array<ArrayBuffer>> {
  return toXlsx([
    {
      name: "Inscriptions",
      columns: ENROLLMENT_XLSX_COLUMNS,
      rows: enrollments.map((e) => [e.user_name, e.user_surname, e.email, e.phone, e.formation_chosen || formationTitle, e.enrollment_date, enrollmentStatusLabel(e.status)]),
    },
  ]);
}
