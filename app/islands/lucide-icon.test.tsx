import { createLucideIcon as lucidesOwn } from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import createLucideIcon from "./lucide-icon";

/**
 * The islands' icons (app/islands/lucide-icon.ts, put in place of lucide's by vite.islands.config.ts)
 * draw the markup lucide-react draws on the server, so that hydrating an island finds the same
 * `<svg>`: the same attributes in the same order, classes, aria-hidden, children.
 */
const CALENDAR_CHECK = {
  name: "calendar-check",
  size: 24,
  node: [
    ["path", { d: "M8 2v3", key: "1ioesn" }],
    ["rect", { x: "3", y: "3", width: "18", height: "18", rx: "2", key: "h1oib" }],
    ["path", { d: "m9 15 2 2 4-4", key: "1grp1n" }],
  ] as [string, Record<string, string>][],
};
const LOADER = { name: "loader-circle", size: 24, aliases: ["loader-2"], node: [["path", { d: "M21 12a9 9 0 1 1-6.219-8.56", key: "13zald" }]] as [string, Record<string, string>][] };

describe("the islands' icons", () => {
  const cases: [string, Record<string, unknown>][] = [
    ["no props", {}],
    ["classes", { className: "h-5 w-5 shrink-0 text-teal-600" }],
    ["classes repeated and spaced", { className: " h-5  lucide h-5 " }],
    ["aria-hidden given", { "aria-hidden": true, className: "h-4 w-4" }],
    ["a name: not hidden", { "aria-label": "Chargement", role: "img" }],
    ["other attributes", { id: "icone", "data-x": "1", focusable: "false" }],
    ["size, colour and stroke width", { size: 16, color: "red", strokeWidth: 1.5 }],
    ["width and height", { width: 20, height: 18 }],
  ];
  for (const icon of [CALENDAR_CHECK, LOADER]) {
    const Ours = createLucideIcon(icon);
    const Theirs = lucidesOwn(icon);
    for (const [label, props] of cases) {
      it(`${icon.name}, ${label}: the same markup as lucide-react's`, () => {
        const ours = renderToStaticMarkup(<Ours {...props} />);
        expect(ours).toBe(renderToStaticMarkup(<Theirs {...props} />));
        expect(ours).toContain(`lucide-${icon.name}`);
      });
    }
  }
  it("with children (an accessible title): the same markup, not hidden", () => {
    const Ours = createLucideIcon(CALENDAR_CHECK);
    const Theirs = lucidesOwn(CALENDAR_CHECK);
    const ours = renderToStaticMarkup(<Ours className="h-4 w-4"><title>Confirmé</title></Ours>);
    expect(ours).toBe(renderToStaticMarkup(<Theirs className="h-4 w-4"><title>Confirmé</title></Theirs>));
    expect(ours).not.toContain("aria-hidden");
  });
});
