import { beforeEach, expect, it } from "vitest";
import {
  createBlog,
  getBlog,
  hasArabicVersion,
  listBlogs,
  updateBlog,
} from "~/.server/repos/blogs";
import {
  createFormation,
  getFormation,
  updateFormation,
} from "~/.server/repos/formations";
import { insertStaff } from "~/.server/repos/staff";
import {
  arabicSyllabus,
  FORMATION_MESSAGES,
  formationFormSchema,
} from "~/lib/formation-schema";
import { createLoadContext, staffContext } from "~/context";
import type { AdminBlogResult } from "~/lib/admin-blog";
import {
  BLOG_CONTENT_MAX,
  BLOG_FORM_MESSAGES,
  BLOG_TITLE_MAX,
} from "~/lib/blog-form";
import { action as blogAction } from "~/routes/admin.blog";
import { describeEachEngine } from "../helpers/db";
import { staffSession } from "../helpers/staff";

/**
 * The Arabic versions staff write (issue 32, migration 018): a blog article's `title_ar` and
 * `content_ar`, stored and read back by the repositories, saved by the staff editor's action with
 * the French limits and French messages.
 */
type Answer = { data: AdminBlogResult; init: { status?: number } | null };

function staffContextFor() {
  const context = createLoadContext({ nonce: "", clientIp: "198.51.100.7" });
  context.set(
    staffContext,
    staffSession({
      userId: 1,
      email: "staff@clinique.test",
      role: "admin",
      idHash: "x",
    }),
  );
  return context;
}

async function postBlog(fields: Record<string, string>): Promise<Answer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request("http://clinic.test/admin/blog", {
    method: "POST",
    body,
  });
  return (await blogAction({
    request,
    params: {},
    context: staffContextFor(),
  } as never)) as unknown as Answer;
}

const fieldErrors = (r: Answer) =>
  Object.fromEntries(
    Object.entries(r.data.reply?.error ?? {}).map(([k, v]) => [k, v?.[0]]),
  );

describeEachEngine("blogs repository: the Arabic version", (t) => {
  it("stores and reads back an article's Arabic title and text; an article without them is French only", async () => {
    const both = await createBlog(t.h, {
      title: "Implants",
      content: "Un.",
      title_ar: "زراعة الأسنان",
      content_ar: "الفقرة الأولى.\nالفقرة الثانية.",
    });
    const french = await createBlog(t.h, {
      title: "Facettes",
      content: "Deux.",
    });
    expect(await getBlog(t.h, both.id)).toMatchObject({
      title_ar: "زراعة الأسنان",
      content_ar: "الفقرة الأولى.\nالفقرة الثانية.",
    });
    expect(await getBlog(t.h, french.id)).toMatchObject({
      title_ar: null,
      content_ar: null,
    });
    expect((await listBlogs(t.h)).map(hasArabicVersion)).toEqual([false, true]);
  });

  it("updates the Arabic version, keeps it when the update does not name it, and removes it with null", async () => {
    const b = await createBlog(t.h, { title: "Blanchiment", content: "x" });
    await updateBlog(t.h, b.id, {
      title: "Blanchiment",
      content: "x",
      title_ar: "التبييض",
      content_ar: "نص",
    });
    expect(await getBlog(t.h, b.id)).toMatchObject({
      title_ar: "التبييض",
      content_ar: "نص",
    });
    await updateBlog(t.h, b.id, { title: "Blanchiment !", content: "y" });
    expect(await getBlog(t.h, b.id)).toMatchObject({
      title: "Blanchiment !",
      title_ar: "التبييض",
      content_ar: "نص",
    });
    await updateBlog(t.h, b.id, {
      title: "Blanchiment",
      content: "y",
      title_ar: null,
      content_ar: null,
    });
    expect(await getBlog(t.h, b.id)).toMatchObject({
      title_ar: null,
      content_ar: null,
    });
  });
});

