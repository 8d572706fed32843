import {
  ArrowLeft,
  ArrowRight,
  CalendarCheck,
  Languages,
  Newspaper,
} from "lucide-react";
import { Link } from "react-router";
import { Img } from "~/components/ui/Img";
import { BLOG_AR } from "~/content/blog-ar";
import { localizedPath } from "~/i18n/locale";
import { formatLongDateAr } from "~/lib/format";
import { ArticleCard } from "./BlogCard";

/** An article as /ar/blog lists it: its Arabic version, or null (it exists in French only). */
export interface ArabicListPost {
  id: number;
  /** the French article's page: /blog/{id}-{slug}; the Arabic one is /ar + that path */
  path: string;
  image_url: string | null;
  created_at: string;
  french: { title: string };
  arabic: { title: string; content: string } | null;
}

/** The header band of /ar/blog. */
export function ArabicBlogHero() {
  return (
    <section className="relative overflow-hidden bg-navy-900 text-white">
      <div
        aria-hidden
        className="absolute -end-24 -top-24 h-72 w-72 rounded-full bg-teal-600/20 blur-2xl"
      />
      <div
        aria-hidden
        className="absolute -bottom-32 start-1/3 h-64 w-64 rounded-full bg-gold-500/10 blur-2xl"
      />
      <div className="container-site relative py-14 md:py-20">
        <p className="text-sm font-semibold text-gold-400">{BLOG_AR.eyebrow}</p>
        <h1 className="mt-3 text-4xl font-bold text-white md:text-5xl">
          {BLOG_AR.title}
        </h1>
        <p className="mt-4 max-w-2xl text-base leading-relaxed text-slate-200 md:text-lg">
          {BLOG_AR.intro}
        </p>
      </div>
    </section>
  );
}

/**
 * The list of /ar/blog: every article; a translated one with its Arabic title and excerpt linking
 * to its Arabic page, an untranslated one saying so and linking to the French article (its French
 * title isolated, with its language).
 */
export function ArabicBlogList({
  posts,
  author,
}: {
  posts: ArabicListPost[];
  author: string;
}) {
  if (posts.length === 0) {
    return (
      <div className="flex min-h-64 flex-col items-center justify-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-teal-50 text-teal-600">
          <Newspaper aria-hidden className="h-7 w-7" />
        </span>
        <p className="text-xl font-semibold text-navy-900">{BLOG_AR.empty}</p>
        <p className="max-w-md text-sm text-slate-600">{BLOG_AR.emptyText}</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8">
      {posts.map((post, i) => (
        <li key={post.id}>
          {post.arabic ? (
            <ArabicCard
              post={post}
              arabic={post.arabic}
              author={author}
              priority={i === 0}
            />
          ) : (
            <FrenchOnlyCard post={post} />
          )}
        </li>
      ))}
    </ul>
  );
}

const CARD =
  "group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition duration-300 hover:-translate-y-1 hover:shadow-xl";

function ArabicCard({
  post,
  arabic,
  author,
  priority,
}: {
  post: ArabicListPost;
  arabic: { title: string; content: string };
  author: string;
  priority: boolean;
}) {
  return (
    <ArticleCard
      article={{ id: post.id, href: `/ar${post.path}`, title: arabic.title, content: arabic.content, created_at: post.created_at, image_url: post.image_url }}
      author={author}
      priority={priority}
      locale="ar"
    />
  );
}

function FrenchOnlyCard({ post }: { post: ArabicListPost }) {
  return (
    <article className={CARD}>
      <div className="aspect-[16/10] overflow-hidden bg-slate-100">
        <Img
          src={post.image_url}
          alt=""
          width={800}
          height={500}
          className="h-full w-full object-cover opacity-90"
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <p className="text-[13px] text-slate-600">
          <time dateTime={post.created_at}>
            {formatLongDateAr(post.created_at)}
          </time>
        </p>
        <p className="mt-4 inline-flex items-center gap-2 self-start rounded-full bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">
          <Languages aria-hidden className="h-4 w-4" />
          {BLOG_AR.onlyFrench}
        </p>
        <h2 className="mt-4 flex-1 text-lg font-bold leading-snug [overflow-wrap:anywhere]">
          <a
            href={post.path}
            hrefLang="fr"
            lang="fr"
            className="text-navy-900 underline-offset-4 hover:underline"
          >
            <bdi>{post.french.title}</bdi>
          </a>
        </h2>
        <div className="mt-6">
          <a
            href={post.path}
            hrefLang="fr"
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-navy-900 px-5 text-sm font-semibold text-navy-900 transition hover:bg-navy-900 hover:text-white"
          >
            {BLOG_AR.readInFrench}
            <ArrowRight aria-hidden className="h-4 w-4 rtl:-scale-x-100" />
          </a>
        </div>
      </div>
    </article>
  );
}

/** Invitation to book, under an Arabic article: to the booking page in Arabic once it exists. */
export function ArabicBlogCta() {
  return (
    <aside className="mt-12 flex flex-col items-start gap-4 rounded-2xl bg-ivory p-6 ring-1 ring-gold-100 sm:flex-row sm:items-center sm:justify-between md:p-8">
      <div>
        <p className="text-xl font-bold text-navy-900">{BLOG_AR.ctaTitle}</p>
        <p className="mt-1 text-slate-600">{BLOG_AR.ctaText}</p>
      </div>
      <a
        href={localizedPath("ar", "/appointment")}
        className="btn-primary shrink-0"
      >
        <CalendarCheck aria-hidden className="h-4 w-4" />
        {BLOG_AR.ctaButton}
      </a>
    </aside>
  );
}

/** 'Back to the blog' under an Arabic article. */
export function BackToArabicBlog() {
  return (
    <Link
      to="/ar/blog"
      className="inline-flex min-h-11 items-center gap-2 font-semibold text-teal-700 hover:text-navy-900"
    >
      <ArrowLeft aria-hidden className="h-4 w-4 rtl:-scale-x-100" />
      {BLOG_AR.backToBlog}
    </Link>
  );
}
