import { ArrowRight, Quote } from "lucide-react";
import { renderDegraded } from "~/.server/page-cache";
import { Link } from "react-router";
import type { Route } from "./+types/gallery";
import { BeforeAfter } from "~/components/content/BeforeAfter";
import { CtaBand } from "~/components/content/CtaBand";
import { RevealOnScroll } from "~/components/content/RevealOnScroll";
import { StarRating } from "~/components/content/StarRating";
import { GALLERY_AR, GALLERY_ITEMS, GALLERY_ITEMS_AR } from "~/content/gallery";
import { GALLERY_TREATMENTS, treatmentLink } from "~/content/gallery-treatments";
import { findCarePageAr } from "~/content/care-pages-ar";
import { initialOf, type PublicReview } from "~/content/reviews";
import { useClinic } from "~/hooks/use-clinic";
import { useI18n } from "~/hooks/use-locale";
import { fill, t } from "~/i18n";
import { clinicWords } from "~/i18n/clinic";
import { localeOf, type Locale } from "~/i18n/locale";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { listPublicCases, type PublicGalleryCase } from "~/.server/repos/gallery";
import { listPublishedReviews } from "~/.server/repos/reviews";
import { formatFigure, formatLongDate, formatLongDateAr } from "~/lib/format";
import { clinicFromMatches, seo } from "~/lib/seo";
import { CONTENT_PAGE } from "~/lib/page-handle";

/** Server-rendered, not hydrated: the site's script is all it runs (decision 016). */
export const handle = CONTENT_PAGE;

/** The page in French at /gallery, in Arabic at /ar/gallery (route id "ar-gallery"). */
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOf(location.pathname);
  const ar = locale === "ar";
  return seo(matches, {
    title: ar ? GALLERY_AR.metaTitle : "Galerie avant/après et avis de nos patients",
    description: ar
      ? GALLERY_AR.metaDescription(clinicWords(clinicFromMatches(matches), "ar").district)
      : "Comparez avant et après un blanchiment ou des facettes, et lisez les avis de nos patients sur leurs soins à la clinique de Kouba.",
    path: "/gallery",
    image: "/media/content-whitening-after.svg",
    locale,
  });
};

/**
 * A case's treatment and link on the Arabic page: the treatment's Arabic page when it has one
 * (its Arabic title), else the name as filed, without a link (a French page is not offered there).
 */
function arabicTreatment(name: string): { treatment: string; link: { to: string; label: string } | null; latin: boolean } {
  const to = GALLERY_TREATMENTS.find((x) => x.name === name)?.to;
  const page = to ? findCarePageAr(to.slice(1)) : undefined;
  if (!page) return { treatment: name, link: null, latin: true };
  return { treatment: page.title, link: { to: `/ar/${page.slug}`, label: fill(GALLERY_AR.learnMore, { title: page.title }) }, latin: false };
}

/**
 * The cases whose consent stands and the published reviews (docs/product.md, "Staff: gallery and
 * reviews"); while no real case is on the site, the demo drawings. A database that does not
 * answer shows the demo cards rather than an error page (logged).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const locale: Locale = localeOf(new URL(request.url).pathname);
  try {
    const [cases, reviews] = await Promise.all([listPublicCases(getDb()), listPublishedReviews(getDb())]);
    return {
      // the link to the treatment's page, found here: the list of treatment pages stays on the server
      cases: cases.map((c): GalleryCase => (locale === "ar" ? arabicCase(c) : { ...c, link: treatmentLink(c.treatment), latin: false })),
      reviews: reviews.map(({ id, name, rating, comment, date }): PublicReview => ({
        id,
        name,
        rating,
        comment,
        date,
      })),
    };
  } catch (err) {
    renderDegraded();
    log.error(
      {
        event: "gallery_load_failed",
        err: err instanceof Error ? err.message : String(err),
      },
      "gallery could not be read",
    );
    return { cases: [] as GalleryCase[], reviews: [] as PublicReview[] };
  }
}

/**
 * A real case on the Arabic page: its Arabic text and photo descriptions as staff wrote them
 * (migration 018); without them no French sentence, but no text, and the photos described by the
 * treatment's Arabic name ('قبل: …' / 'بعد: …').
 */
function arabicCase(c: PublicGalleryCase): GalleryCase {
  const named = arabicTreatment(c.treatment);
  const described = (side: "before" | "after", own: string | null) => own ?? `${t("ar", `clinicPages.${side}`)}: ${named.treatment}`;
  return {
    ...c,
    ...named,
    description: c.ar.description ?? "",
    before: { ...c.before, alt: described("before", c.ar.beforeAlt) },
    after: { ...c.after, alt: described("after", c.ar.afterAlt) },
  };
}

/** `latin`: the treatment as staff filed it, shown as typed on the Arabic page (it has no Arabic page) */
type GalleryCase = PublicGalleryCase & { link: ReturnType<typeof treatmentLink>; latin: boolean };

/** A card of the page: a real case, or a demo drawing (in the page's language). */
function cards(cases: GalleryCase[], locale: Locale) {
  if (cases.length === 0)
    return (locale === "ar" ? GALLERY_ITEMS_AR : GALLERY_ITEMS).map((g) => ({
      latin: false,
      key: `demo-${g.id}`,
      treatment: g.treatment,
      description: g.description,
      before: g.before,
      after: g.after,
      link: g.link,
    }));
  return cases.map((c) => ({
    latin: c.latin,
    key: `cas-${c.id}`,
    treatment: c.treatment,
    description: c.description,
    before: c.before,
    after: c.after,
    link: c.link,
  }));
}

