import { messageText } from "~/i18n/messages";
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { bookingDaySchema, bookingSchema, farDateMessage } from "./booking-schema";
import { addDays, PHONE_INVALID } from "./rules";

const TODAY = "2026-05-10";
const good = {
  name: "  Amina Benali ",
  email: " amina@exemple.dz ",
  phone: "+213 (0)550-12.34.56",
  service: "Orthodontie",
  date: "2026-05-10",
  time: "09:30",
  message: "",
  consent: "on",
};

/** Parse as the action and the browser do: a posted form through Conform. */
function parse(fields: Record<string, string>, today = TODAY, horizon: number | null = 60) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return parseWithZod(form, { schema: bookingSchema(today, horizon ?? undefined) });
}

/** The message the French page shows under each field (the first one): the schema's key in French. */
function shown(fields: Record<string, string>, today = TODAY, horizon: number | null = 60) {
  const s = parse(fields, today, horizon);
  if (s.status === "success") return undefined;
  return Object.fromEntries(Object.entries(s.error ?? {}).map(([k, v]) => [k, v?.[0] === undefined ? undefined : messageText("fr", v[0])]));
}

describe("booking schema", () => {
  it("accepts a complete request and cleans it", () => {
    const s = parse(good);
    expect(s.status).toBe("success");
    expect(s.status === "success" && s.value).toEqual({
      name: "Amina Benali",
      email: "amina@exemple.dz",
      phone: "+213 (0)550-12.34.56",
      service: "Orthodontie",
      date: "2026-05-10",
      time: "09:30",
      message: null,
      consent: true,
    });
  });

  it("gives one French message per wrong field", () => {
    expect(shown({ name: " ", email: "pas-un-mail", phone: "abc", service: "", date: "", time: "", message: "", consent: "" })).toEqual({
      name: "Veuillez indiquer le nom complet.",
      email: "Adresse e-mail invalide (exemple : nom@exemple.com).",
      phone: PHONE_INVALID,
      service: "Veuillez choisir un service.",
      date: "Veuillez choisir une date.",
      time: "Veuillez choisir une heure.",
      consent: "Veuillez accepter la politique de confidentialité pour envoyer votre demande.",
    });
  });

  it("names each missing field when nothing is posted", () => {
    expect(shown({})).toEqual({
      name: "Veuillez indiquer le nom complet.",
      email: "Veuillez indiquer une adresse e-mail.",
      phone: "Veuillez indiquer un numéro de téléphone.",
      service: "Veuillez choisir un service.",
      date: "Veuillez choisir une date.",
      time: "Veuillez choisir une heure.",
      consent: "Veuillez accepter la politique de confidentialité pour envoyer votre demande.",
    });
  });

  it("refuses a past date, an impossible date, a far date, an unknown service, a bad phone, time or message", () => {
    const err = (over: Partial<typeof good>) => shown({ ...good, ...over });
    expect(err({ date: "2026-05-09" })).toEqual({ date: "La date ne peut pas être dans le passé." });
    expect(err({ date: "2026-02-30" })).toEqual({ date: "Date invalide." });
    expect(err({ date: "2030-01-01" })).toEqual({ date: "Les rendez-vous en ligne s'ouvrent 60 jours à l'avance au plus. Choisissez une date plus proche." });
    expect(err({ service: "Blanchiment" })).toEqual({ service: "Veuillez choisir un service." });
    expect(err({ phone: "1234567" })).toEqual({ phone: PHONE_INVALID });
    expect(err({ phone: "0550 12 34 56 78 90 12 34" })).toEqual({ phone: PHONE_INVALID });
    expect(err({ time: "25:00" })).toEqual({ time: "Heure invalide (format HH:MM)." });
    expect(err({ message: "x".repeat(2001) })).toEqual({ message: "Le message ne peut pas dépasser 2000 caractères." });
    expect(err({ consent: "" })).toEqual({ consent: "Veuillez accepter la politique de confidentialité pour envoyer votre demande." });
  });

  it("judges dates against the today and the booking horizon it is given", () => {
    const last = addDays(TODAY, 60);
    expect(parse({ ...good, date: last }).status).toBe("success");
    expect(shown({ ...good, date: addDays(last, 1) })?.date).toBe(farDateMessage(60));
    // the schedule's horizon, whatever staff set it to
    expect(shown({ ...good, date: addDays(TODAY, 15) }, TODAY, 14)?.date).toBe("Les rendez-vous en ligne s'ouvrent 14 jours à l'avance au plus. Choisissez une date plus proche.");
    expect(parse({ ...good, date: addDays(TODAY, 14) }, TODAY, 14).status).toBe("success");
    // without a horizon no far limit is checked here (the server's booking checks it)
    expect(parse({ ...good, date: addDays(TODAY, 900) }, TODAY, null).status).toBe("success");
    // the browser's check uses the clinic's today from the loader, not its own clock
    expect(parse({ ...good, date: "2026-05-11" }, "2026-05-11").status).toBe("success");
    expect(shown({ ...good, date: "2026-05-10" }, "2026-05-11")?.date).toBe("La date ne peut pas être dans le passé.");
  });

  it("the day schema alone judges the service and the date (the free times are asked for them)", () => {
    const form = new FormData();
    form.append("service", "Chirurgie dentaire");
    form.append("date", addDays(TODAY, 3));
    form.append("name", "");
    const s = parseWithZod(form, { schema: bookingDaySchema(TODAY, 60) });
    expect(s.status === "success" && s.value).toEqual({ service: "Chirurgie dentaire", date: addDays(TODAY, 3) });
    const bad = new FormData();
    bad.append("service", "Détartrage");
    bad.append("date", addDays(TODAY, -1));
    const r = parseWithZod(bad, { schema: bookingDaySchema(TODAY, 60) });
    expect(r.status === "error" && Object.fromEntries(Object.entries(r.error ?? {}).map(([k, v]) => [k, messageText("fr", v?.[0] ?? "")]))).toEqual({
      service: "Veuillez choisir un service.",
      date: "La date ne peut pas être dans le passé.",
    });
  });

  it("keeps HH:MM when a browser sends seconds, and a message when one is written", () => {
    const s = parse({ ...good, time: "14:05:00", message: "  Douleur à gauche " });
    expect(s.status === "success" && [s.value.time, s.value.message]).toEqual(["14:05", "Douleur à gauche"]);
  });

  it("accepts an Arabic name as typed (marks, tatweel, a right-to-left mark), the French messages unchanged", () => {
    for (const name of ["فاطِمة الزهراء", "محـمد بن علي", "\u200Fأمينة بن علي", "Amina بن علي"]) {
      const s = parse({ ...good, name: ` ${name} ` });
      expect(s.status === "success" && s.value.name).toBe(name);
    }
    expect(shown({ ...good, name: "  " })?.name).toBe("Veuillez indiquer le nom complet.");
    expect(shown({ ...good, name: "م".repeat(121) })?.name).toBe("Le nom ne peut pas dépasser 120 caractères.");
  });
});
