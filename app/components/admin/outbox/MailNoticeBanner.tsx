import { MailWarning } from "~/components/admin/icons";
import { Link, useLocation } from "react-router";
import type { MailNotice } from "~/.server/mail-status";
import { OUTBOX_PATH, plural } from "./labels";

/**
 * The staff layout's line about e-mail (docs/product.md, "Staff: e-mails"): sending not
 * configured (everyone, with the count waiting and what to do), or messages given up (the
 * administrators). A plain landmark, not an alert: it is read once, not announced on every page.
 */
export function MailNoticeBanner({ notice }: { notice: MailNotice | null }) {
  const { pathname } = useLocation();
  // the outbox screen says it in full
  if (!notice || pathname === OUTBOX_PATH) return null;
  const link = notice.canManage ? (
    <Link to={OUTBOX_PATH} className="font-semibold text-amber-950 underline underline-offset-2 hover:no-underline">
      {notice.kind === "failed" ? "Voir et réessayer" : "Voir les e-mails"}
    </Link>
  ) : null;
  return (
    <section aria-label="Envoi des e-mails" className="border-b border-amber-200 bg-amber-50 text-amber-950 print:hidden">
      <div className="container-site flex items-start gap-3 py-2.5 text-sm">
        <MailWarning aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" />
        {notice.kind === "not_configured" ? (
          <p className="min-w-0">
            <strong>Envoi des e-mails non configuré :</strong>{" "}
            {notice.waiting === 0 ? "aucun e-mail en attente pour l'instant." : `${plural(notice.waiting, "e-mail en attente", "e-mails en attente")}.`}{" "}
            {/* on a phone, the count and what to do only: the line sits above every staff page */}
            <span className="hidden sm:inline">
              Les confirmations, rappels et notifications sont gardés et partiront dès qu'un serveur d'envoi sera réglé
              {notice.canManage ? " (SMTP_URL et MAIL_FROM dans la configuration du serveur, puis redémarrage)." : "."}{" "}
            </span>
            {notice.canManage ? link : "Prévenez l'administrateur du site."}
          </p>
        ) : (
          <p className="min-w-0">
            <strong>{plural(notice.failed, "e-mail n'a pas pu être envoyé", "e-mails n'ont pas pu être envoyés")}</strong> après plusieurs essais. {link}
          </p>
        )}
      </div>
    </section>
  );
}
