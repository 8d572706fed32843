import readXlsxFile from "read-excel-file/node";
import { describe, expect, it } from "vitest";
import { enrollmentsCsv, toCsv } from "~/.server/csv";
import { smsHref, whatsappHref } from "~/.server/reminder-links";
import { enroll, listEnrollmentsForFormation } from "~/.server/repos/enrollments";
import { createFormation } from "~/.server/repos/formations";
import { enrollmentsXlsx, toXlsx } from "~/.server/xlsx";
import { DEMO_CLINIC } from "~/lib/clinic";
import { defaultTemplates, noLinkSentence, renderTemplate } from "~/lib/reminder-template";
import { describeEachEngine } from "../helpers/db";

/*
 * The outputs against values that hold control characters (hardening issue 26, item 4): stored
 * before the forms refused them, or written to the database by other means. Each output writes a
 * value through its format's escaping after removing what the format cannot carry safely
 * (app/lib/control-characters.ts): CSV (quoted, formulas neutralised even behind an invisible
 * character), .xlsx (text cells without control characters) and the wa.me / sms: reminder texts
 * (URL-encoded, without control characters, one line per value). The .ics and the e-mail headers
 * have their own tests (app/.server/ics.test.ts, tests/integration/ics.test.ts, mail-headers.test.ts).
 */

// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

/** A small RFC 4180 reader (semicolon separated, as French Excel reads). */
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

describe("CSV: control characters in stored values", () => {
  it("drops the control characters, keeps line breaks inside quoted cells, and neutralises a formula hidden behind an invisible character", () => {
    const csv = toCsv(
      ["Nom", "Note"],
      [
        ["Amina\u0000\u001B[31m\u202E Benali\u0085", "ligne 1\r\nligne 2\u2028ligne 3"],
        ['\u0000=HYPERLINK("http://evil")', "\u202E@SUM(A1)"],
        ["\u007F+213 550", "\n=1+1"],
      ],
    );
    const body = csv.slice(1);
    // only the record ends and the line breaks of quoted cells remain
    expect(body).not.toMatch(ANY_CONTROL);
    expect(parseCsv(body)).toEqual([
      ["Nom", "Note"],
      ["Amina[31m Benali\n", "ligne 1\r\nligne 2\nligne 3"],
      ['\'=HYPERLINK("http://evil")', "'@SUM(A1)"],
      ["'+213 550", "'\n=1+1"],
    ]);
  });
});

describe(".xlsx: control characters in stored values", () => {
  it("writes text cells without control characters, line breaks kept", async () => {
    const file = await toXlsx([{ name: "x", columns: [{ header: "x", kind: "text", width: 10 }], rows: [["A\u0085B\u202EC\u2066D\u009BE"], ["ligne 1\nligne 2\u2028ligne 3"], ["x\uD800y"]] }]);
    const sheets = await readXlsxFile(Buffer.from(file));
    expect(sheets[0].data.slice(1, 3)).toEqual([["A\nBCDE"], ["ligne 1\nligne 2\nligne 3"]]);
    // a lone surrogate (no character) leaves a readable file
    expect(String(sheets[0].data[3][0])).toMatch(/^x\uFFFD?y$/);
  });
});

describe("wa.me and sms: control characters in the text", () => {
  const TEXT = "Bonjour Amina\u0000\u001B,\r\nRDV\u202E le mardi\u2028à 9h00\u0085: https://clinique.example/rdv/x\uD800";

  it("encodes a text without control characters, its line breaks as LF, and never throws", () => {
    const wa = whatsappHref("0550 12 34 56", TEXT)!;
    const sms = smsHref("0550 12 34 56", TEXT)!;
    const expected = "Bonjour Amina,\nRDV le mardi\nà 9h00\n: https://clinique.example/rdv/x\uFFFD";
    expect(new URL(wa).searchParams.get("text")).toBe(expected);
    expect(decodeURIComponent(sms.split("?body=")[1])).toBe(expected);
    for (const href of [wa, sms]) expect(href).not.toMatch(/%00|%1B|%0D|%E2%80%AE|%E2%80%A8|%C2%85/i);
  });

  it("names the clinic on one line in the default templates, whatever its stored name holds", () => {
    const clinic = {
      ...DEMO_CLINIC,
      name: "Clinique\r\nK\u0000",
      shortName: "K\r\nEND\u202E",
      phones: [{ ...DEMO_CLINIC.phones[0], display: "023\r\n70 45 12" }],
    };
    const templates = defaultTemplates(clinic);
    expect(templates.sms).toBe("K END : RDV le {date} à {heure}. Confirmer ou annuler : {lien}");
    expect(templates.whatsapp).toContain("à la Clinique K le {date}");
    expect(templates.whatsapp.split("\n").at(-1)).toBe("Clinique K");
    expect(noLinkSentence(clinic)).toBe("Pour confirmer, annuler ou déplacer votre rendez-vous, appelez-nous au 023 70 45 12.");
    const text = renderTemplate(templates.sms, { prénom: "Amina\r\nX", date: "mardi\u000B24", heure: "9h00", lien: "https://clinique.example/rdv/x" }, clinic);
    expect(text).toBe("K END : RDV le mardi24 à 9h00. Confirmer ou annuler : https://clinique.example/rdv/x");
  });
});

describeEachEngine("exports of enrolments stored with control characters", (t) => {
  it("CSV and .xlsx: one row per enrolment, no control character, a hidden formula neutralised in the CSV", async () => {
    const f = await createFormation(t.h, { title: "Implantologie\r\nPWNED", description: "D", duration_months: 6, max_participants: 10, price: null, is_active: true, syllabus: null });
    const stored = await enroll(t.h, {
      formation_id: f.id,
      user_name: "Benali\r\nConfirmé;x",
      // ESC, not NUL: PostgreSQL text cannot hold NUL (the CSV writer's own test above sends one)
      user_surname: "\u001B=cmd|' /C calc'!A0",
      email: "amina@exemple.dz\u202E",
      phone: "0550\u000B12 34 56",
    });
    if (!stored.ok) throw new Error("enrol failed");
    const rows = await listEnrollmentsForFormation(t.h, f.id);

    const csv = parseCsv(enrollmentsCsv(rows, f.title).slice(1));
    expect(csv).toHaveLength(2);
    expect(csv[1].slice(0, 4)).toEqual(["Benali\r\nConfirmé;x", "'=cmd|' /C calc'!A0", "amina@exemple.dz", "055012 34 56"]);
    expect(csv.flat().join("")).not.toMatch(ANY_CONTROL);

    const sheets = await readXlsxFile(Buffer.from(await enrollmentsXlsx(rows, f.title)));
    expect(sheets[0].data).toHaveLength(2);
    expect(sheets[0].data[1].slice(0, 4)).toEqual(["Benali\r\nConfirmé;x", "=cmd|' /C calc'!A0", "amina@exemple.dz", "055012 34 56"]);
  });
});
