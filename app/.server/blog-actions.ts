import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { ADMIN_BLOG_TEXTS, ADMIN_BLOG_TOAST_MS, type AdminBlogResult, type BlogTarget } from "~/lib/admin-blog";
import { blogFormSchema, type BlogFormValue } from "~/lib/blog-form";
import { parseId } from "~/lib/rules";
import { makeToast } from "~/lib/toast";
import { guarded, intentOf } from "./admin-action";
import { staffActor, type Actor } from "./actor";
import { getDb } from "./db";
import { log } from "./log";
import { createBlog, deleteBlog, getBlog, updateBlog } from "./repos/blogs";
import type { StaffSession } from "./session";
import { deleteUploadedImage, PayloadTooLargeError, readFormWithLimit, saveImageUpload, uploadErrorHeaders, UploadError } from "./uploads";

/** The action of 'Blog' (/admin/blog): one switch on the intent (docs/architecture.md, "Staff actions"). */

const T = ADMIN_BLOG_TEXTS;
const SCREEN = "admin_blog";

const toastOf = (type: "success" | "error", description: string) => makeToast({ type, description, duration: ADMIN_BLOG_TOAST_MS });

const answer = (status: number, result: AdminBlogResult, headers?: HeadersInit) => data(result, { status, headers });
const failed = (intent: AdminBlogResult["intent"], status: number, message: string, extra: Partial<AdminBlogResult> = {}) =>
  answer(status, { intent, ok: false, toast: toastOf("error", message), ...extra });
const done = (intent: "create" | "update" | "delete", message: string) => answer(200, { intent, ok: true, toast: toastOf("success", message) });

export async function blogAction(request: Request, staff: StaffSession) {
  const staffId = staff.userId;
  let form: FormData;
  try {
    form = await readFormWithLimit(request);
  } catch (err) {
    // the upload's own limit: said beside the image field
    if (err instanceof PayloadTooLargeError) return answer(413, { intent: null, ok: false, reply: { status: "error", error: { image: [err.message] } } });
    return failed(null, 400, T.unexpected);
  }
  const intent = intentOf(form);
  switch (intent) {
    case "create":
      return createPost(form, staffId);
    case "update":
      return updatePost(form, staffId);
    case "delete":
      return deletePost(form, staffActor(staff));
    default:
      return failed(null, 400, T.unexpected);
  }
}

const intentOfTarget = (target: BlogTarget) => (target.kind === "create" ? "create" : "update");

/** Parse the editor; a refusal answers with the field errors and the form to show again. */
function parseEditor(form: FormData, target: BlogTarget) {
  const submission = parseWithZod(form, { schema: blogFormSchema });
  if (submission.status !== "success") return { refused: answer(400, { intent: intentOfTarget(target), ok: false, reply: submission.reply(), target }) } as const;
  return { submission, value: submission.value } as const;
}

type Parsed = Extract<ReturnType<typeof parseEditor>, { value: BlogFormValue }>;

/** Store a chosen file; a refused picture answers with its error beside the image field. */
async function storeImage({ submission, value }: Parsed, target: BlogTarget, failure: string) {
  if (!value.image) return { url: null } as const;
  try {
    return { url: await saveImageUpload(value.image) } as const;
  } catch (err) {
    if (!(err instanceof UploadError)) throw err;
    const stored = err.status === 500;
    const result: AdminBlogResult = { intent: intentOfTarget(target), ok: false, reply: submission.reply({ fieldErrors: { image: [err.message] } }), target, toast: stored ? toastOf("error", failure) : undefined };
    // the image queue full: 503 with Retry-After, the message beside the image field
    if (err.status === 503) return { refused: answer(503, result, uploadErrorHeaders(err)) } as const;
    return { refused: answer(stored ? 500 : 400, result) } as const;
  }
}

async function createPost(form: FormData, staffId: number) {
  const target: BlogTarget = { kind: "create" };
  const parsed = parseEditor(form, target);
  if (parsed.refused) return parsed.refused;
  const image = await storeImage(parsed, target, T.addError);
  if ("refused" in image) return image.refused;
  const { title, content, image_url, title_ar, content_ar } = parsed.value;
  return guarded(
    SCREEN,
    "create",
    async () => {
      const row = await createBlog(getDb(), { title, content, image_url: image.url ?? image_url, title_ar, content_ar });
      log.info({ event: "blog_created", blogId: row.id, staffId }, "blog saved");
      return done("create", T.added);
    },
    () => {
      void deleteUploadedImage(image.url);
      return failed("create", 500, T.addError, { reply: parsed.submission.reply(), target });
    },
  );
}

async function updatePost(form: FormData, staffId: number) {
  const id = parseId(form.get("id"));
  if (id === null) return failed("update", 400, T.updateError);
  const target: BlogTarget = { kind: "edit", id };
  const parsed = parseEditor(form, target);
  if (parsed.refused) return parsed.refused;
  const image = await storeImage(parsed, target, T.updateError);
  if ("refused" in image) return image.refused;
  const { title, content, image_url, remove_image, title_ar, content_ar } = parsed.value;
  // the picture: a new file, else a new https address, else removed, else unchanged
  const picture = image.url ?? image_url ?? (remove_image ? null : undefined);
  const gone = () => {
    void deleteUploadedImage(image.url);
    return failed("update", 404, T.updateError, { target });
  };
  return guarded(
    SCREEN,
    "update",
    async () => {
      const h = getDb();
      const previous = await getBlog(h, id);
      const row = previous && (await updateBlog(h, id, { title, content, image_url: picture, title_ar, content_ar }));
      if (!previous || !row) return gone();
      // committed: an uploaded picture that nothing uses any more can go
      if (picture !== undefined && previous.image_url !== picture) await deleteUploadedImage(previous.image_url);
      log.info({ event: "blog_updated", blogId: id, staffId }, "blog saved");
      return done("update", T.updated);
    },
    () => {
      void deleteUploadedImage(image.url);
      return failed("update", 500, T.updateError, { reply: parsed.submission.reply(), target });
    },
  );
}

async function deletePost(form: FormData, actor: Actor) {
  const staffId = actor.staffUserId;
  const id = parseId(form.get("id"));
  if (id === null) return failed("delete", 400, T.deleteError);
  return guarded(
    SCREEN,
    "delete",
    async () => {
      const h = getDb();
      const existing = await getBlog(h, id);
      if (!existing || !(await deleteBlog(h, id, actor))) return failed("delete", 404, T.deleteError);
      await deleteUploadedImage(existing.image_url);
      log.info({ event: "blog_deleted", blogId: id, staffId }, "blog deleted");
      return done("delete", T.deleted);
    },
    () => failed("delete", 500, T.deleteError),
  );
}
