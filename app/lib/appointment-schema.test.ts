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
    expect(post(adminCreateSchema, add).value).toEqual({
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
    });
  });

  it("gives the French message of each missing field", () => {
    const empty = Object.fromEntries(Object.keys(add).map((k) => [k, ""]));
    // the patient's part (as on the booking form) and the staff's part (prices, progress)
    expect(post(adminCreateSchema, empty).errors).toEqual({
      name: "Veuillez indiquer le nom complet.",
      prixtotal: "Veuillez indiquer le prix total.",
      email: "Veuillez indiquer une adresse e-mail.",
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
      email: "Adresse e-mail invalide (exemple : nom@exemple.com).",
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
    const q = parseAppointmentQuery(new URLSearchParams("q=%20amina%20&submitted=2026-02-30&date=2026-03-01&service=Inconnu&status=done&page=3"));
    expect(q).toEqual({
      q: "amina",
      submitted: "",
      date: "2026-03-01",
      service: "",
      status: "done",
      page: 3,
    });
    expect(parseAppointmentQuery(new URLSearchParams("status=done&status=todo&page=-1")).status).toBe("");
    expect(parseAppointmentQuery(new URLSearchParams("page=abc")).page).toBe(1);
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
    expect(appointmentQueryString({})).toBe("");
  });
});
