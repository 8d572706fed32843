import { describe, expect, it } from "vitest";
import { cleanSyllabus, formationPriceLabel, parseFormationForm } from "./formation-schema";
import { emptySyllabus } from "./syllabus";

function form(fields: Record<string, string | undefined>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) f.set(k, v);
  return f;
}

const base = { title: "Implantologie", description: "Six mois de pratique.", duration_months: "6", price: "35000", max_participants: "10", is_active: "true" };

describe("formation form schema", () => {
  it("parses the basic fields, the price in centimes and an empty syllabus", () => {
    const r = parseFormationForm(form(base));
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data).toEqual({
      title: "Implantologie",
      description: "Six mois de pratique.",
      duration_months: 6,
      price: 3_500_000,
      max_participants: 10,
      is_active: true,
      syllabus: emptySyllabus(),
    });
  });

  it("uses the defaults when a field is absent (6 months, 10 participants) and reads an unchecked box as inactive", () => {
    const r = parseFormationForm(form({ title: "T", description: "D", price: "0" }));
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data.duration_months).toBe(6);
    expect(r.data.max_participants).toBe(10);
    expect(r.data.is_active).toBe(false);
    expect(r.data.price).toBe(0);
  });

  it("accepts decimal prices with a comma or a dot (step 0.01)", () => {
    const a = parseFormationForm(form({ ...base, price: "35000,50" }));
    const b = parseFormationForm(form({ ...base, price: "35 000.5" }));
    expect(a.success && a.data.price).toBe(3_500_050);
    expect(b.success && b.data.price).toBe(3_500_050);
  });

  it("enforces the minimums with French messages", () => {
    const r = parseFormationForm(form({ ...base, title: " ", description: "", duration_months: "0", price: "-1", max_participants: "0" }));
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(r.fieldErrors).toEqual({
      title: "Indiquez le titre de la formation.",
      description: "Indiquez la description de la formation.",
      duration_months: "La durée doit être d'au moins 1 mois.",
      price: "Le prix ne peut pas être négatif.",
      max_participants: "Il faut au moins 1 participant par session.",
    });
    expect(r.values.duration_months).toBe("0");
  });

  it("refuses empty or malformed numbers", () => {
    const r = parseFormationForm(form({ ...base, duration_months: "", price: "", max_participants: "2.5" }));
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(r.fieldErrors.duration_months).toBe("Indiquez la durée en mois.");
    expect(r.fieldErrors.price).toBe("Indiquez le prix (0 pour « prix sur demande »).");
    expect(r.fieldErrors.max_participants).toBe("Le nombre maximum de participants doit être un nombre entier.");
    const p = parseFormationForm(form({ ...base, price: "12abc" }));
    expect(!p.success && p.fieldErrors.price).toBe("Prix invalide : indiquez un montant en DA, par exemple 35000 ou 35000,50.");
  });

  it("reads the syllabus JSON, trims it and drops empty items, lessons and modules", () => {
    const syllabus = {
      overview: { title: " Programme ", description: "", objectives: ["Poser l'indication", "", "  "], duration: "6 mois", instructor: "" },
      modules: [
        { number: 1, title: " Bases ", description: "", duration: "2 jours", points_clefs: ["A", ""], objectifs: [], pratique: ["P"], lessons: [{ title: "", description: "", duration: "", content: "" }, { title: "Cours", description: "", duration: "3 h", content: "" }] },
        { number: 2, title: "", description: "", duration: "", points_clefs: [""], objectifs: [], pratique: [], lessons: [] },
      ],
    };
    const r = parseFormationForm(form({ ...base, syllabus: JSON.stringify(syllabus) }));
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data.syllabus.overview).toEqual({ title: "Programme", description: "", objectives: ["Poser l'indication"], duration: "6 mois", instructor: "" });
    expect(r.data.syllabus.modules).toHaveLength(1);
    expect(r.data.syllabus.modules[0]).toMatchObject({ number: 1, title: "Bases", points_clefs: ["A"], pratique: ["P"], lessons: [{ title: "Cours", duration: "3 h" }] });
  });

  it("refuses a syllabus that is not JSON, has a bad module number, or a module without a title", () => {
    const bad = parseFormationForm(form({ ...base, syllabus: "{oops" }));
    expect(!bad.success && bad.fieldErrors.syllabus).toBe("Le programme n'a pas pu être lu. Rechargez la page et réessayez.");
    const neg = parseFormationForm(form({ ...base, syllabus: JSON.stringify({ modules: [{ number: -3, title: "X" }] }) }));
    expect(!neg.success && neg.fieldErrors.syllabus).toMatch(/valeurs invalides/);
    const untitled = parseFormationForm(form({ ...base, syllabus: JSON.stringify({ modules: [{ number: 1, title: "A" }, { number: 2, title: "", description: "texte" }] }) }));
    expect(!untitled.success && untitled.fieldErrors.syllabus).toBe("Le module en position 2 n'a pas de titre : donnez-lui un titre ou supprimez-le.");
  });

  it("cleanSyllabus keeps the module order and numbers", () => {
    const s = cleanSyllabus({ ...emptySyllabus(), modules: [3, 1].map((n) => ({ number: n, title: `M${n}`, description: "", duration: "", points_clefs: [], objectifs: [], pratique: [], lessons: [] })) });
    expect(s.modules.map((m) => m.number)).toEqual([3, 1]);
  });

  it("shows 'Prix sur demande' / 'Sur demande' for an empty or zero price", () => {
    expect(formationPriceLabel(null, "Prix sur demande")).toBe("Prix sur demande");
    expect(formationPriceLabel(0, "Sur demande")).toBe("Sur demande");
    expect(formationPriceLabel(35_000_000, "Sur demande").replace(/\s/g, " ")).toBe("350 000 DA");
  });
});
