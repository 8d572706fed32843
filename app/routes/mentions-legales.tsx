import { Link } from "react-router";
import type { Route } from "./+types/mentions-legales";
import { LegalLayout } from "~/components/content/LegalLayout";
import { LEGAL_NOTICE_AR, LegalNoticeAr } from "~/components/legal/LegalNoticeAr";
import { useLocale } from "~/hooks/use-locale";
import { clinicWords } from "~/i18n/clinic";
import { localeOf } from "~/i18n/locale";
import { DATA_LAW } from "~/content/legal";
import { useClinic } from "~/hooks/use-clinic";
import { clinicFromMatches, seo } from "~/lib/seo";
import { CONTENT_PAGE } from "~/lib/page-handle";

/** Server-rendered, not hydrated: the site's script is all it runs (decision 016). */
export const handle = CONTENT_PAGE;

/** In French at /mentions-legales, in Arabic at /ar/mentions-legales (route id "ar-mentions-legales"; app/components/legal/LegalNoticeAr.tsx). */
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOf(location.pathname);
  if (locale === "ar") {
    const name = clinicWords(clinicFromMatches(matches), "ar").name;
    return seo(matches, { title: LEGAL_NOTICE_AR.title, description: LEGAL_NOTICE_AR.description(name), path: "/mentions-legales", locale });
  }
  return seo(matches, {
    title: "Mentions légales",
    description: `Mentions légales du site de la ${clinicFromMatches(matches).name} : éditeur, directeur de la publication, hébergeur et contact.`,
    path: "/mentions-legales",
  });
};

const TOC = [
  { id: "editeur", label: "Éditeur du site" },
  { id: "hebergeur", label: "Hébergement" },
  { id: "contact", label: "Nous contacter" },
  { id: "information-medicale", label: "Information médicale" },
  { id: "propriete", label: "Propriété intellectuelle" },
  { id: "donnees", label: "Données personnelles" },
  { id: "droit", label: "Droit applicable" },
];

/** Legal notice: who runs the site, the host, how to reach the clinic. */
export default function MentionsLegales() {
  return useLocale() === "ar" ? <LegalNoticeAr /> : <MentionsLegalesFr />;
}

function MentionsLegalesFr() {
  const clinic = useClinic();
  const { legal } = clinic;
  return (
    <LegalLayout title="Mentions légales" lead="Les informations ci-dessous identifient l'éditeur et l'hébergeur de ce site, conformément au droit algérien." toc={TOC}>
      <h2 id="editeur">Éditeur du site</h2>
      <p>
        Le présent site est édité par la <strong>{clinic.name}</strong>, {legal.activity.charAt(0).toLowerCase() + legal.activity.slice(1)}.
      </p>
      <ul>
        <li>
          Adresse : {clinic.address.street}, {clinic.address.postalCode} {clinic.address.district}, {clinic.address.city}, {clinic.address.country}
        </li>
        <li>Directeur de la publication : {legal.director}</li>
        <li>{legal.order}</li>
        <li>{legal.registration}</li>
      </ul>

      <h2 id="hebergeur">Hébergement</h2>
      <p>Le site et ses données sont hébergés en Algérie par :</p>
      <ul>
        <li>
          <strong>{legal.host.name}</strong>
        </li>
        <li>Adresse : {legal.host.address}</li>
        <li>Téléphone : {legal.host.phone}</li>
        <li>
          Site web : <a href={legal.host.website} rel="noopener noreferrer">{legal.host.website.replace(/^https?:\/\//, "")}</a>
        </li>
      </ul>

      <h2 id="contact">Nous contacter</h2>
      <ul>
        {clinic.phones.map((p) => (
          <li key={p.tel}>
            {p.label} : <a href={`tel:${p.tel}`}>{p.display}</a>
          </li>
        ))}
        <li>
          E-mail : <a href={`mailto:${clinic.email}`}>{clinic.email}</a>
        </li>
        <li>Adresse postale : {clinic.address.oneLine}</li>
      </ul>

      <h2 id="information-medicale">Information médicale</h2>
      <p>
        Les contenus de ce site (pages de soins, articles du blog) sont donnés à titre d'information générale. Ils ne constituent ni un
        diagnostic ni une prescription et ne remplacent pas une consultation : seul un examen clinique permet de poser une indication,
        d'estimer une durée de traitement et d'établir un devis. Les illustrations et les exemples présentés ne préjugent pas du
        résultat obtenu dans une autre situation.
      </p>
      <p>En cas de douleur importante, de gonflement ou de saignement persistant, appelez la clinique sans attendre.</p>

      <h2 id="propriete">Propriété intellectuelle</h2>
      <p>
        Les textes, illustrations, logos et la présentation de ce site sont la propriété de la {clinic.name}, sauf mention contraire. Leur
        reproduction, même partielle, sans autorisation écrite préalable est interdite. Les avis de patients sont publiés avec l'accord de
        leurs auteurs.
      </p>
      <p>
        Le plan d'accès utilise les données cartographiques d'OpenStreetMap, © les contributeurs d'OpenStreetMap, disponibles sous licence
        ODbL.
      </p>

      <h2 id="donnees">Données personnelles</h2>
      <p>
        Les données transmises par les formulaires de rendez-vous et d'inscription sont traitées conformément à la {DATA_LAW.name}. Le détail
        des données collectées, de leur usage, de leur durée de conservation et de vos droits figure dans notre{" "}
        <Link to="/politique-de-confidentialite">politique de confidentialité</Link>.
      </p>

      <h2 id="droit">Droit applicable</h2>
      <p>
        Le présent site et ses mentions légales sont soumis au droit algérien. En cas de litige, et à défaut de solution amiable, les
        juridictions compétentes d'Alger seront seules saisies.
      </p>
    </LegalLayout>
  );
}
