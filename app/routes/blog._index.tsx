import { useCallback, type MouseEvent } from "react";
import { data, isRouteErrorResponse, Link, useLocation, useNavigate, useNavigation, useRevalidator, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/blog._index";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { listBlogs } from "~/.server/repos/blogs";
import { BlogArticleBody } from "~/components/blog/BlogArticleBody";
import { BlogCard } from "~/components/blog/BlogCard";
import { BlogCta } from "~/components/blog/BlogCta";
import { BlogHero } from "~/components/blog/BlogHero";
import { BLOG_LOAD_CAUSES, BlogEmpty, BlogLoadError, BlogLoading } from "~/components/blog/BlogStates";
import type { PublicPost } from "~/components/blog/types";
import { Dialog } from "~/components/ui/Dialog";
import { newestFirst, summary } from "~/lib/blog";
import { seo } from "~/lib/seo";
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

/** True when two addresses of /blog differ only by ?article (opening or closing an article). */
function onlyArticleChanged(a: string, b: string): boolean {
  if (a === b) return false;
  const pa = new URLSearchParams(a);
  const pb = new URLSearchParams(b);
  pa.delete(ARTICLE_PARAM);
  pb.delete(ARTICLE_PARAM);
  return pa.toString() === pb.toString();
}

/** Opening or closing an article only changes ?article: the list is not fetched again. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && onlyArticleChanged(currentUrl.search, nextUrl.search)) return false;
  return defaultShouldRevalidate;
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

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();

  const openId = Number(searchParams.get(ARTICLE_PARAM));
  const current = openId ? (posts.find((p) => p.id === openId) ?? null) : null;
  const openedFromList = Boolean((location.state as { blogModal?: boolean } | null)?.blogModal);

  // the list is being fetched again (not when an article merely opens or closes)
  const loading =
    revalidator.state === "loading" ||
    (navigation.state === "loading" &&
      navigation.location.pathname === "/blog" &&
      !navigation.formMethod &&
      !onlyArticleChanged(location.search, navigation.location.search));

  const openArticle = useCallback(
    (post: PublicPost) => (e: MouseEvent<HTMLAnchorElement>) => {
      // new tab, new window, download: let the browser follow the link to the article page
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      navigate({ pathname: "/blog", search: `?${ARTICLE_PARAM}=${post.id}` }, { preventScrollReset: true, state: { blogModal: true } });
    },
    [navigate],
  );

  const closeArticle = useCallback(() => {
    // the dialog also closes when the URL lost ?article (browser Back): nothing more to do then
    if (!new URLSearchParams(window.location.search).has(ARTICLE_PARAM)) return;
    if (openedFromList) {
      navigate(-1);
    } else {
      // opened from a shared link: stay on the list, and put focus on the article's card
      const id = openId;
      navigate({ pathname: "/blog", search: "" }, { replace: true, preventScrollReset: true });
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-article-id="${id}"]`)?.focus());
    }
  }, [navigate, openedFromList, openId]);

  return (
    <>
      <BlogHero />
      <section aria-label="Articles" className="bg-slate-50 py-12 md:py-16">
        <div className="container-site">
          {loading ? (
            <BlogLoading />
          ) : posts.length === 0 ? (
            <BlogEmpty />
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8">
              {posts.map((post, i) => (
                <li key={post.id}>
                  <BlogCard post={post} onRead={openArticle(post)} priority={i === 0} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <Dialog open={current !== null} onClose={closeArticle} title={<span className="[overflow-wrap:anywhere]">{current?.title ?? ""}</span>} fullScreen closeLabel="Fermer l'article">
        {current && (
          <div className="mx-auto max-w-3xl pb-6">
            <BlogArticleBody post={current} />
            <p className="mt-10 text-sm text-slate-600">
              Adresse de cet article :{" "}
              <Link to={current.path} className="font-semibold text-teal-700 underline underline-offset-4 hover:text-navy-900">
                ouvrir la page de l'article
              </Link>
            </p>
            <BlogCta />
          </div>
        )}
      </Dialog>
    </>
  );
}

function causeOf(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const message = (error.data as { message?: unknown } | null)?.message;
    const known: readonly string[] = Object.values(BLOG_LOAD_CAUSES);
    return typeof message === "string" && known.includes(message) ? message : BLOG_LOAD_CAUSES.unknown;
  }
  // a fetch that never reached the server (offline, server down) rejects with a TypeError
  if (error instanceof TypeError) return BLOG_LOAD_CAUSES.network;
  return BLOG_LOAD_CAUSES.unknown;
}

/** 'Erreur de chargement' with a short French cause and 'Réessayer', which loads the list again. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const revalidator = useRevalidator();
  return (
    <>
      <BlogHero />
      <section aria-label="Articles" className="bg-slate-50 py-12 md:py-16">
        <div className="container-site">
          <BlogLoadError message={causeOf(error)} onRetry={() => void revalidator.revalidate()} retrying={revalidator.state === "loading"} />
        </div>
      </section>
    </>
  );
}
