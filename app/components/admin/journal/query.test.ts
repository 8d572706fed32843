import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "~/lib/audit-actions";
import { accountOf, formatJournalTime, targetOf } from "~/lib/journal-entry";
import { actionGroups, JOURNAL_NOTES, journalQueryString, parseJournalQuery } from "./query";

const parse = (s: string) => parseJournalQuery(new URLSearchParams(s));

describe("the journal's URL", () => {
  it("reads the filters and the page position, and writes them back", () => {
    const p = parse("compte=4&action=patient.erase&du=2026-11-01&au=2026-11-30&avant=120");
    expect(p).toEqual({ query: { account: 4, action: "patient.erase", from: "2026-11-01", to: "2026-11-30" }, cursor: { direction: "older", id: 120 }, notes: [] });
    expect(journalQueryString(p.query, p.cursor)).toBe("?compte=4&action=patient.erase&du=2026-11-01&au=2026-11-30&avant=120");
    expect(journalQueryString(p.query, { direction: "newer", id: 7 })).toBe("?compte=4&action=patient.erase&du=2026-11-01&au=2026-11-30&apres=7");
    expect(parse("compte=aucun").query.account).toBe("none");
    expect(journalQueryString(parse("compte=aucun").query)).toBe("?compte=aucun");
    expect(journalQueryString(parse("").query)).toBe("");
  });

  it("leaves out what makes no sense, with a French note each", () => {
    expect(parse("compte=x&action=y&du=2026-02-30&au=demain&avant=-3")).toEqual({
      query: { account: null, action: null, from: null, to: null },
      cursor: null,
      notes: [JOURNAL_NOTES.account, JOURNAL_NOTES.action, JOURNAL_NOTES.from, JOURNAL_NOTES.to, JOURNAL_NOTES.cursor],
    });
    expect(parse("du=2026-11-30&au=2026-11-01")).toMatchObject({ query: { from: "2026-11-01", to: "2026-11-30" }, notes: [JOURNAL_NOTES.swapped] });
  });

  it("groups every action of the log once in the filter", () => {
    const groups = actionGroups();
    expect(groups.map((g) => g.label)).toEqual(["Connexions", "Comptes", "Rendez-vous", "Patients", "Liste d'attente", "Argent", "Contenus", "Formations", "Exports", "Réglages", "E-mails", "Journal"]);
    expect(groups.flatMap((g) => g.actions.map((a) => a.value)).sort()).toEqual(Object.keys(AUDIT_ACTIONS).sort());
    expect(groups[0].actions[0]).toEqual({ value: "auth.login.success", label: "Connexion réussie" });
  });
});

describe("a journal entry as shown", () => {
  it("dates it in Africa/Algiers with the seconds", () => {
    expect(formatJournalTime("2026-11-25T13:05:32.000Z")).toBe("25/11/2026 à 14:05:32");
    expect(formatJournalTime("2026-12-31T23:30:00.000Z")).toBe("01/01/2027 à 00:30:00");
  });

  it("names the account, the site itself or an unknown address", () => {
    expect(accountOf({ staffUserId: 2, actor: "a@clinique.dz", action: "patient.erase" })).toEqual({ kind: "staff", email: "a@clinique.dz" });
    expect(accountOf({ staffUserId: null, actor: "système", action: "audit.purge" })).toEqual({ kind: "system" });
    expect(accountOf({ staffUserId: null, actor: "adresse inconnue", action: "auth.login.failure" })).toEqual({ kind: "unknown" });
    expect(accountOf({ staffUserId: null, actor: "", action: "auth.password_reset.requested" })).toEqual({ kind: "unknown" });
    // an account deleted since keeps its address of the time
    expect(accountOf({ staffUserId: null, actor: "ancien@clinique.dz", action: "blog.delete" })).toEqual({ kind: "staff", email: "ancien@clinique.dz" });
  });

  it("names the target, with a link to a patient's record only for who may open it", () => {
    expect(targetOf({ targetType: "patient", targetId: "3" }, { canOpenPatients: true })).toEqual({ label: "Patient #3", href: "/admin/patients/3" });
    expect(targetOf({ targetType: "patient", targetId: "3" }, { canOpenPatients: false })).toEqual({ label: "Patient #3", href: null });
    expect(targetOf({ targetType: "appointment", targetId: "12" }, { canOpenPatients: true })).toEqual({ label: "Rendez-vous #12", href: null });
    expect(targetOf({ targetType: "staff", targetId: "2", targetEmail: "b@clinique.dz" }, { canOpenPatients: true })).toEqual({ label: "Compte #2 (b@clinique.dz)", href: null });
    expect(targetOf({ targetType: "blog", targetId: "5" }, { canOpenPatients: true })?.label).toBe("Article #5");
    expect(targetOf({ targetType: "team", targetId: null }, { canOpenPatients: true })).toEqual({ label: "Réglages de l'équipe", href: null });
    expect(targetOf({ targetType: null, targetId: null }, { canOpenPatients: true })).toBeNull();
  });
});
