import { describe, expect, it } from "vitest";
import { DEMO_CLINIC as clinic } from "~/lib/clinic";
import { buildEnrollmentEmails } from "./enrollment-mail";

const enrollment = { id: 7, user_name: "Benali", user_surname: "Karim", email: "karim@exemple.dz", phone: "0550 12 34 56", enrollment_date: "2026-03-02T14:05:00.000Z" };

describe("enrolment e-mails", () => {
  it("confirms to the trainee and notifies the clinic, with the formation and links", () => {
    const [toTrainee, toClinic] = buildEnrollmentEmails(enrollment, { id: 3, title: "Implantologie orale", duration_months: 6, price: 35_000_000, place: "Salle de formation, Kouba (Alger)" }, { clinic, publicUrl: "https://clinique.example/", clinicAddress: "equipe@clinique.example" });
    expect(toTrainee.to).toBe("karim@exemple.dz");
    expect(toTrainee.subject).toBe(`Votre demande d'inscription — ${clinic.name}`);
    expect(toTrainee.text).toMatch(/^Bonjour,\n/);
    expect(toTrainee.text).not.toContain("Karim");
    expect(toTrainee.text).not.toContain("Benali");
    expect(toTrainee.text).toContain("la session « Implantologie orale »");
    expect(toTrainee.text).toContain("en attente");
    expect(toTrainee.text.replace(/\s/g, " ")).toContain("Tarif : 350 000 DA");
    // the place is the formation's own (the same value as its public and staff cards); the hours as every time is written
    expect(toTrainee.text).toContain("- Lieu : Salle de formation, Kouba (Alger)\n- Horaires : 09:00\u00a0–\u00a017:00");
    expect(toTrainee.text).toContain("https://clinique.example/syllabus/3");
    expect(toClinic.to).toBe("equipe@clinique.example");
    expect(toClinic.subject).toBe("Nouvelle inscription : Implantologie orale");
    expect(toClinic.text).toContain("Téléphone : 0550 12 34 56");
    expect(toClinic.text).toContain("Date : 02/03/2026 15:05");
    expect(toClinic.text).toContain("https://clinique.example/admin/formations?inscriptions=3");
  });

  it("works without a formation and without a public URL", () => {
    const [toTrainee, toClinic] = buildEnrollmentEmails(enrollment, null, { clinic, clinicAddress: clinic.email });
    expect(toTrainee.text).toContain("notre formation (session à convenir avec vous)");
    expect(toTrainee.text).not.toContain("http");
    expect(toClinic.subject).toBe("Nouvelle inscription");
    expect(toClinic.text).toContain("Formation : aucune session choisie");
  });

  it("repeats nothing typed to the address typed: a phishing name never reaches it, the clinic still sees it", () => {
    const typed = {
      ...enrollment,
      user_name: "Votre compte est suspendu : https://evil.example/connexion",
      user_surname: '<a href="http://evil.example">Cliquez ici</a>',
      email: "victime@exemple.dz",
      phone: "0770 98 76 54",
    };
    for (const formation of [{ id: 3, title: "Implantologie orale", duration_months: 6, price: null, place: "Salle de formation, Kouba (Alger)" }, null]) {
      const [toTrainee, toClinic] = buildEnrollmentEmails(typed, formation, { clinic, publicUrl: "https://clinique.example", clinicAddress: "equipe@clinique.example" });
      expect(toTrainee.to).toBe("victime@exemple.dz");
      // every part of the message (subject, text, and an HTML part if one is ever added)
      const parts = Object.values(toTrainee).filter((v): v is string => typeof v === "string");
      expect(parts.length).toBeGreaterThanOrEqual(3);
      for (const part of parts) {
        for (const bad of [typed.user_name, typed.user_surname, "evil.example", "suspendu", "Cliquez", "<a", typed.phone]) expect(part).not.toContain(bad);
      }
      expect(toTrainee.text).toContain("Si ce n'est pas vous, ignorez simplement ce message.");
      expect(toClinic.text).toContain(`Nom : ${typed.user_name}`);
      expect(toClinic.text).toContain(`Prénom : ${typed.user_surname}`);
    }
  });
});
