import { describe, expect, it } from "vitest";
import { enrollmentStatusLabel, ENROLLMENT_STATUS_LABELS, parseEnrollmentForm } from "./enrollment-schema";

function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

const valid = { user_name: "Benali", user_surname: "Karim", email: "karim.benali@exemple.dz", phone: "0550 12 34 56", formation_id: "3", consent: "on" };

describe("enrolment form schema", () => {
  it("accepts a complete form and trims the values", () => {
    const r = parseEnrollmentForm(form({ ...valid, user_name: "  Benali ", email: " karim.benali@exemple.dz " }));
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data).toEqual({ user_name: "Benali", user_surname: "Karim", email: "karim.benali@exemple.dz", phone: "0550 12 34 56", formation_id: 3, consent: "on" });
  });

  it("treats an empty session choice as 'no preference'", () => {
    const r = parseEnrollmentForm(form({ ...valid, formation_id: "" }));
    expect(r.success && r.data.formation_id).toBeNull();
    const missing = parseEnrollmentForm(form({ user_name: "A", user_surname: "B", email: "a@b.dz", phone: "+213 550 12 34 56", consent: "on" }));
    expect(missing.success && missing.data.formation_id).toBeNull();
  });

  it("gives a French message for every missing required field and keeps what was typed", () => {
    const r = parseEnrollmentForm(form({ user_name: "", user_surname: " ", email: "", phone: "", email_extra: "x" }));
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(r.fieldErrors).toEqual({
      user_name: "Indiquez votre nom.",
      user_surname: "Indiquez votre prénom.",
      email: "Indiquez votre adresse e-mail.",
      phone: "Indiquez votre numéro de téléphone.",
      consent: "Cochez cette case pour nous permettre de traiter votre inscription.",
    });
    expect(r.values.user_surname).toBe(" ");
  });

  it("refuses a malformed e-mail, phone or session id", () => {
    const r = parseEnrollmentForm(form({ ...valid, email: "karim@", phone: "abc", formation_id: "x1" }));
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(r.fieldErrors.email).toBe("Adresse e-mail invalide (exemple : nom@domaine.com).");
    expect(r.fieldErrors.phone).toBe("Numéro de téléphone invalide (exemple : 0550 12 34 56).");
    expect(r.fieldErrors.formation_id).toBe("Session invalide : choisissez une session dans la liste.");
    expect(r.values).toMatchObject({ email: "karim@", phone: "abc", formation_id: "x1", consent: true });
  });

  it("refuses too short phone numbers and over-long names", () => {
    const r = parseEnrollmentForm(form({ ...valid, phone: "12 34", user_name: "x".repeat(101) }));
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(r.fieldErrors.phone).toMatch(/invalide/);
    expect(r.fieldErrors.user_name).toBe("Le nom ne doit pas dépasser 100 caractères.");
  });

  it("labels the four statuses in French", () => {
    expect(Object.values(ENROLLMENT_STATUS_LABELS)).toEqual(["En attente", "Confirmé", "Annulé", "Terminé"]);
    expect(enrollmentStatusLabel("confirmed")).toBe("Confirmé");
    expect(enrollmentStatusLabel("other")).toBe("other");
  });
});
