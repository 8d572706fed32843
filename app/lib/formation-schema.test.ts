import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { FormationAdminItem } from "./formation";
import { formationPriceLabel } from "./money";
import { formationFormDefaults, formationFormSchema, FORMATION_MESSAGES } from "./formation-schema";
import { emptySyllabus } from "./syllabus";

/** The editor's post, as the browser sends it (Conform names: syllabus.modules[0].title …). */
function parse(fields: Record<string, string | undefined>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) f.set(k, v);
  return parseWithZod(f, { schema: formationFormSchema });
}
const value = (fields: Record<string, string | undefined>) => {
  const s = parse(fields);
  if (s.status !== "success") throw new Error(`refused: ${JSON.stringify(s.error)}`);
  return s.value;
};
const errors = (fields: Record<string, string | undefined>) => {
  const s = parse(fields);
  if (s.status === "success") throw new Error("accepted");
  return Object.fromEntries(Object.entries(s.error ?? {}).map(([k, v]) => [k, v?.[0]]));
};

const base = { title: "Implantologie", description: "Six mois de pratique.", duration_months: "6", price: "35000", max_participants: "10", place: "Salle de formation, Kouba", is_active: "on" };

describe("formation form schema", () => {
  it("parses the basic fields, the price in centimes and an empty syllabus", () => {
    expect(value(base)).toEqual({
      title: "Implantologie",
      description: "Six mois de pratique.",
      duration_months: 6,
      price: 3_500_000,
      max_participants: 10,
      place: "Salle de formation, Kouba",
      is_active: true,
      syllabus: emptySyllabus(),
      // 'En arabe' left empty
      title_ar: null,
      description_ar: null,
      objectives_ar: [],
      modules_ar: [],
    });
  });

  it("reads an unticked box as inactive and a price of 0 as 'on request'", () => {
    const v = value({ ...base, is_active: undefined, price: "0" });
    expect(v.is_active).toBe(false);
    expect(v.price).toBe(0);
  });

  it("accepts decimal prices with a comma or a dot (step 0.01)", () => {
    expect(value({ ...base, price: "35000,50" }).price).toBe(3_500_050);
    expect(value({ ...base, price: "35 000.5" }).price).toBe(3_500_050);
  });

  it("enforces the minimums and maximums with French messages", () => {
    expect(errors({ ...base, title: " ", description: "", duration_months: "0", price: "-1", max_participants: "0" })).toEqual({
      title: FORMATION_MESSAGES.titleMissing,
      description: FORMATION_MESSAGES.descriptionMissing,
      duration_months: "La durée doit être d'au moins 1 mois.",
      price: "Le montant ne peut pas être négatif.",
      max_participants: "Il faut au moins 1 participant par session.",
    });
    expect(errors({ ...base, title: "x".repeat(201), duration_months: "61", max_participants: "501", price: "100000000.01" })).toEqual({
      title: FORMATION_MESSAGES.titleTooLong,
      duration_months: "La durée en mois ne peut pas dépasser 60.",
      max_participants: "Le nombre maximum de participants ne peut pas dépasser 500.",
      price: FORMATION_MESSAGES.priceTooHigh,
    });
  });

  it("asks for the place, on one line, within its length", () => {
    expect(errors({ ...base, place: undefined }).place).toBe("Indiquez le lieu de la formation.");
    expect(errors({ ...base, place: "x".repeat(151) }).place).toBe("Le lieu ne peut pas dépasser 150 caractères.");
  });

  it("refuses empty or malformed numbers", () => {
    expect(errors({ ...base, duration_months: "", price: "", max_participants: "2.5" })).toEqual({
      duration_months: "Indiquez la durée en mois.",
      price: FORMATION_MESSAGES.priceMissing,
      max_participants: "Le nombre maximum de participants doit être un nombre entier.",
    });
    expect(errors({ ...base, price: "12abc" })).toEqual({ price: FORMATION_MESSAGES.priceInvalid });
  });

  it("reads the nested syllabus: trims it, splits the lists by line, drops empty items, lessons and modules, numbers a module without number by its position", () => {
    const v = value({
      ...base,
      "syllabus.overview.title": " Programme ",
      "syllabus.overview.objectives": "Poser l'indication\r\n\n  \nPlanifier",
      "syllabus.overview.duration": "6 mois",
      "syllabus.modules[0].number": "1",
      "syllabus.modules[0].title": " Bases ",
      "syllabus.modules[0].duration": "2 jours",
      "syllabus.modules[0].points_clefs": "A\n\nB",
      "syllabus.modules[0].pratique": "P",
      "syllabus.modules[0].lessons[0].title": "",
      "syllabus.modules[0].lessons[1].title": "Cours",
      "syllabus.modules[0].lessons[1].duration": "3 h",
      "syllabus.modules[1].number": "7",
      "syllabus.modules[1].title": "",
      "syllabus.modules[2].title": "Sans numéro",
    });
    expect(v.syllabus.overview).toEqual({ title: "Programme", description: "", objectives: ["Poser l'indication", "Planifier"], duration: "6 mois", instructor: "" });
    expect(v.syllabus.modules).toEqual([
      { number: 1, title: "Bases", description: "", duration: "2 jours", points_clefs: ["A", "B"], objectifs: [], pratique: ["P"], lessons: [{ title: "Cours", description: "", duration: "3 h", content: "" }] },
      { number: 3, title: "Sans numéro", description: "", duration: "", points_clefs: [], objectifs: [], pratique: [], lessons: [] },
    ]);
  });

  it("keeps the module order and the numbers typed", () => {
    const v = value({ ...base, "syllabus.modules[0].number": "3", "syllabus.modules[0].title": "M3", "syllabus.modules[1].number": "1", "syllabus.modules[1].title": "M1" });
    expect(v.syllabus.modules.map((m) => [m.number, m.title])).toEqual([
      [3, "M3"],
      [1, "M1"],
    ]);
  });

  it("says beside the field a bad module number or a module without a title", () => {
    expect(errors({ ...base, "syllabus.modules[0].number": "-3", "syllabus.modules[0].title": "X" })).toEqual({ "syllabus.modules[0].number": FORMATION_MESSAGES.moduleNumber });
    expect(errors({ ...base, "syllabus.modules[0].title": "A", "syllabus.modules[1].description": "texte" })).toEqual({
      "syllabus.modules[1].title": "Le module en position 2 n'a pas de titre : donnez-lui un titre ou supprimez-le.",
    });
  });

  it("fills the editor: defaults for a new formation, the stored one with its lists one item per line", () => {
    expect(formationFormDefaults(null)).toMatchObject({ duration_months: "6", max_participants: "10", is_active: true, price: "", syllabus: { modules: [] } });
    const stored: FormationAdminItem = {
      id: 4,
      title: "T",
      description: "D",
      duration_months: 3,
      max_participants: 8,
      place: "Salle de cours, Kouba",
      price: 2_500_050,
      is_active: false,
      taken: 0,
      created_at: "2026-01-01T00:00:00.000Z",
      syllabus: {
        overview: { title: "P", description: "", objectives: ["a", "b"], duration: "", instructor: "" },
        modules: [{ number: 2, title: "M", description: "", duration: "", points_clefs: ["x", "y"], objectifs: [], pratique: ["z"], lessons: [] }],
      },
    };
    const d = formationFormDefaults(stored);
    expect(d).toMatchObject({ title: "T", duration_months: "3", max_participants: "8", price: "25000.5", is_active: false });
    expect(d.syllabus.overview.objectives).toBe("a\nb");
    expect(d.syllabus.modules[0]).toMatchObject({ number: "2", points_clefs: "x\ny", objectifs: "", pratique: "z" });
  });

  it("shows 'Prix sur demande' / 'Sur demande' for an empty or zero price", () => {
    expect(formationPriceLabel(null, "Prix sur demande")).toBe("Prix sur demande");
    expect(formationPriceLabel(0, "Sur demande")).toBe("Sur demande");
    expect(formationPriceLabel(35_000_000, "Sur demande").replace(/\s/g, " ")).toBe("350 000 DA");
  });
});
