import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  adminCreateSchema,
  adminUpdateSchema,
  appointmentQueryString,
  PAID_ABOVE_TOTAL_MESSAGE,
  PAID_WITHOUT_TOTAL_MESSAGE,
  parseAppointmentQuery,
} from "./appointment-schema";
import { PHONE_INVALID } from "./rules";

/** What the staff action (and the browser) get from a posted form: the clean values, or the first message per field. */
function post(schema: z.ZodType, values: Record<string, string>) {
  const body = new FormData();
  Object.entries(values).forEach(([name, value]) => body.set(name, value));
  const submission = parseWithZod(body, { schema });
  if (submission.status === "success") return { value: submission.value as Record<string, unknown> };
  const errors: Record<string, string | undefined> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) errors[name] = messages?.[0];
  return { errors };
}

describe("add an appointment", () => {
  const add = {
    name: " Karim ",
    email: "k@exemple.dz",
    phone: "0550123456",
    service: "Implementation",
    date: "2020-01-01",
    time: "08:00:00",
    prixtotal: "15 000",
    prixpay: "2500,50",
    progress: "Devis",
    tips: "",
  };

  it("converts DA to centimes, keeps HH:MM and allows past dates for a manual entry", () => {
    expect(post(adminCreateSchema, { ...add, forced: "on" }).value).toEqual({
      name: "Karim",
      email: "k@exemple.dz",
      phone: "0550123456",
      service: "Implementation",
      date: "2020-01-01",
      time: "08:00",
      prixtotal: 1_500_000,
      prixpay: 250_050,
      progress: "Devis",
      tips: null,
      forced: true,
    });
  });

  it("needs no e-mail (a booking taken by phone) and is not forced unless the box is ticked", () => {
    expect(post(adminCreateSchema, { ...add, email: "  " }).value).toMatchObject({ email: null, forced: false });
    const { email: _email, ...withoutEmail } = add;
    expect(post(adminCreateSchema, withoutEmail).value).toMatchObject({ email: null, forced: false });
    expect(post(adminCreateSchema, { ...add, email: " K@Exemple.dz " }).value).toMatchObject({ email: "K@Exemple.dz" });
    expect(post(adminCreateSchema, { ...add, email: `${"a".repeat(250)}@exemple.dz` }).errors).toEqual({ email: "L'adresse e-mail est trop longue." });
  });

  it("gives the French message of each missing field", () => {
    const empty = Object.fromEntries(Object.keys(add).map((k) => [k, ""]));
    // the patient's part (as on the booking form, the e-mail aside) and the staff's part (prices, progress)
    expect(post(adminCreateSchema, empty).errors).toEqual({
      name: "Veuillez indiquer le nom complet.",
      prixtotal: "Veuillez indiquer le prix total.",
      prixpay: "Veuillez indiquer le montant payé (0 si rien n'a été payé).",
      phone: "Veuillez indiquer un numéro de téléphone.",
      progress: "Veuillez indiquer l'avancement.",
      service: "Veuillez choisir un service.",
      date: "Veuillez choisir une date.",
      time: "Veuillez choisir une heure.",
    });
  });

  it("refuses wrong values: negatives, paid above total, text as a price, bad contact, unknown service", () => {
    expect(
      post(adminCreateSchema, {
        ...add,
        prixtotal: "",
        prixpay: "-5",
        progress: "",
      }).errors,
    ).toEqual({
      prixtotal: "Veuillez indiquer le prix total.",
      prixpay: "Le montant ne peut pas être négatif.",
      progress: "Veuillez indiquer l'avancement.",
    });
    expect(post(adminCreateSchema, { ...add, prixtotal: "100", prixpay: "100,01" }).errors).toEqual({ prixpay: PAID_ABOVE_TOTAL_MESSAGE });
    expect(post(adminCreateSchema, { ...add, prixtotal: "cent" }).errors?.prixtotal).toMatch(/Montant invalide/);
    expect(
      post(adminCreateSchema, {
        ...add,
        email: "pas-un-mail",
        phone: "123",
        service: "Blanchiment",
        date: "2026-02-30",
        time: "25:00",
      }).errors,
    ).toEqual({
      email: "Adresse e-mail invalide (exemple : nom@exemple.com).",
      phone: PHONE_INVALID,
      service: "Veuillez choisir un service.",
      date: "Date invalide.",
      time: "Heure invalide (format HH:MM).",
    });
    expect(post(adminCreateSchema, { ...add, progress: "x".repeat(501) }).errors?.progress).toBe("L'avancement ne peut pas dépasser 500 caractères.");
  });
});

