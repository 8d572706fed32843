import { ExternalLink, Pencil, RotateCw, Trash2 } from "lucide-react";
import { Link, useRevalidator } from "react-router";
import { Img } from "~/components/ui/Img";
import { excerpt } from "~/lib/blog";
import { formatLongDate } from "~/lib/format";
import { ADMIN_BLOG_TEXTS } from "~/lib/admin-blog";
import type { PublicPost } from "./types";

/** The list of the staff blog screen: a card per post with its edit button and, when `onDelete` is given (`blog:delete`), its delete button. */
export function AdminBlogList({
  blogs,
  loadError,
  onEdit,
  onDelete,
}: {
  blogs: PublicPost[];
  loadError: boolean;
  onEdit: (id: number) => void;
  onDelete?: (post: { id: number; title: string }) => void;
}) {
  const revalidator = useRevalidator();
  const loading = revalidator.state === "loading";
  return (
    <section aria-labelledby="admin-blog-list" className="mt-10">
      <h2 id="admin-blog-list" className="sr-only">
        Articles publiés
      </h2>
      {loadError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900 sm:flex-row sm:items-center sm:justify-between">
          <p className="font-semibold">{ADMIN_BLOG_TEXTS.fetchError}</p>
          <button type="button" onClick={() => void revalidator.revalidate()} disabled={loading} className="btn bg-red-700 text-white hover:bg-red-800">
            <RotateCw aria-hidden className={`h-4 w-4 ${loading ? "animate-spin" : ""}`} />
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
                      onClick={() => onEdit(b.id)}
                      className="inline-flex min-h-10 items-center gap-1.5 rounded-full bg-navy-900 px-4 text-sm font-semibold text-white hover:bg-navy-800"
                    >
                      <Pencil aria-hidden className="h-4 w-4" />
                      {ADMIN_BLOG_TEXTS.edit}
                      <span className="sr-only"> : {b.title}</span>
                    </button>
                    {onDelete && (
                      <button
                        type="button"
                        onClick={() => onDelete({ id: b.id, title: b.title })}
                        className="inline-flex min-h-10 items-center gap-1.5 rounded-full border border-red-300 px-4 text-sm font-semibold text-red-700 hover:bg-red-50"
                      >
                        <Trash2 aria-hidden className="h-4 w-4" />
                        {ADMIN_BLOG_TEXTS.delete}
                        <span className="sr-only"> : {b.title}</span>
                      </button>
                    )}
                    <Link to={b.path} className="ms-auto inline-flex min-h-10 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-teal-700 hover:bg-teal-50">
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
  );
}
