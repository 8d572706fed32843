import { describe, expect, it } from "vitest";
import { DEMO_CLINIC as clinic } from "~/lib/clinic";
import { defaultRecallTemplatesAr, bookingPathIn, recallValuesIn } from "./recall-ar";
import { recallTemplateSchema, renderRecall } from "./recall";
import { defaultTemplatesAr } from "./reminder-template-ar";
import { templateSchema, TEMPLATE_KEYS } from "./reminder-template";

/**
 * The Arabic templates' defaults (issue 32) can be saved as they are by the editors (the forms
 * refuse the bidi isolates, so the phone is kept left to right by a mark), and the recall's values
 * in Arabic name the service in Arabic and link to the Arabic pages.
 */
describe("Arabic message templates", () => {
  it("every Arabic default passes its editor's rules, the phone preceded by a left-to-right mark", () => {
    const recall = defaultRecallTemplatesAr(clinic);
    for (const key of ["recall-whatsapp", "recall-sms"] as const) expect(recallTemplateSchema.safeParse({ key, language: "ar", body: recall[key] }).success, key).toBe(true);
    const reminders = defaultTemplatesAr(clinic);
    for (const key of TEMPLATE_KEYS) expect(templateSchema.safeParse({ key, language: "ar", body: reminders[key] }).success, key).toBe(true);
    expect(recall["recall-whatsapp"]).toContain(`\u200E${clinic.phones[0].display}`);
    expect(reminders.whatsapp).toContain(`\u200E${clinic.phones[0].display}`);
  });

  it("a recall's values in Arabic: the service's Arabic name; the links are the Arabic pages", () => {
    expect(bookingPathIn("ar", "Soins conservateurs")).toBe("/ar/appointment?service=Soins+conservateurs");
    expect(bookingPathIn("fr", "Soins conservateurs")).toBe("/appointment?service=Soins+conservateurs");
    const values = recallValuesIn("ar", { name: "Mme Amina Benali", service: "Orthodontie" }, "L", "S");
    expect(values).toEqual({ prénom: "Amina", soin: "تقويم الأسنان", lien: "L", stop: "S" });
    expect(renderRecall("{soin} {lien} {stop}", recallValuesIn("fr", { name: "Amina", service: "Orthodontie" }, "L", "S"))).toBe("Orthodontie L S");
  });
});
