import { describe, expect, it } from "vitest";
import { DEMO_CLINIC } from "~/lib/clinic";
import { emptySyllabus, type Syllabus } from "~/lib/syllabus";
import { featuredTexts, isImplantologyCourse } from "./featured-texts";

const syllabus = (over: Partial<Syllabus["overview"]> = {}): Syllabus => ({ ...emptySyllabus(), overview: { ...emptySyllabus().overview, ...over } });

describe("featuredTexts (/formation's trainer and audience)", () => {
  it("an implantology course keeps today's texts, with the clinic's dentist and figures", () => {
    const t = featuredTexts({ title: "Formation en implantologie orale", syllabus: null }, DEMO_CLINIC);
    expect(t.implantology).toBe(true);
    expect(t.audience).toEqual({ lead: "chirurgiens-dentistes omnipraticiens", rest: "qui souhaitent intégrer l'implantologie à leur exercice, avec des bases solides et une pratique encadrée." });
    expect(t.trainer).toMatchObject({ name: DEMO_CLINIC.doctor.name, isClinicDoctor: true, subtitle: DEMO_CLINIC.doctor.title });
    expect(t.trainer.text).toContain("chirurgies implantaires");
    expect(t.trainer.badges[1]).toMatch(/chirurgies implantaires$/);
  });

  it("another subject speaks of itself: the programme's title in the audience, no implant surgery", () => {
    const t = featuredTexts({ title: "Orthodontie pour omnipraticiens", syllabus: syllabus({ title: "Orthodontie interceptive de l'enfant" }) }, DEMO_CLINIC);
    expect(t.implantology).toBe(false);
    expect(`${t.audience.lead} ${t.audience.rest}`).toBe("chirurgiens-dentistes qui souhaitent se former à «\u00a0Orthodontie interceptive de l'enfant\u00a0», avec des bases solides et une pratique encadrée.");
    // the doctor's own title may speak of implants; what the blocks say of the course does not
    expect(JSON.stringify([t.audience, t.trainer.text, t.trainer.badges])).not.toMatch(/implant/i);
    expect(t.trainer.isClinicDoctor).toBe(true);
    expect(t.trainer.badges[1]).toMatch(/patients traités$/);
  });

  it("the syllabus's instructor is the trainer; the clinic's dentist written another way is still the dentist", () => {
    const other = featuredTexts({ title: "Orthodontie", syllabus: syllabus({ instructor: "Dr Samia Ouali" }) }, DEMO_CLINIC);
    expect(other.trainer).toEqual({
      name: "Dr Samia Ouali",
      isClinicDoctor: false,
      subtitle: "Formateur de la session «\u00a0Orthodontie\u00a0»",
      text: `La formation «\u00a0Orthodontie\u00a0» est animée par Dr Samia Ouali, en petit groupe et cas cliniques à l'appui, au centre de formation de ${DEMO_CLINIC.name}.`,
      badges: [],
    });
    const same = featuredTexts({ title: "Orthodontie", syllabus: syllabus({ instructor: DEMO_CLINIC.doctor.name.toUpperCase().replace("DR ", "Docteur ") }) }, DEMO_CLINIC);
    expect(same.trainer.isClinicDoctor).toBe(true);
  });

  it("an objective about implants makes an implantology course", () => {
    expect(isImplantologyCourse({ title: "Formation e2e", syllabus: syllabus({ objectives: ["Poser l'indication implantaire"] }) })).toBe(true);
    expect(isImplantologyCourse({ title: "Parodontologie", syllabus: syllabus({ objectives: ["Traiter une parodontite"] }) })).toBe(false);
  });
});
