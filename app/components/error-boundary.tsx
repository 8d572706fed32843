import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, useLocation, useRouteError, type ErrorResponse } from "react-router";
import { PUBLIC_ROUTES } from "~/content/public-routes";
import { useI18n } from "~/hooks/use-locale";
import { frenchPathOf, localeOf } from "~/i18n";

type StatusHandler = (info: { error: ErrorResponse; pathname: string }) => ReactNode;

/** An error page in the page's language (French, or Arabic under /ar); public texts never carry internal detail. */
export function ErrorPage({ eyebrow, title, text, actions }: { eyebrow: string; title: string; text: ReactNode; actions?: ReactNode }) {
  const { t, href, label } = useI18n();
  return (
    <section className="container-site flex min-h-[55vh] flex-col items-center justify-center py-20 text-center">
      <title>{`${title} | ${t("errors.siteName")}`}</title>
      <p className="eyebrow">{eyebrow}</p>
      <h1 className="mt-3 text-4xl font-bold">{title}</h1>
      <div className="mt-4 max-w-xl text-slate-600">{text}</div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {actions ?? (
          <>
            <Link to={href("/")} className="btn-primary">
              {t("errors.backHome")}
            </Link>
            <Link to={href("/appointment")} className="btn border border-navy-900 text-navy-900 hover:bg-slate-50">
              {label({ to: "/appointment", label: "Prendre Rendez-vous" })}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}

/**
 * The staff guard's refusal (403, `reason: "forbidden"`): the role does not allow the page or the
 * action. The guard runs before the staff layout renders, so this is the root boundary's page.
 */
function StaffForbidden({ role }: { role: string | null }) {
  return (
    <ErrorPage
      eyebrow="Erreur 403"
      title="Accès non autorisé"
      text={
        <p>
          {role ? `Votre rôle, ${role}, ne permet pas d'ouvrir cette page ni d'y faire cette action.` : "Votre compte ne permet pas d'ouvrir cette page ni d'y faire cette action."} Rien n'a été
          enregistré. Si vous en avez besoin, demandez-le à un administrateur de la clinique.
        </p>
      }
      actions={
        <>
          <Link to="/admin/agenda" className="btn-primary">
            Retour à l'agenda
          </Link>
          <Link to="/admin/account" className="btn border border-navy-900 text-navy-900 hover:bg-slate-50">
            Mon compte
          </Link>
        </>
      }
    />
  );
}

const DEFAULT_HANDLERS: Record<number, StatusHandler> = {
  401: ({ error, pathname }) => {
    const to = typeof error.data?.redirectTo === "string" ? error.data.redirectTo : pathname;
    return (
      <ErrorPage
        eyebrow="Erreur 401"
        title="Session expirée"
        text={<p>Vous devez être connecté pour effectuer cette action. Rien n'a été enregistré.</p>}
        actions={
          <a href={`/login?redirectTo=${encodeURIComponent(to)}`} className="btn-primary">
            Se reconnecter
          </a>
        }
      />
    );
  },
  403: ({ error }) =>
    error.data?.reason === "forbidden" ? (
      <StaffForbidden role={typeof error.data.role === "string" ? error.data.role : null} />
    ) : (
      <ErrorPage eyebrow="Erreur 403" title="Accès refusé" text={<p>Vous n'avez pas le droit d'effectuer cette action. Rien n'a été enregistré.</p>} />
    ),
  404: ({ pathname }) => <NotFound pathname={pathname} />,
  413: () => <TooLarge />,
};

/** 413 in the page's language (a public form under /ar is refused in Arabic). */
function TooLarge() {
  const { t } = useI18n();
  return <ErrorPage eyebrow={t("errors.tooLargeEyebrow")} title={t("errors.tooLargeTitle")} text={<p>{t("errors.tooLargeText")}</p>} />;
}

/** 400 in the page's language: a request the site cannot read (not a form, a broken multipart). */
export function BadRequest() {
  const { t } = useI18n();
  return <ErrorPage eyebrow={t("errors.badRequestEyebrow")} title={t("errors.badRequestTitle")} text={<p>{t("errors.badRequestText")}</p>} />;
}

/**
 * 404 in the page's language. Under /ar, a page that exists in French but is not translated yet
 * says so and links to the French page.
 */
function NotFound({ pathname }: { pathname: string }) {
  const { t } = useI18n();
  const french = frenchPathOf(pathname);
  const untranslated = localeOf(pathname) === "ar" && PUBLIC_ROUTES.some((r) => r.path === french);
  return (
    <ErrorPage
      eyebrow={t("errors.notFoundEyebrow")}
      title={t("errors.notFoundTitle")}
      text={
        untranslated ? (
          <p>
            {t("errors.untranslatedText")}{" "}
            <a href={french} hrefLang="fr" className="font-semibold text-teal-600 underline hover:text-navy-900">
              {t("errors.untranslatedLink")}
            </a>
          </p>
        ) : (
          <p>{t("errors.notFoundText")}</p>
        )
      }
    />
  );
}

function UNEXPECTED() {
  const { t } = useI18n();
  return <ErrorPage eyebrow={t("errors.errorEyebrow")} title={t("errors.errorTitle")} text={<p>{t("errors.errorText")}</p>} />;
}

/**
 * The one error boundary of the site: the root uses it, and a route that needs other words for
 * a status passes its own handlers (the others keep the defaults).
 */
export function GeneralErrorBoundary({ statusHandlers }: { statusHandlers?: Record<number, StatusHandler> }) {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status] ?? DEFAULT_HANDLERS[error.status];
    if (handler) return <>{handler({ error, pathname })}</>;
  }
  return <UNEXPECTED />;
}
