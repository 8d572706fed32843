import { ChevronRight, Languages } from "lucide-react";
import { Link } from "react-router";
import { BLOG_AR } from "~/content/blog-ar";
import { ArabicBlogCta, BackToArabicBlog } from "./BlogArabic";
import { BlogArticleBody } from "./BlogArticleBody";
import type { PublicPost } from "./types";

function Breadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label={BLOG_AR.breadcrumb} className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1.5">
        <li>
          <Link to="/ar" className="hover:text-navy-900 hover:underline">
            {BLOG_AR.home}
          </Link>
        </li>
        <li aria-hidden>
          <ChevronRight className="h-3.5 w-3.5 rtl:-scale-x-100" />
        </li>
        <li>
          <Link to="/ar/blog" className="hover:text-navy-900 hover:underline">
            {BLOG_AR.eyebrow}
          </Link>
        </li>
        <li aria-hidden>
          <ChevronRight className="h-3.5 w-3.5 rtl:-scale-x-100" />
        </li>
        <li
          aria-current="page"
          className="line-clamp-1 max-w-[16rem] text-slate-700 [overflow-wrap:anywhere] sm:max-w-md"
        >
          {current}
        </li>
      </ol>
    </nav>
  );
}

/** An article in Arabic, /ar/blog/{id}-{slug}: its Arabic title and text (`post` carries them). */
export function ArabicArticle({
  post,
  author,
}: {
  post: PublicPost;
  author: string;
}) {
  return (
    <article className="bg-white">
      <header className="bg-ivory">
        <div className="container-site py-10 md:py-14">
          <div className="mx-auto max-w-3xl">
            <Breadcrumb current={post.title} />
            <h1 className="mt-6 text-3xl font-bold leading-tight [overflow-wrap:anywhere] md:text-5xl">
              {post.title}
            </h1>
          </div>
        </div>
      </header>
      <div className="container-site py-10 md:py-14">
        <div className="mx-auto max-w-3xl">
          <BlogArticleBody post={post} author={author} priority locale="ar" />
          <div className="mt-12 border-t border-slate-200 pt-8">
            <BackToArabicBlog />
          </div>
          <ArabicBlogCta />
        </div>
      </div>
    </article>
  );
}

/**
 * /ar/blog/{id}-{slug} of an article staff have not translated: says so in Arabic and links to
 * the French article (its title isolated, in its language).
 */
export function FrenchOnlyArticle({
  title,
  path,
}: {
  title: string;
  path: string;
}) {
  return (
    <section className="bg-ivory">
      <div className="container-site py-14 md:py-20">
        <div className="mx-auto max-w-2xl rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200 md:p-12">
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-amber-50 text-amber-700">
            <Languages aria-hidden className="h-7 w-7" />
          </span>
          <h1 className="mt-5 text-2xl font-bold text-navy-900 md:text-3xl">
            {BLOG_AR.frenchOnlyTitle}
          </h1>
          <p className="mt-4 leading-relaxed text-slate-700">
            {BLOG_AR.frenchOnlyText}
          </p>
          <p className="mt-4 text-lg font-semibold [overflow-wrap:anywhere]">
            <a
              href={path}
              hrefLang="fr"
              lang="fr"
              className="text-teal-700 underline underline-offset-4 hover:text-navy-900"
            >
              <bdi>{title}</bdi>
            </a>
          </p>
          <p className="mt-6 text-slate-600">{BLOG_AR.frenchOnlyOthers}</p>
          <div className="mt-6 flex justify-center">
            <BackToArabicBlog />
          </div>
        </div>
      </div>
    </section>
  );
}
