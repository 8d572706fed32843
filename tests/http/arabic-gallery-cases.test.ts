import { Window } from "happy-dom";
import { afterAll, expect, test } from "vitest";
import { startAppServer } from "./app-server";

/**
 * The clinic's own before/after cases on the Arabic gallery (issue 32; migration 018): a case
 * whose Arabic texts staff wrote shows them; a case without them shows no French sentence, its
 * photos described by the treatment's Arabic name. The French gallery keeps the French texts.
 * The cases are stored before the first request (the page cache would keep an earlier answer).
 */
const server = await startAppServer();
const window = new Window();
afterAll(async () => {
  await window.happyDOM.close();
  await server.close();
});

const now = new Date().toISOString();
for (const id of ["a1", "a2", "b1", "b2"].map((x) => x.padEnd(32, "0"))) {
  server.dbRun("insert into media (id, width, height, widths, created_at) values (?, 800, 600, '480,800', ?)", id, now);
}
const insertCase = (treatment: string, description: string, before: string, after: string, ar: [string | null, string | null, string | null], position: number) =>
  server.dbRun(
    `insert into gallery_cases (treatment, description, before_media_id, before_alt, after_media_id, after_alt, description_ar, before_alt_ar, after_alt_ar,
       consent_date, consent_scope, position, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, '2026-01-10', 'site', ?, ?, ?)`,
    treatment,
    description,
    before.padEnd(32, "0"),
    "Avant : dents jaunies",
    after.padEnd(32, "0"),
    "Après : dents éclaircies",
    ...ar,
    position,
    now,
    now,
  );
insertCase("Implants dentaires", "Une molaire remplacée par un implant.", "a1", "a2", ["ضرس عُوِّض بزرعة سنية.", "قبل: فراغ مكان الضرس", "بعد: ضرس جديد على زرعة"], 1);
insertCase("Implants dentaires", "Deux implants posés le même jour.", "b1", "b2", [null, null, null], 2);

async function mainOf(path: string) {
  const res = await fetch(`${server.origin}${path}`);
  expect(res.status).toBe(200);
  return new window.DOMParser().parseFromString(await res.text(), "text/html").querySelector("main")!;
}

test("/ar/gallery: a case's Arabic texts as staff wrote them; a case without them shows no French, its photos described in Arabic", async () => {
  const main = await mainOf("/ar/gallery");
  const [written, unwritten] = [...main.querySelectorAll("article[data-case]")];
  expect(written.querySelector("h3")?.textContent?.trim()).toBe("زراعة الأسنان");
  expect(written.textContent).toContain("ضرس عُوِّض بزرعة سنية.");
  expect([...written.querySelectorAll("img")].map((i) => i.getAttribute("alt")).sort()).toEqual(["بعد: ضرس جديد على زرعة", "قبل: فراغ مكان الضرس"]);

  expect(unwritten.textContent).not.toContain("Deux implants");
  expect([...unwritten.querySelectorAll("img")].map((i) => i.getAttribute("alt")).sort()).toEqual(["بعد: زراعة الأسنان", "قبل: زراعة الأسنان"]);
  expect(main.textContent).not.toMatch(/Avant|Après|molaire/);
});

test("/gallery keeps the French texts of both cases", async () => {
  const main = await mainOf("/gallery");
  expect(main.textContent).toContain("Une molaire remplacée par un implant.");
  expect(main.textContent).toContain("Deux implants posés le même jour.");
  expect([...main.querySelectorAll("article[data-case] img")].map((i) => i.getAttribute("alt")).sort()).toEqual([
    "Après : dents éclaircies",
    "Après : dents éclaircies",
    "Avant : dents jaunies",
    "Avant : dents jaunies",
  ]);
});
