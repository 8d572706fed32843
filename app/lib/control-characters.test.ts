import fs from "node:fs";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "~/lib/zod";
import { passwordChangeSchema } from "~/lib/password-change-schema";
import { eraseSchema, mergeSchema, notesSchema } from "~/lib/patient-schema";
import { accountSchema, createMemberSchema, roleSchema, teamSettingsSchema } from "~/lib/team-schema";
import { rdvCancelSchema, rdvConfirmSchema, rdvMoveSchema } from "~/lib/rdv-schema";
import { rdvCancelSchemaIn, rdvMoveSchemaIn } from "~/lib/rdv-texts-ar";
import { KEYED_RULE_MESSAGES } from "~/lib/rules";
import {
  adminCreateSchema,
  adminCreateSchemaFor,
  adminCreateWithoutPricesSchema,
  adminUpdateSchema,
  adminUpdateSchemaFor,
  adminUpdateWithoutPricesSchema,
} from "./appointment-schema";
import { blogFormSchema } from "./blog-form";
import { bookingDaySchema, bookingSchema } from "./booking-schema";
import { waitlistJoinSchema, waitlistRemoveSchema, waitlistStaffSchema } from "./waitlist";
import { clinicFormSchema } from "./clinic-form";
import { contactSettingsSchema } from "./contact-settings-form";
import { cleanText, hasMultiLineControl, hasSingleLineControl, oneLine } from "./control-characters";
import { enrollmentSchema } from "./enrollment-schema";
import { formationFormSchema } from "./formation-schema";
import { sessionFormSchema } from "./formation-session-schema";
import { waitlistSchema } from "./waitlist-schema";
import { moveSchema, staffBookingSchema, statusSchema } from "./front-desk-schema";
import { accountPaymentSchema, cancelReceiptSchema, paymentSchema } from "./payment-schema";
import { actSchema } from "./act-schema";
import { closeCashSchema } from "./cash-schema";
import { quoteFormSchema } from "./quote-schema";
import { caseSchema, deletionDaysSchema, reviewSchema, rowSchema } from "./gallery-form";
import { loginSchema } from "./login-schema";
import { forgotPasswordSchema, newPasswordSchema } from "./password-reset-schema";
import { photoAltSchema, photoRemoveSchema, photoUploadSchema } from "./photo-form";
import { reminderMarkSchema, templateSchema } from "./reminder-template";
import { recallIntervalsSchema, recallSentSchema, recallTemplateSchema } from "./recall";
import { messageText } from "~/i18n/messages";
import { CONTROL_CHARACTER_MESSAGE, MULTILINE_CONTROL_CHARACTER_MESSAGE, multiLine, optionalText, personName, requiredText, singleLine } from "./rules";
import { exceptionSchema, servicesSchema, settingsSchema, weeklyHoursSchema } from "./schedule-form";
import { currentCodeSchema, loginCodeSchema, setupCodeSchema } from "./two-factor-schema";

/*
 * Control characters in forms (hardening issue 26, item 4; docs/architecture.md, "Control
 * characters"): every single-line text field of every form refuses them with one French message,
 * every multi-line field (a textarea) keeps its line breaks and tabs and refuses the rest.
 *
 * The sweep is derived from the schemas: FORMS registers every form schema of the app (a test
 * below fails when a module that builds a form schema, or a schema it exports, is missing from
 * it), each string field of each schema is found by walking the schema, and each must refuse the
 * corpus, unless FORMS names it as multi-line (then it refuses the corpus less LF, CR and tab) or
 * exempts it with a reason. A new field is therefore checked without anyone listing it.
 */

const TODAY = "2026-11-24";

/** Every control character class of app/lib/control-characters.ts, a few of each. */
const CONTROLS: Record<string, string> = {
  "CR LF": "\r\n",
  LF: "\n",
  CR: "\r",
  NUL: "\u0000",
  SOH: "\u0001",
  BEL: "\u0007",
  BS: "\u0008",
  VT: "\u000B",
  FF: "\u000C",
  ESC: "\u001B",
  US: "\u001F",
  DEL: "\u007F",
  PAD: "\u0080",
  NEL: "\u0085",
  CSI: "\u009B",
  APC: "\u009F",
  "LINE SEPARATOR": "\u2028",
  "PARAGRAPH SEPARATOR": "\u2029",
  LRE: "\u202A",
  RLE: "\u202B",
  PDF: "\u202C",
  LRO: "\u202D",
  RLO: "\u202E",
  LRI: "\u2066",
  RLI: "\u2067",
  FSI: "\u2068",
  PDI: "\u2069",
};
const LINE_BREAKS_AND_TAB = new Set(["CR LF", "LF", "CR"]);

