import { Link } from "react-router";
import { ErrorPage } from "~/components/error-boundary";
import { useI18n } from "~/hooks/use-locale";
import { CallButtons } from "./ClinicInfo";

/**
 * The answers of /rdv/<token> (and /ar/rdv/<token>, in Arabic) without an appointment. One page
 * for a wrong, a malformed and an expired link alike: nothing says whether the link ever opened an
 * appointment.
 */
export function RdvNotFoundPage() {
  const { t } = useI18n();
  return <ErrorPage eyebrow={t("rdvPage.notFoundEyebrow")} title={t("rdvPage.notFound")} text={<p>{t("rdvPage.notFoundText")}</p>} actions={<RdvErrorActions />} />;
}

export function RdvBlockedPage() {
  const { t } = useI18n();
  return <ErrorPage eyebrow={t("rdvPage.blockedEyebrow")} title={t("rdvPage.tooMany")} text={<p>{t("rdvPage.blockedText")}</p>} actions={<RdvErrorActions />} />;
}

export function RdvErrorActions() {
  const { t, href } = useI18n();
  return (
    <div className="flex flex-col items-center gap-3">
      <CallButtons className="justify-center" />
      <Link to={href("/")} className="btn text-navy-900 underline underline-offset-4 hover:bg-slate-100">
        {t("rdvPage.backHome")}
      </Link>
    </div>
  );
}
