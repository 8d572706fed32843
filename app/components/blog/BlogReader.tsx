import { useEffect, useRef, useState } from "react";
import { DialogFrame, dialogClass } from "~/components/ui/Dialog";
import { BlogArticleBody } from "./BlogArticleBody";
import { BlogCta } from "./BlogCta";

/** What the reader needs of an article (the props of the island: the list's public data). */
export interface ReaderArticle {
  id: number;
  title: string;
  /** the tab's title while it is open */
  pageTitle: string;
  content: string;
  image_url: string | null;
  created_at: string;
  updated_at: string | null;
  /** the article's own page */
  path: string;
}

/** The search parameter that opens an article in the reader: /blog?article=12 */
export const ARTICLE_PARAM = "article";
const TITLE_ID = "blog-reader-title";

const articleParam = () => Number(new URLSearchParams(location.search).get(ARTICLE_PARAM)) || null;
/** a page React Router drives (reached by a link from a hydrated page): its links and history are the router's */
const routed = () => Boolean((window as Window & { __reactRouterContext?: unknown }).__reactRouterContext);

/**
 * The blog's reader (an island of /blog, app/islands/blog-reader.client.tsx): 'Lire plus' on a card
 * (a[data-article-id], a real link to the article's page) shows the article in this full-screen
 * dialog at /blog?article=ID (a history entry: Back and Forward close and reopen it; a shared
 * address opens it once hydrated; the tab's title follows). Closing it goes back to the list's
 * address and gives the focus back to the card's link.
 */
export function BlogReader({ articles, listTitle, author }: { articles: ReaderArticle[]; listTitle: string; author: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [id, setId] = useState<number | null>(null);
  const article = articles.find((a) => a.id === id) ?? null;

  // the cards' links, the history's moves and a shared address
  useEffect(() => {
    if (routed()) return;
    const known = (n: number | null) => (n !== null && articles.some((a) => a.id === n) ? n : null);
    const onClick = (e: MouseEvent) => {
      const link = e.target instanceof Element ? e.target.closest("a[data-article-id]") : null;
      // new tab, new window, download: the browser follows the link to the article's page
      if (!(link instanceof HTMLElement) || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const next = known(Number(link.dataset.articleId));
      if (next === null) return;
      e.preventDefault();
      opener.current = link;
      history.pushState({ reader: true }, "", `${location.pathname}?${ARTICLE_PARAM}=${next}`);
      setId(next);
    };
    const onPop = () => setId(known(articleParam()));
    document.addEventListener("click", onClick);
    window.addEventListener("popstate", onPop);
    setId(known(articleParam()));
    return () => {
      document.removeEventListener("click", onClick);
      window.removeEventListener("popstate", onPop);
    };
  }, [articles]);

  // the dialog follows the article chosen
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (article) {
      document.title = article.pageTitle;
      d.querySelector("[data-dialog-body]")?.scrollTo(0, 0);
      if (!d.open) d.showModal();
    } else if (d.open) d.close();
  }, [article]);

  // closed (the cross, Escape, Back): the list's address and title, the focus on the card's link
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const onClose = () => {
      // a stale event: the dialog was opened again since (Back then Forward)
      if (d.open) return;
      const shown = articleParam();
      if (shown) {
        // opened from the list: Back leaves the page as it was; from a shared address: the list stays
        if ((history.state as { reader?: boolean } | null)?.reader) history.back();
        else history.replaceState(null, "", location.pathname);
      }
      document.title = listTitle;
      const back = opener.current && document.contains(opener.current) ? opener.current : shown ? document.querySelector<HTMLElement>(`a[data-article-id="${shown}"]`) : null;
      opener.current = null;
      setId(null);
      back?.focus();
    };
    d.addEventListener("close", onClose);
    return () => d.removeEventListener("close", onClose);
  }, [listTitle]);

  return (
    <dialog ref={ref} aria-labelledby={TITLE_ID} className={dialogClass("md", true)}>
      <DialogFrame titleId={TITLE_ID} title={article?.title ?? ""} closeLabel="Fermer l'article" fullScreen onClose={() => ref.current?.close()}>
        <div className="mx-auto max-w-3xl pb-6">
          {article && (
            <div key={article.id}>
              <BlogArticleBody post={article} author={author} />
              <p className="mt-10 text-sm text-slate-600">
                Adresse de cet article :{" "}
                <a href={article.path} className="font-semibold text-teal-700 underline underline-offset-4 hover:text-navy-900">
                  ouvrir la page de l'article
                </a>
              </p>
            </div>
          )}
          <BlogCta />
        </div>
      </DialogFrame>
    </dialog>
  );
}