/** The values sent for each control: inside a plausible value, at its end (where a trim would hide it), and the issue's payload. */
function corpus(multi: boolean): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = [];
  for (const [label, c] of Object.entries(CONTROLS)) {
    if (multi && LINE_BREAKS_AND_TAB.has(label)) continue;
    out.push({ label: `${label} inside`, value: `K${c}END:VCALENDAR` }, { label: `${label} at the end`, value: `10${c}` });
  }
  if (!multi) out.push({ label: "the issue's payload", value: "K\r\nEND:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:PWNED" });
  return out;
}

/** Allowed: the French and Arabic typography the clinic writes (no-break spaces, LRM/RLM, joiners, soft hyphen, emoji). */
const ALLOWED = ["Clinique Dentaire Kouba", "Dr Amina Benali\u00A0:", "1\u202F000 DA", "عيادة\u200F Kouba", "\u200Eمرحبا", "a\u200Db\u200Cc\u00ADd", "Sourire 😁"];

// ---- the rule ----------------------------------------------------------------------------------

describe("control characters: the rule of the fields", () => {
  const name = personName({ missing: "Indiquez le nom." });
  const note = optionalText({ max: 500, tooLong: "Trop long.", multiline: true });

  it.each(Object.entries(CONTROLS))("a single-line field refuses %s with the French message, wherever it is", (_label, c) => {
    for (const value of [`Amina${c}Benali`, `Amina Benali${c}`, `${c}Amina Benali`, c]) {
      const r = name.safeParse(value);
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toEqual([CONTROL_CHARACTER_MESSAGE]);
    }
  });

  it("a single-line field turns a tab (a paste from a spreadsheet) into a space", () => {
    expect(name.parse("Amina\tBenali")).toBe("Amina Benali");
    expect(name.parse("\tAmina Benali\t")).toBe("Amina Benali");
    expect(singleLine().parse("a\t\tb")).toBe("a  b");
  });

  it.each(ALLOWED)("keeps what people type: %s", (value) => {
    expect(name.parse(value)).toBe(value.trim());
    expect(note.parse(value)).toBe(value.trim());
    expect(hasSingleLineControl(value)).toBe(false);
  });

  it("a multi-line field keeps line breaks and tabs, and refuses every other control character", () => {
    expect(note.parse("Allergie :\r\n\t- pénicilline\n- latex")).toBe("Allergie :\r\n\t- pénicilline\n- latex");
    for (const [label, c] of Object.entries(CONTROLS)) {
      if (LINE_BREAKS_AND_TAB.has(label)) continue;
      const r = note.safeParse(`Allergie${c} : latex`);
      expect(r.success, label).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toEqual([MULTILINE_CONTROL_CHARACTER_MESSAGE]);
      expect(hasMultiLineControl(c), label).toBe(true);
    }
    expect(multiLine().safeParse("ligne 1\nligne 2").success).toBe(true);
  });

  it("a required text says 'missing' for an empty value, and the control message first for a control", () => {
    const title = requiredText({ missing: "Le titre est obligatoire.", max: 5, tooLong: "Trop long." });
    expect(title.safeParse("   ").error?.issues.map((i) => i.message)).toEqual(["Le titre est obligatoire."]);
    expect(title.safeParse("Un titre bien trop long\u0000").error?.issues.map((i) => i.message)).toEqual([CONTROL_CHARACTER_MESSAGE]);
  });
});

// ---- what outputs write ----------------------------------------------------------------------------

