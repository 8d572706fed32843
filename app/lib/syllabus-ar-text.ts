import type { SyllabusModule } from "./syllabus";

/**
 * The Arabic programme as staff type it in the formation editor ('En arabe', 'Modules en arabe'):
 * one textarea, so that the whole programme is typed right to left in one place, with three kinds
 * of lines (issue 32, the training side):
 * - a plain line is a module's title (as before: one title per line still works);
 * - a line starting with ">" adds a line to the module's description;
 * - a line starting with "-" is a lesson of the module: "- title" or "- title: description".
 * Empty lines are ignored. Stored as the `syllabus_ar` JSON (same shape as the French syllabus);
 * `arabicModulesText` writes the stored modules back in this form for the editor.
 */

export const ARABIC_MODULES_HINT =
  "Une ligne par module : son titre. Sous un module, une ligne qui commence par « > » ajoute une ligne à sa description, une ligne qui commence par « - » est une leçon (« - titre : description »).";

export type ArabicModulesParse = { ok: true; modules: SyllabusModule[] } | { ok: false; line: number };

function emptyModule(number: number, title: string): SyllabusModule {
  return { number, title, description: "", duration: "", points_clefs: [], objectifs: [], pratique: [], lessons: [] };
}

/** The modules a typed text describes; a description or lesson line before any module title is refused (its line number). */
export function parseArabicModules(text: string, max = { modules: 40, lessons: 40 }): ArabicModulesParse {
  const modules: SyllabusModule[] = [];
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === "") continue;
    const current = modules[modules.length - 1];
    if (line.startsWith(">") || line.startsWith("-")) {
      if (!current) return { ok: false, line: i + 1 };
      const body = line.slice(1).trim().slice(0, 2000);
      if (body === "") continue;
      if (line.startsWith(">")) current.description = (current.description ? `${current.description}\n` : "") + body;
      else if (current.lessons.length < max.lessons) {
        const colon = body.search(/[:：]/);
        const title = (colon < 0 ? body : body.slice(0, colon)).trim().slice(0, 300);
        const description = colon < 0 ? "" : body.slice(colon + 1).trim();
        current.lessons.push({ title: title || description, description: title ? description : "", duration: "", content: "" });
      }
      continue;
    }
    if (modules.length < max.modules) modules.push(emptyModule(modules.length + 1, line.slice(0, 300)));
  }
  return { ok: true, modules };
}

/** The stored Arabic modules as the editor's text (the inverse of parseArabicModules). */
export function arabicModulesText(modules: readonly SyllabusModule[]): string {
  return modules
    .flatMap((m) => [
      m.title,
      ...(m.description ? m.description.split("\n").map((d) => `> ${d}`) : []),
      ...m.lessons.map((l) => `- ${l.title}${l.description ? `: ${l.description}` : ""}`),
    ])
    .join("\n");
}
