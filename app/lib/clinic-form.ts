import { z } from "~/lib/zod";
import type { Clinic } from "./clinic";
import { isHttpsUrl } from "./blog-form";
import { formatPhoneDisplay, toE164 } from "./phone";
import { EMAIL_MAX, isPlausiblePhone, optionalText, PHONE_INVALID, requiredText, singleLine } from "./rules";

/**
 * The form of the staff screen 'Identité de la clinique' (/admin/clinique; docs/product.md,
 * "Staff: clinic identity"): one Zod schema, run by the action and the browser alike, with its
 * French messages; `clinicFromForm` turns the typed values into the stored `Clinic` (the phones
 * in E.164 and as shown, the one-line address and the map's box derived), `clinicFormValue` the
 * stored identity into the form's values.
 */

// ---- limits ------------------------------------------------------------------------------------

export const CLINIC_LIMITS = {
  name: 120,
  shortName: 60,
  doctorName: 120,
  doctorShortName: 60,
  doctorTitle: 160,
  street: 160,
  district: 80,
  city: 80,
  phoneLabel: 30,
  socialName: 40,
  url: 300,
  diplomaTitle: 200,
  institution: 200,
  legalText: 300,
  director: 120,
  hostName: 120,
  hostAddress: 200,
  phones: { min: 1, max: 4 },
  social: { max: 6 },
  diplomas: { max: 20 },
  years: { min: 0, max: 80 },
  patients: { min: 0, max: 1_000_000 },
  surgeries: { min: 0, max: 100_000 },
  satisfaction: { min: 0, max: 100 },
  since: { min: 1950 },
  diplomaYear: { min: 1950 },
  lat: { min: -90, max: 90 },
  lon: { min: -180, max: 180 },
} as const;

const L = CLINIC_LIMITS;

/** Half the map's box around the marker, in degrees (about 900 m by 1 200 m in Algiers). */
export const MAP_HALF_BOX = { lat: 0.004, lon: 0.007 } as const;

export const CLINIC_FORM_MESSAGES = {
  fix: "Certains champs sont à corriger : voyez les messages sous les champs concernés.",
  stale: "La fiche a été modifiée par quelqu'un d'autre pendant que vous la remplissiez : rien n'a été enregistré. Rechargez la page pour voir sa version, puis refaites vos changements.",
  storeFailed: "La base de données n'a pas répondu : rien n'a été enregistré. Réessayez dans un instant.",
  whole: "Indiquez un nombre entier, sans virgule (exemple : 7000).",
  decimal: "Indiquez un nombre, avec un point ou une virgule (exemple : 36,7235).",
  phone: PHONE_INVALID,
  phoneUnknown: "Ce numéro n'existe pas en Algérie : vérifiez-le (exemple : 0550 12 34 56 ou 023 70 45 12). Un numéro étranger s'écrit avec son indicatif (+33…).",
  url: "Indiquez un lien complet commençant par https:// (exemple : https://www.facebook.com/votrepage).",
  postalCode: "Le code postal algérien a 5 chiffres (exemple : 16050).",
  email: "Adresse e-mail invalide (exemple : contact@clinique.dz).",
  tooManyPhones: `Au plus ${L.phones.max} numéros.`,
  noPhone: "Indiquez au moins un numéro de téléphone.",
  tooManySocial: `Au plus ${L.social.max} réseaux sociaux.`,
  tooManyDiplomas: `Au plus ${L.diplomas.max} diplômes.`,
} as const;

const M = CLINIC_FORM_MESSAGES;

// ---- field rules -------------------------------------------------------------------------------

function text(label: string, max: number, what = "Indiquez") {
  return requiredText({ missing: `${what} ${label}.`, max, tooLong: `${capitalize(label)} : ${max} caractères au plus.` });
}

