/**
 * The clinic's identity: the one place that holds its name, doctor, address, phones,
 * e-mail, social links and headline figures. Every component reads it; none hard-codes
 * these values. Replace the demo values with the clinic's own. The opening hours are not
 * here: they are data that staff edit on /admin/horaires (app/lib/schedule.ts), shown by
 * app/components/content/OpeningHours.tsx.
 */
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
  timeZone: string;
  /** OpenStreetMap view of the clinic (bounding box and marker) */
  map: { lat: number; lon: number; zoomBox: [number, number, number, number] };
}

export const clinic: Clinic = {
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
  timeZone: "Africa/Algiers",
  map: { lat: 36.7235, lon: 3.0862, zoomBox: [3.0792, 36.7195, 3.0932, 36.7275] },
};

export function openStreetMapEmbedUrl(c: Clinic = clinic): string {
  const [w, s, e, n] = c.map.zoomBox;
  return `https://www.openstreetmap.org/export/embed.html?bbox=${w}%2C${s}%2C${e}%2C${n}&layer=mapnik&marker=${c.map.lat}%2C${c.map.lon}`;
}

export function openStreetMapLink(c: Clinic = clinic): string {
  return `https://www.openstreetmap.org/?mlat=${c.map.lat}&mlon=${c.map.lon}#map=17/${c.map.lat}/${c.map.lon}`;
}
