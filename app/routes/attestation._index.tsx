import { data, redirect } from "react-router";
import type { Route } from "./+types/attestation._index";
import { CertificateCodeForm } from "~/components/attestation/CertificateCheck";
import { CertificateLayout } from "./attestation.$code";
import { useI18n } from "~/hooks/use-locale";
import { t } from "~/i18n";
import { clinicWords } from "~/i18n/clinic";
import { localeOf } from "~/i18n/locale";
import { certificatePath, isCertificateCode, normaliseCode } from "~/lib/certificate";
import { CONTENT_PAGE } from "~/lib/page-handle";
import { clinicFromMatches, seo } from "~/lib/seo";

/**
 * /attestation: type the code printed on a certificate of attendance. A GET form: a well-formed
 * code goes to /attestation/<code>; anything else is shown again with the message in the page's
 * language. In Arabic at /ar/attestation (its code's page: /ar/attestation/<code>).
 */
export const handle = CONTENT_PAGE;

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOf(location.pathname);
  return seo(matches, {
    title: t(locale, "certificate.formTitle"),
    description: t(locale, "certificate.formDescription", { name: clinicWords(clinicFromMatches(matches), locale).name }),
    path: "/attestation",
    locale,
  });
};

export function loader({ url }: Route.LoaderArgs) {
  const typed = url.searchParams.get("code");
  if (typed === null) return data({ typed: "", error: undefined as "empty" | "shape" | undefined });
  const code = normaliseCode(typed.slice(0, 40));
  if (isCertificateCode(code)) throw redirect(localeOf(url.pathname) === "ar" ? `/ar${certificatePath(code)}` : certificatePath(code));
  const error: "empty" | "shape" = typed.trim() === "" ? "empty" : "shape";
  return data({ typed: typed.slice(0, 40), error }, { status: 400 });
}

export default function CertificateCodePage({ loaderData }: Route.ComponentProps) {
  const { t, words } = useI18n();
  return (
    <CertificateLayout clinicName={words.name}>
      <p className="text-slate-700">{t("certificate.intro")}</p>
      <CertificateCodeForm code={loaderData.typed} error={loaderData.error} />
    </CertificateLayout>
  );
}
