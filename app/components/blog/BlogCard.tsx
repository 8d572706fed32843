import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Img } from "~/components/ui/Img";
import type { Locale } from "~/i18n/locale";
import { excerpt } from "~/lib/blog";
import { useClinic } from "~/hooks/use-clinic";
import { BLOG_AR } from "~/content/blog-ar";
import { BlogMeta, blogAuthor } from "./BlogMeta";
import type { PublicPost } from "./types";

/**
 * One card of the public grid. 'Lire plus' is a real link to the article's page; on the list, the
 * reader (an island, components/blog/BlogReader.tsx) opens the article in its dialog instead (a[data-article-id]).
 */
export function BlogCard({ post, priority = false }: { post: PublicPost; priority?: boolean }) {
  return (
    <ArticleCard
      article={{ id: post.id, href: post.path, title: post.title, content: post.content, created_at: post.created_at, image_url: post.image_url }}
      author={blogAuthor(useClinic())}
      priority={priority}
      locale="fr"
    />
  );
}

/**
 * The card itself, in either language (/blog and /ar/blog, components/blog/BlogArabic.tsx): the
 * image, the meta line, the title, the excerpt and the link to the article's page in that language
 * ('Lire plus' in French carries the reader's data-article-id; the Arabic list has no reader).
 */
export function ArticleCard({
  article,
  author,
  priority,
  locale,
}: {
  article: { id: number; href: string; title: string; content: string; created_at: string; image_url: string | null };
  author: string;
  priority: boolean;
  locale: Locale;
}) {
  const ar = locale === "ar";
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition duration-300 hover:-translate-y-1 hover:shadow-xl">
      <div className="aspect-[16/10] overflow-hidden bg-slate-100">
        <Img
          src={article.image_url}
          alt=""
          width={800}
          height={500}
          priority={priority}
          className="h-full w-full object-cover transition duration-500 group-hover:scale-[1.03]"
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <BlogMeta post={article} author={author} className="text-[13px]" locale={locale} />
        <h2 className="mt-4 text-xl font-bold leading-snug [overflow-wrap:anywhere] md:text-[1.35rem]">{article.title}</h2>
        <p className="mt-3 line-clamp-4 flex-1 text-[15px] leading-relaxed text-slate-600 [overflow-wrap:anywhere]">{excerpt(article.content)}</p>
        <div className="mt-6">
          <Link
            to={article.href}
            data-article-id={ar ? undefined : article.id}
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-navy-900 px-5 text-sm font-semibold text-white transition hover:bg-teal-600"
          >
            {ar ? BLOG_AR.readMore : "Lire plus"}
            <span className="sr-only">{ar ? ": " : " : "}{article.title}</span>
            <ArrowRight aria-hidden className="h-4 w-4 transition group-hover:translate-x-0.5 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5" />
          </Link>
        </div>
      </div>
    </article>
  );
}
