import { data, Link } from "react-router";
import type { Route } from "./+types/attestation.$code";
import { openCertificate } from "~/.server/certificate-actions";
import { personalLinkHeaders, RDV_HEADERS } from "~/.server/rdv-actions";
import { requestInfo } from "~/context";
import { CertificateCodeForm, CertificateFound } from "~/components/attestation/CertificateCheck";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { CONTENT_PAGE } from "~/lib/page-handle";
import { personalPageMeta } from "~/lib/personal-meta";

/**
 * /attestation/<code>: the public check of a certificate of attendance (issue 31, ADR 028): whether
 * it is genuine and for whom, nothing else. Not indexed, never stored by a cache; the code is
 * written '[lien]' in the request log; wrong codes count towards the personal links' guessing limit.
 */
export const handle = CONTENT_PAGE;

export const meta: Route.MetaFunction = ({ error, matches }) => personalPageMeta(matches, error, { title: "Vérification d'une attestation", description: (name) => `Vérification d'une attestation de formation délivrée par ${name}.`, notFound: "Attestation introuvable" });

export const headers: Route.HeadersFunction = personalLinkHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  return data(await openCertificate(params.code, context.get(requestInfo).clientIp), { headers: RDV_HEADERS });
}

export default function CertificatePage({ loaderData }: Route.ComponentProps) {
  const { certificate, clinicName } = loaderData;
  return (
    <CertificateLayout clinicName={clinicName}>
      <CertificateFound certificate={certificate} clinicName={clinicName} />
      <p className="text-sm text-slate-600">
        Cette page reprend ce que dit l'attestation imprimée : si un nom, une formation ou une date diffère, l'attestation présentée n'est pas celle que la clinique a délivrée.
      </p>
    </CertificateLayout>
  );
}

export function CertificateLayout({ clinicName, children }: { clinicName: string; children: React.ReactNode }) {
  return (
    <>
      <section className="relative overflow-hidden bg-navy-900 text-white">
        <div aria-hidden className="absolute -right-24 -top-24 h-72 w-72 rounded-full bg-teal-600/25 blur-3xl" />
        <div className="container-site relative py-8 md:py-12">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-400">{clinicName}</p>
          <h1 className="mt-3 text-3xl font-bold text-white md:text-4xl">Vérification d'une attestation</h1>
        </div>
      </section>
      <section className="bg-ivory py-6 md:py-12">
        <div className="container-site max-w-3xl space-y-6">{children}</div>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorPage
            eyebrow="Erreur 404"
            title="Attestation introuvable"
            text={<p>Aucune attestation délivrée par la clinique ne porte ce code. Vérifiez qu'il a été recopié en entier, sans confondre 0 et O ni 1 et I.</p>}
            actions={
              <div className="mx-auto w-full max-w-xl text-left">
                <CertificateCodeForm />
              </div>
            }
          />
        ),
        429: () => (
          <ErrorPage
            eyebrow="Erreur 429"
            title="Trop de tentatives"
            text={<p>Trop de codes invalides ont été essayés depuis votre connexion. Réessayez dans quelques minutes.</p>}
            actions={
              <Link to="/" className="btn text-navy-900 underline underline-offset-4 hover:bg-slate-100">
                Retour à l'accueil
              </Link>
            }
          />
        ),
      }}
    />
  );
}
