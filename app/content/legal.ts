/**
 * Facts shown on /mentions-legales and /politique-de-confidentialite. The publisher's facts
 * (registration, order, activity, publication director) and the host are the clinic's own:
 * staff enter them on /admin/clinique (`Clinic.legal`, app/lib/clinic.ts); the staff home lists
 * those still equal to the demo's before going live.
 */

/** Date of the last update of the legal pages (ISO date). */
export const LEGAL_UPDATED = "2026-01-15";

/** Algerian law on personal data and its supervisory authority. */
export const DATA_LAW = {
  name: "loi n° 18-07 du 10 juin 2018 relative à la protection des personnes physiques dans le traitement des données à caractère personnel",
  authority: "Autorité nationale de protection des données à caractère personnel (ANPDP)",
} as const;

export interface DataProcessing {
  id: string;
  title: string;
  data: string[];
  purpose: string;
  basis: string;
  retention: string;
  recipients: string;
}

/** What each form and function of the site collects, why, for how long and who sees it. */
export const DATA_PROCESSINGS: DataProcessing[] = [
  {
    id: "rendez-vous",
    title: "Demande de rendez-vous (formulaire « Prendre Rendez-vous »)",
    data: [
      "nom complet, adresse e-mail et numéro de téléphone",
      "soin souhaité, date et heure souhaitées",
      "message facultatif, qui peut contenir des informations sur votre santé si vous choisissez d'en écrire",
      "après votre venue, les informations de suivi saisies par l'équipe : avancement du traitement, montants du devis et des règlements, remarques",
    ],
    purpose: "organiser votre rendez-vous, vous recontacter pour le confirmer et assurer le suivi administratif de vos soins",
    basis: "votre consentement, exprimé par la case à cocher du formulaire, et la relation de soins qui en découle",
    retention:
      "une demande jamais confirmée est anonymisée après la durée indiquée sous « Durées appliquées par le site » ; pour les patients soignés, la durée de conservation du dossier patient fixée par la réglementation sanitaire",
    recipients: "le chirurgien-dentiste et le personnel de la clinique habilité, tous tenus au secret professionnel",
  },
  {
    id: "formation",
    title: "Inscription à une formation",
    data: ["nom, prénom, adresse e-mail et numéro de téléphone", "formation choisie, date et statut de l'inscription"],
    purpose: "gérer votre inscription, vous informer de l'organisation de la session et délivrer les attestations",
    basis: "votre consentement, exprimé par la case à cocher du formulaire, et l'exécution de l'inscription",
    retention: "pendant toute la durée de la formation, puis 3 ans après sa fin",
    recipients: "le responsable des formations et le personnel administratif de la clinique",
  },
  {
    id: "securite",
    title: "Sécurité et fonctionnement du site",
    data: [
      "adresse IP, pages demandées, date et heure (journaux du serveur)",
      "compteurs temporaires liés à l'adresse IP pour limiter les envois abusifs de formulaires",
      "pour le personnel uniquement : un cookie de session nécessaire à la connexion",
    ],
    purpose: "protéger le site contre les abus et les intrusions, et diagnostiquer les pannes",
    basis: "l'intérêt légitime de la clinique à assurer la sécurité de son site",
    retention: "6 mois au plus pour les journaux et les compteurs anti-abus ; 12 heures au plus pour la session du personnel",
    recipients: "le personnel technique de la clinique et son hébergeur",
  },
];
