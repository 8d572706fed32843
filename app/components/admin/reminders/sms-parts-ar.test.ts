import { describe, expect, it } from "vitest";
import { defaultTemplatesAr, reminderValuesIn } from "~/lib/reminder-template-ar";
import { renderTemplate } from "~/lib/reminder-template";
import { DEMO_CLINIC } from "~/lib/clinic";
import { smsParts } from "./sms-parts";

/** Arabic SMS are sent in UCS-2: 70 characters in one SMS, 67 per part once split. */
describe("SMS parts of an Arabic text", () => {
  it("counts Arabic letters as UCS-2: 70, then 67 per part", () => {
    expect(smsParts("موعدك غدًا")).toEqual({ parts: 1, unicode: true, length: 10 });
    expect(smsParts("م".repeat(70)).parts).toBe(1);
    expect(smsParts("م".repeat(71)).parts).toBe(2);
    expect(smsParts("م".repeat(134)).parts).toBe(2);
    expect(smsParts("م".repeat(135)).parts).toBe(3);
  });

  it("one Arabic word makes a French text UCS-2, Western digits and a link included", () => {
    expect(smsParts("RDV le 24/11 à 10:30 موعد").unicode).toBe(true);
    expect(smsParts(`${"a".repeat(66)} موعد`).parts).toBe(2);
  });

  it("the default Arabic SMS with its link takes the parts it shows", () => {
    const text = renderTemplate(
      defaultTemplatesAr(DEMO_CLINIC).sms,
      reminderValuesIn("ar", { name: "أمينة بن علي", date: "2026-11-24", time: "10:30" }, `https://clinique.example/ar/rdv/${"a".repeat(43)}`),
      DEMO_CLINIC,
    );
    const { parts, unicode, length } = smsParts(text);
    expect(unicode).toBe(true);
    expect(length).toBe([...text].length);
    expect(parts).toBe(Math.ceil(length / 67));
  });
});
