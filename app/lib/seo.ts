import type { MetaDescriptor } from "react-router";
import { DEMO_CLINIC, type Clinic } from "~/lib/clinic";
import { clinicWords } from "~/i18n/clinic";
import { hasArabic, localizedPath, type Locale } from "~/i18n/locale";

/** Build a page's title, description, canonical link, language alternates and Open Graph tags. */
export interface SeoInput {
  title: string;
  description: string;
  /** the French path of the page, e.g. "/gallery"; the canonical URL is origin + the path in `locale` */
  path: string;
  /** the page's language (its URL's: localeOf(location.pathname)); French by default */
  locale?: Locale;
  /** absolute or root-relative image for Open Graph */
  image?: string;
  type?: "website" | "article";
  noindex?: boolean;
  /**
   * The page exists in both languages though ARABIC_PAGES cannot list it (a page per stored row:
   * an article with its Arabic version, at /ar + its French path): canonical and hreflang as for a
   * listed page.
   */
  bilingual?: boolean;
}

/** The path of the page `frenchPath` in `locale` (a bilingual dynamic page: /ar + the French path). */
function pathIn(locale: Locale, frenchPath: string, bilingual: boolean): string {
  return bilingual && locale === "ar" ? `/ar${frenchPath}` : localizedPath(locale, frenchPath);
}

export const DEFAULT_OG_IMAGE = "/media/og-default.svg";

type MatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;

/** The site's origin as the root loader computed it (PUBLIC_URL, or http://localhost:PORT; never the Host header). */
export function originFromMatches(matches: readonly MatchLike[]): string {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { origin?: string } | undefined;
  return data?.origin ?? "";
}

/**
 * The clinic's identity as the root loader read it (what staff saved on /admin/clinique), for
 * `meta` functions; the demo identity when the root has no data (an error page).
 */
export function clinicFromMatches(matches: readonly MatchLike[]): Clinic {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { clinic?: Clinic } | undefined;
  return data?.clinic ?? DEMO_CLINIC;
}

/** A page's <title>: its own title, then the clinic's name (unless the title already holds it). */
export function pageTitle(title: string, siteName: string): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

export function seo(matches: readonly MatchLike[], input: SeoInput): MetaDescriptor[] {
  const origin = originFromMatches(matches);
  const locale = input.locale ?? "fr";
  const SITE_NAME = clinicWords(clinicFromMatches(matches), locale).name;
  const url = `${origin}${pathIn(locale, input.path, input.bilingual ?? false)}`;
  const image = input.image ?? DEFAULT_OG_IMAGE;
  const imageUrl = image.startsWith("http") ? image : `${origin}${image}`;
  const title = pageTitle(input.title, SITE_NAME);
  return [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    ...alternates(origin, input.path, input.bilingual),
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: locale === "ar" ? "ar_DZ" : "fr_FR" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { name: "twitter:card", content: "summary_large_image" },
    ...(input.noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
  ];
}

/**
 * A page that exists in both languages names both in each (hreflang fr, ar, and x-default: the
 * French one); a page in one language names none.
 */
export function alternates(origin: string, frenchPath: string, bilingual = false): MetaDescriptor[] {
  if (!bilingual && !hasArabic(frenchPath)) return [];
  const fr = `${origin}${frenchPath}`;
  const ar = `${origin}${pathIn("ar", frenchPath, bilingual)}`;
  return [
    { tagName: "link", rel: "alternate", hrefLang: "fr", href: fr },
    { tagName: "link", rel: "alternate", hrefLang: "ar", href: ar },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: fr },
  ];
}
