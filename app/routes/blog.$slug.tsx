import { ArrowLeft, ChevronRight } from "lucide-react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/blog.$slug";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { getBlog, hasArabicVersion } from "~/.server/repos/blogs";
import { ArabicArticle, FrenchOnlyArticle } from "~/components/blog/BlogArabicArticle";
import { BLOG_AR } from "~/content/blog-ar";
import { clinicWords } from "~/i18n/clinic";
import { localeOf } from "~/i18n/locale";
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
 *
 * /ar/blog/{id}-{slug} (the same slug, from the French title; route id ar-blog-article) is its
 * Arabic version when staff wrote one. An article without it answers 200 with a page in Arabic
 * saying the article exists in French only and linking to it (noindex, canonical: the French
 * article): the link was followed from somewhere (a shared address, the article translated then
 * withdrawn), and a reader is better served by the way to the article than by an error page.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const locale = localeOf(new URL(request.url).pathname);
  const notFound = locale === "ar" ? BLOG_AR.notFound : "Article introuvable";
  const m = /^(\d{1,15})(?:-.*)?$/.exec(params.slug ?? "");
  if (!m) throw new Response(notFound, { status: 404 });
  const id = Number(m[1]);
  let row;
  try {
    row = await getBlog(getDb(), id);
  } catch (err) {
    log.error({ event: "blog_article_failed", err: err instanceof Error ? err.message : String(err) }, "blog article load failed");
    throw data({ message: BLOG_LOAD_CAUSES.database }, { status: 503 });
  }
  if (!row) throw new Response(notFound, { status: 404 });
  const path = blogArticlePath(row.id, row.title);
  const prefix = locale === "ar" ? "/ar" : "";
  if (`${prefix}/blog/${params.slug}` !== `${prefix}${path}`) throw redirect(`${prefix}${path}`, 301);
  const bilingual = hasArabicVersion(row);
  if (locale === "ar" && !bilingual) return { locale, bilingual, post: null, frenchOnly: { title: row.title, path } };
  const ar = locale === "ar";
  const post: PublicPost = {
    id: row.id,
    title: ar ? row.title_ar! : row.title,
    content: ar ? row.content_ar! : row.content,
    image_url: row.image_url,
    created_at: row.created_at,
    updated_at: row.updated_at,
    path,
  };
  return { locale, bilingual, post, frenchOnly: null };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const post = loaderData?.post;
  const locale = localeOf(location.pathname);
  const clinic = clinicFromMatches(matches);
  const origin = originFromMatches(matches);
  const frenchOnly = loaderData?.frenchOnly;
  if (frenchOnly) {
    // the Arabic page of an article in French only: not indexed, its canonical the French article
    return [
      { title: `${BLOG_AR.frenchOnlyTitle} | ${clinicWords(clinic, "ar").name}` },
      { name: "robots", content: "noindex" },
      { tagName: "link", rel: "canonical", href: `${origin}${frenchOnly.path}` },
    ];
  }
  if (!post) return [{ title: `${locale === "ar" ? BLOG_AR.notFound : "Article introuvable"} | ${clinic.name}` }, { name: "robots", content: "noindex" }];
  const description = summary(post.content);
  const image = post.image_url ?? undefined;
  const bilingual = loaderData?.bilingual ?? false;
  return [
    ...seo(matches, { title: post.title, description, path: post.path, image, type: "article", locale, bilingual }),
    { property: "article:published_time", content: post.created_at },
    ...(post.updated_at ? [{ property: "article:modified_time", content: post.updated_at }] : []),
    { property: "article:author", content: locale === "ar" ? clinicWords(clinic, "ar").doctorName : blogAuthor(clinic) },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description,
        datePublished: post.created_at,
        ...(post.updated_at ? { dateModified: post.updated_at } : {}),
        author: { "@type": "Person", name: locale === "ar" ? clinicWords(clinic, "ar").doctorName : blogAuthor(clinic) },
        publisher: { "@type": "Dentist", name: clinicWords(clinic, locale).name },
        mainEntityOfPage: `${origin}${locale === "ar" ? "/ar" : ""}${post.path}`,
        inLanguage: locale === "ar" ? "ar-DZ" : "fr-FR",
        ...(image ? { image: image.startsWith("http") ? image : `${origin}${image}` } : {}),
      },
    },
  ];
};

export default function BlogArticlePage({ loaderData }: Route.ComponentProps) {
  const { post, frenchOnly, locale } = loaderData;
  const clinic = useClinic();
  if (frenchOnly) return <FrenchOnlyArticle title={frenchOnly.title} path={frenchOnly.path} />;
  if (!post) return null;
  if (locale === "ar") return <ArabicArticle post={post} author={clinicWords(clinic, "ar").doctorName} />;
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