describe("control characters: cleanText and oneLine (the outputs)", () => {
  it("oneLine makes one line of a stored value, whatever it holds", () => {
    expect(oneLine("K\r\nEND:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:PWNED")).toBe("K END:VCALENDAR BEGIN:VEVENT SUMMARY:PWNED");
    for (const [label, c] of Object.entries(CONTROLS)) {
      const v = oneLine(`A${c}B`);
      expect(hasSingleLineControl(v), label).toBe(false);
      expect(v.startsWith("A") && v.endsWith("B"), label).toBe(true);
    }
    expect(oneLine("\tClinique\u00A0Kouba \n")).toBe("Clinique\u00A0Kouba");
  });

  it("cleanText keeps lines and tabs (as LF), drops the other controls and lone surrogates", () => {
    expect(cleanText("a\r\nb\rc\u0085d\u2028e\u2029f\tg")).toBe("a\nb\nc\nd\ne\nf\tg");
    expect(cleanText("a\u0000\u001B[31m\u007F\u009B\u202Eb")).toBe("a[31mb");
    expect(cleanText("x\uD800y\uDC00z😁")).toBe("x\uFFFDy\uFFFDz😁");
    for (const value of ALLOWED) expect(cleanText(value)).toBe(value);
  });
});

// ---- every form of the app -----------------------------------------------------------------------

interface FormEntry {
  /** the module and the export the schema comes from */
  file: string;
  exportName: string;
  /** what a person calls the form */
  form: string;
  staff: boolean;
  schema: z.ZodType;
  /** the textareas, by Conform name (lists as [0]) */
  multiLine?: string[];
  /** fields that take any character, and why */
  exempt?: Record<string, string>;
  /** a schema whose messages are sentences of this language (the Arabic personal page's, which run in the browser too) */
  locale?: "ar";
}

const PASSWORD = "a password: hashed, compared, never written anywhere; any character may belong to it";

