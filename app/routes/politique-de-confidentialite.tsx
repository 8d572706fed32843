import { Link } from "react-router";
import type { Route } from "./+types/politique-de-confidentialite";
import { getConfig } from "~/.server/config";
import { getDb } from "~/.server/db";
import { KNOWN_DEVICE_MAX_AGE_DAYS } from "~/.server/known-device";
import { loadContactSettings } from "~/.server/repos/contact-settings";
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS } from "~/.server/session";
import { LegalLayout } from "~/components/content/LegalLayout";
import { PRIVACY_AR, PrivacyPolicyAr } from "~/components/legal/PrivacyPolicyAr";
import { useLocale } from "~/hooks/use-locale";
import { localeOf } from "~/i18n/locale";
import { DATA_LAW, DATA_PROCESSINGS } from "~/content/legal";
import { useClinic } from "~/hooks/use-clinic";
import { formatNumber } from "~/lib/format";
import { seo } from "~/lib/seo";
import { CONTENT_PAGE } from "~/lib/page-handle";

/** Server-rendered, not hydrated: the site's script is all it runs (decision 016). */
export const handle = CONTENT_PAGE;

/** In French at /politique-de-confidentialite, in Arabic at /ar/… (route id "ar-politique-de-confidentialite"; app/components/legal/PrivacyPolicyAr.tsx). */
export const meta: Route.MetaFunction = ({ matches, location }) =>
  localeOf(location.pathname) === "ar"
    ? seo(matches, { title: PRIVACY_AR.title, description: PRIVACY_AR.description, path: "/politique-de-confidentialite", locale: "ar" })
    : seo(matches, {
    title: "Politique de confidentialité",
    description:
      "Données collectées par les formulaires de rendez-vous et d'inscription, finalités, durées de conservation et vos droits (loi n° 18-07).",
    path: "/politique-de-confidentialite",
  });

const TOC = [
  { id: "responsable", label: "Responsable du traitement" },
  { id: "traitements", label: "Données collectées et usages" },
  { id: "durees", label: "Durées appliquées par le site" },
  { id: "sante", label: "Données de santé" },
  { id: "destinataires", label: "Qui a accès à vos données" },
  { id: "securite", label: "Sécurité" },
  { id: "cookies", label: "Cookies et services tiers" },
  { id: "droits", label: "Vos droits" },
  { id: "reclamation", label: "Réclamation" },
];

const count = (n: number, one: string, many: string) => `${formatNumber(n)}\u00a0${n > 1 ? many : one}`;

/**
 * The periods the code applies, read where the code reads them (docs/product.md, "Personal
 * data"): the retention of requests never confirmed (schedule setting), the backups kept
 * (BACKUP_KEEP, one a day or not), the staff session and known-device cookie, the anti-abuse
 * counters.
 */
export async function loader() {
  const c = getConfig();
  const { retentionMonths } = await loadContactSettings(getDb());
  return {
    retentionMonths,
    backupKeep: c.BACKUP_KEEP,
    dailyBackups: c.BACKUP_DAILY && c.DATABASE_URL.kind === "sqlite",
    sessionIdleMinutes: Math.round(IDLE_TIMEOUT_MS / 60_000),
    sessionMaxHours: Math.round(ABSOLUTE_TIMEOUT_MS / 3_600_000),
    knownDeviceDays: KNOWN_DEVICE_MAX_AGE_DAYS,
    formWindowMinutes: Math.max(1, Math.round(c.RATE_LIMIT_FORM_WINDOW_MS / 60_000)),
  };
}

/** What the booking and enrolment forms collect, why, for how long, who sees it, and the visitor's rights (law 18-07). */
export default function PolitiqueDeConfidentialite({ loaderData }: Route.ComponentProps) {
  return useLocale() === "ar" ? <PrivacyPolicyAr d={loaderData} /> : <PolitiqueFr d={loaderData} />;
}