/** An optional text of the Arabic identity: empty becomes null (the page then writes its fallback). */
function arabicText(label: string, max: number) {
  return optionalText({ max, tooLong: `${label} : ${max} caractères au plus.` });
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A whole number typed by a person ("7000", "7 000"), within its range. */
function wholeNumber(o: { missing: string; min: number; max: number; range: string }) {
  return singleLine({ error: o.missing })
    .trim()
    .min(1, { error: o.missing })
    .transform((v, ctx) => {
      const cleaned = v.replace(/[\s\u00a0\u202f]/g, "");
      if (!/^-?\d{1,9}$/.test(cleaned)) {
        ctx.addIssue({ code: "custom", message: M.whole });
        return z.NEVER;
      }
      const n = Number(cleaned);
      if (n < o.min || n > o.max) {
        ctx.addIssue({ code: "custom", message: o.range });
        return z.NEVER;
      }
      return n;
    });
}

/** A decimal typed with a point or a comma ("36,7235"), within its range. */
function decimal(o: { missing: string; min: number; max: number; range: string }) {
  return singleLine({ error: o.missing })
    .trim()
    .min(1, { error: o.missing })
    .transform((v, ctx) => {
      const cleaned = v.replace(/\s/g, "").replace(",", ".");
      if (!/^-?\d{1,3}(\.\d{1,8})?$/.test(cleaned)) {
        ctx.addIssue({ code: "custom", message: M.decimal });
        return z.NEVER;
      }
      const n = Number(cleaned);
      if (n < o.min || n > o.max) {
        ctx.addIssue({ code: "custom", message: o.range });
        return z.NEVER;
      }
      return n;
    });
}

function httpsUrl(missing: string) {
  return requiredText({ missing, max: L.url, tooLong: `Le lien : ${L.url} caractères au plus.` }).refine(isHttpsUrl, { error: M.url });
}

/** A phone number: plausible, then known to libphonenumber (Algeria by default); kept as typed here. */
const phoneNumber = requiredText({ missing: "Indiquez le numéro.", max: 30, tooLong: "Le numéro de téléphone est trop long." })
  .refine(isPlausiblePhone, { error: M.phone })
  .refine((v) => !isPlausiblePhone(v) || toE164(v) !== null, { error: M.phoneUnknown });

const phoneRow = z.object({
  label: text("le nom du numéro (exemple : Cabinet, Mobile)", L.phoneLabel),
  number: phoneNumber,
});

const socialRow = z.object({
  name: text("le nom du réseau (exemple : Facebook)", L.socialName),
  url: httpsUrl("Indiquez le lien de la page."),
});

function diplomaRow(currentYear: number) {
  return z.object({
    year: wholeNumber({
      missing: "Indiquez l'année.",
      min: L.diplomaYear.min,
      max: currentYear,
      range: `Une année entre ${L.diplomaYear.min} et ${currentYear}.`,
    }),
    title: text("l'intitulé du diplôme", L.diplomaTitle),
    institution: text("l'établissement", L.institution),
  });
}

/** The schema of /admin/clinique; `currentYear` bounds the since-year and the diplomas. */
export function clinicFormSchema(currentYear: number) {
  return z.object({
    version: singleLine().max(100).optional(),
    // the clinic
    name: text("le nom de la clinique", L.name),
    shortName: text("le nom court", L.shortName),
    email: requiredText({ missing: "Indiquez l'adresse e-mail de la clinique.", max: EMAIL_MAX, tooLong: "L'adresse e-mail est trop longue." }).pipe(z.email({ error: M.email })),
    // the doctor
    doctorName: text("le nom du praticien", L.doctorName),
    doctorShortName: text("le nom court du praticien", L.doctorShortName),
    doctorTitle: text("le titre du praticien", L.doctorTitle),
    // address and map
    street: text("la rue et le numéro", L.street),
    district: text("la commune ou le quartier", L.district),
    city: text("la ville", L.city),
    postalCode: singleLine({ error: "Indiquez le code postal." })
      .trim()
      .min(1, { error: "Indiquez le code postal." })
      .regex(/^\d{5}$/, { error: M.postalCode }),
    lat: decimal({ missing: "Indiquez la latitude.", ...L.lat, range: `La latitude va de ${L.lat.min} à ${L.lat.max} (Alger : environ 36,7).` }),
    lon: decimal({ missing: "Indiquez la longitude.", ...L.lon, range: `La longitude va de ${L.lon.min} à ${L.lon.max} (Alger : environ 3,0).` }),
    // phones and links
    // Conform hands an empty list as undefined
    phones: z.array(phoneRow, { error: M.noPhone }).min(L.phones.min, { error: M.noPhone }).max(L.phones.max, { error: M.tooManyPhones }),
    social: z.array(socialRow).max(L.social.max, { error: M.tooManySocial }).default([]),
    // figures
    yearsOfExperience: wholeNumber({ missing: "Indiquez les années d'expérience.", ...L.years, range: `De ${L.years.min} à ${L.years.max} ans.` }),
    patients: wholeNumber({ missing: "Indiquez le nombre de patients.", ...L.patients, range: "De 0 à 1 000 000 patients." }),
    surgeries: wholeNumber({ missing: "Indiquez le nombre de chirurgies.", ...L.surgeries, range: "De 0 à 100 000 chirurgies." }),
    satisfaction: wholeNumber({ missing: "Indiquez le pourcentage de satisfaction.", ...L.satisfaction, range: "Un pourcentage de 0 à 100." }),
    since: wholeNumber({ missing: "Indiquez l'année d'ouverture.", min: L.since.min, max: currentYear, range: `Une année entre ${L.since.min} et ${currentYear}.` }),
    // diplomas
    diplomas: z.array(diplomaRow(currentYear)).max(L.diplomas.max, { error: M.tooManyDiplomas }).default([]),
    // legal notice
    registration: text("le numéro d'agrément ou d'autorisation", L.legalText),
    order: text("l'inscription à l'Ordre", L.legalText),
    activity: text("l'activité", L.legalText),
    director: text("le directeur de la publication", L.director),
    hostName: text("le nom de l'hébergeur", L.hostName),
    hostAddress: text("l'adresse de l'hébergeur", L.hostAddress),
    hostPhone: requiredText({ missing: "Indiquez le téléphone de l'hébergeur.", max: 30, tooLong: "Le numéro de téléphone est trop long." }).refine(isPlausiblePhone, {
      error: "Numéro invalide : indiquez 8 à 15 chiffres (exemple : 023 20 10 10 ou +33 1 23 45 67 89).",
    }),
    hostWebsite: httpsUrl("Indiquez le site de l'hébergeur."),
    // the identity in Arabic (the Arabic pages), each optional
    nameAr: arabicText("Le nom en arabe", L.name),
    shortNameAr: arabicText("Le nom court en arabe", L.shortName),
    doctorNameAr: arabicText("Le nom du praticien en arabe", L.doctorName),
    doctorTitleAr: arabicText("Le titre en arabe", L.doctorTitle),
    streetAr: arabicText("La rue en arabe", L.street),
    districtAr: arabicText("La commune en arabe", L.district),
    cityAr: arabicText("La ville en arabe", L.city),
  });
}

export type ClinicFormOutput = z.output<ReturnType<typeof clinicFormSchema>>;

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The map's box around the marker: [west, south, east, north]. */
export function zoomBoxAround(lat: number, lon: number): [number, number, number, number] {
  return [round(lon - MAP_HALF_BOX.lon, 6), round(lat - MAP_HALF_BOX.lat, 6), round(lon + MAP_HALF_BOX.lon, 6), round(lat + MAP_HALF_BOX.lat, 6)];
}

/** "12, rue des Frères Bouadou, Kouba, Alger" */
export function oneLineAddress(a: { street: string; district: string; city: string }): string {
  return [a.street, a.district, a.city].filter(Boolean).join(", ");
}

/** The typed values as the stored identity (what the form does not show is kept from `base`). */
export function clinicFromForm(v: ClinicFormOutput, base: Clinic): Clinic {
  return {
    ...base,
    name: v.name,
    shortName: v.shortName,
    doctor: { name: v.doctorName, shortName: v.doctorShortName, title: v.doctorTitle },
    address: {
      ...base.address,
      street: v.street,
      district: v.district,
      city: v.city,
      postalCode: v.postalCode,
      oneLine: oneLineAddress(v),
    },
    phones: v.phones.map((p) => {
      const tel = toE164(p.number) ?? p.number;
      return { label: p.label, display: formatPhoneDisplay(tel), tel };
    }),
    email: v.email,
    social: v.social.map((s) => ({ name: s.name, url: s.url })),
    figures: { yearsOfExperience: v.yearsOfExperience, patients: v.patients, surgeries: v.surgeries, satisfaction: v.satisfaction, since: v.since },
    map: { lat: v.lat, lon: v.lon, zoomBox: zoomBoxAround(v.lat, v.lon) },
    diplomas: v.diplomas
      .map((d) => ({ year: d.year, title: d.title, institution: d.institution }))
      .sort((a, b) => a.year - b.year),
    legal: {
      registration: v.registration,
      order: v.order,
      activity: v.activity,
      director: v.director,
      host: { name: v.hostName, address: v.hostAddress, phone: v.hostPhone, website: v.hostWebsite },
    },
    arabic: arabicOf(v),
  };
}

/** The Arabic identity typed, its empty parts left out; none typed: none stored. */
function arabicOf(v: ClinicFormOutput): Clinic["arabic"] {
  const parts = {
    name: v.nameAr,
    shortName: v.shortNameAr,
    doctorName: v.doctorNameAr,
    doctorTitle: v.doctorTitleAr,
    street: v.streetAr,
    district: v.districtAr,
    city: v.cityAr,
  };
  const typed = Object.fromEntries(Object.entries(parts).filter(([, value]) => value));
  return Object.keys(typed).length > 0 ? typed : undefined;
}

/** The stored identity as the form's values (texts, as the inputs hold them). */
export function clinicFormValue(c: Clinic, version: string) {
  return {
    version,
    name: c.name,
    shortName: c.shortName,
    email: c.email,
    doctorName: c.doctor.name,
    doctorShortName: c.doctor.shortName,
    doctorTitle: c.doctor.title,
    street: c.address.street,
    district: c.address.district,
    city: c.address.city,
    postalCode: c.address.postalCode,
    lat: String(c.map.lat),
    lon: String(c.map.lon),
    phones: c.phones.map((p) => ({ label: p.label, number: p.display })),
    social: c.social.map((s) => ({ name: s.name, url: s.url })),
    yearsOfExperience: String(c.figures.yearsOfExperience),
    patients: String(c.figures.patients),
    surgeries: String(c.figures.surgeries),
    satisfaction: String(c.figures.satisfaction),
    since: String(c.figures.since),
    diplomas: c.diplomas.map((d) => ({ year: String(d.year), title: d.title, institution: d.institution })),
    registration: c.legal.registration,
    order: c.legal.order,
    activity: c.legal.activity,
    director: c.legal.director,
    hostName: c.legal.host.name,
    hostAddress: c.legal.host.address,
    hostPhone: c.legal.host.phone,
    hostWebsite: c.legal.host.website,
    nameAr: c.arabic?.name ?? "",
    shortNameAr: c.arabic?.shortName ?? "",
    doctorNameAr: c.arabic?.doctorName ?? "",
    doctorTitleAr: c.arabic?.doctorTitle ?? "",
    streetAr: c.arabic?.street ?? "",
    districtAr: c.arabic?.district ?? "",
    cityAr: c.arabic?.city ?? "",
  };
}