const FORMS: FormEntry[] = [
  // ---- public and sign-in forms
  { file: "app/lib/booking-schema.ts", exportName: "bookingSchema", form: "Prendre rendez-vous (/appointment)", staff: false, schema: bookingSchema(TODAY, 60), multiLine: ["message"] },
  { file: "app/lib/booking-schema.ts", exportName: "bookingDaySchema", form: "Voir les horaires libres (/appointment)", staff: false, schema: bookingDaySchema(TODAY, 60) },
  { file: "app/lib/waitlist.ts", exportName: "waitlistJoinSchema", form: "Rejoindre la liste d'attente (/liste-attente)", staff: false, schema: waitlistJoinSchema(TODAY), exempt: { "wishes[0]": "a checkbox among the fourteen half-day keys (WISH_KEYS): anything else is refused, nothing typed is stored" } },
  { file: "app/lib/waitlist.ts", exportName: "waitlistStaffSchema", form: "Liste d'attente : ajouter un patient", staff: true, schema: waitlistStaffSchema(TODAY), exempt: { "wishes[0]": "a checkbox among the fourteen half-day keys (WISH_KEYS): anything else is refused, nothing typed is stored" } },
  { file: "app/lib/waitlist.ts", exportName: "waitlistRemoveSchema", form: "Liste d'attente : retirer", staff: true, schema: waitlistRemoveSchema },
  { file: "app/lib/enrollment-schema.ts", exportName: "enrollmentSchema", form: "Inscription à une formation", staff: false, schema: enrollmentSchema },
  {
    file: "app/lib/login-schema.ts",
    exportName: "loginSchema",
    form: "Connexion (/login)",
    staff: false,
    schema: loginSchema,
    exempt: { password: PASSWORD, redirectTo: "a hidden field judged by safeRedirectPath (docs/architecture.md, 'Security floor'), never written as text" },
  },
  { file: "app/lib/password-reset-schema.ts", exportName: "forgotPasswordSchema", form: "Mot de passe oublié", staff: false, schema: forgotPasswordSchema },
  {
    file: "app/lib/password-reset-schema.ts",
    exportName: "newPasswordSchema",
    form: "Nouveau mot de passe",
    staff: false,
    schema: newPasswordSchema(10),
    exempt: { password: PASSWORD, confirm: PASSWORD },
  },
  { file: "app/lib/two-factor-schema.ts", exportName: "loginCodeSchema", form: "Code de connexion (application)", staff: false, schema: loginCodeSchema("totp") },
  { file: "app/lib/two-factor-schema.ts", exportName: "loginCodeSchema", form: "Code de connexion (code de secours)", staff: false, schema: loginCodeSchema("recovery") },
  { file: "app/lib/rdv-schema.ts", exportName: "rdvConfirmSchema", form: "Lien personnel : confirmer", staff: false, schema: rdvConfirmSchema },
  { file: "app/lib/rdv-schema.ts", exportName: "rdvCancelSchema", form: "Lien personnel : annuler", staff: false, schema: rdvCancelSchema, multiLine: ["reason"] },
  { file: "app/lib/rdv-schema.ts", exportName: "rdvMoveSchema", form: "Lien personnel : déplacer", staff: false, schema: rdvMoveSchema(TODAY, 60) },
  { file: "app/lib/rdv-texts-ar.ts", exportName: "rdvCancelSchemaIn", form: "Lien personnel en arabe : annuler", staff: false, schema: rdvCancelSchemaIn("ar"), multiLine: ["reason"], locale: "ar" },
  { file: "app/lib/rdv-texts-ar.ts", exportName: "rdvMoveSchemaIn", form: "Lien personnel en arabe : déplacer", staff: false, schema: rdvMoveSchemaIn(TODAY, 60, "ar"), locale: "ar" },
  // ---- staff forms
  { file: "app/lib/clinic-form.ts", exportName: "clinicFormSchema", form: "Clinique (/admin/clinique)", staff: true, schema: clinicFormSchema(2026) },
  { file: "app/lib/schedule-form.ts", exportName: "weeklyHoursSchema", form: "Horaires de la semaine", staff: true, schema: weeklyHoursSchema },
  { file: "app/lib/schedule-form.ts", exportName: "exceptionSchema", form: "Fermetures et horaires spéciaux", staff: true, schema: exceptionSchema(TODAY) },
  { file: "app/lib/schedule-form.ts", exportName: "servicesSchema", form: "Soins (durées)", staff: true, schema: servicesSchema },
  { file: "app/lib/schedule-form.ts", exportName: "settingsSchema", form: "Règles de réservation", staff: true, schema: settingsSchema },
  { file: "app/lib/contact-settings-form.ts", exportName: "contactSettingsSchema", form: "Lien personnel, rappels et conservation", staff: true, schema: contactSettingsSchema },
  { file: "app/lib/appointment-schema.ts", exportName: "adminCreateSchema", form: "Ajouter un rendez-vous (avec prix)", staff: true, schema: adminCreateSchema, multiLine: ["tips"] },
  { file: "app/lib/appointment-schema.ts", exportName: "adminCreateWithoutPricesSchema", form: "Ajouter un rendez-vous (sans prix)", staff: true, schema: adminCreateWithoutPricesSchema, multiLine: ["tips"] },
  { file: "app/lib/appointment-schema.ts", exportName: "adminCreateSchemaFor", form: "Ajouter un rendez-vous (selon le rôle)", staff: true, schema: adminCreateSchemaFor(true), multiLine: ["tips"] },
  { file: "app/lib/appointment-schema.ts", exportName: "adminUpdateSchema", form: "Modifier un rendez-vous (avec prix)", staff: true, schema: adminUpdateSchema, multiLine: ["tips"] },
  { file: "app/lib/appointment-schema.ts", exportName: "adminUpdateWithoutPricesSchema", form: "Modifier un rendez-vous (sans prix)", staff: true, schema: adminUpdateWithoutPricesSchema, multiLine: ["tips"] },
  { file: "app/lib/appointment-schema.ts", exportName: "adminUpdateSchemaFor", form: "Modifier un rendez-vous (selon le rôle)", staff: true, schema: adminUpdateSchemaFor(false), multiLine: ["tips"] },
  { file: "app/lib/front-desk-schema.ts", exportName: "statusSchema", form: "Agenda : statut (annulation)", staff: true, schema: statusSchema, multiLine: ["reason"] },
  { file: "app/lib/front-desk-schema.ts", exportName: "moveSchema", form: "Agenda : déplacer", staff: true, schema: moveSchema },
  { file: "app/lib/front-desk-schema.ts", exportName: "staffBookingSchema", form: "Agenda : rendez-vous pris par téléphone", staff: true, schema: staffBookingSchema, multiLine: ["message"] },
  { file: "app/lib/payment-schema.ts", exportName: "paymentSchema", form: "Agenda : encaisser", staff: true, schema: paymentSchema },
  { file: "app/lib/payment-schema.ts", exportName: "accountPaymentSchema", form: "Dossier : encaisser un paiement", staff: true, schema: accountPaymentSchema },
  { file: "app/lib/payment-schema.ts", exportName: "cancelReceiptSchema", form: "Reçu : annuler", staff: true, schema: cancelReceiptSchema },
  { file: "app/lib/waitlist-schema.ts", exportName: "waitlistSchema", form: "Formation : liste d'attente", staff: false, schema: waitlistSchema },
  { file: "app/lib/formation-session-schema.ts", exportName: "sessionFormSchema", form: "Formations : une session", staff: true, schema: sessionFormSchema },
  { file: "app/lib/act-schema.ts", exportName: "actSchema", form: "Actes et tarifs : un acte", staff: true, schema: actSchema },
  { file: "app/lib/cash-schema.ts", exportName: "closeCashSchema", form: "Caisse : clôturer", staff: true, schema: closeCashSchema },
  {
    file: "app/lib/quote-schema.ts",
    exportName: "quoteFormSchema",
    form: "Devis : brouillon",
    staff: true,
    schema: quoteFormSchema,
    multiLine: ["note"],
    exempt: { lines: "the editor's lines as JSON (control characters arrive escaped); every text in it is checked by readLines, 'Ligne n : … caractère de contrôle.'" },
  },
  { file: "app/lib/blog-form.ts", exportName: "blogFormSchema", form: "Blog : article", staff: true, schema: blogFormSchema, multiLine: ["content"] },
  {
    file: "app/lib/formation-schema.ts",
    exportName: "formationFormSchema",
    form: "Formations : formation et programme",
    staff: true,
    schema: formationFormSchema,
    multiLine: [
      "description",
      "syllabus.overview.description",
      "syllabus.overview.objectives",
      "syllabus.modules[0].description",
      "syllabus.modules[0].points_clefs",
      "syllabus.modules[0].objectifs",
      "syllabus.modules[0].pratique",
      "syllabus.modules[0].lessons[0].content",
      "objectives_ar",
      "modules_ar",
    ],
  },
  { file: "app/lib/gallery-form.ts", exportName: "caseSchema", form: "Galerie : cas avant/après", staff: true, schema: caseSchema, multiLine: ["description", "description_ar"] },
  { file: "app/lib/gallery-form.ts", exportName: "reviewSchema", form: "Galerie : avis", staff: true, schema: reviewSchema, multiLine: ["comment"] },
  { file: "app/lib/gallery-form.ts", exportName: "deletionDaysSchema", form: "Galerie : délai de suppression", staff: true, schema: deletionDaysSchema },
  { file: "app/lib/gallery-form.ts", exportName: "rowSchema", form: "Galerie : boutons d'une ligne", staff: true, schema: rowSchema },
  { file: "app/lib/photo-form.ts", exportName: "photoUploadSchema", form: "Photos : téléverser", staff: true, schema: photoUploadSchema },
  { file: "app/lib/photo-form.ts", exportName: "photoAltSchema", form: "Photos : texte alternatif", staff: true, schema: photoAltSchema },
  { file: "app/lib/photo-form.ts", exportName: "photoRemoveSchema", form: "Photos : retirer", staff: true, schema: photoRemoveSchema },
  { file: "app/lib/reminder-template.ts", exportName: "templateSchema", form: "Rappels : modèle de message", staff: true, schema: templateSchema, multiLine: ["body"] },
  { file: "app/lib/reminder-template.ts", exportName: "reminderMarkSchema", form: "Rappels : marquer envoyé", staff: true, schema: reminderMarkSchema },
  { file: "app/lib/recall.ts", exportName: "recallTemplateSchema", form: "Suivis : modèle de message", staff: true, schema: recallTemplateSchema, multiLine: ["body"] },
  { file: "app/lib/recall.ts", exportName: "recallSentSchema", form: "Suivis : relance notée", staff: true, schema: recallSentSchema },
  { file: "app/lib/recall.ts", exportName: "recallIntervalsSchema", form: "Suivis : intervalles", staff: true, schema: recallIntervalsSchema },
  { file: "app/lib/patient-schema.ts", exportName: "notesSchema", form: "Patients : notes", staff: true, schema: notesSchema, multiLine: ["notes"] },
  { file: "app/lib/patient-schema.ts", exportName: "mergeSchema", form: "Patients : fusion", staff: true, schema: mergeSchema },
  { file: "app/lib/patient-schema.ts", exportName: "eraseSchema", form: "Patients : effacement", staff: true, schema: eraseSchema },
  { file: "app/lib/team-schema.ts", exportName: "createMemberSchema", form: "Équipe : nouveau membre", staff: true, schema: createMemberSchema },
  { file: "app/lib/team-schema.ts", exportName: "roleSchema", form: "Équipe : rôle", staff: true, schema: roleSchema },
  { file: "app/lib/team-schema.ts", exportName: "accountSchema", form: "Équipe : actions d'un compte", staff: true, schema: accountSchema },
  { file: "app/lib/team-schema.ts", exportName: "teamSettingsSchema", form: "Équipe : réglages", staff: true, schema: teamSettingsSchema },
  {
    file: "app/lib/password-change-schema.ts",
    exportName: "passwordChangeSchema",
    form: "Mon compte : mot de passe",
    staff: true,
    schema: passwordChangeSchema(10),
    exempt: { current: PASSWORD, next: PASSWORD, confirm: PASSWORD },
  },
  { file: "app/lib/two-factor-schema.ts", exportName: "setupCodeSchema", form: "Mon compte : activer la double authentification", staff: true, schema: setupCodeSchema },
  { file: "app/lib/two-factor-schema.ts", exportName: "currentCodeSchema", form: "Mon compte : code actuel", staff: true, schema: currentCodeSchema },
];