describeEachEngine("admin blog action: 'En arabe'", { appDb: true }, (t) => {
  beforeEach(async () => {
    await insertStaff(t.h, "staff@clinique.test", "hash-not-used");
  });

  it("saves the Arabic title and text with the article (trimmed, line breaks kept), and empties them when staff clear both", async () => {
    const created = await postBlog({
      intent: "create",
      title: "Implants",
      content: "Un.",
      title_ar: " زراعة الأسنان ",
      content_ar: "الأولى.\r\nالثانية.",
    });
    expect(created.data.ok).toBe(true);
    const [row] = await listBlogs(t.h);
    expect(row).toMatchObject({
      title_ar: "زراعة الأسنان",
      content_ar: "الأولى.\nالثانية.",
    });

    const updated = await postBlog({
      intent: "update",
      id: String(row.id),
      title: "Implants",
      content: "Un.",
      title_ar: "زراعة",
      content_ar: "نص جديد",
    });
    expect(updated.data.ok).toBe(true);
    expect(await getBlog(t.h, row.id)).toMatchObject({
      title_ar: "زراعة",
      content_ar: "نص جديد",
    });

    const cleared = await postBlog({
      intent: "update",
      id: String(row.id),
      title: "Implants",
      content: "Un.",
      title_ar: "",
      content_ar: "",
    });
    expect(cleared.data.ok).toBe(true);
    expect(await getBlog(t.h, row.id)).toMatchObject({
      title_ar: null,
      content_ar: null,
    });
  });

  it("refuses half an Arabic version or one over the French limits, with French messages beside the fields, and stores nothing", async () => {
    const onlyText = await postBlog({
      intent: "create",
      title: "Implants",
      content: "Un.",
      content_ar: "نص",
    });
    expect(onlyText.init?.status).toBe(400);
    expect(fieldErrors(onlyText)).toEqual({
      title_ar: BLOG_FORM_MESSAGES.titleArMissing,
    });
    const onlyTitle = await postBlog({
      intent: "create",
      title: "Implants",
      content: "Un.",
      title_ar: "عنوان",
    });
    expect(fieldErrors(onlyTitle)).toEqual({
      content_ar: BLOG_FORM_MESSAGES.contentArMissing,
    });
    const tooLong = await postBlog({
      intent: "create",
      title: "Implants",
      content: "Un.",
      title_ar: "ع".repeat(BLOG_TITLE_MAX + 1),
      content_ar: "ن".repeat(BLOG_CONTENT_MAX + 1),
    });
    expect(fieldErrors(tooLong)).toEqual({
      title_ar: BLOG_FORM_MESSAGES.titleArTooLong,
      content_ar: BLOG_FORM_MESSAGES.contentArTooLong,
    });
    expect(await listBlogs(t.h)).toEqual([]);
  });
});

describeEachEngine("formations repository: the Arabic version", (t) => {
  const base = {
    title: "Implantologie",
    description: "Six mois.",
    duration_months: 6,
    max_participants: 10,
    price: 35000000,
    is_active: true,
    syllabus: null,
  };

  it("stores and reads back the Arabic title, description and syllabus; keeps them when an update leaves them out", async () => {
    const v = formationFormSchema.parse({
      title: "Implantologie",
      description: "Six mois.",
      duration_months: "6",
      place: "Kouba",
      price: "350000",
      max_participants: "10",
      title_ar: "تكوين في زراعة الأسنان",
      description_ar: "ستة أشهر.",
      objectives_ar: "الهدف الأول\r\n\r\nالهدف الثاني",
      modules_ar: "الوحدة الأولى\nالوحدة الثانية",
    });
    const syllabus_ar = arabicSyllabus(v);
    const f = await createFormation(t.h, {
      ...base,
      title_ar: v.title_ar,
      description_ar: v.description_ar,
      syllabus_ar,
    });
    const back = await getFormation(t.h, f.id);
    expect(back).toMatchObject({
      title_ar: "تكوين في زراعة الأسنان",
      description_ar: "ستة أشهر.",
    });
    expect(back!.syllabus_ar!.overview.objectives).toEqual([
      "الهدف الأول",
      "الهدف الثاني",
    ]);
    expect(back!.syllabus_ar!.modules.map((m) => [m.number, m.title])).toEqual([
      [1, "الوحدة الأولى"],
      [2, "الوحدة الثانية"],
    ]);

    await updateFormation(t.h, f.id, { ...base, title: "Implantologie orale" });
    expect(await getFormation(t.h, f.id)).toMatchObject({
      title: "Implantologie orale",
      title_ar: "تكوين في زراعة الأسنان",
    });
    await updateFormation(t.h, f.id, {
      ...base,
      title_ar: null,
      description_ar: null,
      syllabus_ar: null,
    });
    expect(await getFormation(t.h, f.id)).toMatchObject({
      title_ar: null,
      description_ar: null,
      syllabus_ar: null,
    });
    const plain = await createFormation(t.h, base);
    expect(await getFormation(t.h, plain.id)).toMatchObject({
      title_ar: null,
      description_ar: null,
      syllabus_ar: null,
    });
  });

  it("the staff form refuses an Arabic text without its Arabic title, in French", () => {
    const r = formationFormSchema.safeParse({
      title: "T",
      description: "D",
      duration_months: "6",
      place: "Kouba",
      price: "0",
      max_participants: "10",
      description_ar: "نص",
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["title_ar", FORMATION_MESSAGES.titleArMissing],
    ]);
  });
});
