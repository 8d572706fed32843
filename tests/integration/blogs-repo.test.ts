import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db";
import { countBlogs, createBlog, deleteBlog, getBlog, listBlogs, updateBlog } from "~/.server/repos/blogs";
import { createTestDb, ENGINES, truncateAll } from "../helpers/db";

for (const engine of ENGINES) {
  describe.runIf(engine.available)(`blogs repository [${engine.name}]`, () => {
    let h: Db;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      ({ h, drop } = await createTestDb(engine.name));
    });
    afterAll(async () => {
      await drop?.();
    });
    beforeEach(async () => {
      await truncateAll(h);
    });

    it("creates a post and reads it back with its generated id and no update date", async () => {
      const b = await createBlog(h, { title: "Implants", content: "Premier.\nSecond." });
      expect(b.id).toBeGreaterThan(0);
      expect(b).toMatchObject({ title: "Implants", content: "Premier.\nSecond.", image_url: null, updated_at: null });
      expect(Number.isNaN(Date.parse(b.created_at))).toBe(false);
      expect(await getBlog(h, b.id)).toEqual(b);
      expect(await getBlog(h, b.id + 1000)).toBeUndefined();
      expect(await countBlogs(h)).toBe(1);
    });

    it("lists newest first, the later insert first when two share a date", async () => {
      const old = await createBlog(h, { title: "Ancien", content: "a" }, "2026-01-05T08:00:00.000Z");
      const recent = await createBlog(h, { title: "Récent", content: "b" }, "2026-03-01T08:00:00.000Z");
      const middle = await createBlog(h, { title: "Milieu", content: "c" }, "2026-02-01T08:00:00.000Z");
      const sameAsRecent = await createBlog(h, { title: "Même jour", content: "d" }, "2026-03-01T08:00:00.000Z");
      expect((await listBlogs(h)).map((b) => b.id)).toEqual([sameAsRecent.id, recent.id, middle.id, old.id]);
    });

    it("updates title and content, sets updated_at and keeps the image unless told otherwise", async () => {
      const b = await createBlog(h, { title: "Avant", content: "x", image_url: "/uploads/0123456789abcdef0123456789abcdef.webp" }, "2020-01-01T00:00:00.000Z");
      const u = await updateBlog(h, b.id, { title: "Après", content: "y" });
      expect(u).toMatchObject({ id: b.id, title: "Après", content: "y", image_url: b.image_url, created_at: b.created_at });
      expect(u!.updated_at).not.toBeNull();
      expect(Date.parse(u!.updated_at!)).toBeGreaterThan(Date.parse(b.created_at));

      const withUrl = await updateBlog(h, b.id, { title: "Après", content: "y", image_url: "https://images.example.org/a.jpg" });
      expect(withUrl!.image_url).toBe("https://images.example.org/a.jpg");
      const cleared = await updateBlog(h, b.id, { title: "Après", content: "y", image_url: null });
      expect(cleared!.image_url).toBeNull();
      expect(await getBlog(h, b.id)).toEqual(cleared);
    });

    it("answers undefined when updating a post that does not exist", async () => {
      expect(await updateBlog(h, 424242, { title: "T", content: "C" })).toBeUndefined();
      expect(await countBlogs(h)).toBe(0);
    });

    it("deletes a post once", async () => {
      const a = await createBlog(h, { title: "A", content: "a" });
      const b = await createBlog(h, { title: "B", content: "b" });
      expect(await deleteBlog(h, a.id)).toBe(true);
      expect(await deleteBlog(h, a.id)).toBe(false);
      expect((await listBlogs(h)).map((x) => x.id)).toEqual([b.id]);
    });

    it("stores markup and long texts exactly as typed (they are escaped when shown)", async () => {
      const content = `<script>alert("xss")</script>\nL'émail — « citation » 😀\n${"long ".repeat(10_000)}`;
      const b = await createBlog(h, { title: "<b>Titre</b>", content });
      const back = await getBlog(h, b.id);
      expect(back!.title).toBe("<b>Titre</b>");
      expect(back!.content).toBe(content);
    });
  });
}
