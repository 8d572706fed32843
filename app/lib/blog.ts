/**
 * Blog rules shared by the server and the browser (docs/product.md, "Blog"):
 * reading time, card excerpt, paragraphs, order of the public list.
 */

export const WORDS_PER_MINUTE = 200;
export const EXCERPT_LENGTH = 150;
export const ELLIPSIS = "...";
/** Label shown on every public card (docs/product.md, "Blog"). */
export const ARTICLE_TAG = "Article";

/** Number of words: runs of non-space characters. */
export function wordCount(content: string): number {
  const words = content.trim().split(/\s+/u);
  return words[0] === "" ? 0 : words.length;
}

/** Words divided by 200, rounded up; at least 1 minute. */
export function readingMinutes(content: string): number {
  return Math.max(1, Math.ceil(wordCount(content) / WORDS_PER_MINUTE));
}

/** "3 min de lecture" */
export function readingTime(content: string): string {
  return `${readingMinutes(content)} min de lecture`;
}

/**
 * The content cut at `max` characters plus '...' when it is longer (docs/product.md, "Blog": 150 + ellipsis).
 * Counts characters as people see them (an emoji is one), never cutting one in half.
 */
export function excerpt(content: string, max: number = EXCERPT_LENGTH): string {
  const chars = Array.from(content);
  return chars.length > max ? chars.slice(0, max).join("") + ELLIPSIS : content;
}

/** The content split into paragraphs at line breaks, without the empty ones. */
export function paragraphs(content: string): string[] {
  return content
    .split(/\r\n|\r|\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/**
 * A short description for search engines and link previews: the first words of the
 * content, up to `max` characters, cut at a word boundary.
 */
export function summary(content: string, max = 160): string {
  const flat = content.replace(/\s+/gu, " ").trim();
  if (Array.from(flat).length <= max) return flat;
  const cut = Array.from(flat).slice(0, max - 1).join("");
  const atWord = cut.replace(/\s+\S*$/u, "");
  return `${(atWord.length > max / 2 ? atWord : cut).replace(/[\s,;:.!?'’-]+$/u, "")}…`;
}

interface Dated {
  id: number;
  created_at: string;
}

function timeOf(iso: string): number {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? -Infinity : t;
}

/** Newest first (docs/product.md, "Blog": order by created_at descending); the higher id first on a tie. */
export function newestFirst<T extends Dated>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => {
    const ta = timeOf(a.created_at);
    const tb = timeOf(b.created_at);
    if (ta !== tb) return tb > ta ? 1 : -1;
    return b.id - a.id;
  });
}
