import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/blog._index";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { listBlogs } from "~/.server/repos/blogs";
import { BlogArticleBody } from "~/components/blog/BlogArticleBody";
import { BlogCard } from "~/components/blog/BlogCard";
import { BlogCta } from "~/components/blog/BlogCta";
import { BlogHero } from "~/components/blog/BlogHero";
import { BLOG_LOAD_CAUSES, BlogEmpty, BlogLoadError } from "~/components/blog/BlogStates";
import type { PublicPost } from "~/components/blog/types";
import { StaticDialog } from "~/components/ui/Dialog";
import { useClinic } from "~/hooks/use-clinic";
import { newestFirst, summary } from "~/lib/blog";
import { CONTENT_PAGE } from "~/lib/page-handle";
import { pageTitle, seo } from "~/lib/seo";
import { blogArticlePath } from "~/lib/slug";

/** The search parameter that opens an article in the full-screen dialog: /blog?article=12 */
export const ARTICLE_PARAM = "article";

export async function loader() {
  let rows;
  try {
    rows = await listBlogs(getDb());
  } catch (err) {
    log.error({ event: "blog_list_failed", err: err instanceof Error ? err.message : String(err) }, "public blog list failed");
    // the visitor sees a short French cause, never the database's message
    throw data({ message: BLOG_LOAD_CAUSES.database }, { status: 503 });
  }
  const posts: PublicPost[] = newestFirst(rows).map((b) => ({
    id: b.id,
    title: b.title,
    content: b.content,
    image_url: b.image_url,
    created_at: b.created_at,
    updated_at: b.updated_at,
    path: blogArticlePath(b.id, b.title),
  }));
  return { posts };
}

const LIST_DESCRIPTION =
  "Le Blog Dentaire de la clinique : implants, facettes, blanchiment, soins du quotidien. Des conseils clairs pour comprendre vos traitements et prendre soin de votre sourire.";

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const id = Number(new URLSearchParams(location.search).get(ARTICLE_PARAM));
  const post = id ? loaderData?.posts.find((p) => p.id === id) : undefined;
  if (post) {
    // the same article as its own page: that page is the canonical address
    return seo(matches, { title: post.title, description: summary(post.content), path: post.path, image: post.image_url ?? undefined, type: "article" });
  }
  return seo(matches, { title: "Notre Blog — Le Blog Dentaire", description: LIST_DESCRIPTION, path: "/blog" });
};

/**
 * Not hydrated (decision 016): the list is the server's HTML, and the site's script opens an article
 * in the full-screen reader from its <template> (app/site/site.js, [data-reader]): ?article=ID in
 * the address, Back and Forward close and reopen it, a shared address opens it at load.
 */
export const handle = CONTENT_PAGE;

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  const siteName = useClinic().name;
  return (
    <>
      <BlogHero />
      <section aria-label="Articles" className="bg-slate-50 py-12 md:py-16">
        <div className="container-site">
          {posts.length === 0 ? (
            <BlogEmpty />
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8">
              {posts.map((post, i) => (
                <li key={post.id}>
                  <BlogCard post={post} priority={i === 0} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <StaticDialog title="" fullScreen closeLabel="Fermer l'article" data-reader="" data-list-title={pageTitle("Notre Blog — Le Blog Dentaire", siteName)}>
        <div className="mx-auto max-w-3xl pb-6">
          <div data-reader-article />
          <BlogCta />
        </div>
      </StaticDialog>
      {/* each article, inert until the reader shows it (its picture is not fetched before) */}
      {posts.map((post) => (
        <template key={post.id} data-article={post.id} data-title={post.title} data-page-title={pageTitle(post.title, siteName)}>
          <BlogArticleBody post={post} />
          <p className="mt-10 text-sm text-slate-600">
            Adresse de cet article :{" "}
            <a href={post.path} className="font-semibold text-teal-700 underline underline-offset-4 hover:text-navy-900">
              ouvrir la page de l'article
            </a>
          </p>
        </template>
      ))}
    </>
  );
}

function causeOf(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const message = (error.data as { message?: unknown } | null)?.message;
    const known: readonly string[] = Object.values(BLOG_LOAD_CAUSES);
    return typeof message === "string" && known.includes(message) ? message : BLOG_LOAD_CAUSES.unknown;
  }
  return BLOG_LOAD_CAUSES.unknown;
}

/** 'Erreur de chargement' with a short French cause and 'Réessayer', which loads the page again (the site's script). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <BlogHero />
      <section aria-label="Articles" className="bg-slate-50 py-12 md:py-16">
        <div className="container-site">
          <BlogLoadError message={causeOf(error)} />
        </div>
      </section>
    </>
  );
}
