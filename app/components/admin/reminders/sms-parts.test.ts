import { describe, expect, it } from "vitest";
import { smsParts } from "./sms-parts";

describe("SMS parts", () => {
  it("counts French with é, è, à in the GSM alphabet: 160, then 153 per part", () => {
    expect(smsParts("Rappel de votre RDV le mardi à 10h30, déplacé")).toEqual({ parts: 1, unicode: false, length: 45 });
    expect(smsParts("é".repeat(160)).parts).toBe(1);
    expect(smsParts("é".repeat(161)).parts).toBe(2);
    expect(smsParts("a".repeat(307)).parts).toBe(3);
  });

  it("switches to UCS-2 for ç, ê, ’: 70, then 67 per part", () => {
    expect(smsParts("Ça marche").unicode).toBe(false); // Ç is GSM
    expect(smsParts("reçu").unicode).toBe(true);
    expect(smsParts("ê".repeat(70)).parts).toBe(1);
    expect(smsParts("l’heure" + "a".repeat(64)).parts).toBe(2);
  });

  it("counts the GSM extension signs twice", () => {
    expect(smsParts("€".repeat(80)).length).toBe(160);
    expect(smsParts("€".repeat(81)).parts).toBe(2);
  });
});
