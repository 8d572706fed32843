import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it, beforeEach } from "vitest";
import { resetConfig } from "~/.server/config";
import { countBlogs, createBlog, deleteBlog, getBlog, listBlogs, updateBlog } from "~/.server/repos/blogs";
import { UPLOAD_MESSAGES } from "~/.server/uploads";
import { ADMIN_BLOG_TEXTS, ADMIN_BLOG_TOAST_MS, type AdminBlogResult } from "~/lib/admin-blog";
import { createLoadContext, staffContext } from "~/context";
import { BLOG_FORM_MESSAGES } from "~/lib/blog-form";
import { action } from "~/routes/admin.blog";
import { describeEachEngine } from "../helpers/db";
import { staffSession } from "../helpers/staff";
import { insertStaff } from "~/.server/repos/staff";

type Answer = { data: AdminBlogResult; init: { status?: number } | null };

/** A post of the staff screen's editor (multipart, as the browser sends it), by a signed-in staff member. */
async function post(fields: Record<string, string | File>): Promise<Answer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const context = createLoadContext({ nonce: "", clientIp: "198.51.100.7" });
  context.set(staffContext, staffSession({ userId: 1, email: "staff@clinique.test", role: "admin", idHash: "x" }));
  return (await action({ request: new Request("http://clinic.test/admin/blog", { method: "POST", body }), params: {}, context } as never)) as unknown as Answer;
}

const fieldErrors = (r: Answer) => Object.fromEntries(Object.entries(r.data.reply?.error ?? {}).map(([k, v]) => [k, v?.[0]]));
const toastOf = (r: Answer) => r.data.toast && { type: r.data.toast.type, description: r.data.toast.description, duration: r.data.toast.duration };

describeEachEngine("blogs repository", (t) => {

  it("creates a post and reads it back with its generated id and no update date", async () => {
    const b = await createBlog(t.h, { title: "Implants", content: "Premier.\nSecond." });
    expect(b.id).toBeGreaterThan(0);
    expect(b).toMatchObject({ title: "Implants", content: "Premier.\nSecond.", image_url: null, updated_at: null });
    expect(Number.isNaN(Date.parse(b.created_at))).toBe(false);
    expect(await getBlog(t.h, b.id)).toEqual(b);
    expect(await getBlog(t.h, b.id + 1000)).toBeUndefined();
    expect(await countBlogs(t.h)).toBe(1);
  });

  it("lists newest first, the later insert first when two share a date", async () => {
    const old = await createBlog(t.h, { title: "Ancien", content: "a" }, "2026-01-05T08:00:00.000Z");
    const recent = await createBlog(t.h, { title: "Récent", content: "b" }, "2026-03-01T08:00:00.000Z");
    const middle = await createBlog(t.h, { title: "Milieu", content: "c" }, "2026-02-01T08:00:00.000Z");
    const sameAsRecent = await createBlog(t.h, { title: "Même jour", content: "d" }, "2026-03-01T08:00:00.000Z");
    expect((await listBlogs(t.h)).map((b) => b.id)).toEqual([sameAsRecent.id, recent.id, middle.id, old.id]);
  });

  it("updates title and content, sets updated_at and keeps the image unless told otherwise", async () => {
    const b = await createBlog(t.h, { title: "Avant", content: "x", image_url: "/uploads/0123456789abcdef0123456789abcdef.webp" }, "2020-01-01T00:00:00.000Z");
    const u = await updateBlog(t.h, b.id, { title: "Après", content: "y" });
    expect(u).toMatchObject({ id: b.id, title: "Après", content: "y", image_url: b.image_url, created_at: b.created_at });
    expect(u!.updated_at).not.toBeNull();
    expect(Date.parse(u!.updated_at!)).toBeGreaterThan(Date.parse(b.created_at));

    const withUrl = await updateBlog(t.h, b.id, { title: "Après", content: "y", image_url: "https://images.example.org/a.jpg" });
    expect(withUrl!.image_url).toBe("https://images.example.org/a.jpg");
    const cleared = await updateBlog(t.h, b.id, { title: "Après", content: "y", image_url: null });
    expect(cleared!.image_url).toBeNull();
    expect(await getBlog(t.h, b.id)).toEqual(cleared);
  });

  it("answers undefined when updating a post that does not exist", async () => {
    expect(await updateBlog(t.h, 424242, { title: "T", content: "C" })).toBeUndefined();
    expect(await countBlogs(t.h)).toBe(0);
  });

  it("deletes a post once", async () => {
    const a = await createBlog(t.h, { title: "A", content: "a" });
    const b = await createBlog(t.h, { title: "B", content: "b" });
    expect(await deleteBlog(t.h, a.id)).toBe(true);
    expect(await deleteBlog(t.h, a.id)).toBe(false);
    expect((await listBlogs(t.h)).map((x) => x.id)).toEqual([b.id]);
  });

  it("stores markup and long texts exactly as typed (they are escaped when shown)", async () => {
    const content = `<script>alert("xss")</script>\nL'émail — « citation » 😀\n${"long ".repeat(10_000)}`;
    const b = await createBlog(t.h, { title: "<b>Titre</b>", content });
    const back = await getBlog(t.h, b.id);
    expect(back!.title).toBe("<b>Titre</b>");
    expect(back!.content).toBe(content);
  });
});

