import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Img } from "~/components/ui/Img";
import { excerpt } from "~/lib/blog";
import { useClinic } from "~/hooks/use-clinic";
import { BlogMeta, blogAuthor } from "./BlogMeta";
import type { PublicPost } from "./types";

/**
 * One card of the public grid. 'Lire plus' is a real link to the article's page; on the list, the
 * reader (an island, components/blog/BlogReader.tsx) opens the article in its dialog instead (a[data-article-id]).
 */
export function BlogCard({ post, priority = false }: { post: PublicPost; priority?: boolean }) {
  const author = blogAuthor(useClinic());
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition duration-300 hover:-translate-y-1 hover:shadow-xl">
      <div className="aspect-[16/10] overflow-hidden bg-slate-100">
        <Img
          src={post.image_url}
          alt=""
          width={800}
          height={500}
          priority={priority}
          className="h-full w-full object-cover transition duration-500 group-hover:scale-[1.03]"
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <BlogMeta post={post} author={author} className="text-[13px]" />
        <h2 className="mt-4 text-xl font-bold leading-snug [overflow-wrap:anywhere] md:text-[1.35rem]">{post.title}</h2>
        <p className="mt-3 line-clamp-4 flex-1 text-[15px] leading-relaxed text-slate-600 [overflow-wrap:anywhere]">{excerpt(post.content)}</p>
        <div className="mt-6">
          <Link
            to={post.path}
            data-article-id={post.id}
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-navy-900 px-5 text-sm font-semibold text-white transition hover:bg-teal-600"
          >
            Lire plus
            <span className="sr-only"> : {post.title}</span>
            <ArrowRight aria-hidden className="h-4 w-4 transition group-hover:translate-x-0.5 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5" />
          </Link>
        </div>
      </div>
    </article>
  );
}
