import { describe, expect, it } from "vitest";
import { DEMO_CLINIC as clinic, type Clinic } from "~/lib/clinic";
import {
  defaultTemplates,
  firstName,
  noLinkSentence,
  reminderDate,
  reminderTime,
  reminderValues,
  renderTemplate,
  TEMPLATE_MAX,
  templateProblems,
  templateSchema,
  unknownPlaceholders,
} from "./reminder-template";

const LINK = "https://clinique.example/rdv/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE";
const DEFAULT_TEMPLATES = defaultTemplates(clinic);
const NO_LINK_SENTENCE = noLinkSentence(clinic);
const values = { prénom: "Amina", date: "mardi 24 novembre", heure: "10h30", lien: LINK };

describe("reminder templates: rendering", () => {
  it("fills the four placeholders of the default WhatsApp message", () => {
    const text = renderTemplate(DEFAULT_TEMPLATES.whatsapp, values, clinic);
    expect(text).toBe(
      [
        "Bonjour Amina,",
        "",
        `Nous vous rappelons votre rendez-vous à la ${clinic.name} le mardi 24 novembre à 10h30.`,
        "",
        `Pour confirmer votre présence, annuler ou déplacer le rendez-vous : ${LINK}`,
        "",
        `Pour toute question, appelez-nous au ${clinic.phones[0].display}.`,
        "À bientôt,",
        clinic.name,
      ].join("\n"),
    );
  });

  it("names the clinic as stored: its name, short name and main phone", () => {
    const stored: Clinic = { ...clinic, name: "Cabinet Dentaire Benali", shortName: "Cabinet Benali", phones: [{ label: "Cabinet", display: "021 11 22 33", tel: "+21321112233" }] };
    const t = defaultTemplates(stored);
    expect(renderTemplate(t.sms, values, stored)).toBe(`Cabinet Benali : RDV le mardi 24 novembre à 10h30. Confirmer ou annuler : ${LINK}`);
    expect(renderTemplate(t.whatsapp, { ...values, lien: null }, stored)).toContain("Cabinet Dentaire Benali");
    expect(renderTemplate(t.whatsapp, { ...values, lien: null }, stored)).toContain("appelez-nous au 021 11 22 33.");
    expect(renderTemplate(t.whatsapp, values, stored)).not.toContain(clinic.name);
  });

  it("keeps the SMS to one message (160 GSM characters) with the longest day and a link of 80 characters", () => {
    const text = renderTemplate(DEFAULT_TEMPLATES.sms, values, clinic);
    expect(text).toBe(`${clinic.shortName} : RDV le mardi 24 novembre à 10h30. Confirmer ou annuler : ${LINK}`);
    const longest = renderTemplate(DEFAULT_TEMPLATES.sms, { ...values, date: "mercredi 30 septembre", heure: "16h45", lien: `https://www.clinique-hamdi.dz/rdv/${"x".repeat(43)}` }, clinic);
    expect(longest.length).toBeLessThanOrEqual(160);
  });

  it("reads a placeholder whatever its case, accents or spaces, and fills each occurrence", () => {
    expect(renderTemplate("{Prénom} {PRENOM} { prenom } {prénom}, le {DATE} à {Heure}", values, clinic)).toBe("Amina Amina Amina Amina, le mardi 24 novembre à 10h30");
    // "é" typed as e + combining accent (a Mac keyboard) is the same placeholder
    expect(renderTemplate("Bonjour {pre\u0301nom}", values, clinic)).toBe("Bonjour Amina");
  });

  it("leaves an unknown placeholder visible, as typed, so the typo shows", () => {
    expect(renderTemplate("Bonjour {prenon}, à {heure} {lien}", values, clinic)).toBe(`Bonjour {prenon}, à 10h30 ${LINK}`);
    expect(renderTemplate("Tarif {montant} {}", values, clinic)).toBe("Tarif {montant} {}");
    expect(unknownPlaceholders("Bonjour {prenon} {Prénom} {prenon} {lien} {date2}")).toEqual(["{prenon}", "{date2}"]);
  });

  it("keeps accents and the patient's own spelling of the name", () => {
    const v = reminderValues({ name: "Mme Zoé-Hélène Aït Saïd", date: "2026-12-03", time: "09:00" }, LINK);
    expect(v).toEqual({ prénom: "Zoé-Hélène", date: "jeudi 3 décembre", heure: "09:00", lien: LINK });
    expect(renderTemplate("Bonjour {prénom}, le {date} à {heure}. Réponse : {lien}", v, clinic)).toBe(`Bonjour Zoé-Hélène, le jeudi 3 décembre à 09:00. Réponse : ${LINK}`);
  });

  it("without a link, the sentence that holds {lien} says to call instead (WhatsApp and SMS)", () => {
    const wa = renderTemplate(DEFAULT_TEMPLATES.whatsapp, { ...values, lien: null }, clinic);
    expect(wa).not.toContain("{lien}");
    expect(wa).not.toContain("Pour confirmer votre présence, annuler ou déplacer le rendez-vous :");
    expect(wa).toContain(`le mardi 24 novembre à 10h30.\n\n${NO_LINK_SENTENCE}\n\nPour toute question`);

    const sms = renderTemplate(DEFAULT_TEMPLATES.sms, { ...values, lien: null }, clinic);
    expect(sms).toBe(`${clinic.shortName} : RDV le mardi 24 novembre à 10h30. ${NO_LINK_SENTENCE}`);
  });

  it("without a link, a link in mid-text loses its sentence only, and a second link disappears", () => {
    expect(renderTemplate("Bonjour {prénom}. Votre lien : {lien}. À demain !", { ...values, lien: null }, clinic)).toBe(`Bonjour Amina. ${NO_LINK_SENTENCE} À demain !`);
    expect(renderTemplate("{lien}\nRDV à {heure}.\nEncore : {lien}", { ...values, lien: null }, clinic)).toBe(`${NO_LINK_SENTENCE}\nRDV à 10h30.`);
  });

  it("words the day and time as a patient reads them", () => {
    expect(reminderDate("2026-11-27")).toBe("vendredi 27 novembre");
    expect(reminderTime("14:05")).toBe("14:05");
    expect(firstName("Dr Nadir Hamdi")).toBe("Nadir");
    expect(firstName("M. Karim")).toBe("Karim");
    expect(firstName("Benali")).toBe("Benali");
  });
});

