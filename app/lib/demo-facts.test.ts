import { describe, expect, it } from "vitest";
import { DEMO_CLINIC } from "./clinic";
import { demoFacts } from "./demo-facts";

describe("the public facts still the demo's (issue 30)", () => {
  it("lists the legal notice's five, the five figures and the demo reviews while they are the demo's", () => {
    expect(demoFacts(DEMO_CLINIC, 4).map((f) => f.id)).toEqual([
      "legal-registration",
      "legal-order",
      "legal-activity",
      "legal-director",
      "legal-host",
      "figure-patients",
      "figure-satisfaction",
      "figure-years",
      "figure-since",
      "figure-surgeries",
      "reviews-demo",
    ]);
    expect(demoFacts(DEMO_CLINIC, 1).at(-1)?.label).toBe("1 avis patient de démonstration publié");
  });

  it("is empty once the clinic wrote its own: the site stops saying it is a demonstration", () => {
    const real = {
      ...DEMO_CLINIC,
      figures: { yearsOfExperience: 12, patients: 2500, surgeries: 80, since: 2014, satisfaction: 96 },
      legal: {
        registration: "Agrément n° 31/CD/0099",
        order: "Inscrite au tableau de l'Ordre, section d'Oran",
        activity: "Cabinet de chirurgie dentaire",
        director: "Dr Amina Benali",
        host: { name: "Hébergeur réel", address: "Oran", phone: "041 00 00 00", website: "https://hebergeur.example" },
      },
    };
    expect(demoFacts(real, 0)).toEqual([]);
    // one figure left, or one demo review still published, is enough to say so
    expect(demoFacts({ ...real, figures: { ...real.figures, since: DEMO_CLINIC.figures.since } }, 0).map((f) => f.id)).toEqual(["figure-since"]);
    expect(demoFacts(real, 2).map((f) => f.id)).toEqual(["reviews-demo"]);
  });
});
