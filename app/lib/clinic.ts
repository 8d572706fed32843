/**
 * The clinic's identity: name, doctor (with diplomas), address, map position, phones, e-mail,
 * social links, public figures and the legal notice's facts. Staff edit it on /admin/clinique; it
 * is stored in `clinic_settings` (JSON) and read by every page, e-mail and JSON-LD block through
 * the root loader (`useClinic()`) or `getClinic()` on the server. `DEMO_CLINIC` holds the demo
 * values the site starts with; the staff home lists those still in place before going live.
 * The opening hours are not here: staff edit them on /admin/horaires (app/lib/schedule.ts).
 */
export interface Diploma {
  year: number;
  title: string;
  institution: string;
}

/** The facts of the legal notice (/mentions-legales) that only the clinic knows. */
export interface LegalFacts {
  /** e.g. "Agrément d'exercice privé n° 16/CD/0452" */
  registration: string;
  order: string;
  activity: string;
  /** the publication director */
  director: string;
  host: { name: string; address: string; phone: string; website: string };
}

export interface Clinic {
  name: string;
  shortName: string;
  doctor: { name: string; title: string; shortName: string };
  address: {
    street: string;
    district: string;
    city: string;
    postalCode: string;
    country: string;
    countryCode: string;
    /** one line, as shown in the contact bar and footer */
    oneLine: string;
  };
  phones: { label: string; display: string; tel: string }[];
  email: string;
  social: { name: string; url: string }[];
  figures: {
    yearsOfExperience: number;
    patients: number;
    surgeries: number;
    since: number;
    satisfaction: number;
  };
  /** OpenStreetMap view of the clinic (bounding box and marker) */
  map: { lat: number; lon: number; zoomBox: [number, number, number, number] };
  diplomas: Diploma[];
  legal: LegalFacts;
  /**
   * The identity as the Arabic pages write it (issue 32), each part optional: an empty one shows
   * the demo's Arabic while the French value is the demo's, else the French value
   * (app/i18n/clinic.ts).
   */
  arabic?: ClinicArabic;
}

export interface ClinicArabic {
  name?: string;
  shortName?: string;
  doctorName?: string;
  doctorTitle?: string;
  street?: string;
  district?: string;
  city?: string;
}

export const DEMO_CLINIC: Clinic = {
  name: "Clinique Dentaire Hamdi",
  shortName: "Clinique Hamdi",
  doctor: {
    name: "Dr Nadir Hamdi",
    shortName: "Dr Hamdi",
    title: "Chirurgien-dentiste, implantologie et esthétique dentaire",
  },
  address: {
    street: "12, rue des Frères Bouadou",
    district: "Kouba",
    city: "Alger",
    postalCode: "16050",
    country: "Algérie",
    countryCode: "DZ",
    oneLine: "12, rue des Frères Bouadou, Kouba, Alger",
  },
  phones: [
    { label: "Cabinet", display: "023 70 45 12", tel: "+21323704512" },
    { label: "Mobile", display: "0550 12 34 56", tel: "+213550123456" },
  ],
  email: "contact@clinique-hamdi.dz",
  social: [
    { name: "Facebook", url: "https://www.facebook.com/cliniquedentairehamdi" },
    { name: "Instagram", url: "https://www.instagram.com/cliniquedentairehamdi" },
  ],
  figures: {
    yearsOfExperience: 30,
    patients: 7000,
    surgeries: 200,
    since: 1995,
    satisfaction: 98,
  },
  map: { lat: 36.7235, lon: 3.0862, zoomBox: [3.0792, 36.7195, 3.0932, 36.7275] },
  diplomas: [
    { year: 1993, title: "Doctorat en médecine dentaire", institution: "Faculté de médecine d'Alger, Université d'Alger" },
    { year: 1998, title: "Diplôme d'études médicales spécialisées (DEMS) en parodontologie", institution: "CHU Mustapha Pacha, Alger" },
    { year: 2004, title: "Diplôme universitaire d'implantologie orale", institution: "Université Paris 7 – Denis Diderot" },
    { year: 2008, title: "Diplôme universitaire de chirurgie pré-implantaire et greffes osseuses", institution: "Université de Strasbourg" },
    { year: 2011, title: "Diplôme universitaire de dentisterie esthétique", institution: "Université de Bordeaux" },
    { year: 2015, title: "Attestation universitaire d'imagerie 3D et de chirurgie implantaire guidée", institution: "Université de Montpellier" },
    { year: 2019, title: "Certificat de formation en orthodontie par aligneurs transparents", institution: "Société algérienne d'orthopédie dento-faciale, Alger" },
  ],
  legal: {
    registration: "Agrément d'exercice privé n° 16/CD/0452",
    order: "Inscrit au tableau de l'Ordre des chirurgiens-dentistes, section régionale d'Alger",
    activity: "Cabinet de chirurgie dentaire (implantologie et esthétique dentaire)",
    director: "Dr Nadir Hamdi",
    host: {
      name: "Numidia Hosting SARL",
      address: "Cyberparc de Sidi Abdellah, Rahmania, 16090 Alger, Algérie",
      phone: "023 20 10 10",
      website: "https://www.numidia-hosting.dz",
    },
  },
};


export function openStreetMapEmbedUrl(c: Clinic): string {
  const [w, s, e, n] = c.map.zoomBox;
  return `https://www.openstreetmap.org/export/embed.html?bbox=${w}%2C${s}%2C${e}%2C${n}&layer=mapnik&marker=${c.map.lat}%2C${c.map.lon}`;
}

export function openStreetMapLink(c: Clinic): string {
  return `https://www.openstreetmap.org/?mlat=${c.map.lat}&mlon=${c.map.lon}#map=17/${c.map.lat}/${c.map.lon}`;
}
