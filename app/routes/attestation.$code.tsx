import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/attestation.$code";
import { openCertificate } from "~/.server/certificate-actions";
import { personalLinkHeaders, RDV_HEADERS } from "~/.server/rdv-actions";
import { requestInfo } from "~/context";
import { CertificateCodeForm, CertificateFound } from "~/components/attestation/CertificateCheck";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { useI18n } from "~/hooks/use-locale";
import { fillNodes } from "~/i18n/fill-nodes";
import { t } from "~/i18n";
import { clinicWords } from "~/i18n/clinic";
import { localeOf } from "~/i18n/locale";
import { CONTENT_PAGE } from "~/lib/page-handle";
import { personalPageMeta } from "~/lib/personal-meta";
import { clinicFromMatches } from "~/lib/seo";

/**
 * /attestation/<code>: the public check of a certificate of attendance (issue 31, ADR 028): whether
 * it is genuine and for whom, nothing else. Not indexed, never stored by a cache; the code is
 * written '[lien]' in the request log; wrong codes count towards the personal links' guessing limit.
 * In Arabic at /ar/attestation/<code> (app/routes.ts, route id "ar-attestation-code"), as unindexed.
 */
export const handle = CONTENT_PAGE;

export const meta: Route.MetaFunction = ({ error, matches, location }) => {
  if (localeOf(location.pathname) === "fr")
    return personalPageMeta(matches, error, { title: "Vérification d'une attestation", description: (name) => `Vérification d'une attestation de formation délivrée par ${name}.`, notFound: "Attestation introuvable" });
  // the same head in Arabic: noindex, no Referer
  const name = clinicWords(clinicFromMatches(matches), "ar").name;
  const title = !error ? t("ar", "certificate.title") : isRouteErrorResponse(error) && error.status === 429 ? t("ar", "certificate.tooManyTitle") : t("ar", "certificate.notFoundTitle");
  return [
    { title: `${title} | ${name}` },
    { name: "description", content: t("ar", "certificate.description", { name }) },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "same-origin" },
  ];
};

export const headers: Route.HeadersFunction = personalLinkHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  return data(await openCertificate(params.code, context.get(requestInfo).clientIp), { headers: RDV_HEADERS });
}

export default function CertificatePage({ loaderData }: Route.ComponentProps) {
  const { certificate } = loaderData;
  const { locale, t, words } = useI18n();
  // the clinic's name as the page's language writes it (the French page: as stored)
  const clinicName = locale === "ar" ? words.name : loaderData.clinicName;
  return (
    <CertificateLayout clinicName={clinicName}>
      <CertificateFound certificate={certificate} clinicName={clinicName} />
      <p className="text-sm text-slate-600">{t("certificate.note")}</p>
    </CertificateLayout>
  );
}

export function CertificateLayout({ clinicName, children }: { clinicName: string; children: React.ReactNode }) {
  const { t } = useI18n();
  return (
    <>
      <section className="relative overflow-hidden bg-navy-900 text-white">
        <div aria-hidden className="-end-56 -top-56 glow text-teal-600 opacity-25" />
        <div className="container-site relative py-8 md:py-12">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-400">{clinicName}</p>
          <h1 className="mt-3 text-3xl font-bold text-white md:text-4xl">{t("certificate.title")}</h1>
        </div>
      </section>
      <section className="bg-ivory py-6 md:py-12">
        <div className="container-site max-w-3xl space-y-6">{children}</div>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  const { t, href } = useI18n();
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorPage
            eyebrow={t("errors.notFoundEyebrow")}
            title={t("certificate.notFoundTitle")}
            text={<p>{fillNodes(t("certificate.notFoundText"), { o: "O", i: "I" })}</p>}
            actions={
              <div className="mx-auto w-full max-w-xl text-start">
                <CertificateCodeForm />
              </div>
            }
          />
        ),
        429: () => (
          <ErrorPage
            eyebrow={t("certificate.tooManyEyebrow")}
            title={t("certificate.tooManyTitle")}
            text={<p>{t("certificate.tooManyText")}</p>}
            actions={
              <Link to={href("/")} className="btn text-navy-900 underline underline-offset-4 hover:bg-slate-100">
                {t("errors.backHome")}
              </Link>
            }
          />
        ),
      }}
    />
  );
}