function PolitiqueFr({ d }: { d: Route.ComponentProps["loaderData"] }) {
  const clinic = useClinic();
  return (
    <LegalLayout
      title="Politique de confidentialité"
      lead="Nous ne collectons que les données nécessaires pour vous recevoir et vous soigner. Cette page explique lesquelles, pourquoi, pendant combien de temps et comment exercer vos droits."
      toc={TOC}
    >
      <h2 id="responsable">Responsable du traitement</h2>
      <p>
        Le responsable du traitement de vos données est la <strong>{clinic.name}</strong>, représentée par {clinic.doctor.name},{" "}
        {clinic.address.oneLine}. Pour toute question sur vos données : <a href={`mailto:${clinic.email}`}>{clinic.email}</a>.
      </p>
      <p>
        Les traitements décrits ci-dessous sont mis en œuvre conformément à la {DATA_LAW.name}, et déclarés auprès de l'{DATA_LAW.authority}.
      </p>

      <h2 id="traitements">Données collectées et usages</h2>
      {DATA_PROCESSINGS.map((t) => (
        <section key={t.id} aria-labelledby={`traitement-${t.id}`} className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h3 id={`traitement-${t.id}`} className="!mt-0">
            {t.title}
          </h3>
          <dl className="mt-3 grid gap-3 text-base sm:grid-cols-[180px_1fr]">
            <dt className="font-semibold text-navy-900">Données</dt>
            <dd>
              <ul className="!mt-0">
                {t.data.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            </dd>
            <dt className="font-semibold text-navy-900">Pourquoi</dt>
            <dd>{t.purpose.charAt(0).toUpperCase() + t.purpose.slice(1)}.</dd>
            <dt className="font-semibold text-navy-900">Fondement</dt>
            <dd>{t.basis.charAt(0).toUpperCase() + t.basis.slice(1)}.</dd>
            <dt className="font-semibold text-navy-900">Conservation</dt>
            <dd>{t.retention.charAt(0).toUpperCase() + t.retention.slice(1)}.</dd>
            <dt className="font-semibold text-navy-900">Destinataires</dt>
            <dd>{t.recipients.charAt(0).toUpperCase() + t.recipients.slice(1)}.</dd>
          </dl>
        </section>
      ))}
      <p>
        Les champs obligatoires sont signalés dans chaque formulaire ; sans eux, nous ne pourrions pas traiter votre demande. Vos données ne
        sont jamais vendues, louées ni utilisées à des fins publicitaires. À l'expiration des durées indiquées, elles sont supprimées ou
        rendues anonymes.
      </p>

      <h2 id="durees">Durées appliquées par le site</h2>
      <p>Ces durées sont celles que le site applique lui-même, automatiquement :</p>
      <ul>
        <li>
          <strong>Demandes de rendez-vous jamais confirmées</strong> (restées «&nbsp;demande reçue&nbsp;», ou annulées sans avoir été confirmées) :{" "}
          {count(d.retentionMonths, "mois", "mois")} après la date demandée, le nom, le téléphone, l'e-mail, le message et les e-mails échangés sont
          effacés. Seuls la date, le soin et le statut restent, sans aucune identité.
        </li>
        <li>
          <strong>Effacement à votre demande</strong> : dès que la clinique l'a fait depuis votre dossier, votre nom, vos coordonnées, vos messages et
          les notes de l'équipe sont effacés de la base ; la date, le soin et les montants de vos rendez-vous sont gardés pour la comptabilité, sans
          votre identité. Chaque copie de vos données remise à votre demande et chaque effacement sont notés (par qui, quand).
        </li>
        <li>
          <strong>Liste d'attente</strong> : votre inscription est effacée {count(d.retentionMonths, "mois", "mois")} après avoir pris fin (date
          dépassée, créneau obtenu ou retrait), et aussitôt en cas d'effacement à votre demande ; une proposition de créneau ne vaut que quelques
          heures.
        </li>
        <li>
          <strong>Sauvegardes</strong> : {d.dailyBackups ? "une par jour ; " : ""}les {count(d.backupKeep, "sauvegarde", "sauvegardes")} les plus
          récentes sont conservées, les plus anciennes supprimées
          {d.dailyBackups ? ` : une donnée effacée disparaît des sauvegardes au plus tard ${count(d.backupKeep, "jour", "jours")} après.` : "."}
        </li>
        <li>
          <strong>Lien personnel de rendez-vous</strong> (envoyé par e-mail ou WhatsApp) : il ne fonctionne que jusqu'à la fin du jour du rendez-vous,
          et plus du tout une fois vos données effacées.
        </li>
        <li>
          <strong>Compteurs anti-abus</strong> des formulaires : effacés {count(d.formWindowMinutes, "minute", "minutes")} après leur création ; ceux de
          la page de connexion du personnel, 24 heures après la dernière tentative.
        </li>
        <li>
          <strong>Session du personnel</strong> : fermée après {count(d.sessionIdleMinutes, "minute", "minutes")} sans activité et au plus tard{" "}
          {count(d.sessionMaxHours, "heure", "heures")} après la connexion ; le cookie qui reconnaît l'appareil d'un membre du personnel dure{" "}
          {count(d.knownDeviceDays, "jour", "jours")}.
        </li>
        <li>
          <strong>Journaux techniques</strong> : ils ne contiennent ni votre nom, ni votre téléphone, ni votre e-mail, ni ce que vous écrivez dans les
          formulaires.
        </li>
      </ul>

      <h2 id="sante">Données de santé</h2>
      <p>
        Les informations relatives à votre santé sont des données sensibles. Le formulaire de rendez-vous ne vous en demande aucune : le champ
        « message » est facultatif, et nous vous conseillons de ne pas y détailler votre état de santé, que nous verrons ensemble lors de la
        consultation. Les données de santé recueillies au cabinet sont couvertes par le secret médical.
      </p>

      <h2 id="destinataires">Qui a accès à vos données</h2>
      <p>
        Seuls le chirurgien-dentiste et les membres de l'équipe de la clinique qui en ont besoin pour leur mission y ont accès, chacun avec un
        compte personnel protégé. Notre hébergeur, {clinic.legal.host.name}, conserve les données pour notre compte sur des serveurs situés en Algérie,
        sans pouvoir les utiliser à d'autres fins. Aucune donnée n'est transférée vers un pays étranger par la clinique.
      </p>
      <p>Vos données peuvent enfin être communiquées aux autorités lorsque la loi l'exige.</p>

      <h2 id="securite">Sécurité</h2>
      <p>
        Les échanges avec le site sont chiffrés (HTTPS). L'espace du personnel est protégé par des mots de passe stockés sous forme chiffrée
        et irréversible, des sessions limitées dans le temps et une limitation des tentatives de connexion. Les formulaires publics sont
        protégés contre les envois automatisés.
      </p>

      <h2 id="cookies">Cookies et services tiers</h2>
      <p>
        Le site n'utilise aucun cookie publicitaire ni outil de mesure d'audience. Seul l'espace du personnel dépose un cookie de session,
        strictement nécessaire à la connexion.
      </p>
      <p>
        Le plan d'accès affiché sur certaines pages est fourni par OpenStreetMap : lorsque vous l'affichez, votre navigateur se connecte aux
        serveurs de la fondation OpenStreetMap, qui reçoivent votre adresse IP. Si vous le préférez, l'adresse de la clinique figure en
        toutes lettres sur chaque page.
      </p>

      <h2 id="droits">Vos droits</h2>
      <p>Conformément à la loi n° 18-07, vous disposez à tout moment :</p>
      <ul>
        <li>du droit d'être informé de l'usage de vos données ;</li>
        <li>du droit d'accès à vos données et d'en obtenir une copie ;</li>
        <li>du droit de faire rectifier des données inexactes ou incomplètes ;</li>
        <li>du droit de demander l'effacement de vos données, sous réserve des obligations de conservation du dossier médical ;</li>
        <li>du droit de vous opposer, pour un motif légitime, au traitement de vos données ;</li>
        <li>du droit de retirer votre consentement, sans effet sur les traitements déjà réalisés.</li>
      </ul>
      <p>
        Pour exercer ces droits, écrivez-nous à <a href={`mailto:${clinic.email}`}>{clinic.email}</a> ou par courrier à l'adresse de la
        clinique, en précisant votre nom, votre téléphone et l'objet de votre demande. Nous pourrons vous demander de justifier de votre
        identité. Nous vous répondons dans un délai d'un mois au plus.
      </p>

      <h2 id="reclamation">Réclamation</h2>
      <p>
        Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à l'
        {DATA_LAW.authority}. Voir aussi nos <Link to="/mentions-legales">mentions légales</Link>.
      </p>
    </LegalLayout>
  );
}
