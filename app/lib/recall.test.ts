import { describe, expect, it } from "vitest";

/** French typography's narrow no-break spaces read as plain ones. */
const plain = (v: unknown): unknown => (typeof v === "string" ? v.replace(/[\u202f\u00a0]/g, " ") : Array.isArray(v) ? v.map(plain) : v);
import { DEMO_CLINIC } from "~/lib/clinic";
import { addMonthsYmd, defaultRecallTemplates, intervalsFromForm, endOfMonth, recallBucket, recallIntervalsSchema, recallTemplateProblems, recallValues, renderRecall, splitRecalls } from "./recall";

describe("recall dates", () => {
  it("adds months to a day, ending on the last day of a shorter month", () => {
    expect(addMonthsYmd("2030-05-31", 6)).toBe("2030-11-30");
    expect(addMonthsYmd("2029-08-31", 6)).toBe("2030-02-28");
    expect(addMonthsYmd("2030-11-15", 12)).toBe("2031-11-15");
    expect(endOfMonth("2028-02-10")).toBe("2028-02-29");
  });

  it("splits the list with an injected today: late before this month, this month until its last day, later not shown", () => {
    const today = "2030-11-20";
    const rows = [{ due: "2030-12-01" }, { due: "2030-11-30" }, { due: "2030-10-31" }, { due: "2030-11-01" }, { due: "2029-02-03" }, { due: "2030-11-20" }];
    expect(splitRecalls(rows, today)).toEqual({
      late: [{ due: "2029-02-03" }, { due: "2030-10-31" }],
      month: [{ due: "2030-11-01" }, { due: "2030-11-20" }, { due: "2030-11-30" }],
    });
    expect(recallBucket("2030-12-01", today)).toBeNull();
    // on the first of the next month, this month's recalls become late
    expect(splitRecalls(rows, "2030-12-01").late.map((r) => r.due)).toEqual(["2029-02-03", "2030-10-31", "2030-11-01", "2030-11-20", "2030-11-30"]);
  });
});

describe("recall messages", () => {
  it("fills the default templates with the booking link and the opt-out link", () => {
    const values = recallValues({ name: "Mme Amina Benali", service: "Blanchiment des dents" }, "https://c.example/appointment?service=Blanchiment+des+dents", "https://c.example/rappel/abc");
    const text = renderRecall(defaultRecallTemplates(DEMO_CLINIC)["recall-whatsapp"], values);
    expect(text).toMatch(/^Bonjour Amina,/);
    expect(plain(text)).toContain("« Blanchiment des dents »");
    expect(text).toContain("https://c.example/appointment?service=Blanchiment+des+dents");
    expect(plain(text)).toContain("Ne plus recevoir ces rappels : https://c.example/rappel/abc");
    for (const body of Object.values(defaultRecallTemplates(DEMO_CLINIC))) expect(recallTemplateProblems("recall-sms", body)).toEqual([]);
  });

  it("refuses a template without its links or with an unknown placeholder", () => {
    expect(plain(recallTemplateProblems("recall-sms", "Bonjour {prénom}"))).toEqual([
      "Le message doit contenir {lien} : c'est le lien qui permet au patient de prendre rendez-vous.",
      "Le message doit contenir {stop} : c'est le lien qui permet au patient de ne plus être rappelé.",
    ]);
    expect(recallTemplateProblems("recall-sms", "{lien} {stop} {prenon}")[0]).toMatch(/^Repère inconnu\s:\s\{prenon\}/);
  });

  it("reads the intervals' form: empty is no recall, 1 to 60 months, a clear message otherwise", () => {
    const ok = recallIntervalsSchema.safeParse({ services: "8", months: ["12", "", "6", "1", "60", undefined, "3"] });
    expect(ok.success && intervalsFromForm(ok.data.months)).toEqual({
      Implementation: 12,
      "Prothèses dentaires": null,
      "Blanchiment des dents": 6,
      Orthodontie: 1,
      "Chirurgie dentaire": 60,
      "Extraction dentaire": null,
      "Soins conservateurs": 3,
      "Esthétique dentaire": null,
    });
    const bad = recallIntervalsSchema.safeParse({ services: "8", months: ["0", "61", "six", "", "", "", "", ""] });
    expect(plain(bad.error?.issues.map((i) => `${i.path.join(".")} ${i.message}`))).toEqual([
      "months.0 Indiquez un nombre de mois entre 1 et 60, ou laissez vide pour ne pas rappeler.",
      "months.1 Indiquez un nombre de mois entre 1 et 60, ou laissez vide pour ne pas rappeler.",
      "months.2 Indiquez un nombre de mois entre 1 et 60, ou laissez vide pour ne pas rappeler.",
    ]);
    // a post that is not this form (no 'services') changes nothing
    expect(recallIntervalsSchema.safeParse({ months: [] }).success).toBe(false);
  });
});