const AVATAR_COLOURS = ["bg-teal-600", "bg-navy-800", "bg-[#8c6a2c]", "bg-navy-700"];

/** /gallery, titled GALERIE: before/after cards and 'Avis de nos patients'. */
export default function GalleryPage({ loaderData }: Route.ComponentProps) {
  const clinic = useClinic();
  const { locale, href } = useI18n();
  const ar = locale === "ar";
  const { reviews } = loaderData;
  // staff's and patients' own words keep their language and direction on the Arabic page
  const own = (text: string, isOwn: boolean, className?: string) => (isOwn ? <bdi className={className}>{text}</bdi> : text);
  return (
    <>
      <section className="bg-ivory">
        {/* the first screen: painted with the server HTML, no entrance */}
        <div className="container-site py-12 text-center md:py-16">
          <p className="eyebrow">{ar ? GALLERY_AR.eyebrow : "Photos avant / après"}</p>
          <h1 className="mt-3 font-serif text-4xl font-bold tracking-[0.12em] text-navy-900 md:text-5xl">{ar ? GALLERY_AR.title : "GALERIE"}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-slate-700">
            {ar
              ? GALLERY_AR.lead
              : "Quelques exemples de traitements réalisés à la clinique. Chaque sourire est différent : le résultat dépend de la situation de départ et se discute lors de la consultation."}
          </p>
        </div>
      </section>

      <section aria-labelledby="avant-apres-title" className="container-site py-14 md:py-20">
        <h2 id="avant-apres-title" className="section-title">
          {ar ? GALLERY_AR.casesTitle : "Avant / après"}
        </h2>
        <ul className="mt-8 grid gap-8 lg:grid-cols-2">
          {cards(loaderData.cases, locale).map((item, i) => (
            <RevealOnScroll as="li" key={item.key} duration={i % 2 ? 0.8 : 0.7} className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
              <article aria-labelledby={`galerie-${item.key}`} data-case={item.key}>
                {/* the first case is in the first screen of a phone: its pictures load first */}
                <BeforeAfter before={item.before} after={item.after} label={item.treatment} priority={i === 0} />
                <div className="mt-4 px-1">
                  <h3 id={`galerie-${item.key}`} className="font-serif text-xl font-bold">
                    {own(item.treatment, item.latin)}
                  </h3>
                  {item.description && <p className="mt-2 whitespace-pre-line text-sm leading-relaxed text-slate-600">{item.description}</p>}
                  {item.link && (
                    <Link to={item.link.to} className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-teal-600 hover:text-navy-900">
                      {item.link.label}
                      <ArrowRight aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
                    </Link>
                  )}
                </div>
              </article>
            </RevealOnScroll>
          ))}
        </ul>
      </section>

      {reviews.length > 0 && (
        <section aria-labelledby="avis-title" className="bg-slate-50 py-14 md:py-20">
          <div className="container-site">
            <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
              <h2 id="avis-title" className="section-title">
                {ar ? GALLERY_AR.reviewsTitle : "Avis de nos patients"}
              </h2>
              <p className="text-sm text-slate-600">
                {ar ? fill(GALLERY_AR.satisfied, { percent: clinic.figures.satisfaction }) : `${formatFigure(clinic.figures.satisfaction, "%")} de patients satisfaits`}
              </p>
            </div>
            <ul className="mt-8 grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
              {reviews.map((r, i) => (
                <RevealOnScroll as="li" key={r.id} duration={[0.6, 0.7, 0.8, 0.7][i] ?? 0.7} className="flex">
                  <article
                    aria-label={ar ? fill(GALLERY_AR.reviewOf, { name: `\u2068${r.name}\u2069` }) : `Avis de ${r.name}`}
                    data-review={r.id}
                    className="flex w-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
                  >
                    <div className="flex items-center gap-3">
                      <span
                        aria-hidden="true"
                        className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full font-serif text-xl font-bold text-white ${AVATAR_COLOURS[i % AVATAR_COLOURS.length]}`}
                      >
                        {initialOf(r.name)}
                      </span>
                      <div>
                        <h3 className="font-sans text-base font-semibold text-navy-900">{own(r.name, ar)}</h3>
                        <StarRating rating={r.rating} size="sm" />
                        <time dateTime={r.date} className="text-xs text-slate-500">
                          {(ar ? formatLongDateAr : formatLongDate)(`${r.date}T12:00:00Z`)}
                        </time>
                      </div>
                    </div>
                    <blockquote className="relative mt-4 flex-1 text-sm leading-relaxed text-slate-700">
                      <Quote aria-hidden="true" className="mb-1 h-5 w-5 text-teal-600/40" />
                      <p dir={ar ? "auto" : undefined}>{own(r.comment, ar)}</p>
                    </blockquote>
                  </article>
                </RevealOnScroll>
              ))}
            </ul>
          </div>
        </section>
      )}

      {ar ? (
        <CtaBand title={GALLERY_AR.ctaTitle} text={GALLERY_AR.ctaText} label={GALLERY_AR.book} to={href("/appointment")} />
      ) : (
        <CtaBand
          title="Et si c'était votre sourire ?"
          text="Parlons de votre projet lors d'une consultation : examen, options possibles et devis personnalisé, sans engagement."
        />
      )}
    </>
  );
}
