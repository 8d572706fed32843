import { Plus, X } from "~/components/admin/icons";
import { useId, useState } from "react";
import { useFetcher, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/admin.blog";
import { blogAction } from "~/.server/blog-actions";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { listBlogs } from "~/.server/repos/blogs";
import { getStaff } from "~/.server/staff-guard";
import { retryAfterHeaders } from "~/.server/uploads";
import { ADMIN_BLOG_TEXTS, ADMIN_BLOG_TOAST_MS, editorTarget, type AdminBlogResult, type BlogTarget, type EditorChoice } from "~/lib/admin-blog";
import { useCan } from "~/components/admin/permissions";
import { AdminBlogError } from "~/components/blog/AdminBlogError";
import { AdminBlogList } from "~/components/blog/AdminBlogList";
import { BlogEditor } from "~/components/blog/BlogEditor";
import { DeleteBlogDialog } from "~/components/blog/DeleteBlogDialog";
import { useToast } from "~/components/toaster";
import { newestFirst } from "~/lib/blog";
import { blogArticlePath } from "~/lib/slug";
import { makeToast } from "~/lib/toast";

const T = ADMIN_BLOG_TEXTS;

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

export async function action({ request, context }: Route.ActionArgs) {
  return blogAction(request, getStaff(context));
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
