import { describe, expect, it } from "vitest";
import { FORMATION_MESSAGES, formationFormSchema } from "./formation-schema";
import { arabicModulesText, parseArabicModules } from "./syllabus-ar-text";

const TEXT = ["الوحدة الأولى: التشخيص", "> فحص المريض", "> والتصوير", "- الفحص السريري: الخطوات الأساسية", "- قراءة الأشعة", "", "الوحدة الثانية", "- الجراحة"].join("\n");

describe("the Arabic programme typed in the formation editor", () => {
  it("plain lines are modules, '>' lines their description, '-' lines their lessons (title: description)", () => {
    const r = parseArabicModules(TEXT);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.modules.map((m) => [m.number, m.title, m.description])).toEqual([
      [1, "الوحدة الأولى: التشخيص", "فحص المريض\nوالتصوير"],
      [2, "الوحدة الثانية", ""],
    ]);
    expect(r.modules[0].lessons.map((l) => [l.title, l.description])).toEqual([
      ["الفحص السريري", "الخطوات الأساسية"],
      ["قراءة الأشعة", ""],
    ]);
    expect(r.modules[1].lessons.map((l) => l.title)).toEqual(["الجراحة"]);
  });

  it("one title per line still reads as before; the stored modules come back as the same text", () => {
    const r = parseArabicModules("الوحدة الأولى\r\nالوحدة الثانية");
    expect(r.ok && r.modules.map((m) => m.title)).toEqual(["الوحدة الأولى", "الوحدة الثانية"]);
    const again = parseArabicModules(TEXT);
    if (!again.ok) throw new Error("parse");
    const back = parseArabicModules(arabicModulesText(again.modules));
    expect(back).toEqual(again);
  });

  it("a lesson or a description before any module is refused with its line, beside the field", () => {
    expect(parseArabicModules("\n- درس")).toEqual({ ok: false, line: 2 });
    const r = formationFormSchema.safeParse({ title: "T", description: "D", duration_months: "6", place: "Kouba", price: "0", max_participants: "10", title_ar: "ت", modules_ar: "> وصف" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["modules_ar", FORMATION_MESSAGES.arabicLineOrphan(1)]]);
  });
});
