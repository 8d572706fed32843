import { ArrowLeft, ChevronRight } from "lucide-react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/blog.$slug";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { getBlog } from "~/.server/repos/blogs";
import { BlogArticleBody } from "~/components/blog/BlogArticleBody";
import { BlogCta } from "~/components/blog/BlogCta";
import { blogAuthor } from "~/components/blog/BlogMeta";
import { useClinic } from "~/hooks/use-clinic";
import { BLOG_LOAD_CAUSES } from "~/components/blog/BlogStates";
import type { PublicPost } from "~/components/blog/types";
import { summary } from "~/lib/blog";
import { clinicFromMatches, originFromMatches, seo } from "~/lib/seo";
import { blogArticlePath } from "~/lib/slug";
import { CONTENT_PAGE } from "~/lib/page-handle";

/** Server-rendered, not hydrated: the site's script is all it runs (decision 016). */
export const handle = CONTENT_PAGE;

/**
 * One article on its own page, /blog/{id}-{slug}. The id decides; any other spelling of the
 * slug is sent (301) to the canonical address, an unknown id is a 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const m = /^(\d{1,15})(?:-.*)?$/.exec(params.slug ?? "");
  if (!m) throw new Response("Article introuvable", { status: 404 });
  const id = Number(m[1]);
  let row;
  try {
    row = await getBlog(getDb(), id);
  } catch (err) {
    log.error({ event: "blog_article_failed", err: err instanceof Error ? err.message : String(err) }, "blog article load failed");
    throw data({ message: BLOG_LOAD_CAUSES.database }, { status: 503 });
  }
  if (!row) throw new Response("Article introuvable", { status: 404 });
  const path = blogArticlePath(row.id, row.title);
  if (`/blog/${params.slug}` !== path) throw redirect(path, 301);
  const post: PublicPost = {
    id: row.id,
    title: row.title,
    content: row.content,
    image_url: row.image_url,
    created_at: row.created_at,
    updated_at: row.updated_at,
    path,
  };
  return { post };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const post = loaderData?.post;
  const clinic = clinicFromMatches(matches);
  if (!post) return [{ title: `Article introuvable | ${clinic.name}` }, { name: "robots", content: "noindex" }];
  const origin = originFromMatches(matches);
  const description = summary(post.content);
  const image = post.image_url ?? undefined;
  return [
    ...seo(matches, { title: post.title, description, path: post.path, image, type: "article" }),
    { property: "article:published_time", content: post.created_at },
    ...(post.updated_at ? [{ property: "article:modified_time", content: post.updated_at }] : []),
    { property: "article:author", content: blogAuthor(clinic) },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description,
        datePublished: post.created_at,
        ...(post.updated_at ? { dateModified: post.updated_at } : {}),
        author: { "@type": "Person", name: blogAuthor(clinic) },
        publisher: { "@type": "Dentist", name: clinic.name },
        mainEntityOfPage: `${origin}${post.path}`,
        inLanguage: "fr-FR",
        ...(image ? { image: image.startsWith("http") ? image : `${origin}${image}` } : {}),
      },
    },
  ];
};

export default function BlogArticlePage({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const clinic = useClinic();
  return (
    <article className="bg-white">
      <header className="bg-ivory">
        <div className="container-site py-10 md:py-14">
          <div className="mx-auto max-w-3xl">
          <nav aria-label="Fil d'Ariane" className="text-sm text-slate-600">
            <ol className="flex flex-wrap items-center gap-1.5">
              <li>
                <Link to="/" className="hover:text-navy-900 hover:underline">
                  Accueil
                </Link>
              </li>
              <li aria-hidden>
                <ChevronRight className="h-3.5 w-3.5 rtl:-scale-x-100" />
              </li>
              <li>
                <Link to="/blog" className="hover:text-navy-900 hover:underline">
                  Le Blog Dentaire
                </Link>
              </li>
              <li aria-hidden>
                <ChevronRight className="h-3.5 w-3.5 rtl:-scale-x-100" />
              </li>
              <li aria-current="page" className="line-clamp-1 max-w-[16rem] text-slate-700 [overflow-wrap:anywhere] sm:max-w-md">
                {post.title}
              </li>
            </ol>
          </nav>
          <h1 className="mt-6 text-3xl font-bold leading-tight [overflow-wrap:anywhere] md:text-5xl">{post.title}</h1>
          </div>
        </div>
      </header>
      <div className="container-site py-10 md:py-14">
        <div className="mx-auto max-w-3xl">
          <BlogArticleBody post={post} author={blogAuthor(clinic)} priority />
          <div className="mt-12 border-t border-slate-200 pt-8">
            <Link to="/blog" className="inline-flex min-h-11 items-center gap-2 font-semibold text-teal-700 hover:text-navy-900">
              <ArrowLeft aria-hidden className="h-4 w-4 rtl:-scale-x-100" />
              Retour au blog
            </Link>
          </div>
          <BlogCta />
        </div>
      </div>
    </article>
  );
}
