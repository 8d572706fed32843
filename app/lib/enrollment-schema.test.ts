import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { enrollmentSchema, enrollmentStatusLabel, ENROLLMENT_STATUS_LABELS } from "./enrollment-schema";
import { PHONE_INVALID } from "./rules";
import { messageText } from "~/i18n/messages";

const valid = { user_name: "Benali", user_surname: "Karim", email: "karim.benali@exemple.dz", phone: "0550 12 34 56", formation_id: "3", consent: "on" };

/** Parse as the action and the browser do: a posted form through Conform. */
function parse(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return parseWithZod(form, { schema: enrollmentSchema });
}

/** The message shown under each field (the first one) on the French page: the schema's keys as the French catalogue writes them. */
function shown(fields: Record<string, string>) {
  const s = parse(fields);
  if (s.status === "success") return undefined;
  return Object.fromEntries(Object.entries(s.error ?? {}).map(([k, v]) => [k, v?.[0] === undefined ? undefined : messageText("fr", v[0])]));
}

describe("enrolment form schema", () => {
  it("accepts a complete form and trims the values", () => {
    const s = parse({ ...valid, user_name: "  Benali ", email: " karim.benali@exemple.dz " });
    expect(s.status === "success" && s.value).toEqual({
      user_name: "Benali",
      user_surname: "Karim",
      email: "karim.benali@exemple.dz",
      phone: "0550 12 34 56",
      formation_id: 3,
      session_id: null,
      consent: true,
    });
  });

  it("treats an empty or absent formation choice as 'no preference'", () => {
    const empty = parse({ ...valid, formation_id: "" });
    expect(empty.status === "success" && empty.value.formation_id).toBeNull();
    const { formation_id: _absent, ...withoutChoice } = valid;
    const absent = parse(withoutChoice);
    expect(absent.status === "success" && absent.value.formation_id).toBeNull();
  });

  it("gives a French message for every missing required field", () => {
    expect(shown({ user_name: "", user_surname: " ", email: "", phone: "", formation_id: "" })).toEqual({
      user_name: "Indiquez votre nom.",
      user_surname: "Indiquez votre prénom.",
      email: "Indiquez votre adresse e-mail.",
      phone: "Indiquez votre numéro de téléphone.",
      consent: "Cochez cette case pour nous permettre de traiter votre inscription.",
    });
  });

  it("refuses a malformed e-mail, phone or formation id, with the shared phone rule", () => {
    expect(shown({ ...valid, email: "karim@", phone: "abc", formation_id: "x1" })).toEqual({
      email: "Adresse e-mail invalide (exemple : nom@domaine.com).",
      phone: PHONE_INVALID,
      formation_id: "Session invalide : choisissez une session dans la liste.",
    });
    expect(shown({ ...valid, formation_id: "0" })).toEqual({ formation_id: "Session invalide : choisissez une session dans la liste." });
  });

  it("refuses too short phone numbers and over-long names", () => {
    expect(shown({ ...valid, phone: "12 34", user_name: "x".repeat(101), user_surname: "y".repeat(101) })).toEqual({
      phone: PHONE_INVALID,
      user_name: "Le nom ne doit pas dépasser 100 caractères.",
      user_surname: "Le prénom ne doit pas dépasser 100 caractères.",
    });
    expect(parse({ ...valid, user_name: "x".repeat(100) }).status).toBe("success");
  });

  it("labels the four statuses in French", () => {
    expect(Object.values(ENROLLMENT_STATUS_LABELS)).toEqual(["En attente", "Confirmé", "Annulé", "Terminé"]);
    expect(enrollmentStatusLabel("confirmed")).toBe("Confirmé");
    expect(enrollmentStatusLabel("other")).toBe("other");
  });
});
