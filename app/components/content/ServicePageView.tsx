import { ArrowRight, CalendarCheck, CheckCircle2, Phone } from "lucide-react";
import { Link } from "react-router";
import { useClinic } from "~/hooks/use-clinic";
import { useI18n } from "~/hooks/use-locale";
import type { MessageKey } from "~/i18n";
import type { ServicePage, ServicePageKind } from "~/content/service-page";
import { careSlot } from "~/lib/photo-slots";
import { CtaBand } from "./CtaBand";
import { PageHeader } from "./PageHeader";
import { RevealOnScroll } from "./RevealOnScroll";

/** The eyebrow of each kind of page, and the call to action's label, in the catalogue (carePage.*). */
const KIND_KEYS: Record<ServicePageKind, MessageKey> = {
  treatment: "carePage.kindTreatment",
  need: "carePage.kindNeed",
  aesthetic: "carePage.kindAesthetic",
};
const CTA_KEYS: Record<ServicePage["cta"], MessageKey> = { "Prendre RDV": "carePage.ctaBook", "Contactez-nous": "carePage.ctaContact" };

/**
 * One care page (treatment, need or /clean): title, illustration, the sections of text, a short
 * "En bref" panel, links to related pages (`related`, from the route's loader: relatedLinks), and
 * the booking link (cta) to /appointment. In the page's language: the page record is the one of
 * its language (the route's loader), the interface texts are the catalogue's, and links go to the
 * Arabic pages where they exist (useI18n().href).
 */
export function ServicePageView({ page, related }: { page: ServicePage; related: { to: string; label: string; description: string }[] }) {
  const phone = useClinic().phones[0];
  const { t, href } = useI18n();
  const kind = t(KIND_KEYS[page.kind]);
  const cta = t(CTA_KEYS[page.cta]);
  return (
    <>
      <PageHeader
        crumbs={[{ to: href("/"), label: t("pages./") }, { label: kind }, { label: page.title }]}
        eyebrow={kind}
        title={page.title}
        lead={page.lead}
        photoSlot={careSlot(page)}
      >
        <Link to={href("/appointment")} className="btn-primary">
          <CalendarCheck aria-hidden="true" className="h-4 w-4" />
          {cta}
        </Link>
        <a href={`tel:${phone.tel}`} className="btn border border-navy-900/20 bg-white text-navy-900 hover:border-navy-900 active:scale-95">
          <Phone aria-hidden="true" className="h-4 w-4 text-teal-600" />
          <bdi dir="ltr">{phone.display}</bdi>
        </a>
      </PageHeader>

      <div className="container-site grid gap-12 py-14 md:py-20 lg:grid-cols-[minmax(0,1fr)_340px] lg:gap-16">
        <article className="max-w-3xl">
          {page.sections.map((section, i) => (
            <RevealOnScroll as="section" key={section.heading} duration={0.6} className={i > 0 ? "mt-12" : ""}>
              <h2 className="flex items-baseline gap-3 font-serif text-2xl font-bold text-navy-900 md:text-3xl">
                <span aria-hidden="true" className="font-sans text-sm font-semibold tabular-nums text-[#8c6a2c]">
                  {String(i + 1).padStart(2, "0")}
                </span>
                {section.heading}
              </h2>
              {section.paragraphs.map((p) => (
                <p key={p.slice(0, 40)} className="mt-4 text-[1.0625rem] leading-relaxed text-slate-700">
                  {p}
                </p>
              ))}
            </RevealOnScroll>
          ))}
          <p className="mt-12 rounded-xl border-s-4 border-teal-600 bg-teal-50 px-5 py-4 text-sm leading-relaxed text-slate-700">
            {t("carePage.disclaimer")}
          </p>
        </article>

        <aside aria-labelledby="en-bref-title" className="lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="en-bref-title" className="font-serif text-xl font-bold text-navy-900">
              {t("carePage.inBrief")}
            </h2>
            <dl className="mt-4 divide-y divide-slate-100">
              {page.keyPoints.map((k) => (
                <div key={k.label} className="py-3">
                  <dt className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wider text-slate-600">
                    <CheckCircle2 aria-hidden="true" className="h-4 w-4 shrink-0 text-teal-600" />
                    {k.label}
                  </dt>
                  <dd className="mt-1 ps-6 font-medium text-navy-900">{k.value}</dd>
                </div>
              ))}
            </dl>
            <Link to={href("/appointment")} className="btn-primary mt-5 w-full">
              <CalendarCheck aria-hidden="true" className="h-4 w-4" />
              {cta}
            </Link>
            <p className="mt-4 text-center text-sm text-slate-600">
              {t("carePage.orCall")}{" "}
              <a href={`tel:${phone.tel}`} className="font-semibold text-navy-900 underline-offset-4 hover:underline">
                <bdi dir="ltr">{phone.display}</bdi>
              </a>
            </p>
          </div>
        </aside>
      </div>

      {related.length > 0 && (
        <section aria-labelledby="related-title" className="bg-slate-50 py-14 md:py-20">
          <div className="container-site">
            <h2 id="related-title" className="section-title">
              {t("carePage.related")}
            </h2>
            <ul className="mt-8 grid gap-5 md:grid-cols-3">
              {related.map((r) => (
                <li key={r.to}>
                  <Link
                    to={href(r.to)}
                    className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-teal-600 hover:shadow-md motion-reduce:hover:translate-y-0"
                  >
                    <span className="font-serif text-lg font-bold text-navy-900">{r.label}</span>
                    <span className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">{r.description}</span>
                    <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-teal-600">
                      {t("carousel.learnMore")}
                      <ArrowRight aria-hidden="true" className="h-4 w-4 transition group-hover:translate-x-1 motion-reduce:group-hover:translate-x-0 rtl:-scale-x-100 rtl:group-hover:-translate-x-1" />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      <CtaBand
        title={t("carePage.questionTitle")}
        text={t("carePage.questionText")}
        label={cta}
        to={href("/appointment")}
      />
    </>
  );
}
