import { describe, expect, it } from "vitest";
import { editorTarget, type AdminBlogResult, type EditorChoice } from "./admin-blog";

const saved: AdminBlogResult = { intent: "create", ok: true };
const refused: AdminBlogResult = { intent: "update", ok: false, target: { kind: "edit", id: 7 } };
const unknown: AdminBlogResult = { intent: null, ok: false };

describe("the staff blog editor: which form is open", () => {
  it("follows the person's choice while no new save result arrived", () => {
    expect(editorTarget({ target: null, seen: undefined }, undefined)).toBeNull();
    expect(editorTarget({ target: { kind: "create" }, seen: undefined }, undefined)).toEqual({ kind: "create" });
    // the form opened again after a save: that older result no longer closes it
    expect(editorTarget({ target: { kind: "edit", id: 3 }, seen: saved }, saved)).toEqual({ kind: "edit", id: 3 });
  });

  it("closes after a save, keeps the form after a refusal, and opens the refused form after a post without JavaScript", () => {
    const open: EditorChoice = { target: { kind: "create" }, seen: undefined };
    expect(editorTarget(open, saved)).toBeNull();
    expect(editorTarget(open, unknown)).toEqual({ kind: "create" });
    expect(editorTarget({ target: null, seen: undefined }, refused)).toEqual({ kind: "edit", id: 7 });
  });
});