describe("reminder templates: the editor's rules", () => {
  it("accepts the defaults", () => {
    expect(templateProblems("whatsapp", DEFAULT_TEMPLATES.whatsapp)).toEqual([]);
    expect(templateProblems("sms", DEFAULT_TEMPLATES.sms)).toEqual([]);
  });

  it("requires a text, {lien}, known placeholders and the length limit, in French", () => {
    expect(templateProblems("sms", "   ")).toEqual(["Écrivez le message."]);
    expect(templateProblems("sms", "Bonjour {prénom}")).toEqual([
      "Le message doit contenir {lien} : c'est le lien qui permet au patient de confirmer, d'annuler ou de déplacer son rendez-vous.",
    ]);
    expect(templateProblems("whatsapp", "Bonjour {prenon}, {lien}")).toEqual(["Repère inconnu : {prenon}. Repères possibles : {prénom}, {date}, {heure}, {lien}."]);
    const long = `${"a".repeat(TEMPLATE_MAX.sms)} {lien}`;
    expect(templateProblems("sms", long)).toEqual([`Le message SMS ne peut pas dépasser 480 caractères (il en compte ${long.length}).`]);
    expect(templateProblems("whatsapp", long)).toEqual([]);
    expect(templateProblems("whatsapp", `${"a".repeat(1000)}{lien}`)[0]).toMatch(/^Le message WhatsApp ne peut pas dépasser 1000 caractères/);
  });

  it("the form's schema trims, keeps line breaks and puts the problems on the text", () => {
    const ok = templateSchema.safeParse({ key: "whatsapp", body: "  Bonjour {prénom},\r\n{lien}  " });
    expect(ok.success && ok.data).toEqual({ key: "whatsapp", body: "Bonjour {prénom},\n{lien}" });
    const bad = templateSchema.safeParse({ key: "sms", body: "Bonjour" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["body", expect.stringContaining("{lien}")]]);
    expect(templateSchema.safeParse({ key: "email", body: "{lien}" }).success).toBe(false);
  });
});
