import { ExternalLink, Pencil, Plus, RotateCw, Trash2, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { data, Form, isRouteErrorResponse, Link, useNavigation, useRevalidator, type ShouldRevalidateFunctionArgs } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/admin.blog";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { createBlog, deleteBlog, getBlog, listBlogs, updateBlog } from "~/.server/repos/blogs";
import { getStaff } from "~/.server/staff-guard";
import { deleteUploadedImage, isFilledFile, PayloadTooLargeError, readFormWithLimit, saveImageUpload, UploadError } from "~/.server/uploads";
import { BlogEditor, type EditorValues } from "~/components/blog/BlogEditor";
import { Dialog } from "~/components/ui/Dialog";
import { Img } from "~/components/ui/Img";
import { excerpt, newestFirst } from "~/lib/blog";
import { BLOG_FORM_MESSAGES, parseBlogForm, type BlogFormErrors } from "~/lib/blog-form";
import { formatLongDate } from "~/lib/format";
import { blogArticlePath } from "~/lib/slug";

/** SPEC §2 "Admin: blog", §5 and §8: the staff texts, English ones included, to the letter. */
export const ADMIN_BLOG_TEXTS = {
  title: "Blog Management",
  open: "Ajouter un Blog",
  close: "Close Form",
  edit: "Modifier",
  delete: "supprimer",
  confirmDelete: "Are you sure you want to delete this blog?",
  empty: "Aucun blog pour le moment. Ajoutez le vôtre !",
  added: "Blog added successfully!",
  updated: "Blog updated successfully!",
  deleted: "Blog deleted successfully!",
  fetchError: "Error fetching blogs",
  addError: "Error adding blog",
  updateError: "Error updating blog",
  deleteError: "Error deleting blog",
  unexpected: "An unexpected error occurred",
} as const;

/** SPEC §9: admin blog toasts last 3000 ms. */
export const ADMIN_BLOG_TOAST_MS = 3000;

export const meta: Route.MetaFunction = () => [{ title: "Blog Management | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader() {
  try {
    const rows = newestFirst(await listBlogs(getDb()));
    return {
      loadError: false,
      blogs: rows.map((b) => ({ ...b, path: blogArticlePath(b.id, b.title) })),
    };
  } catch (err) {
    log.error({ event: "admin_blog_list_failed", err: err instanceof Error ? err.message : String(err) }, "admin blog list failed");
    return { loadError: true, blogs: [] };
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

type Intent = "create" | "update" | "delete";

interface SubmittedValues extends EditorValues {
  id: number | null;
}

type ActionResult =
  | { ok: true; intent: Intent; message: string; id: number }
  | { ok: false; intent: Intent | null; toast: string | null; errors?: BlogFormErrors; values?: SubmittedValues };

function fail(status: number, result: Omit<Extract<ActionResult, { ok: false }>, "ok">) {
  return data<ActionResult>({ ok: false, ...result }, { status });
}

function idFrom(form: FormData): number | null {
  const raw = String(form.get("id") ?? "");
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);

  let form: FormData;
  try {
    form = await readFormWithLimit(request);
  } catch (err) {
    if (err instanceof PayloadTooLargeError) return fail(413, { intent: null, toast: null, errors: { image: err.message } });
    return fail(400, { intent: null, toast: ADMIN_BLOG_TEXTS.unexpected });
  }

  const intent = form.get("intent");
  if (intent === "delete") return remove(form, staff.userId);
  if (intent === "create" || intent === "update") return save(intent, form, staff.userId);
  return fail(400, { intent: null, toast: ADMIN_BLOG_TEXTS.unexpected });
}

async function save(intent: "create" | "update", form: FormData, staffId: number) {
  const failToast = intent === "create" ? ADMIN_BLOG_TEXTS.addError : ADMIN_BLOG_TEXTS.updateError;
  const id = intent === "update" ? idFrom(form) : null;
  const values: SubmittedValues = {
    id,
    title: String(form.get("title") ?? ""),
    content: String(form.get("content") ?? ""),
    image_url: String(form.get("image_url") ?? ""),
    remove_image: form.get("remove_image") === "on",
  };
  if (intent === "update" && id === null) return fail(400, { intent, toast: failToast, values });

  const parsed = parseBlogForm(values);
  const file = form.get("image");
  const hasFile = isFilledFile(file);
  const errors: BlogFormErrors = parsed.ok ? {} : { ...parsed.errors };
  if (hasFile && values.image_url.trim() && !errors.image_url) errors.image_url = BLOG_FORM_MESSAGES.imageBoth;
  if (!parsed.ok || Object.keys(errors).length > 0) return fail(400, { intent, toast: null, errors, values });
  const input = parsed.value;

  const h = getDb();
  let previous: { image_url: string | null } | undefined;
  if (intent === "update") {
    try {
      previous = await getBlog(h, id!);
    } catch (err) {
      log.error({ event: "admin_blog_update_failed", err: err instanceof Error ? err.message : String(err) }, "blog update failed");
      return fail(500, { intent, toast: failToast, values });
    }
    if (!previous) return fail(404, { intent, toast: failToast, values });
  }

  // The image: a new file, else a new https address, else removed, else unchanged.
  let imageUrl: string | null | undefined;
  let uploaded: string | null = null;
  if (hasFile) {
    try {
      uploaded = await saveImageUpload(file);
      imageUrl = uploaded;
    } catch (err) {
      if (err instanceof UploadError) return fail(err.status === 500 ? 500 : 400, { intent, toast: err.status === 500 ? failToast : null, errors: { image: err.message }, values });
      throw err;
    }
  } else if (input.image_url) {
    imageUrl = input.image_url;
  } else if (values.remove_image) {
    imageUrl = null;
  } else {
    imageUrl = intent === "create" ? null : undefined;
  }

  try {
    const row =
      intent === "create"
        ? await createBlog(h, { title: input.title, content: input.content, image_url: imageUrl })
        : await updateBlog(h, id!, { title: input.title, content: input.content, image_url: imageUrl });
    if (!row) {
      if (uploaded) await deleteUploadedImage(uploaded);
      return fail(404, { intent, toast: failToast, values });
    }
    // committed: an uploaded picture that nothing uses any more can go
    if (previous && imageUrl !== undefined && previous.image_url !== imageUrl) await deleteUploadedImage(previous.image_url);
    log.info({ event: intent === "create" ? "blog_created" : "blog_updated", blogId: row.id, staffId }, "blog saved");
    return data<ActionResult>({ ok: true, intent, id: row.id, message: intent === "create" ? ADMIN_BLOG_TEXTS.added : ADMIN_BLOG_TEXTS.updated });
  } catch (err) {
    if (uploaded) await deleteUploadedImage(uploaded);
    log.error({ event: `admin_blog_${intent}_failed`, err: err instanceof Error ? err.message : String(err) }, "blog save failed");
    return fail(500, { intent, toast: failToast, values });
  }
}

async function remove(form: FormData, staffId: number) {
  const id = idFrom(form);
  if (id === null) return fail(400, { intent: "delete", toast: ADMIN_BLOG_TEXTS.deleteError });
  const h = getDb();
  try {
    const existing = await getBlog(h, id);
    if (!existing || !(await deleteBlog(h, id))) return fail(404, { intent: "delete", toast: ADMIN_BLOG_TEXTS.deleteError });
    await deleteUploadedImage(existing.image_url);
    log.info({ event: "blog_deleted", blogId: id, staffId }, "blog deleted");
    return data<ActionResult>({ ok: true, intent: "delete", id, message: ADMIN_BLOG_TEXTS.deleted });
  } catch (err) {
    log.error({ event: "admin_blog_delete_failed", err: err instanceof Error ? err.message : String(err) }, "blog delete failed");
    return fail(500, { intent: "delete", toast: ADMIN_BLOG_TEXTS.deleteError });
  }
}

type Mode = { kind: "closed" } | { kind: "create" } | { kind: "edit"; id: number };

function initialMode(actionData: ActionResult | undefined): Mode {
  // after a refused submit without JavaScript, the page comes back with the form open
  if (actionData && !actionData.ok && actionData.values) {
    return actionData.values.id !== null ? { kind: "edit", id: actionData.values.id } : { kind: "create" };
  }
  return { kind: "closed" };
}

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { blogs, loadError } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [mode, setMode] = useState<Mode>(() => initialMode(actionData));
  const [toDelete, setToDelete] = useState<{ id: number; title: string } | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const formId = useId();

  const editing = mode.kind === "edit" ? (blogs.find((b) => b.id === mode.id) ?? null) : null;
  const formOpen = mode.kind === "create" || (mode.kind === "edit" && editing !== null);
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;

  // toasts (top right, 3000 ms) for every answer of the action
  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) {
      toast.success(actionData.message, { duration: ADMIN_BLOG_TOAST_MS });
      if (actionData.intent !== "delete") setMode({ kind: "closed" });
      toggleRef.current?.focus();
    } else if (actionData.toast) {
      toast.error(actionData.toast, { duration: ADMIN_BLOG_TOAST_MS });
    }
  }, [actionData]);

  useEffect(() => {
    if (!loadError) return;
    // after the layout's <Toaster> has subscribed (parents' effects run after children's)
    const t = setTimeout(() => toast.error(ADMIN_BLOG_TEXTS.fetchError, { duration: ADMIN_BLOG_TOAST_MS }), 0);
    return () => clearTimeout(t);
  }, [loaderData, loadError]);

  function toggleForm() {
    // closing while editing also leaves edit mode
    setMode(formOpen ? { kind: "closed" } : { kind: "create" });
  }

  function startEdit(id: number) {
    setMode({ kind: "edit", id });
    requestAnimationFrame(() => document.getElementById(formId)?.scrollIntoView({ behavior: "smooth", block: "start" }));
  }

  const saveResult = actionData && !actionData.ok && actionData.intent !== "delete" ? actionData : undefined;
  const values = saveResult?.values;
  const defaults: EditorValues =
    values && (mode.kind === "edit" ? values.id === mode.id : values.id === null)
      ? values
      : editing
        ? { title: editing.title, content: editing.content, image_url: "", remove_image: false }
        : { title: "", content: "", image_url: "", remove_image: false };

  return (
    <div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">{ADMIN_BLOG_TEXTS.title}</h1>
          <p className="mt-1 text-slate-600">Rédigez, modifiez et supprimez les articles du blog public.</p>
        </div>
        <button
          ref={toggleRef}
          type="button"
          onClick={toggleForm}
          aria-expanded={formOpen}
          aria-controls={formOpen ? formId : undefined}
          className={formOpen ? "btn border border-slate-300 bg-white text-navy-900 hover:bg-slate-100" : "btn-primary"}
        >
          {formOpen ? <X aria-hidden className="h-4 w-4" /> : <Plus aria-hidden className="h-4 w-4" />}
          {formOpen ? ADMIN_BLOG_TEXTS.close : ADMIN_BLOG_TEXTS.open}
        </button>
      </div>

      {formOpen && (
        <div className="mt-6">
          <BlogEditor
            key={mode.kind === "edit" ? `edit-${mode.id}` : "create"}
            id={formId}
            editing={editing ? { id: editing.id } : null}
            defaults={defaults}
            currentImage={editing?.image_url ?? null}
            errors={saveResult?.errors}
            errorsKey={saveResult}
            busy={pendingIntent === "create" || pendingIntent === "update"}
          />
        </div>
      )}

      <section aria-labelledby="admin-blog-list" className="mt-10">
        <h2 id="admin-blog-list" className="sr-only">
          Articles publiés
        </h2>
        {loadError ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900 sm:flex-row sm:items-center sm:justify-between">
            <p className="font-semibold">{ADMIN_BLOG_TEXTS.fetchError}</p>
            <button type="button" onClick={() => void revalidator.revalidate()} disabled={revalidator.state === "loading"} className="btn bg-red-700 text-white hover:bg-red-800">
              <RotateCw aria-hidden className={`h-4 w-4 ${revalidator.state === "loading" ? "animate-spin" : ""}`} />
              Réessayer
            </button>
          </div>
        ) : blogs.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">{ADMIN_BLOG_TEXTS.empty}</p>
        ) : (
          <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
            {blogs.map((b) => (
              <li key={b.id}>
                <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby={`blog-${b.id}-title`}>
                  <Img src={b.image_url} alt="" width={640} height={280} className="aspect-[16/7] w-full bg-slate-100 object-cover" />
                  <div className="flex flex-1 flex-col p-5">
                    <h3 id={`blog-${b.id}-title`} className="text-lg font-bold leading-snug [overflow-wrap:anywhere]">
                      {b.title}
                    </h3>
                    <p className="mt-1 text-xs text-slate-500">
                      Publié le {formatLongDate(b.created_at)}
                      {b.updated_at ? ` · modifié le ${formatLongDate(b.updated_at)}` : ""}
                    </p>
                    <p className="mt-3 flex-1 whitespace-pre-line break-words text-sm leading-relaxed text-slate-700">{excerpt(b.content)}</p>
                    <div className="mt-5 flex flex-wrap items-center gap-2">
                      <button
                        type="button"
                        onClick={() => startEdit(b.id)}
                        className="inline-flex min-h-10 items-center gap-1.5 rounded-full bg-navy-900 px-4 text-sm font-semibold text-white hover:bg-navy-800"
                      >
                        <Pencil aria-hidden className="h-4 w-4" />
                        {ADMIN_BLOG_TEXTS.edit}
                        <span className="sr-only"> : {b.title}</span>
                      </button>
                      <button
                        type="button"
                        onClick={() => setToDelete({ id: b.id, title: b.title })}
                        className="inline-flex min-h-10 items-center gap-1.5 rounded-full border border-red-300 px-4 text-sm font-semibold text-red-700 hover:bg-red-50"
                      >
                        <Trash2 aria-hidden className="h-4 w-4" />
                        {ADMIN_BLOG_TEXTS.delete}
                        <span className="sr-only"> : {b.title}</span>
                      </button>
                      <Link to={b.path} className="ml-auto inline-flex min-h-10 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-teal-700 hover:bg-teal-50">
                        <ExternalLink aria-hidden className="h-4 w-4" />
                        Voir
                        <span className="sr-only"> l'article {b.title}</span>
                      </Link>
                    </div>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Dialog open={toDelete !== null} onClose={() => setToDelete(null)} title={ADMIN_BLOG_TEXTS.confirmDelete}>
        {toDelete && (
          <Form method="post" action="/admin/blog" onSubmit={() => setToDelete(null)}>
            <p className="text-slate-700 [overflow-wrap:anywhere]">
              L'article « <strong>{toDelete.title}</strong> » sera supprimé du blog. Cette action est définitive.
            </p>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={toDelete.id} />
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <button type="button" onClick={() => setToDelete(null)} className="btn border border-slate-300 text-navy-900 hover:bg-slate-100">
                Annuler
              </button>
              <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800">
                <Trash2 aria-hidden className="h-4 w-4" />
                Oui, supprimer
              </button>
            </div>
          </Form>
        )}
      </Dialog>
    </div>
  );
}

/** A failure of the screen itself (session expired, server error): never internal detail. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const expired = isRouteErrorResponse(error) && error.status === 401;
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900 md:p-8">
      <h1 className="font-serif text-2xl font-bold text-red-900">{ADMIN_BLOG_TEXTS.title}</h1>
      <p className="mt-3 font-semibold">{expired ? "Votre session a expiré : reconnectez-vous pour continuer." : ADMIN_BLOG_TEXTS.unexpected}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        {expired ? (
          <Link to="/login?redirectTo=%2Fadmin%2Fblog" className="btn-primary">
            Se reconnecter
          </Link>
        ) : (
          <a href="/admin/blog" className="btn-primary">
            Recharger la page
          </a>
        )}
      </div>
    </div>
  );
}
