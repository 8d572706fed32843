import { Img } from "~/components/ui/Img";
import { paragraphs } from "~/lib/blog";
import { BLOG_AR } from "~/content/blog-ar";
import type { Locale } from "~/i18n/locale";
import { formatLongDate, formatLongDateAr } from "~/lib/format";
import { BlogMeta } from "./BlogMeta";

/**
 * The article itself: meta line, picture and the content split into paragraphs at line
 * breaks. The content is plain text: React escapes it, no HTML from the database is ever
 * interpreted.
 */
export function BlogArticleBody({
  post,
  author,
  priority = false,
  locale = "fr",
}: {
  post: { content: string; created_at: string; updated_at: string | null; image_url: string | null };
  /** who signs it (blogAuthor of the clinic) */
  author: string;
  priority?: boolean;
  /** the page's language (a prop: the reader island has no router) */
  locale?: Locale;
}) {
  const ar = locale === "ar";
  return (
    <>
      <BlogMeta post={post} author={author} locale={locale} />
      {post.updated_at && formatLongDate(post.updated_at) !== formatLongDate(post.created_at) && (
        <p className="mt-2 text-sm text-slate-500">
          {ar ? BLOG_AR.updated : "Mis à jour le"} <time dateTime={post.updated_at}>{ar ? formatLongDateAr(post.updated_at) : formatLongDate(post.updated_at)}</time>
        </p>
      )}
      <div className="mt-6 overflow-hidden rounded-2xl bg-slate-100 ring-1 ring-slate-200">
        <Img src={post.image_url} alt="" width={1200} height={675} priority={priority} className="aspect-[16/9] h-auto w-full object-cover" />
      </div>
      <div className="mt-8 space-y-5 text-[17px] leading-[1.8] text-slate-700 [overflow-wrap:anywhere]" data-testid="article-content">
        {paragraphs(post.content).map((p, i) => (
          <p key={i} className={i === 0 ? "text-lg font-medium text-slate-800 md:text-xl md:leading-relaxed" : undefined}>
            {p}
          </p>
        ))}
      </div>
    </>
  );
}
