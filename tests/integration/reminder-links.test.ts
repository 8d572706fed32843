import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findByToken } from "~/.server/personal-link";
import { reminderDigits, reminderLinksFor, reminderLinksOf, smsHref, whatsappHref } from "~/.server/reminder-links";
import { createAppointment } from "~/.server/repos/appointments";
import { loadTemplates, saveTemplate } from "~/.server/repos/message-templates";
import { DEMO_CLINIC as clinic } from "~/lib/clinic";
import { defaultTemplates, noLinkSentence, reminderValues, renderTemplate } from "~/lib/reminder-template";

const DEFAULT_TEMPLATES = defaultTemplates(clinic);
const NO_LINK_SENTENCE = noLinkSentence(clinic);
import { describeEachEngine } from "../helpers/db";
import { setAppEnv } from "./public-form";

/**
 * The WhatsApp and SMS links of the front desk (app/.server/reminder-links.ts): the number in
 * international digits from the many ways an Algerian phone is typed, and a text that is the
 * staff's template filled for the appointment, whose personal link opens that appointment.
 */

const ORIGIN = "https://clinique.example";
const TODAY = "2031-03-03";
const DAY = "2031-03-04";

describe("reminder links: the number", () => {
  it("writes an Algerian mobile or landline in E.164 digits, whatever the form typed", () => {
    for (const phone of ["0550 12 34 56", "0550123456", "05.50.12.34.56", "0550-12-34-56", "+213 550 12 34 56", "+213550123456", "00213 550 12 34 56", "213550123456", "(0550) 12 34 56"]) {
      expect(reminderDigits(phone), phone).toBe("213550123456");
    }
    expect(reminderDigits("0661 98 76 54")).toBe("213661987654");
    expect(reminderDigits("0770 11 22 33")).toBe("213770112233");
    expect(reminderDigits("023 70 45 12")).toBe("21323704512");
    expect(reminderDigits("+33 6 12 34 56 78")).toBe("33612345678");
  });

  it("falls back to the digits for a number libphonenumber cannot read, and gives no link without enough digits", () => {
    // 8 digits, not a valid Algerian number: still a link to try
    expect(reminderDigits("12 34 56 78")).toBe("21312345678");
    expect(whatsappHref("12 34 56 78", null)).toBe("https://wa.me/21312345678");
    expect(whatsappHref("12", "Bonjour")).toBeNull();
    expect(smsHref("", "Bonjour")).toBeNull();
  });

  it("encodes the text: accents, line breaks, '&', '?', '#' and '+' survive the round trip", () => {
    const text = "Bonjour Zoé,\nRDV à 9h00 & c'est #1 ? +213 : https://x.example/rdv/a_b-c";
    const wa = whatsappHref("0550 12 34 56", text)!;
    expect(wa.startsWith("https://wa.me/213550123456?text=")).toBe(true);
    expect(new URL(wa).searchParams.get("text")).toBe(text);
    const sms = smsHref("0550 12 34 56", text)!;
    expect(sms.startsWith("sms:+213550123456?body=")).toBe(true);
    expect(decodeURIComponent(sms.split("?body=")[1])).toBe(text);
    expect(sms).not.toMatch(/[ \n&#]/);
  });
});

describeEachEngine("reminder links: the text and its personal link", { appDb: true }, (t) => {
  beforeAll(() => setAppEnv(["PUBLIC_URL"], { PUBLIC_URL: ORIGIN }));
  afterAll(() => setAppEnv(["PUBLIC_URL"]));

  const book = async (over: { name?: string; phone?: string; time?: string } = {}) =>
    (
      await createAppointment(t.h, {
        name: over.name ?? "Mme Amina Benali",
        email: "amina@exemple.dz",
        phone: over.phone ?? "0550 12 34 56",
        service: "Orthodontie",
        date: DAY,
        time: over.time ?? "10:30",
      })
    ).appointment;

  it("WhatsApp and SMS carry the template filled for the appointment, and the link opens that appointment", async () => {
    for (const [i, phone] of ["0550 12 34 56", "+213 550 12 34 56", "00213550123456", "213 550 123 456"].entries()) {
      const a = await book({ phone, time: `1${i}:00` });
      const links = reminderLinksFor(a, await loadTemplates(t.h, clinic), { clinic, today: TODAY });
      expect(links.remindable).toBe(true);
      expect(links.whatsapp!.startsWith("https://wa.me/213550123456?text=")).toBe(true);
      const text = new URL(links.whatsapp!).searchParams.get("text")!;
      const token = /\/rdv\/([A-Za-z0-9_-]{43})$/m.exec(text)?.[1];
      expect(token).toBeDefined();
      expect(text).toBe(renderTemplate(DEFAULT_TEMPLATES.whatsapp, reminderValues(a, `${ORIGIN}/rdv/${token}`), clinic));
      expect(text).toContain(`Bonjour Amina,\n\nNous vous rappelons votre rendez-vous à la Clinique Dentaire Hamdi le mardi 4 mars à 1${i}:00.`);
      const opened = await findByToken(token!, t.h, new Date(`${TODAY}T12:00:00Z`));
      expect(opened && Number(opened.id)).toBe(Number(a.id));

      expect(links.sms!.startsWith("sms:+213550123456?body=")).toBe(true);
      const sms = decodeURIComponent(links.sms!.split("?body=")[1]);
      expect(sms).toBe(renderTemplate(DEFAULT_TEMPLATES.sms, reminderValues(a, `${ORIGIN}/rdv/${token}`), clinic));
    }
  });

  it("uses the template staff saved, and the sentence to call for an appointment without a link", async () => {
    await saveTemplate(t.h, "sms", "Rappel {prénom} {heure}. Lien : {lien}", "accueil@clinique.test");
    const a = await book({ name: "Karim Saïdi", phone: "0661 98 76 54", time: "09:00" });
    await t.h.db.updateTable("appointments").set({ link_salt: null, link_hash: null }).where("id", "=", Number(a.id)).execute();
    const links = (await reminderLinksOf(t.h, [{ ...a, link_salt: null, link_hash: null }], TODAY)).get(Number(a.id))!;
    expect(decodeURIComponent(links.sms!.split("?body=")[1])).toBe(`Rappel Karim 09:00. ${NO_LINK_SENTENCE}`);
    expect(new URL(links.whatsapp!).searchParams.get("text")).not.toContain("/rdv/");
  });

  it("gives plain links, without a reminder text, once the appointment no longer waits (past, attended, cancelled)", async () => {
    const a = await book();
    const templates = await loadTemplates(t.h, clinic);
    expect(reminderLinksFor({ ...a, status: "attended" }, templates, { clinic, today: TODAY })).toMatchObject({
      remindable: false,
      whatsapp: "https://wa.me/213550123456",
      sms: "sms:+213550123456",
    });
    expect(reminderLinksFor({ ...a, status: "cancelled" }, templates, { clinic, today: TODAY }).remindable).toBe(false);
    expect(reminderLinksFor(a, templates, { clinic, today: "2031-03-05" })).toMatchObject({ remindable: false, whatsapp: "https://wa.me/213550123456" });
  });
});

