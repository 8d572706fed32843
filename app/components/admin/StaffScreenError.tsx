import { AlertTriangle, RefreshCw } from "~/components/admin/icons";
import { isRouteErrorResponse, Link, useRevalidator } from "react-router";

/**
 * The error boundary of a staff screen: an expired session says so with 'Se reconnecter' (back to
 * `path` after signing in); any other failure says what could not be read, with 'Réessayer'.
 */
export function StaffScreenError({ error, path, title, text }: { error: unknown; path: string; title: string; text: string }) {
  const revalidator = useRevalidator();
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <div role="alert" className="mx-auto max-w-xl rounded-2xl border border-amber-200 bg-white p-8 text-center shadow-sm">
        <h1 className="font-sans text-xl font-semibold text-navy-900">Accès non autorisé</h1>
        <p className="mt-2 text-slate-600">Votre rôle ne permet pas cette action ; rien n'a été enregistré. Si vous en avez besoin, demandez-le à un administrateur de la clinique.</p>
        <Link to="/admin/agenda" className="btn-primary mt-6">
          Retour à l'agenda
        </Link>
      </div>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 401) {
    return (
      <div role="alert" className="mx-auto max-w-xl rounded-2xl border border-amber-200 bg-white p-8 text-center shadow-sm">
        <h1 className="font-sans text-xl font-semibold text-navy-900">Votre session a expiré.</h1>
        <p className="mt-2 text-slate-600">Reconnectez-vous pour continuer ; ce qui n'a pas été enregistré est à refaire.</p>
        <Link to={`/login?redirectTo=${encodeURIComponent(path)}`} className="btn-primary mt-6">
          Se reconnecter
        </Link>
      </div>
    );
  }
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-2xl border border-red-200 bg-white p-8 text-center shadow-sm">
      <AlertTriangle aria-hidden className="mx-auto h-10 w-10 text-red-600" />
      <h1 className="mt-4 font-sans text-xl font-semibold text-navy-900">{title}</h1>
      <p className="mt-2 text-slate-600">{text}</p>
      <button type="button" className="btn-primary mt-6" onClick={() => revalidator.revalidate()} disabled={revalidator.state === "loading"}>
        <RefreshCw aria-hidden className={`h-4 w-4 ${revalidator.state === "loading" ? "animate-spin" : ""}`} />
        Réessayer
      </button>
    </div>
  );
}
