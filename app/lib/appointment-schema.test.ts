import { describe, expect, it } from "vitest";
import {
  appointmentQueryString,
  PAID_ABOVE_TOTAL_MESSAGE,
  PAID_WITHOUT_TOTAL_MESSAGE,
  parseAdminCreate,
  parseAdminUpdate,
  parseAppointmentQuery,
  parseBooking,
  PAST_DATE_MESSAGE,
} from "./appointment-schema";

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

describe("booking schema", () => {
  it("accepts a complete request and cleans it", () => {
    const r = parseBooking(good, TODAY);
    expect(r).toEqual({
      ok: true,
      data: { name: "Amina Benali", email: "amina@exemple.dz", phone: "+213 (0)550-12.34.56", service: "Orthodontie", date: "2026-05-10", time: "09:30", message: null, consent: "on" },
    });
  });

  it("gives a French message per wrong field", () => {
    const r = parseBooking({ name: " ", email: "pas-un-mail", phone: "abc", service: "", date: "", time: "", message: "", consent: "" }, TODAY);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors).toEqual({
      name: "Veuillez indiquer le nom complet.",
      email: "Adresse e-mail invalide (exemple : nom@exemple.com).",
      phone: "Numéro de téléphone invalide : indiquez 8 à 20 chiffres (exemple : 0550 12 34 56).",
      service: "Veuillez choisir un service.",
      date: "Veuillez choisir une date.",
      time: "Veuillez choisir une heure.",
      consent: "Veuillez accepter la politique de confidentialité pour envoyer votre demande.",
    });
  });

  it("refuses a past date, an impossible date, a far date, an unknown service and short phone numbers", () => {
    const err = (over: Partial<typeof good>) => {
      const r = parseBooking({ ...good, ...over }, TODAY);
      return r.ok ? undefined : r.fieldErrors;
    };
    expect(err({ date: "2026-05-09" })?.date).toBe(PAST_DATE_MESSAGE);
    expect(err({ date: "2026-02-30" })?.date).toBe("Date invalide.");
    expect(err({ date: "2030-01-01" })?.date).toBe("Choisissez une date dans les deux prochaines années.");
    expect(err({ service: "Blanchiment" })?.service).toBe("Veuillez choisir un service.");
    expect(err({ phone: "1234567" })?.phone).toMatch(/8 à 20 chiffres/);
    expect(err({ time: "25:00" })?.time).toBe("Heure invalide (format HH:MM).");
    expect(err({ message: "x".repeat(2001) })?.message).toMatch(/2000 caractères/);
  });

  it("keeps HH:MM when a browser sends seconds", () => {
    const r = parseBooking({ ...good, time: "14:05:00" }, TODAY);
    expect(r.ok && r.data.time).toBe("14:05");
  });
});

describe("admin schemas", () => {
  const add = { name: "Karim", email: "k@exemple.dz", phone: "0550123456", service: "Implementation", date: "2020-01-01", time: "08:00", prixtotal: "15 000", prixpay: "2500,50", progress: "Devis", tips: "" };

  it("converts DA to centimes and allows past dates for a manual entry", () => {
    const r = parseAdminCreate(add);
    expect(r.ok && r.data).toMatchObject({ prixtotal: 1_500_000, prixpay: 250_050, date: "2020-01-01", tips: null });
  });

  it("requires prices and progress, refuses negatives and paid above total", () => {
    const r = parseAdminCreate({ ...add, prixtotal: "", prixpay: "-5", progress: "" });
    expect(!r.ok && r.fieldErrors).toEqual({
      prixtotal: "Veuillez indiquer le prix total.",
      prixpay: "Le montant ne peut pas être négatif.",
      progress: "Veuillez indiquer l'avancement.",
    });
    const over = parseAdminCreate({ ...add, prixtotal: "100", prixpay: "100,01" });
    expect(!over.ok && over.fieldErrors.prixpay).toBe(PAID_ABOVE_TOTAL_MESSAGE);
    const text = parseAdminCreate({ ...add, prixtotal: "cent" });
    expect(!text.ok && text.fieldErrors.prixtotal).toMatch(/Montant invalide/);
  });

  it("lets the inline edit leave prices empty but not pay without a total", () => {
    expect(parseAdminUpdate({ progress: "", prixtotal: "", prixpay: "", tips: "" })).toEqual({
      ok: true,
      data: { progress: null, prixtotal: null, prixpay: null, tips: null },
    });
    const r = parseAdminUpdate({ progress: "x", prixtotal: "", prixpay: "10", tips: "" });
    expect(!r.ok && r.fieldErrors.prixpay).toBe(PAID_WITHOUT_TOTAL_MESSAGE);
    const ok = parseAdminUpdate({ progress: "x", prixtotal: "10", prixpay: "10", tips: "Pourboire" });
    expect(ok.ok && ok.data).toEqual({ progress: "x", prixtotal: 1000, prixpay: 1000, tips: "Pourboire" });
  });
});

describe("list query in the URL", () => {
  it("reads valid values and ignores the rest", () => {
    const q = parseAppointmentQuery(new URLSearchParams("q=%20amina%20&submitted=2026-02-30&date=2026-03-01&service=Inconnu&status=done&page=3"));
    expect(q).toEqual({ q: "amina", submitted: "", date: "2026-03-01", service: "", status: "done", page: 3 });
    expect(parseAppointmentQuery(new URLSearchParams("status=done&status=todo&page=-1")).status).toBe("");
    expect(parseAppointmentQuery(new URLSearchParams("page=abc")).page).toBe(1);
  });

  it("writes a short query string", () => {
    expect(appointmentQueryString({ q: "a b", service: "Orthodontie", status: "todo", page: 1 })).toBe("?q=a+b&service=Orthodontie&status=todo");
    expect(appointmentQueryString({ page: 2 })).toBe("?page=2");
    expect(appointmentQueryString({})).toBe("");
  });
});
