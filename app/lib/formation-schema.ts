import { z } from "~/lib/zod";
import { centimesToInput } from "./money";
import type { FormationAdminItem } from "./formation";
import { money, multiLine, optionalText, requiredText, singleLine } from "./rules";
import type { Syllabus, SyllabusModule } from "./syllabus";
import { arabicModulesText, parseArabicModules } from "./syllabus-ar-text";

/**
 * The staff form of a formation (docs/product.md, "Staff: formations"): title, description,
 * duration_months (1 to 60, default 6), price (required, in centimes; 0 shows "Prix sur demande"),
 * max_participants (1 to 500, default 10), is_active (default ticked) and the syllabus, a nested
 * part of the same form (Conform field lists: modules, their lessons). One schema, run by the
 * browser before posting and by the action every time; the syllabus is stored as JSON.
 */
/** The place of the demo's formation and of those stored before the field existed (migration 012). */
export const DEFAULT_FORMATION_PLACE = "Centre de Formation Dentaire, Kouba (Alger)";

export const FORMATION_DEFAULTS = { duration_months: 6, max_participants: 10, is_active: true, place: DEFAULT_FORMATION_PLACE } as const;
export const FORMATION_LIMITS = {
  /** the place, one line */
  placeMax: 150,
  maxDurationMonths: 60,
  maxParticipants: 500,
  /** 100 000 000 DA, in centimes (docs/product.md, "Rules of the fields") */
  maxPrice: 10_000_000_000,
  maxModules: 40,
  maxListItems: 40,
  maxLessons: 40,
} as const;

export const FORMATION_MESSAGES = {
  titleMissing: "Indiquez le titre de la formation.",
  titleTooLong: "Le titre ne doit pas dépasser 200 caractères.",
  descriptionMissing: "Indiquez la description de la formation.",
  descriptionTooLong: "La description ne doit pas dépasser 5 000 caractères.",
  priceMissing: "Indiquez le prix (0 pour « prix sur demande »).",
  priceInvalid: "Prix invalide : indiquez un montant en DA, par exemple 35000 ou 35000,50.",
  priceTooHigh: "Montant trop élevé.",
  moduleNumber: "Le programme contient des valeurs invalides (numéro de module : un nombre entier positif).",
  titleArTooLong: "Le titre en arabe ne doit pas dépasser 200 caractères.",
  descriptionArTooLong: "La description en arabe ne doit pas dépasser 5 000 caractères.",
  titleArMissing: "Indiquez le titre en arabe : sans lui, les pages en arabe montrent le titre français.",
  arabicLineOrphan: (line: number) => `Ligne ${line} des modules en arabe : une description (« > ») ou une leçon (« - ») doit suivre le titre d'un module.`,
  moduleUntitled: (position: number) => `Le module en position ${position} n'a pas de titre : donnez-lui un titre ou supprimez-le.`,
} as const;
const M = FORMATION_MESSAGES;

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A whole number typed in a field (the form always shows one: empty is "missing"). */
function wholeNumber(o: { label: string; min: number; max: number; minMessage: string }) {
  const missing = `Indiquez ${o.label}.`;
  return singleLine({ error: missing })
    .trim()
    .min(1, { error: missing })
    .regex(/^\d{1,9}$/, { error: `${capitalize(o.label)} doit être un nombre entier.` })
    .transform(Number)
    .pipe(z.number().min(o.min, { error: o.minMessage }).max(o.max, { error: `${capitalize(o.label)} ne peut pas dépasser ${o.max}.` }));
}

// ---- the syllabus part: optional texts, trimmed and cut to their length ------------------------

const cleanText = (s: string | undefined, max: number) => (s ?? "").replace(/\r\n?/g, "\n").trim().slice(0, max);
/** an input: one line */
const text = (max: number) => singleLine().optional().transform((v) => cleanText(v, max));
/** a textarea: several lines */
const longText = (max: number) => multiLine().optional().transform((v) => cleanText(v, max));
/** A list typed in a textarea, one item per line; empty lines dropped. */
const lines = multiLine()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split("\n")
      .map((s) => cleanText(s, 1000))
      .filter((s) => s !== "")
      .slice(0, FORMATION_LIMITS.maxListItems),
  );

const lessonField = z.object({ title: text(300), description: text(2000), duration: text(200), content: longText(10000) });

const moduleField = z.object({
  /** empty: the module's position */
  number: singleLine()
    .trim()
    .regex(/^\d{1,6}$/, { error: M.moduleNumber })
    .optional(),
  title: text(300),
  description: longText(5000),
  duration: text(200),
  points_clefs: lines,
  objectifs: lines,
  pratique: lines,
  lessons: z
    .array(lessonField)
    .optional()
    .transform((ls) => (ls ?? []).filter((l) => l.title || l.description || l.duration || l.content).slice(0, FORMATION_LIMITS.maxLessons)),
});
type ModuleField = z.output<typeof moduleField>;

const moduleIsBlank = (m: Omit<ModuleField, "number">) =>
  !m.title && !m.description && !m.duration && !m.points_clefs.length && !m.objectifs.length && !m.pratique.length && !m.lessons.length;

