import { CalendarDays, Clock, UserRound } from "lucide-react";
import { BLOG_AR, readingTimeAr } from "~/content/blog-ar";
import type { Locale } from "~/i18n/locale";
import { ARTICLE_TAG, readingMinutes, readingTime } from "~/lib/blog";
import { formatLongDate, formatLongDateAr } from "~/lib/format";

/** Who signs the articles (docs/product.md, "Blog": author label): the doctor of the stored identity. */
export const blogAuthor = (c: { doctor: { name: string } }) => c.doctor.name;

/**
 * Tag, date (fr-FR long format), reading time and author of a post (`author`: blogAuthor of the
 * clinic). In Arabic (`locale`: a prop, the reader island has no router) the Arabic words and date.
 */
export function BlogMeta({
  post,
  author,
  className = "",
  locale = "fr",
}: {
  post: { content: string; created_at: string };
  author: string;
  className?: string;
  locale?: Locale;
}) {
  const ar = locale === "ar";
  return (
    <div className={`flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600 ${className}`}>
      <span className="inline-flex items-center rounded-full bg-teal-50 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-teal-800 ring-1 ring-teal-100">
        {ar ? BLOG_AR.tag : ARTICLE_TAG}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden className="h-4 w-4 text-gold-500" />
        <time dateTime={post.created_at}>{ar ? formatLongDateAr(post.created_at) : formatLongDate(post.created_at)}</time>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Clock aria-hidden className="h-4 w-4 text-gold-500" />
        {ar ? readingTimeAr(readingMinutes(post.content)) : readingTime(post.content)}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <UserRound aria-hidden className="h-4 w-4 text-gold-500" />
        <span>
          <span className="sr-only">{ar ? BLOG_AR.author : "Auteur : "}</span>
          {author}
        </span>
      </span>
    </div>
  );
}
