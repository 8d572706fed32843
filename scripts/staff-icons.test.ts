import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generate, usedIcons } from "./staff-icons";

const ROOT = path.resolve(import.meta.dirname, "..");

describe("the staff icons (scripts/staff-icons.ts)", () => {
  it("the module and the sprite hold exactly the icons the staff files import (else: npx tsx scripts/staff-icons.ts)", async () => {
    const { module, sprite } = await generate();
    expect(fs.readFileSync(path.join(ROOT, "app/components/admin/icons.ts"), "utf8")).toBe(module);
    expect(fs.readFileSync(path.join(ROOT, "app/components/admin/icons.svg"), "utf8")).toBe(sprite);
  });

  it("every imported icon has its drawing in the sprite, and no staff file draws a lucide-react icon inline", async () => {
    const { sprite } = await generate();
    const ids = new Set([...sprite.matchAll(/<symbol id="([a-z0-9-]+)"/g)].map((m) => m[1]));
    const names = usedIcons();
    expect(names).toContain("CalendarRange");
    const module = fs.readFileSync(path.join(ROOT, "app/components/admin/icons.ts"), "utf8");
    for (const name of names) {
      const file = new RegExp(`export const ${name} = spriteIcon\\("([a-z0-9-]+)"`).exec(module)?.[1];
      expect(file && ids.has(file), name).toBe(true);
    }
    const inline: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
        const rel = path.join(dir, e.name);
        if (e.isDirectory()) walk(rel);
        else if (/\.tsx?$/.test(e.name) && fs.readFileSync(path.join(ROOT, rel), "utf8").includes('from "lucide-react"')) inline.push(rel);
      }
    };
    walk("app/components/admin");
    expect(inline).toEqual([]);
  });
});
