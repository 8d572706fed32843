import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { moveSchema } from "./front-desk-schema";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe("the move form's chair (a drop on the agenda grid)", () => {
  it("is optional: the 'Déplacer' form sends none", () => {
    const s = parseWithZod(form({ date: "2031-06-03", time: "10:15" }), { schema: moveSchema });
    expect(s.status === "success" && s.value).toEqual({ date: "2031-06-03", time: "10:15", forced: false, chair: undefined });
  });

  it("is read as a number from a drop, and refused in French when it is not a chair", () => {
    const s = parseWithZod(form({ date: "2031-06-03", time: "10:15", chair: "2" }), { schema: moveSchema });
    expect(s.status === "success" && s.value.chair).toBe(2);
    for (const chair of ["0", "1.5", "x"]) {
      const bad = parseWithZod(form({ date: "2031-06-03", time: "10:15", chair }), { schema: moveSchema });
      expect(bad.status).toBe("error");
      expect(bad.reply().error?.chair).toEqual(["Fauteuil inconnu."]);
    }
  });
});
