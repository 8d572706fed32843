import { z } from "zod";
import { formatDA, parsePriceToCentimes } from "./format";
import { emptySyllabus, syllabusSchema, type Syllabus, type SyllabusModule } from "./syllabus";

/**
 * The staff form of a formation (SPEC §2 "Admin: formations", §3, §5, §9): title, description,
 * duration_months (min 1, default 6), price (min 0, step 0.01, stored in centimes; 0 shows
 * "Prix sur demande"), max_participants (min 1, default 10), is_active (default true) and the
 * syllabus (optional fields, sent as JSON by the editor). French messages, checked on the server.
 */
export const FORMATION_DEFAULTS = { duration_months: 6, max_participants: 10, is_active: true } as const;
export const FORMATION_LIMITS = {
  maxDurationMonths: 60,
  maxParticipants: 500,
  /** 100 000 000 DA, in centimes */
  maxPrice: 10_000_000_000,
  maxModules: 40,
  maxListItems: 40,
  maxLessons: 40,
  maxSyllabusChars: 200_000,
} as const;

export const FORMATION_FIELDS = ["title", "description", "duration_months", "price", "max_participants", "is_active", "syllabus"] as const;
export type FormationField = (typeof FORMATION_FIELDS)[number];
export type FormationFieldErrors = Partial<Record<FormationField, string>>;

export interface FormationFormData {
  title: string;
  description: string;
  duration_months: number;
  /** centimes */
  price: number;
  max_participants: number;
  is_active: boolean;
  syllabus: Syllabus;
}

/** What staff typed, echoed back after a refused save. */
export interface FormationFormValues {
  title: string;
  description: string;
  duration_months: string;
  price: string;
  max_participants: string;
  is_active: boolean;
  syllabus: string;
}

/** An integer field: absent means its default, present but empty is an error. */
function intField(opts: { label: string; min: number; max: number; def: number; minMessage: string }) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return opts.def;
      const t = v.trim();
      if (t === "") {
        ctx.addIssue({ code: "custom", message: `Indiquez ${opts.label}.` });
        return z.NEVER;
      }
      if (!/^\d+$/.test(t)) {
        ctx.addIssue({ code: "custom", message: `${capitalize(opts.label)} doit être un nombre entier.` });
        return z.NEVER;
      }
      const n = Number(t);
      if (n < opts.min) {
        ctx.addIssue({ code: "custom", message: opts.minMessage });
        return z.NEVER;
      }
      if (n > opts.max) {
        ctx.addIssue({ code: "custom", message: `${capitalize(opts.label)} ne peut pas dépasser ${opts.max}.` });
        return z.NEVER;
      }
      return n;
    });
}

