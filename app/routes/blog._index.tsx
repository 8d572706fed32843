import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/blog._index";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { hasArabicVersion, listBlogs } from "~/.server/repos/blogs";
import { ArabicBlogHero, ArabicBlogList, type ArabicListPost } from "~/components/blog/BlogArabic";
import { BlogCard } from "~/components/blog/BlogCard";
import { blogAuthor } from "~/components/blog/BlogMeta";
import { ARTICLE_PARAM, BlogReader, type ReaderArticle } from "~/components/blog/BlogReader";
import { BlogHero } from "~/components/blog/BlogHero";
import { BLOG_LOAD_CAUSES, BlogEmpty, BlogLoadError } from "~/components/blog/BlogStates";
import type { PublicPost } from "~/components/blog/types";
import { Island } from "~/components/Island";
import { useClinic } from "~/hooks/use-clinic";
import { useLocale } from "~/hooks/use-locale";
import { newestFirst, summary } from "~/lib/blog";
import { CONTENT_PAGE } from "~/lib/page-handle";
import { pageTitle, seo } from "~/lib/seo";
import { blogArticlePath } from "~/lib/slug";
import { BLOG_AR } from "~/content/blog-ar";
import { clinicWords } from "~/i18n/clinic";
import { localeOf } from "~/i18n/locale";

/** /blog, and /ar/blog (app/i18n/locale.ts): every article, in Arabic where staff wrote it. */
export async function loader({ request }: Route.LoaderArgs) {
  let rows;
  try {
    rows = await listBlogs(getDb());
  } catch (err) {
    log.error({ event: "blog_list_failed", err: err instanceof Error ? err.message : String(err) }, "public blog list failed");
    // the visitor sees a short French cause, never the database's message
    throw data({ message: BLOG_LOAD_CAUSES.database }, { status: 503 });
  }
  if (localeOf(new URL(request.url).pathname) === "ar") {
    const arabic: ArabicListPost[] = newestFirst(rows).map((b) => ({
      id: b.id,
      path: blogArticlePath(b.id, b.title),
      image_url: b.image_url,
      created_at: b.created_at,
      french: { title: b.title },
      arabic: hasArabicVersion(b) ? { title: b.title_ar!, content: b.content_ar! } : null,
    }));
    return { posts: [] as PublicPost[], arabic };
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
  return { posts, arabic: null };
}

const LIST_DESCRIPTION =
  "Le Blog Dentaire de la clinique : implants, facettes, blanchiment, soins du quotidien. Des conseils clairs pour comprendre vos traitements et prendre soin de votre sourire.";

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  if (localeOf(location.pathname) === "ar") return seo(matches, { title: BLOG_AR.metaTitle, description: BLOG_AR.metaDescription, path: "/blog", locale: "ar" });
  const id = Number(new URLSearchParams(location.search).get(ARTICLE_PARAM));
  const post = id ? loaderData?.posts.find((p) => p.id === id) : undefined;
  if (post) {
    // the same article as its own page: that page is the canonical address
    return seo(matches, { title: post.title, description: summary(post.content), path: post.path, image: post.image_url ?? undefined, type: "article" });
  }
  return seo(matches, { title: "Notre Blog — Le Blog Dentaire", description: LIST_DESCRIPTION, path: "/blog" });
};

/**
 * Not hydrated (decision 016): the list is the server's HTML; the reader is an island
 * (components/blog/BlogReader.tsx) that opens an article in its full-screen dialog: ?article=ID in
 * the address, Back and Forward close and reopen it, a shared address opens it once hydrated.
 */
export const handle = CONTENT_PAGE;

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const { posts, arabic } = loaderData;
  const clinic = useClinic();
  if (arabic) {
    // the Arabic list: server HTML only, every link a page of its own (no reader dialog)
    return (
      <>
        <ArabicBlogHero />
        <section aria-label={BLOG_AR.listLabel} className="bg-slate-50 py-12 md:py-16">
          <div className="container-site">
            <ArabicBlogList posts={arabic} author={clinicWords(clinic, "ar").doctorName} />
          </div>
        </section>
      </>
    );
  }
  // what the reader shows of each article (the list's public data: the page is stored for everyone)
  const articles: ReaderArticle[] = posts.map((p) => ({ ...p, pageTitle: pageTitle(p.title, clinic.name) }));
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

      {/* the reader: 'Lire plus' opens the article in its full-screen dialog (an island) */}
      {posts.length > 0 && (
        <Island name="blog-reader" component={BlogReader} props={{ articles, listTitle: pageTitle("Notre Blog — Le Blog Dentaire", clinic.name), author: blogAuthor(clinic) }} />
      )}
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
  if (useLocale() === "ar") return <ArabicLoadError />;
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

/** /ar/blog when the articles cannot be read: the same in Arabic, 'retry' a plain reload. */
function ArabicLoadError() {
  return (
    <>
      <ArabicBlogHero />
      <section aria-label={BLOG_AR.listLabel} className="bg-slate-50 py-12 md:py-16">
        <div role="alert" className="container-site mx-auto max-w-2xl rounded-2xl border border-red-200 bg-red-50 px-6 py-8 text-center">
          <p className="text-red-900">{BLOG_AR.loadError}</p>
          <a href="/ar/blog" className="btn mt-6 bg-red-700 text-white hover:bg-red-800">
            {BLOG_AR.retry}
          </a>
        </div>
      </section>
    </>
  );
}
