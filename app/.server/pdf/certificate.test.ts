import { describe, expect, it } from "vitest";
import { DEMO_CLINIC } from "~/lib/clinic";
import type { CertificateView } from "~/lib/certificate";
import { pdfPages } from "../../../tests/helpers/pdf-text";
import { certificatesPdf } from "./certificate";

const base: CertificateView = {
  number: "2026-0001",
  code: "ABCDEFGHJKMN",
  holder: "Dr Samia Belkacem",
  formationTitle: "Implantologie orale",
  startsOn: "2026-12-07",
  endsOn: "2026-12-09",
  startTime: "09:00",
  endTime: "17:00",
  place: "Salle de formation, Kouba (Alger)",
  trainer: "Dr Nadir Hamdi",
  daysPresent: ["2026-12-07", "2026-12-09"],
  daysHeld: 3,
  issuedAt: "2026-12-10T09:30:00.000Z",
  revokedAt: null,
};

describe("the certificate of attendance (PDF)", () => {
  it("writes one page per certificate that reads back: who, what, when, where, the days present and how to verify it", async () => {
    const second = { ...base, number: "2026-0002", code: "PQRSTUVWXYZ2", holder: "Dr Karim Ould", daysPresent: ["2026-12-07", "2026-12-08", "2026-12-09"] };
    const bytes = await certificatesPdf(DEMO_CLINIC, [base, second], "https://clinique.example/");
    const pages = (await pdfPages(bytes)).map((p) => p.replace(/\s/g, " "));
    expect(pages).toHaveLength(2);
    const [one, two] = pages;
    expect(one).toContain("Attestation de présence");
    expect(one).toContain("N° 2026-0001");
    expect(one).toContain("Dr Samia Belkacem");
    expect(one).toContain("a suivi la formation « Implantologie orale » du lundi 7 décembre 2026 au mercredi 9 décembre 2026, de 09:00 à 17:00, à Salle de formation, Kouba (Alger).");
    expect(one).toContain("Présence : 2 journées sur 3.");
    expect(one).toContain("lundi 7 décembre 2026, mercredi 9 décembre 2026");
    expect(one).toContain("https://clinique.example/attestation/ABCDEFGHJKMN");
    expect(one).toContain("Code : ABCD-EFGH-JKMN");
    expect(one).toContain("Dr Nadir Hamdi, formateur");
    expect(one).not.toContain("Dr Karim Ould");
    expect(two).toContain("Dr Karim Ould");
    expect(two).toContain("N° 2026-0002");
    expect(two).toContain("Présence : 3 journées sur 3.");
  });
});
