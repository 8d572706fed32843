import { describe, expect, test } from "vitest";
import { showsPatientBar } from "./patient-bar";

describe("showsPatientBar", () => {
  test("the public pages keep the patients' bar", () => {
    for (const p of ["/", "/appointment", "/blog", "/blog/3-un-article", "/gallery", "/rdv/abc", "/formation", "/administration-dentaire", "/login-aide"]) {
      expect(showsPatientBar(p), p).toBe(true);
    }
  });

  test("the staff's screens leave it out: the staff area, the sign-in and its two-factor step, the password reset", () => {
    for (const p of ["/admin", "/admin/", "/admin/agenda", "/admin/patients/12", "/login", "/login/", "/logout", "/mot-de-passe-oublie", "/reinitialiser-mot-de-passe/abc123"]) {
      expect(showsPatientBar(p), p).toBe(false);
    }
  });
});
