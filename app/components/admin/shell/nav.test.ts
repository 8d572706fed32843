import { describe, expect, test } from "vitest";
import { openablePaths } from "~/.server/staff-guard";
import { permissionsOf, type Role } from "~/lib/permissions";
import { NAV_GROUPS, visibleNavGroups } from "./nav";

const links = (role: Role, assistantCanEditPrices = false) =>
  visibleNavGroups(NAV_GROUPS, openablePaths(permissionsOf(role, { assistantCanEditPrices }))).map((g) => [g.label, g.to ?? null, g.items.map((i) => i.label)]);

describe("the staff navigation", () => {
  test("an administrator sees every screen that exists, in four groups; 'Argent' has the cash, the quotes and the reports", () => {
    expect(links("admin")).toEqual([
      ["Accueil", "/admin", ["Agenda", "Rappels", "Liste d'attente", "Suivis", "Patients", "Rendez-vous"]],
      ["Argent", null, ["Caisse", "Devis", "Rapports"]],
      ["Cabinet", null, ["Horaires et fermetures", "Équipe", "E-mails", "Journal", "Mon compte"]],
      ["Site", null, ["Clinique", "Photos", "Galerie et avis", "Blog", "Formations"]],
    ]);
  });

  test("a dentist has no team, e-mails or journal", () => {
    expect(links("dentist")).toEqual([
      ["Accueil", "/admin", ["Agenda", "Rappels", "Liste d'attente", "Suivis", "Patients", "Rendez-vous"]],
      ["Argent", null, ["Caisse", "Devis", "Rapports"]],
      ["Cabinet", null, ["Horaires et fermetures", "Mon compte"]],
      ["Site", null, ["Clinique", "Photos", "Galerie et avis", "Blog", "Formations"]],
    ]);
  });

  test("an assistant sees the front desk, the day's cash, the hours, the account and the formations (read only), never the reports; the quotes with the price setting", () => {
    const expected = (money: string[]) => [
      ["Accueil", "/admin", ["Agenda", "Rappels", "Liste d'attente", "Suivis", "Patients", "Rendez-vous"]],
      ["Argent", null, money],
      ["Cabinet", null, ["Horaires et fermetures", "Mon compte"]],
      ["Site", null, ["Formations"]],
    ];
    expect(links("assistant")).toEqual(expected(["Caisse"]));
    expect(links("assistant", true)).toEqual(expected(["Caisse", "Devis"]));
  });

  test("a screen appears in its group once it may be opened; a group without any is left out", () => {
    const groups = visibleNavGroups(NAV_GROUPS, ["/admin", "/admin/agenda", "/admin/caisse", "/admin/rapports"]);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.to)])).toEqual([
      ["Accueil", ["/admin/agenda"]],
      ["Argent", ["/admin/caisse", "/admin/rapports"]],
    ]);
    // the home itself closed: the group keeps its links, without its own page
    expect(visibleNavGroups(NAV_GROUPS, ["/admin/agenda"])).toMatchObject([{ label: "Accueil", to: undefined }]);
  });

  test("every link of the table is a distinct staff path", () => {
    const paths = NAV_GROUPS.flatMap((g) => [...(g.to ? [g.to] : []), ...g.items.map((i) => i.to)]);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p).toMatch(/^\/admin(\/[a-z-]+)?$/);
  });
});

describe("openablePaths", () => {
  test("only the screens whose policy the permissions meet, never a path with a parameter or a file", () => {
    expect(openablePaths([])).toEqual(["/admin", "/admin/account"]);
    const all = openablePaths(permissionsOf("admin", { assistantCanEditPrices: false }));
    expect(all).toContain("/admin/equipe");
    expect(all.some((p) => p.includes(":") || p.includes("."))).toBe(false);
  });

  test("while a password change or the two-factor set-up is due, only Mon compte", () => {
    const pending = openablePaths(permissionsOf("admin", { assistantCanEditPrices: false }), true);
    expect(pending).toEqual(["/admin/account"]);
    expect(visibleNavGroups(NAV_GROUPS, pending).map((g) => [g.label, g.items.map((i) => i.label)])).toEqual([["Cabinet", ["Mon compte"]]]);
  });
});