/** Wholly empty modules are dropped; any other module needs a title (said beside it). */
const modulesField = z
  .array(moduleField)
  .optional()
  .superRefine((mods, ctx) => {
    mods?.forEach((m, i) => {
      if (!moduleIsBlank(m) && !m.title) ctx.addIssue({ code: "custom", path: [i, "title"], message: M.moduleUntitled(i + 1) });
    });
  })
  .transform((mods): SyllabusModule[] =>
    (mods ?? [])
      .map(({ number, ...m }, i) => ({ ...m, number: number === undefined ? i + 1 : Number(number) }))
      .filter((m) => !moduleIsBlank(m))
      .slice(0, FORMATION_LIMITS.maxModules),
  );

const syllabusField = z
  .object({
    overview: z
      .object({ title: text(300), description: longText(5000), objectives: lines, duration: text(200), instructor: text(200) })
      .optional(),
    modules: modulesField,
  })
  .optional()
  .transform(
    (s): Syllabus => ({
      overview: s?.overview ?? { title: "", description: "", objectives: [], duration: "", instructor: "" },
      modules: s?.modules ?? [],
    }),
  );

export const formationFormSchema = z.object({
  title: requiredText({ missing: M.titleMissing, max: 200, tooLong: M.titleTooLong }),
  description: requiredText({ missing: M.descriptionMissing, max: 5000, tooLong: M.descriptionTooLong, multiline: true }),
  duration_months: wholeNumber({
    label: "la durée en mois",
    min: 1,
    max: FORMATION_LIMITS.maxDurationMonths,
    minMessage: "La durée doit être d'au moins 1 mois.",
  }),
  place: requiredText({ missing: "Indiquez le lieu de la formation.", max: FORMATION_LIMITS.placeMax, tooLong: `Le lieu ne peut pas dépasser ${FORMATION_LIMITS.placeMax} caractères.` }),
  price: money({ missing: M.priceMissing, invalid: M.priceInvalid }).refine((c) => c === null || c <= FORMATION_LIMITS.maxPrice, { error: M.priceTooHigh }),
  max_participants: wholeNumber({
    label: "le nombre maximum de participants",
    min: 1,
    max: FORMATION_LIMITS.maxParticipants,
    minMessage: "Il faut au moins 1 participant par session.",
  }),
  /** a checkbox: Conform hands a ticked box as `true`, an unticked one is absent */
  is_active: z
    .boolean()
    .optional()
    .transform((v) => v === true),
  syllabus: syllabusField,
  // 'En arabe': the Arabic version of the public pages (/ar/formation, /ar/syllabus), all optional
  title_ar: optionalText({ max: 200, tooLong: M.titleArTooLong }),
  description_ar: z.preprocess((v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v), optionalText({ max: 5000, tooLong: M.descriptionArTooLong, multiline: true })),
  /** one objective per line */
  objectives_ar: lines,
  /** the Arabic modules, in the order of the programme: titles, descriptions ("> …") and lessons ("- …"), app/lib/syllabus-ar-text.ts */
  modules_ar: multiLine()
    .optional()
    .transform((v, ctx): SyllabusModule[] => {
      const parsed = parseArabicModules(v ?? "", { modules: FORMATION_LIMITS.maxModules, lessons: FORMATION_LIMITS.maxLessons });
      if (parsed.ok) return parsed.modules;
      ctx.addIssue({ code: "custom", message: M.arabicLineOrphan(parsed.line) });
      return z.NEVER;
    }),
}).refine((v) => v.title_ar !== null || (v.description_ar === null && v.objectives_ar.length === 0 && v.modules_ar.length === 0), { error: M.titleArMissing, path: ["title_ar"] });

export type FormationFormInput = z.input<typeof formationFormSchema>;
export type FormationFormValue = z.output<typeof formationFormSchema>;

/** The Arabic syllabus the editor's 'En arabe' part makes: its objectives and its modules, with their descriptions and lessons (null: none typed). */
export function arabicSyllabus(v: Pick<FormationFormValue, "title_ar" | "description_ar" | "objectives_ar" | "modules_ar">): Syllabus | null {
  if (v.objectives_ar.length === 0 && v.modules_ar.length === 0) return null;
  return {
    overview: { title: v.title_ar ?? "", description: v.description_ar ?? "", objectives: v.objectives_ar, duration: "", instructor: "" },
    modules: v.modules_ar,
  };
}

/** What the editor shows first: the defaults of a new formation, or the stored one (lists one item per line). */
export function formationFormDefaults(f?: FormationAdminItem | null) {
  const s = f?.syllabus;
  return {
    title: f?.title ?? "",
    description: f?.description ?? "",
    duration_months: String(f?.duration_months ?? FORMATION_DEFAULTS.duration_months),
    price: f ? centimesToInput(f.price ?? 0) : "",
    max_participants: String(f?.max_participants ?? FORMATION_DEFAULTS.max_participants),
    place: f?.place ?? FORMATION_DEFAULTS.place,
    is_active: f?.is_active ?? FORMATION_DEFAULTS.is_active,
    title_ar: f?.title_ar ?? "",
    description_ar: f?.description_ar ?? "",
    objectives_ar: (f?.syllabus_ar?.overview.objectives ?? []).join("\n"),
    modules_ar: arabicModulesText(f?.syllabus_ar?.modules ?? []),
    syllabus: {
      overview: { ...(s?.overview ?? { title: "", description: "", duration: "", instructor: "" }), objectives: (s?.overview.objectives ?? []).join("\n") },
      modules: (s?.modules ?? []).map((m) => ({
        ...m,
        number: String(m.number),
        points_clefs: m.points_clefs.join("\n"),
        objectifs: m.objectifs.join("\n"),
        pratique: m.pratique.join("\n"),
      })),
    },
  };
}