describeEachEngine("admin blog action", { appDb: true }, (t) => {
  // the staff member of the action's context (id 1): its audit entries reference the account
  beforeEach(async () => {
    await insertStaff(t.h, "staff@clinique.test", "hash-not-used");
  });

  let uploads: string;

  beforeAll(() => {
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-blog-action-"));
    process.env.UPLOAD_DIR = uploads;
    resetConfig();
  });
  afterAll(() => {
    delete process.env.UPLOAD_DIR;
    resetConfig();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  it("refuses an empty post with French errors beside the fields and stores nothing", async () => {
    const r = await post({ intent: "create", title: " ", content: "" });
    expect(r.init?.status).toBe(400);
    expect(fieldErrors(r)).toEqual({ title: BLOG_FORM_MESSAGES.titleRequired, content: BLOG_FORM_MESSAGES.contentRequired });
    expect(r.data).toMatchObject({ intent: "create", ok: false, target: { kind: "create" } });
    expect(r.data.toast).toBeUndefined();
    expect(await countBlogs(t.h)).toBe(0);
  });

  it("creates, updates and deletes, each with its 3000 ms toast", async () => {
    const created = await post({ intent: "create", title: " Implants ", content: "Un.\r\nDeux.", image_url: "https://images.example.org/a.jpg" });
    expect(created.data.ok).toBe(true);
    expect(toastOf(created)).toEqual({ type: "success", description: ADMIN_BLOG_TEXTS.added, duration: ADMIN_BLOG_TOAST_MS });
    const [row] = await listBlogs(t.h);
    expect(row).toMatchObject({ title: "Implants", content: "Un.\nDeux.", image_url: "https://images.example.org/a.jpg", updated_at: null });

    const updated = await post({ intent: "update", id: String(row.id), title: "Implants dentaires", content: "Trois." });
    expect(toastOf(updated)).toEqual({ type: "success", description: ADMIN_BLOG_TEXTS.updated, duration: ADMIN_BLOG_TOAST_MS });
    expect(await getBlog(t.h, row.id)).toMatchObject({ title: "Implants dentaires", content: "Trois.", image_url: row.image_url });

    const removed = await post({ intent: "update", id: String(row.id), title: "Implants dentaires", content: "Trois.", remove_image: "on" });
    expect(removed.data.ok).toBe(true);
    expect((await getBlog(t.h, row.id))!.image_url).toBeNull();

    const deleted = await post({ intent: "delete", id: String(row.id) });
    expect(toastOf(deleted)).toEqual({ type: "success", description: ADMIN_BLOG_TEXTS.deleted, duration: ADMIN_BLOG_TOAST_MS });
    expect(await countBlogs(t.h)).toBe(0);
  });

  it("answers the error toasts for a post that is gone and for an unknown intent", async () => {
    const update = await post({ intent: "update", id: "424242", title: "T", content: "C" });
    expect(update.init?.status).toBe(404);
    expect(toastOf(update)).toEqual({ type: "error", description: ADMIN_BLOG_TEXTS.updateError, duration: ADMIN_BLOG_TOAST_MS });
    const del = await post({ intent: "delete", id: "424242" });
    expect(toastOf(del)).toEqual({ type: "error", description: ADMIN_BLOG_TEXTS.deleteError, duration: ADMIN_BLOG_TOAST_MS });
    const unknown = await post({ intent: "publish-everything", title: "T", content: "C" });
    expect(unknown.init?.status).toBe(400);
    expect(toastOf(unknown)).toEqual({ type: "error", description: ADMIN_BLOG_TEXTS.unexpected, duration: ADMIN_BLOG_TOAST_MS });
    expect(await countBlogs(t.h)).toBe(0);
  });

  it("stores an uploaded picture as WebP, refuses a fake one beside the image field, and removes the file it replaces", async () => {
    const fake = await post({ intent: "create", title: "Photo", content: "C", image: new File([new TextEncoder().encode("<?php ?>")], "photo.png", { type: "image/png" }) });
    expect(fieldErrors(fake)).toEqual({ image: UPLOAD_MESSAGES.badType });
    expect(fake.data.toast).toBeUndefined();
    expect(await countBlogs(t.h)).toBe(0);

    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 10, g: 120, b: 130 } } }).png().toBuffer();
    const ok = await post({ intent: "create", title: "Photo", content: "C", image: new File([new Uint8Array(png)], "photo.png", { type: "image/png" }) });
    expect(ok.data.ok).toBe(true);
    const [row] = await listBlogs(t.h);
    expect(row.image_url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    const file = path.join(uploads, path.basename(row.image_url!));
    expect(fs.existsSync(file)).toBe(true);

    await post({ intent: "update", id: String(row.id), title: "Photo", content: "C", image_url: "https://images.example.org/b.jpg" });
    expect((await getBlog(t.h, row.id))!.image_url).toBe("https://images.example.org/b.jpg");
    expect(fs.existsSync(file)).toBe(false);
  });
});
