import { parseWithZod } from "@conform-to/zod/v4";
import { Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { data, useFetcher, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/admin.blog";
import { guarded, intentOf } from "~/.server/admin-action";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { createBlog, deleteBlog, getBlog, listBlogs, updateBlog } from "~/.server/repos/blogs";
import { staffActor, type Actor } from "~/.server/actor";
import { getStaff } from "~/.server/staff-guard";
import { deleteUploadedImage, PayloadTooLargeError, readFormWithLimit, retryAfterHeaders, saveImageUpload, uploadErrorHeaders, UploadError } from "~/.server/uploads";
import { ADMIN_BLOG_TEXTS, ADMIN_BLOG_TOAST_MS, editorTarget, type AdminBlogResult, type BlogTarget, type EditorChoice } from "~/components/blog/admin-blog";
import { useCan } from "~/components/admin/permissions";
import { AdminBlogError } from "~/components/blog/AdminBlogError";
import { AdminBlogList } from "~/components/blog/AdminBlogList";
import { BlogEditor } from "~/components/blog/BlogEditor";
import { DeleteBlogDialog } from "~/components/blog/DeleteBlogDialog";
import { useToast } from "~/components/toaster";
import { newestFirst } from "~/lib/blog";
import { blogFormSchema, type BlogFormValue } from "~/lib/blog-form";
import { parseId } from "~/lib/rules";
import { blogArticlePath } from "~/lib/slug";
import { makeToast } from "~/lib/toast";

const T = ADMIN_BLOG_TEXTS;
const SCREEN = "admin_blog";

export const meta: Route.MetaFunction = () => [{ title: "Blog Management | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

const toastOf = (type: "success" | "error", description: string) => makeToast({ type, description, duration: ADMIN_BLOG_TOAST_MS });

export async function loader() {
  try {
    const rows = newestFirst(await listBlogs(getDb()));
    return { loadError: false, toast: null, blogs: rows.map((b) => ({ ...b, path: blogArticlePath(b.id, b.title) })) };
  } catch (err) {
    log.error({ event: "admin_blog_list_failed", err: err instanceof Error ? err.message : String(err) }, "admin blog list failed");
    return { loadError: true, toast: toastOf("error", T.fetchError), blogs: [] };
  }
}

/**
 * After any submission the list is read again, failures included: a post that another staff
 * member deleted disappears, and a database that stopped answering shows 'Error fetching blogs'.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return true;
  return defaultShouldRevalidate;
}

/** A refused picture's Retry-After (the image queue was full) reaches the response. */
export const headers: Route.HeadersFunction = retryAfterHeaders;

const answer = (status: number, result: AdminBlogResult, headers?: HeadersInit) => data(result, { status, headers });
const failed = (intent: AdminBlogResult["intent"], status: number, message: string, extra: Partial<AdminBlogResult> = {}) =>
  answer(status, { intent, ok: false, toast: toastOf("error", message), ...extra });
const done = (intent: "create" | "update" | "delete", message: string) => answer(200, { intent, ok: true, toast: toastOf("success", message) });

export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
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
  const { title, content, image_url } = parsed.value;
  return guarded(
    SCREEN,
    "create",
    async () => {
      const row = await createBlog(getDb(), { title, content, image_url: image.url ?? image_url });
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
  const { title, content, image_url, remove_image } = parsed.value;
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
      const row = previous && (await updateBlog(h, id, { title, content, image_url: picture }));
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

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { blogs, loadError } = loaderData;
  // saves go through a fetcher (its result outlives the list's revalidations); deletes through a
  // navigation. Without JavaScript both are plain posts and their result is `actionData`.
  const fetcher = useFetcher<AdminBlogResult>();
  const saveResult = fetcher.data ?? (actionData?.intent !== "delete" ? actionData : undefined);
  const [choice, setChoice] = useState<EditorChoice>({ target: null, seen: undefined });
  const [toDelete, setToDelete] = useState<{ id: number; title: string } | null>(null);
  const formId = useId();
  // the screen opens with `blog:manage`; 'Supprimer' needs `blog:delete` too
  const canDelete = useCan("blog:delete");
  useToast(loaderData.toast);
  useToast(fetcher.data?.toast);
  useToast(actionData?.toast);

  const target = editorTarget(choice, saveResult);
  const post = target?.kind === "edit" ? (blogs.find((b) => b.id === target.id) ?? null) : null;
  const formOpen = target?.kind === "create" || post !== null;
  // a save just closed the form: the toggle (mounted again under a new key) takes the focus
  const savedKey = saveResult?.ok && saveResult !== choice.seen ? saveResult.toast?.id : undefined;

  const choose = (next: BlogTarget | null) => setChoice({ target: next, seen: saveResult });
  function startEdit(id: number) {
    choose({ kind: "edit", id });
    requestAnimationFrame(() => document.getElementById(formId)?.scrollIntoView({ behavior: "smooth", block: "start" }));
  }

  return (
    <div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">{T.title}</h1>
          <p className="mt-1 text-slate-600">{canDelete ? "Rédigez, modifiez et supprimez les articles du blog public." : "Rédigez et modifiez les articles du blog public."}</p>
        </div>
        <button
          key={savedKey ?? "toggle"}
          autoFocus={savedKey !== undefined}
          type="button"
          onClick={() => choose(formOpen ? null : { kind: "create" })}
          aria-expanded={formOpen}
          aria-controls={formOpen ? formId : undefined}
          className={formOpen ? "btn border border-slate-300 bg-white text-navy-900 hover:bg-slate-100" : "btn-primary"}
        >
          {formOpen ? <X aria-hidden className="h-4 w-4" /> : <Plus aria-hidden className="h-4 w-4" />}
          {formOpen ? T.close : T.open}
        </button>
      </div>

      {formOpen && (
        <div className="mt-6">
          <BlogEditor
            key={post ? `edit-${post.id}` : "create"}
            id={formId}
            post={post}
            lastResult={saveResult !== choice.seen ? saveResult?.reply : undefined}
            fetcher={fetcher}
          />
        </div>
      )}

      <AdminBlogList blogs={blogs} loadError={loadError} onEdit={startEdit} onDelete={canDelete ? setToDelete : undefined} />
      {canDelete && <DeleteBlogDialog post={toDelete} onClose={() => setToDelete(null)} />}
    </div>
  );
}

/** A failure of the screen itself (session expired, server error): never internal detail. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminBlogError error={error} />;
}
