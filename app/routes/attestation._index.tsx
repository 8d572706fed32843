import { data, redirect } from "react-router";
import type { Route } from "./+types/attestation._index";
import { CertificateCodeForm } from "~/components/attestation/CertificateCheck";
import { CertificateLayout } from "./attestation.$code";
import { certificatePath, isCertificateCode, normaliseCode } from "~/lib/certificate";
import { CONTENT_PAGE } from "~/lib/page-handle";
import { clinicFromMatches, seo } from "~/lib/seo";

/**
 * /attestation: type the code printed on a certificate of attendance. A GET form: a well-formed
 * code goes to /attestation/<code>; anything else is shown again with the French message.
 */
export const handle = CONTENT_PAGE;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Vérifier une attestation",
    description: `Vérifiez qu'une attestation de formation délivrée par ${clinicFromMatches(matches).name} est authentique, avec le code imprimé dessus.`,
    path: "/attestation",
  });

export function loader({ url }: Route.LoaderArgs) {
  const typed = url.searchParams.get("code");
  if (typed === null) return data({ typed: "", error: undefined as string | undefined });
  const code = normaliseCode(typed.slice(0, 40));
  if (isCertificateCode(code)) throw redirect(certificatePath(code));
  const error = typed.trim() === "" ? "Saisissez le code de l'attestation." : "Ce code n'a pas la bonne forme : 12 lettres et chiffres, par exemple ABCD-EFGH-JKMN.";
  return data({ typed: typed.slice(0, 40), error }, { status: 400 });
}

export default function CertificateCodePage({ loaderData, matches }: Route.ComponentProps) {
  const clinic = clinicFromMatches(matches);
  return (
    <CertificateLayout clinicName={clinic.name}>
      <p className="text-slate-700">Chaque attestation de présence délivrée par la clinique porte un code et un QR code. Saisissez le code pour vérifier qu'elle est authentique.</p>
      <CertificateCodeForm code={loaderData.typed} error={loaderData.error} />
    </CertificateLayout>
  );
}
