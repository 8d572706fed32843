import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { DEFAULT_CONTACT_SETTINGS } from "./contact-settings";
import { contactSettingsFormValue, contactSettingsFromForm, contactSettingsSchema } from "./contact-settings-form";

function parse(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return parseWithZod(form, { schema: contactSettingsSchema });
}

const errorsOf = (fields: Record<string, string>) => {
  const s = parse(fields);
  return s.status === "success" ? null : s.error;
};

describe("patient-contact settings form", () => {
  it("reads the three whole numbers within their limits", () => {
    const s = parse({ cancelCutoffHours: "0", reminderHours: "168", retentionMonths: "120" });
    expect(s.status).toBe("success");
    if (s.status === "success") expect(contactSettingsFromForm(s.value)).toEqual({ cancelCutoffHours: 0, reminderHours: 168, retentionMonths: 120 });
    expect(contactSettingsFormValue(DEFAULT_CONTACT_SETTINGS)).toEqual({ cancelCutoffHours: "24", reminderHours: "24", retentionMonths: "12" });
  });

  it("says in French what is out of range, missing or not whole, beside each field", () => {
    expect(errorsOf({ cancelCutoffHours: "169", reminderHours: "0", retentionMonths: "" })).toEqual({
      cancelCutoffHours: ["De 0 à 168 heures (7 jours)."],
      reminderHours: ["De 1 à 168 heures (7 jours)."],
      retentionMonths: ["Indiquez un nombre de mois."],
    });
    expect(errorsOf({ cancelCutoffHours: "2,5", reminderHours: "abc", retentionMonths: "121" })).toEqual({
      cancelCutoffHours: ["Indiquez un nombre entier."],
      reminderHours: ["Indiquez un nombre entier."],
      retentionMonths: ["De 1 à 120 mois (10 ans)."],
    });
  });
});
