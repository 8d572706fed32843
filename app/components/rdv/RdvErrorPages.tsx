import { Link } from "react-router";
import { ErrorPage } from "~/components/error-boundary";
import { CallButtons } from "./ClinicInfo";

/**
 * The answers of /rdv/<token> without an appointment. One page for a wrong, a malformed and an
 * expired link alike: nothing says whether the link ever opened an appointment.
 */
export function RdvNotFoundPage() {
  return (
    <ErrorPage
      eyebrow="Erreur 404"
      title="Lien introuvable"
      text={
        <p>
          Ce lien ne permet pas d'afficher un rendez-vous. Vérifiez qu'il a été copié en entier. Pour toute question sur votre rendez-vous, appelez-nous.
        </p>
      }
      actions={<Actions />}
    />
  );
}

export function RdvBlockedPage() {
  return (
    <ErrorPage
      eyebrow="Erreur 429"
      title="Trop de tentatives"
      text={<p>Trop de liens de rendez-vous invalides ont été ouverts depuis votre connexion. Réessayez dans quelques minutes, ou appelez-nous.</p>}
      actions={<Actions />}
    />
  );
}

function Actions() {
  return (
    <div className="flex flex-col items-center gap-3">
      <CallButtons className="justify-center" />
      <Link to="/" className="btn text-navy-900 underline underline-offset-4 hover:bg-slate-100">
        Retour à l'accueil
      </Link>
    </div>
  );
}
