import type { ReactNode } from "react";
import { Link } from "react-router";
import { LEGAL_UPDATED } from "~/content/legal";
import { useI18n } from "~/hooks/use-locale";
import { useRootData } from "~/hooks/use-root-data";
import { formatLongDate, formatLongDateAr } from "~/lib/format";
import { PageHeader } from "./PageHeader";

/** The frame of a legal page: header, a table of contents, and readable long-form text, in the page's language. */
export function LegalLayout({
  title,
  lead,
  toc,
  children,
}: {
  title: string;
  lead: string;
  toc: { id: string; label: string }[];
  children: ReactNode;
}) {
  const demoSite = useRootData()?.demoSite ?? false;
  const { locale, t, href } = useI18n();
  const updated = `${LEGAL_UPDATED}T12:00:00Z`;
  const [before, after] = t("clinicPages.updated").split("{date}");
  return (
    <>
      <PageHeader crumbs={[{ to: href("/"), label: t("pages./") }, { label: title }]} eyebrow={t("clinicPages.legalEyebrow")} title={title} lead={lead} />
      {demoSite && (
        <div className="container-site pt-8 md:pt-10">
          <p role="note" className="max-w-3xl rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm leading-relaxed text-amber-950">
            <strong className="font-semibold">{t("footer.demoNotice")}.</strong> {t("clinicPages.demoLegal")}
          </p>
        </div>
      )}
      <div className="container-site grid gap-10 py-12 md:py-16 lg:grid-cols-[260px_minmax(0,1fr)] lg:gap-16">
        <nav aria-label={t("clinicPages.toc")} className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-xs font-semibold uppercase tracking-widest text-slate-600">{t("clinicPages.toc")}</p>
          <ol className="mt-3 space-y-2 border-s border-slate-200 text-sm">
            {toc.map((t) => (
              <li key={t.id}>
                <a href={`#${t.id}`} className="-ms-px block border-s-2 border-transparent py-0.5 ps-4 text-slate-600 hover:border-teal-600 hover:text-navy-900">
                  {t.label}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="legal-prose max-w-3xl text-[1.0625rem] leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-teal-600 [&_a]:underline [&_a]:underline-offset-4 [&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-navy-900 [&_h2:first-child]:mt-0 [&_h3]:mt-6 [&_h3]:font-sans [&_h3]:text-lg [&_h3]:font-semibold [&_li]:mt-1.5 [&_p]:mt-4 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:ps-6">
          {children}
          <p className="!mt-14 border-t border-slate-200 pt-6 text-sm text-slate-600">
            {before}
            {locale === "ar" ? formatLongDateAr(updated) : formatLongDate(updated)}
            {after}{" "}
            <Link to={href("/mentions-legales")}>{t("pages./mentions-legales")}</Link> · <Link to={href("/politique-de-confidentialite")}>{t("pages./politique-de-confidentialite")}</Link>
          </p>
        </div>
      </div>
    </>
  );
}
