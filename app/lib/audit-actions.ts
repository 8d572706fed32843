/**
 * The actions of the audit log (docs/product.md, "Staff: audit log") and their French labels,
 * shared by the writer (app/.server/audit.ts) and the journal screen's filter.
 */
export const AUDIT_ACTIONS = {
  "auth.login.success": "Connexion réussie",
  "auth.login.failure": "Connexion refusée",
  "auth.2fa.failure": "Code de double authentification refusé",
  "auth.recovery_code.used": "Code de secours utilisé",
  "auth.password_reset.requested": "Lien de réinitialisation demandé",
  "auth.password_reset.used": "Mot de passe réinitialisé par lien",
  "2fa.enabled": "Double authentification activée",
  "2fa.disabled": "Double authentification désactivée",
  "2fa.recovery_codes.renewed": "Codes de secours renouvelés",
  "2fa.device.forgotten": "Appareil de confiance oublié",
  "account.created": "Compte créé",
  "account.role_changed": "Rôle modifié",
  "account.disabled": "Compte désactivé",
  "account.enabled": "Compte réactivé",
  "account.password_reset": "Mot de passe réinitialisé par un administrateur",
  "account.2fa_reset": "Double authentification réinitialisée par un administrateur",
  "account.password_changed": "Mot de passe modifié",
  "account.sessions_ended": "Autres sessions fermées",
  "team.settings": "Réglages de l'équipe modifiés",
  "appointment.status": "Statut de rendez-vous modifié",
  "appointment.moved": "Rendez-vous déplacé",
  "appointment.price": "Prix d'un rendez-vous modifié",
  "appointment.payment": "Paiement encaissé",
  "patient.payment": "Paiement encaissé sur le compte du patient",
  "payment.cancel": "Reçu annulé",
  "cash.close": "Caisse clôturée",
  "quote.create": "Devis créé",
  "quote.update": "Devis modifié",
  "quote.propose": "Devis proposé au patient",
  "quote.send": "Devis envoyé par e-mail",
  "plan.save": "Échéancier enregistré",
  "act.create": "Acte ajouté au catalogue",
  "act.update": "Acte du catalogue modifié",
  "act.services": "Actes des services de réservation",
  "patient.export": "Dossier patient exporté",
  "patient.merge": "Dossiers patients fusionnés",
  "patient.erase": "Dossier patient effacé",
  "blog.delete": "Article de blog supprimé",
  "formation.delete": "Formation supprimée",
  "export.csv": "Export CSV",
  "export.xlsx": "Export Excel",
  "outbox.retry": "Nouvel essai d'envoi d'un e-mail",
  "schedule.change": "Horaires ou réglages modifiés",
  "clinic.update": "Identité de la clinique modifiée",
  "photo.set": "Photo ajoutée au site",
  "photo.replace": "Photo du site remplacée",
  "photo.alt": "Texte alternatif d'une photo modifié",
  "photo.remove": "Photo du site retirée",
  "gallery.case.create": "Cas avant/après ajouté",
  "gallery.case.update": "Cas avant/après modifié",
  "gallery.case.move": "Cas avant/après déplacé",
  "gallery.case.withdraw": "Consentement d'un cas avant/après retiré",
  "gallery.case.delete": "Cas avant/après supprimé",
  "gallery.settings": "Délai avant suppression des photos modifié",
  "review.create": "Avis ajouté",
  "review.update": "Avis modifié",
  "review.publish": "Avis publié",
  "review.unpublish": "Avis retiré du site",
  "review.move": "Avis déplacé",
  "review.delete": "Avis supprimé",
  "audit.purge": "Entrées anciennes du journal purgées",
  "audit.resign": "Points de contrôle du journal signés à nouveau",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(v: unknown): v is AuditAction {
  return typeof v === "string" && Object.hasOwn(AUDIT_ACTIONS, v);
}

export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTIONS[action] : action;
}
