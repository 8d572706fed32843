import { describe, expect, test } from "vitest";
import { DEMO_CLINIC } from "~/lib/clinic";
import { clinicFormSchema, clinicFormValue, clinicFromForm } from "~/lib/clinic-form";
import { clinicWords, DEMO_CLINIC_AR, phoneLabel } from "./clinic";

describe("the clinic's identity on an Arabic page", () => {
  test("the demo clinic in Arabic; French pages as stored", () => {
    expect(clinicWords(DEMO_CLINIC, "ar")).toEqual(DEMO_CLINIC_AR);
    expect(clinicWords(DEMO_CLINIC, "fr").name).toBe(DEMO_CLINIC.name);
  });

  test("a part staff changed shows as stored, never the demo's Arabic beside it", () => {
    const words = clinicWords({ ...DEMO_CLINIC, name: "Cabinet Dentaire Benali" }, "ar");
    expect(words.name).toBe("Cabinet Dentaire Benali");
    expect(words.doctorName).toBe(DEMO_CLINIC_AR.doctorName);
  });

  test("what staff typed in Arabic ('Clinique') wins; the one-line address is made of the Arabic parts", () => {
    const clinic = { ...DEMO_CLINIC, name: "Cabinet Dentaire Benali", address: { ...DEMO_CLINIC.address, district: "Hydra" }, arabic: { name: "عيادة بن علي", district: "حيدرة" } };
    const words = clinicWords(clinic, "ar");
    expect(words.name).toBe("عيادة بن علي");
    expect(words.district).toBe("حيدرة");
    expect(words.oneLine).toBe("12، شارع الإخوة بوعدو، حيدرة، الجزائر العاصمة");
  });

  test("the usual phone labels in Arabic, others as written", () => {
    expect(phoneLabel("Cabinet", "ar")).toBe("العيادة");
    expect(phoneLabel("WhatsApp", "ar")).toBe("WhatsApp");
    expect(phoneLabel("Cabinet", "fr")).toBe("Cabinet");
  });
});

describe("the Arabic fields of 'Clinique'", () => {
  const schema = clinicFormSchema(2026);
  test("none typed: nothing stored; typed: stored, trimmed, the empty ones left out; read back into the form", () => {
    const empty = schema.parse(clinicFormValue(DEMO_CLINIC, "v1"));
    expect(clinicFromForm(empty, DEMO_CLINIC).arabic).toBeUndefined();
    const typed = schema.parse({ ...clinicFormValue(DEMO_CLINIC, "v1"), nameAr: "  عيادة حمدي لطب الأسنان ", cityAr: "" });
    const saved = clinicFromForm(typed, DEMO_CLINIC);
    expect(saved.arabic).toEqual({ name: "عيادة حمدي لطب الأسنان" });
    expect(clinicFormValue(saved, "v2")).toMatchObject({ nameAr: "عيادة حمدي لطب الأسنان", cityAr: "" });
  });

  test("too long: a French message on the field", () => {
    const result = schema.safeParse({ ...clinicFormValue(DEMO_CLINIC, "v1"), districtAr: "ق".repeat(81) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["districtAr", "La commune en arabe\u202f: 80 caractères au plus."]]);
  });
});
