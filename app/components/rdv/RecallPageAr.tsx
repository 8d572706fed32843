import { BellOff, CheckCircle2 } from "lucide-react";
import { Link } from "react-router";
import { ErrorPage } from "~/components/error-boundary";
import { useI18n } from "~/hooks/use-locale";
import { CallButtons } from "./ClinicInfo";

/**
 * /ar/rappel/<token>: 'Ne plus me rappeler' in Arabic (issue 32), the same module, loader and
 * action as /rappel/<token> (app/routes/rappel.$token.tsx); its texts from the catalogue
 * (`recallPage.*`). The GET only asks; the button's post stops the recalls.
 */
export function RecallPageAr({ optedOut, done, error }: { optedOut: boolean; done: boolean; error?: string }) {
  const { t, href, words } = useI18n();
  return (
    <>
      <section className="bg-navy-900 text-white">
        <div className="container-site py-8 md:py-12">
          <p className="text-sm font-semibold text-gold-400">{words.name}</p>
          <h1 className="mt-3 text-3xl font-bold text-white md:text-4xl">{t("recallPage.title")}</h1>
        </div>
      </section>
      <section className="bg-ivory py-8 md:py-12">
        <div className="container-site max-w-2xl">
          <div className="rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-200 sm:p-8">
            {optedOut ? (
              <div role="status" className="flex items-start gap-3">
                <CheckCircle2 aria-hidden className="mt-1 h-6 w-6 shrink-0 text-teal-600" />
                <div className="space-y-2 text-slate-800">
                  <p className="text-lg font-semibold text-navy-900">{done ? t("recallPage.done") : t("recallPage.already")}</p>
                  <p>{t("recallPage.stopped")}</p>
                  <p>{t("recallPage.changeMind")}</p>
                </div>
              </div>
            ) : (
              <form method="post" className="space-y-4">
                <input type="hidden" name="intent" value="stop" />
                <div className="flex items-start gap-3">
                  <BellOff aria-hidden className="mt-1 h-6 w-6 shrink-0 text-teal-600" />
                  <div className="space-y-2 text-slate-800">
                    <p className="text-lg font-semibold text-navy-900">{t("recallPage.question")}</p>
                    <p>{t("recallPage.explain", { name: words.name })}</p>
                  </div>
                </div>
                {error && (
                  <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-600/30">
                    {error}
                  </p>
                )}
                <button type="submit" className="btn-primary min-h-12 w-full sm:w-auto">
                  {t("recallPage.stop")}
                </button>
                <p className="text-sm text-slate-600">
                  {t("recallPage.bookInstead")}{" "}
                  <Link to={href("/appointment")} className="font-medium text-navy-900 underline underline-offset-4">
                    {t("recallPage.chooseDay")}
                  </Link>
                </p>
              </form>
            )}
          </div>
        </div>
      </section>
    </>
  );
}

export function RecallNotFoundPageAr() {
  const { t } = useI18n();
  return <ErrorPage eyebrow={t("recallPage.notFoundEyebrow")} title={t("recallPage.notFound")} text={<p>{t("recallPage.notFoundText")}</p>} actions={<CallButtons className="justify-center" />} />;
}

export function RecallBlockedPageAr() {
  const { t } = useI18n();
  return <ErrorPage eyebrow={t("recallPage.blockedEyebrow")} title={t("recallPage.tooMany")} text={<p>{t("recallPage.blockedText")}</p>} actions={<CallButtons className="justify-center" />} />;
}
