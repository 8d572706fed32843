import { DEMO_CLINIC, type Clinic } from "./clinic";
import { NARROW_NBSP, formatNumber } from "./format";

/**
 * The public facts that are still the demo's invented values (issue 30): the legal notice's
 * (agrément, Ordre, activity, director, host), the figures of the home page and the patient
 * reviews of the demo. While one is left, the public pages say discreetly that the site is a
 * demonstration (the footer's line, the top of the legal pages) and 'Avant la mise en ligne'
 * lists each of them (app/.server/go-live-checklist.ts).
 */
export const DEMO_SITE_NOTICE = "Site de démonstration — informations d'exemple";

export interface DemoFact {
  id: string;
  group: "legal" | "figures" | "reviews";
  label: string;
}

const q = (s: string) => `«${NARROW_NBSP}${s}${NARROW_NBSP}»`;
const demo = `${NARROW_NBSP}: valeur de démonstration`;

export function demoFacts(c: Clinic, demoReviews: number): DemoFact[] {
  const d = DEMO_CLINIC;
  const legal: DemoFact[] = [
    { id: "legal-registration", group: "legal", label: `Numéro d'agrément${demo}`, demo: c.legal.registration === d.legal.registration },
    { id: "legal-order", group: "legal", label: `Inscription à l'Ordre${demo}`, demo: c.legal.order === d.legal.order },
    { id: "legal-activity", group: "legal", label: `Activité déclarée${demo}`, demo: c.legal.activity === d.legal.activity },
    { id: "legal-director", group: "legal", label: `Directeur de la publication${demo}`, demo: c.legal.director === d.legal.director },
    {
      id: "legal-host",
      group: "legal",
      label: `Hébergeur du site${NARROW_NBSP}: société de démonstration`,
      demo: (Object.keys(d.legal.host) as (keyof Clinic["legal"]["host"])[]).some((k) => c.legal.host[k] === d.legal.host[k]),
    },
  ]
    .filter((f) => f.demo)
    .map(({ id, group, label }) => ({ id, group: group as DemoFact["group"], label }));
  const f = c.figures;
  const df = d.figures;
  const figures: DemoFact[] = [
    { id: "figure-patients", shown: `${formatNumber(df.patients)}+ patients`, demo: f.patients === df.patients },
    { id: "figure-satisfaction", shown: `${df.satisfaction}${NARROW_NBSP}% de satisfaction`, demo: f.satisfaction === df.satisfaction },
    { id: "figure-years", shown: `${df.yearsOfExperience} ans d'expérience`, demo: f.yearsOfExperience === df.yearsOfExperience },
    { id: "figure-since", shown: `depuis ${df.since}`, demo: f.since === df.since },
    { id: "figure-surgeries", shown: `${df.surgeries} chirurgies`, demo: f.surgeries === df.surgeries },
  ]
    .filter((x) => x.demo)
    .map((x) => ({ id: x.id, group: "figures" as const, label: `Chiffre ${q(x.shown)}${demo}` }));
  const reviews: DemoFact[] =
    demoReviews > 0
      ? [{ id: "reviews-demo", group: "reviews", label: demoReviews === 1 ? `1 avis patient de démonstration publié` : `${demoReviews} avis patients de démonstration publiés` }]
      : [];
  return [...legal, ...figures, ...reviews];
}