/** Modules that build Zod objects which are no form, and what they parse instead. */
const NOT_FORMS: Record<string, string> = {
  "app/.server/certificate-actions.ts": "the attendance sheet's buttons (ids, a day, 0/1): nothing typed",
  "app/.server/clinic.ts": "the stored identity (JSON of clinic_settings), read over the demo one",
  "app/.server/config.ts": "the environment",
  "app/.server/known-device.ts": "a signed cookie",
  "app/.server/login-challenge.ts": "a signed cookie",
  "app/.server/trusted-device.ts": "a signed cookie",
  "app/lib/syllabus.ts": "the stored syllabus (JSON), written by formationFormSchema",
  "app/lib/toast.ts": "the flash cookie",
};

const ROOT = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = `${dir}/${d.name}`;
    if (d.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [rel] : [];
  });
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Types that hold no text a person types (or whose values are a fixed list). */
const NOT_TEXT = new Set(["number", "boolean", "enum", "literal", "file", "date", "bigint", "nan", "transform", "any", "unknown", "never"]);
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "nonoptional", "catch", "readonly", "success"]);

/** The Conform names of the string fields of a schema (a list's first item as [0]). */
function stringFields(schema: z.ZodType, at = ""): string[] {
  const def = defOf(schema);
  if (def.type === "string") return [at];
  if (def.type === "object") return Object.entries(def.shape!).flatMap(([k, s]) => stringFields(s, at ? `${at}.${k}` : k));
  if (def.type === "array") return stringFields(def.element!, `${at}[0]`);
  if (def.type === "pipe") return stringFields(def.in!, at);
  if (WRAPPERS.has(def.type)) return stringFields(def.innerType!, at);
  if (NOT_TEXT.has(def.type)) return [];
  throw new Error(`unknown schema type '${def.type}' at '${at}': teach stringFields to look inside it`);
}