describe("inline edit of a card", () => {
  it("lets every field be left empty", () => {
    expect(
      post(adminUpdateSchema, {
        progress: "",
        prixtotal: "",
        prixpay: "",
        tips: "",
      }).value,
    ).toEqual({ progress: null, prixtotal: null, prixpay: null, tips: null });
    expect(post(adminUpdateSchema, {}).value).toEqual({
      progress: null,
      prixtotal: null,
      prixpay: null,
      tips: null,
    });
  });

  it("refuses paying without a total or above it, and negatives", () => {
    expect(post(adminUpdateSchema, { progress: "x", prixtotal: "", prixpay: "10" }).errors).toEqual({ prixpay: PAID_WITHOUT_TOTAL_MESSAGE });
    expect(post(adminUpdateSchema, { prixtotal: "15000", prixpay: "20000" }).errors).toEqual({ prixpay: PAID_ABOVE_TOTAL_MESSAGE });
    expect(post(adminUpdateSchema, { prixtotal: "15000", prixpay: "-5" }).errors).toEqual({ prixpay: "Le montant ne peut pas être négatif." });
    expect(post(adminUpdateSchema, { tips: "x".repeat(1001) }).errors).toEqual({
      tips: "Les remarques ne peuvent pas dépasser 1000 caractères.",
    });
  });

  it("stores what was typed, prices in centimes", () => {
    expect(
      post(adminUpdateSchema, {
        progress: " x ",
        prixtotal: "10",
        prixpay: "10",
        tips: "Pourboire",
      }).value,
    ).toEqual({
      progress: "x",
      prixtotal: 1000,
      prixpay: 1000,
      tips: "Pourboire",
    });
    expect(post(adminUpdateSchema, { prixtotal: "15000", prixpay: "12 000,50" }).value).toMatchObject({ prixtotal: 1_500_000, prixpay: 1_200_050 });
  });
});

describe("list query in the URL", () => {
  it("reads valid values and ignores the rest", () => {
    const q = parseAppointmentQuery(new URLSearchParams("q=%20amina%20&submitted=2026-02-30&date=2026-03-01&service=Inconnu&status=done&statut=no_show&du=1&page=3"));
    expect(q).toEqual({
      q: "amina",
      submitted: "",
      date: "2026-03-01",
      service: "",
      status: "done",
      state: "no_show",
      due: true,
      page: 3,
    });
    expect(parseAppointmentQuery(new URLSearchParams("status=done&status=todo&page=-1")).status).toBe("");
    expect(parseAppointmentQuery(new URLSearchParams("page=abc")).page).toBe(1);
    // an unknown status or another value of 'du' is no filter
    expect(parseAppointmentQuery(new URLSearchParams("statut=Confirm%C3%A9&du=oui"))).toMatchObject({ state: "", due: false });
    expect(parseAppointmentQuery(new URLSearchParams(""))).toMatchObject({ status: "", state: "", due: false });
  });

  it("keeps each status of the front desk as its own filter, beside 'Terminé' / 'Non terminé'", () => {
    for (const state of ["requested", "confirmed", "attended", "no_show", "cancelled"] as const) {
      const written = appointmentQueryString({ state, status: "todo" });
      expect(written).toBe(`?status=todo&statut=${state}`);
      expect(parseAppointmentQuery(new URLSearchParams(written.slice(1)))).toMatchObject({ state, status: "todo" });
    }
  });

  it("reads back what it writes, every filter at once", () => {
    const all = { q: "0550 12", submitted: "2026-01-02", date: "2026-03-01", service: "Orthodontie", status: "done", state: "confirmed", due: true, page: 4 } as const;
    expect(parseAppointmentQuery(new URLSearchParams(appointmentQueryString(all).slice(1)))).toEqual(all);
  });

  it("writes a short query string", () => {
    expect(
      appointmentQueryString({
        q: "a b",
        service: "Orthodontie",
        status: "todo",
        page: 1,
      }),
    ).toBe("?q=a+b&service=Orthodontie&status=todo");
    expect(appointmentQueryString({ page: 2 })).toBe("?page=2");
    expect(appointmentQueryString({ due: true, state: "cancelled" })).toBe("?statut=cancelled&du=1");
    expect(appointmentQueryString({ due: false, state: "" })).toBe("");
    expect(appointmentQueryString({})).toBe("");
  });
});