function capitalize(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const cleanText = (s: string, max: number) => s.replace(/\r\n?/g, "\n").trim().slice(0, max);
const cleanList = (items: string[]) =>
  items
    .map((s) => cleanText(s, 1000))
    .filter((s) => s !== "")
    .slice(0, FORMATION_LIMITS.maxListItems);

function moduleIsBlank(m: SyllabusModule) {
  return (
    !m.title.trim() &&
    !m.description.trim() &&
    !m.duration.trim() &&
    m.points_clefs.every((s) => !s.trim()) &&
    m.objectifs.every((s) => !s.trim()) &&
    m.pratique.every((s) => !s.trim()) &&
    m.lessons.every((l) => !l.title.trim() && !l.description.trim() && !l.duration.trim() && !l.content.trim())
  );
}

/** Trim every text, drop empty list items, empty lessons and wholly empty modules. */
export function cleanSyllabus(s: Syllabus): Syllabus {
  return {
    overview: {
      title: cleanText(s.overview.title, 300),
      description: cleanText(s.overview.description, 5000),
      objectives: cleanList(s.overview.objectives),
      duration: cleanText(s.overview.duration, 200),
      instructor: cleanText(s.overview.instructor, 200),
    },
    modules: s.modules
      .filter((m) => !moduleIsBlank(m))
      .slice(0, FORMATION_LIMITS.maxModules)
      .map((m) => ({
        number: m.number,
        title: cleanText(m.title, 300),
        description: cleanText(m.description, 5000),
        duration: cleanText(m.duration, 200),
        points_clefs: cleanList(m.points_clefs),
        objectifs: cleanList(m.objectifs),
        pratique: cleanList(m.pratique),
        lessons: m.lessons
          .map((l) => ({
            title: cleanText(l.title, 300),
            description: cleanText(l.description, 2000),
            duration: cleanText(l.duration, 200),
            content: cleanText(l.content, 10000),
          }))
          .filter((l) => l.title || l.description || l.duration || l.content)
          .slice(0, FORMATION_LIMITS.maxLessons),
      })),
  };
}

const syllabusField = z
  .string()
  .optional()
  .transform((v, ctx): Syllabus => {
    if (v === undefined || v.trim() === "") return emptySyllabus();
    if (v.length > FORMATION_LIMITS.maxSyllabusChars) {
      ctx.addIssue({ code: "custom", message: "Le programme est trop long. Raccourcissez certains textes." });
      return z.NEVER;
    }
    let json: unknown;
    try {
      json = JSON.parse(v);
    } catch {
      ctx.addIssue({ code: "custom", message: "Le programme n'a pas pu être lu. Rechargez la page et réessayez." });
      return z.NEVER;
    }
    const r = syllabusSchema.safeParse(json);
    if (!r.success) {
      ctx.addIssue({ code: "custom", message: "Le programme contient des valeurs invalides (numéro de module : un nombre entier positif)." });
      return z.NEVER;
    }
    const cleaned = cleanSyllabus(r.data);
    const untitled = cleaned.modules.findIndex((m) => !m.title);
    if (untitled >= 0) {
      ctx.addIssue({ code: "custom", message: `Le module en position ${untitled + 1} n'a pas de titre : donnez-lui un titre ou supprimez-le.` });
      return z.NEVER;
    }
    return cleaned;
  });

export const formationFormSchema = z.object({
  title: z
    .string({ error: "Indiquez le titre de la formation." })
    .trim()
    .min(1, { error: "Indiquez le titre de la formation." })
    .max(200, { error: "Le titre ne doit pas dépasser 200 caractères." }),
  description: z
    .string({ error: "Indiquez la description de la formation." })
    .trim()
    .min(1, { error: "Indiquez la description de la formation." })
    .max(5000, { error: "La description ne doit pas dépasser 5 000 caractères." }),
  duration_months: intField({
    label: "la durée en mois",
    min: 1,
    max: FORMATION_LIMITS.maxDurationMonths,
    def: FORMATION_DEFAULTS.duration_months,
    minMessage: "La durée doit être d'au moins 1 mois.",
  }),
  price: z
    .string({ error: "Indiquez le prix (0 pour « prix sur demande »)." })
    .transform((v, ctx) => {
      const c = parsePriceToCentimes(v);
      if (c === null) {
        ctx.addIssue({ code: "custom", message: "Indiquez le prix (0 pour « prix sur demande »)." });
        return z.NEVER;
      }
      if (Number.isNaN(c)) {
        ctx.addIssue({ code: "custom", message: "Prix invalide : indiquez un montant en DA, par exemple 35000 ou 35000,50." });
        return z.NEVER;
      }
      if (c < 0) {
        ctx.addIssue({ code: "custom", message: "Le prix ne peut pas être négatif." });
        return z.NEVER;
      }
      if (c > FORMATION_LIMITS.maxPrice) {
        ctx.addIssue({ code: "custom", message: "Le prix est trop élevé." });
        return z.NEVER;
      }
      return c;
    }),
  max_participants: intField({
    label: "le nombre maximum de participants",
    min: 1,
    max: FORMATION_LIMITS.maxParticipants,
    def: FORMATION_DEFAULTS.max_participants,
    minMessage: "Il faut au moins 1 participant par session.",
  }),
  /** a checkbox: checked sends "true"; the field is absent when unchecked */
  is_active: z
    .string()
    .optional()
    .transform((v) => v === "true" || v === "on" || v === "1"),
  syllabus: syllabusField,
});

export function formationValuesFrom(form: FormData): FormationFormValues {
  const text = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  return {
    title: text("title"),
    description: text("description"),
    duration_months: text("duration_months"),
    price: text("price"),
    max_participants: text("max_participants"),
    is_active: ["true", "on", "1"].includes(text("is_active")),
    syllabus: text("syllabus"),
  };
}

export type FormationParse =
  | { success: true; data: FormationFormData; values: FormationFormValues }
  | { success: false; fieldErrors: FormationFieldErrors; values: FormationFormValues };

export function parseFormationForm(form: FormData): FormationParse {
  const values = formationValuesFrom(form);
  const raw: Record<string, string | undefined> = {};
  for (const k of FORMATION_FIELDS) {
    const v = form.get(k);
    raw[k] = typeof v === "string" ? v : undefined;
  }
  const r = formationFormSchema.safeParse(raw);
  if (r.success) return { success: true, data: r.data, values };
  const fieldErrors: FormationFieldErrors = {};
  for (const issue of r.error.issues) {
    const k = issue.path[0] as FormationField | undefined;
    if (k && !fieldErrors[k]) fieldErrors[k] = issue.message;
  }
  return { success: false, fieldErrors, values };
}

/** A price for visitors: "350 000 DA", or the on-request label when empty or 0. */
export function formationPriceLabel(centimes: number | null | undefined, onRequest: "Prix sur demande" | "Sur demande"): string {
  return centimes === null || centimes === undefined || centimes === 0 ? onRequest : formatDA(centimes);
}