function errorsAt(schema: z.ZodType, name: string, value: string): string[] {
  const fd = new FormData();
  fd.set(name, value);
  const submission = parseWithZod(fd, { schema });
  // as the French page shows them: a public form's keys (app/i18n/messages.ts) in French
  return submission.status === "error" ? (submission.error?.[name] ?? []).map((m) => messageText("fr", m)) : [];
}

describe("control characters: every form of the app is registered", () => {
  it("every module that builds a Zod object is a registered form module or named as no form", () => {
    const builders = [...sourceFiles("app")].filter((f) => /\bz\s*\.\s*object\(/.test(fs.readFileSync(path.join(ROOT, f), "utf8"))).sort();
    const known = new Set([...FORMS.map((f) => f.file), ...Object.keys(NOT_FORMS)]);
    expect(builders.filter((f) => !known.has(f))).toEqual([]);
    expect([...known].filter((f) => !builders.includes(f))).toEqual([]);
  });

  it("every form schema a form module exports (an object, or a function named …Schema) is registered", async () => {
    const missing: string[] = [];
    for (const file of new Set(FORMS.map((f) => f.file))) {
      const mod = (await import(/* @vite-ignore */ path.join(ROOT, file))) as Record<string, unknown>;
      const registered = new Set(FORMS.filter((f) => f.file === file).map((f) => f.exportName));
      for (const [name, value] of Object.entries(mod)) {
        const isObjectSchema = typeof value === "object" && value !== null && "_zod" in value && defOf(value as z.ZodType).type === "object";
        const isSchemaFactory = typeof value === "function" && /Schema(For)?$/.test(name);
        if ((isObjectSchema || isSchemaFactory) && !registered.has(name)) missing.push(`${file}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("finds the fields inside lists and nested parts (the walk itself)", () => {
    const fields = (n: string) => stringFields(FORMS.find((f) => f.exportName === n)!.schema);
    expect(fields("clinicFormSchema")).toEqual(expect.arrayContaining(["shortName", "name", "version", "phones[0].label", "phones[0].number", "social[0].url", "diplomas[0].institution", "hostWebsite"]));
    expect(fields("formationFormSchema")).toEqual(expect.arrayContaining(["title", "price", "syllabus.overview.instructor", "syllabus.modules[0].number", "syllabus.modules[0].lessons[0].title"]));
    expect(fields("weeklyHoursSchema")).toEqual(["d0[0].opens", "d0[0].closes", "d1[0].opens", "d1[0].closes", "d2[0].opens", "d2[0].closes", "d3[0].opens", "d3[0].closes", "d4[0].opens", "d4[0].closes", "d5[0].opens", "d5[0].closes", "d6[0].opens", "d6[0].closes"]);
    for (const f of FORMS) {
      const all = stringFields(f.schema);
      for (const name of [...(f.multiLine ?? []), ...Object.keys(f.exempt ?? {})]) expect(all, `${f.form}: ${name}`).toContain(name);
    }
  });
});

const SWEEP = FORMS.flatMap((f) =>
  stringFields(f.schema)
    .filter((name) => !(f.exempt && name in f.exempt))
    .map((name) => ({ ...f, name, multi: f.multiLine?.includes(name) ?? false })),
);

describe("control characters: every single-line field of every staff form refuses the corpus", () => {
  it("covers the staff forms' fields (a sanity count: a broken walk finds none)", () => {
    expect(SWEEP.filter((f) => f.staff && !f.multi).length).toBeGreaterThan(70);
    expect(SWEEP.filter((f) => f.staff && f.multi).length).toBeGreaterThan(12);
  });

  it.each(SWEEP.filter((f) => f.staff).map((f) => [f.form, f.name, f] as const))("%s — %s", (_form, name, f) => {
    const failed: string[] = [];
    for (const { label, value } of corpus(f.multi)) {
      const errors = errorsAt(f.schema, name, value);
      if (!errors.includes(f.multi ? MULTILINE_CONTROL_CHARACTER_MESSAGE : CONTROL_CHARACTER_MESSAGE)) failed.push(`${label}: ${JSON.stringify(errors)}`);
    }
    expect(failed).toEqual([]);
    // what a person types is never refused for its characters
    const typed = f.multi ? "ligne 1\r\nligne 2\n\tligne 3" : "Amina\tBenali";
    expect(errorsAt(f.schema, name, typed)).not.toContain(f.multi ? MULTILINE_CONTROL_CHARACTER_MESSAGE : CONTROL_CHARACTER_MESSAGE);
  });
});

describe("control characters: and so does every field of the public and sign-in forms", () => {
  it.each(SWEEP.filter((f) => !f.staff).map((f) => [f.form, f.name, f] as const))("%s — %s", (_form, name, f) => {
    const expected =
      f.locale === "ar"
        ? messageText("ar", f.multi ? KEYED_RULE_MESSAGES.multilineControl : KEYED_RULE_MESSAGES.control)
        : f.multi
          ? MULTILINE_CONTROL_CHARACTER_MESSAGE
          : CONTROL_CHARACTER_MESSAGE;
    const failed = corpus(f.multi)
      .filter(({ value }) => !errorsAt(f.schema, name, value).includes(expected))
      .map((c) => c.label);
    expect(failed).toEqual([]);
  });
});
