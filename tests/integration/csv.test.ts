import { describe, expect, it } from "vitest";
import { CSV_BOM, enrollmentsCsv, enrollmentsCsvFileName, ENROLLMENT_CSV_HEADER, neutralizeCell, toCsv } from "~/.server/csv";
import { enroll, listEnrollmentsForFormation, setEnrollmentStatus } from "~/.server/repos/enrollments";
import { createFormation } from "~/.server/repos/formations";
import { describeEachEngine } from "../helpers/db";

/** A small RFC 4180 reader (semicolon separated, as French Excel reads), to check what a spreadsheet will read back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ";") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell !== "" || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

describe("CSV writer", () => {
  it("starts with the UTF-8 byte-order mark and ends records with CRLF", () => {
    const csv = toCsv(["Nom", "Prénom"], [["Benali", "Amina"]]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(Buffer.from(csv, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.slice(1)).toBe("Nom;Prénom\r\nBenali;Amina\r\n");
  });

  it("separates cells with ';' (French Excel) and writes numbers with a decimal comma", () => {
    const csv = toCsv(["Champ", "Valeur"], [["prix_total", 15000.5], ["duree", 30], ["texte", "a;b"], ["virgule", "x,y"]]);
    expect(csv.slice(1).split("\r\n")).toEqual(["Champ;Valeur", "prix_total;15000,5", "duree;30", 'texte;"a;b"', "virgule;x,y", ""]);
    expect(parseCsv(csv.slice(1))[3]).toEqual(["texte", "a;b"]);
  });

  it("quotes what RFC 4180 asks to quote and doubles inner quotes", () => {
    const csv = toCsv(["a", "b", "c", "d"], [['Le "Dr" Hamdi', "x;y", "ligne 1\nligne 2", "retour\rchariot"]]);
    expect(csv.slice(1).split("\r\n")[1]).toBe('"Le ""Dr"" Hamdi";"x;y";"ligne 1\nligne 2";"retour\rchariot"');
    expect(parseCsv(csv.slice(1))[1]).toEqual(['Le "Dr" Hamdi', "x;y", "ligne 1\nligne 2", "retour\rchariot"]);
  });

  it("neutralises cells that a spreadsheet would run as a formula", () => {
    for (const v of ["=1+1", "+213 550", "-2", "@SUM(A1)", "\tcmd", "\rcmd"]) expect(neutralizeCell(v)).toBe(`'${v}`);
    for (const v of ["Amina", "0550 12 34 56", "a=b", ""]) expect(neutralizeCell(v)).toBe(v);
    expect(neutralizeCell(null)).toBe("");
    const rows = parseCsv(toCsv(["x"], [['=HYPERLINK("http://evil")'], ["@x"]]).slice(1));
    expect(rows.slice(1)).toEqual([['\'=HYPERLINK("http://evil")'], ["'@x"]]);
  });

  it("names the file inscriptions_{id}.csv", () => {
    expect(enrollmentsCsvFileName(42)).toBe("inscriptions_42.csv");
  });
});

describeEachEngine("enrolments CSV export", (t) => {
  it("exports the header, that formation's enrolments newest first, French statuses and neutralised cells", async () => {
    const f = await createFormation(t.h, { title: "Implantologie « avancée »", description: "D", duration_months: 6, max_participants: 10, price: null, is_active: true, syllabus: null });
    const other = await createFormation(t.h, { title: "Autre", description: "D", duration_months: 3, max_participants: 5, price: null, is_active: true, syllabus: null });
    const a = await enroll(t.h, { formation_id: f.id, user_name: "Benali", user_surname: "Amina", email: "amina@exemple.dz", phone: "0550 12 34 56" }, { at: "2026-03-01T09:30:00.000Z" });
    const b = await enroll(t.h, { formation_id: f.id, user_name: '=HYPERLINK("x")', user_surname: 'Karim "KK"', email: "@karim@exemple.dz", phone: "+213 661 00 00 00" }, { at: "2026-03-02T14:05:00.000Z" });
    await enroll(t.h, { formation_id: other.id, user_name: "Pas", user_surname: "Moi", email: "x@y.dz", phone: "0550000000" });
    if (!a.ok || !b.ok) throw new Error("enrol failed");
    await setEnrollmentStatus(t.h, a.enrollment.id, "confirmed");

    const csv = enrollmentsCsv(await listEnrollmentsForFormation(t.h, f.id), f.title);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(csv.slice(1));
    expect(rows[0]).toEqual(ENROLLMENT_CSV_HEADER);
    expect(rows[0]).toEqual(["Nom", "Prénom", "Email", "Téléphone", "Formation", "Date d'inscription", "Statut"]);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual(['\'=HYPERLINK("x")', 'Karim "KK"', "'@karim@exemple.dz", "'+213 661 00 00 00", "Implantologie « avancée »", "02/03/2026 15:05", "En attente"]);
    expect(rows[2]).toEqual(["Benali", "Amina", "amina@exemple.dz", "0550 12 34 56", "Implantologie « avancée »", "01/03/2026 10:30", "Confirmé"]);
    expect(csv).toContain('"\'=HYPERLINK(""x"")"');
  });
});
