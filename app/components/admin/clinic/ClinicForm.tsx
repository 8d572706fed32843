import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { BadgeCheck, Building2, ExternalLink, GraduationCap, Landmark, Languages, MapPin, Phone, Plus, Share2, Stethoscope, Trash2, type StaffIcon } from "~/components/admin/icons";
import { useMemo, type ReactNode } from "react";
import { Form } from "react-router";
import { ErrorList, Field, FormErrors, useAppForm } from "~/components/forms";
import { openStreetMapLink, type Clinic } from "~/lib/clinic";
import { CLINIC_FORM_MESSAGES, CLINIC_LIMITS as L, clinicFormSchema, clinicFormValue } from "~/lib/clinic-form";
import type { SubmissionResult } from "@conform-to/react";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm = FormMetadata<any, string[]>;
/** what the list buttons need of a list field */
type AnyList = Pick<FieldMetadata<unknown>, "name">;

/** The parts of the form, as the links at the top of the screen name them. */
export const CLINIC_SECTIONS = [
  { id: "clinique", label: "Clinique" },
  { id: "praticien", label: "Praticien" },
  { id: "adresse", label: "Adresse et plan" },
  { id: "telephones", label: "Téléphones" },
  { id: "reseaux", label: "Réseaux sociaux" },
  { id: "chiffres", label: "Chiffres" },
  { id: "diplomes", label: "Diplômes" },
  { id: "mentions-legales", label: "Mentions légales" },
] as const;

/** One part of the form: a fieldset with its legend, what it changes on the site, then its fields. */
function Section({ id, title, icon: Icon, intro, children }: { id: string; title: string; icon: StaffIcon; intro: ReactNode; children: ReactNode }) {
  return (
    <fieldset id={id} className="scroll-mt-4 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <legend className="sr-only">{title}</legend>
      <div aria-hidden className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 border-b border-slate-100 p-4 sm:gap-x-4 sm:p-6">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-teal-50 text-teal-600 ring-1 ring-teal-100">
          <Icon className="h-5 w-5" />
        </span>
        <p className="font-sans text-lg font-semibold text-navy-900 sm:text-xl">{title}</p>
      </div>
      <div className="space-y-5 p-4 sm:p-6">
        <div className="max-w-3xl space-y-1 text-sm leading-relaxed text-slate-600">{intro}</div>
        {children}
      </div>
    </fieldset>
  );
}

const grid2 = "grid gap-5 md:grid-cols-2";

/** A row of a list (a phone, a network, a diploma) with its 'Retirer' button. */
function ListRow({ form, list, index, label, children }: { form: AnyForm; list: AnyList; index: number; label: string; children: ReactNode }) {
  return (
    <li className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:p-4">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">{children}</div>
        <button
          {...form.remove.getButtonProps({ name: list.name, index })}
          aria-label={`Retirer ${label}`}
          title="Retirer"
          className="mt-7 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-white text-slate-500 ring-1 ring-slate-200 transition hover:bg-red-50 hover:text-red-700 hover:ring-red-200"
        >
          <Trash2 aria-hidden className="h-4 w-4" />
        </button>
      </div>
    </li>
  );
}

function AddButton({ form, list, label, defaultValue }: { form: AnyForm; list: AnyList; label: string; defaultValue: Record<string, string> }) {
  return (
    <button
      {...form.insert.getButtonProps({ name: list.name, defaultValue: defaultValue as never })}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-3 text-sm font-semibold text-teal-700 ring-1 ring-teal-200 transition hover:bg-teal-50"
    >
      <Plus aria-hidden className="h-4 w-4" />
      {label}
    </button>
  );
}

/**
 * The form of /admin/clinique: one form in eight parts (fieldsets), saved in one go with the
 * button of the bar that stays at the bottom of the screen. Lists (phones, networks, diplomas)
 * take rows with 'Ajouter…' and 'Retirer' (Conform's list intents: they work without JavaScript
 * too, the server answering with the list changed).
 */
export function ClinicForm({
  clinic,
  version,
  currentYear,
  lastResult,
  saving,
}: {
  clinic: Clinic;
  version: string;
  currentYear: number;
  lastResult?: SubmissionResult<string[]>;
  saving: boolean;
}) {
  const schema = useMemo(() => clinicFormSchema(currentYear), [currentYear]);
  const [form, fields] = useAppForm({ id: "clinic-identity", schema, lastResult, defaultValue: clinicFormValue(clinic, version) });
  const phones = fields.phones.getFieldList();
  const social = fields.social.getFieldList();
  const diplomas = fields.diplomas.getFieldList();

  return (
    // a field focused after a refused save is scrolled clear of the sticky save bar
    <Form method="post" {...getFormProps(form)} className="space-y-6 [&_input]:scroll-mt-24 [&_input]:scroll-mb-32">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name={fields.version.name} value={version} />

      <Section
        id="clinique"
        title="La clinique"
        icon={Building2}
        intro={<p>Le nom affiché en haut de chaque page, dans les e-mails envoyés aux patients et dans les résultats de recherche.</p>}
      >
        <div className={grid2}>
          <Field meta={fields.name} label="Nom de la clinique" required maxLength={L.name} autoComplete="organization" hint="Exemple : Clinique Dentaire Hamdi." />
          <Field meta={fields.shortName} label="Nom court" required maxLength={L.shortName} hint="Pour les SMS et les petits écrans. Exemple : Clinique Hamdi." />
          <Field meta={fields.email} type="email" label="E-mail de la clinique" required maxLength={254} autoComplete="email" hint="Affiché sur le site ; les patients y écrivent." />
        </div>
      </Section>

      <Section id="praticien" title="Le praticien" icon={Stethoscope} intro={<p>La page « Le docteur », la signature des e-mails et les mentions légales.</p>}>
        <div className={grid2}>
          <Field meta={fields.doctorName} label="Nom complet" required maxLength={L.doctorName} hint="Exemple : Dr Nadir Hamdi." />
          <Field meta={fields.doctorShortName} label="Nom court" required maxLength={L.doctorShortName} hint="Exemple : Dr Hamdi." />
          <Field meta={fields.doctorTitle} label="Titre" required maxLength={L.doctorTitle} className="md:col-span-2" hint="Exemple : Chirurgien-dentiste, implantologie et esthétique dentaire." />
        </div>
      </Section>

      <Section
        id="adresse"
        title="Adresse et plan"
        icon={MapPin}
        intro={
          <p>
            L'adresse du pied de page, de la page contact et des rendez-vous. La position place le repère du plan : dans OpenStreetMap, un clic droit sur l'entrée de la
            clinique puis « Afficher l'adresse » donne la latitude et la longitude.
          </p>
        }
      >
        <div className={grid2}>
          <Field meta={fields.street} label="Numéro et rue" required maxLength={L.street} autoComplete="address-line1" className="md:col-span-2" />
          <Field meta={fields.district} label="Commune ou quartier" required maxLength={L.district} autoComplete="address-level3" />
          <Field meta={fields.city} label="Ville" required maxLength={L.city} autoComplete="address-level2" />
          <Field meta={fields.postalCode} label="Code postal" required inputMode="numeric" maxLength={5} autoComplete="postal-code" />
          <div className="hidden md:block" />
          <Field meta={fields.lat} label="Latitude" required inputMode="decimal" maxLength={14} hint="Exemple : 36,7235" />
          <Field meta={fields.lon} label="Longitude" required inputMode="decimal" maxLength={14} hint="Exemple : 3,0862" />
        </div>
        <a href={openStreetMapLink(clinic)} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-teal-700 hover:underline">
          Voir la position enregistrée sur OpenStreetMap
          <ExternalLink aria-hidden className="h-4 w-4" />
          <span className="sr-only">(nouvel onglet)</span>
        </a>
      </Section>

      <Section
        id="arabe"
        title="En arabe"
        icon={Languages}
        intro={
          <p>
            Le nom et l'adresse tels que les pages en arabe les écrivent. Facultatif : un champ vide affiche le texte français ci-dessus (ou, pour la clinique de démonstration,
            sa version arabe).
          </p>
        }
      >
        <div className={grid2}>
          <Field meta={fields.nameAr} label="Nom de la clinique en arabe" maxLength={L.name} dir="rtl" lang="ar" hint="Exemple : عيادة حمدي لطب الأسنان" />
          <Field meta={fields.shortNameAr} label="Nom court en arabe" maxLength={L.shortName} dir="rtl" lang="ar" hint="Exemple : عيادة حمدي" />
          <Field meta={fields.doctorNameAr} label="Nom du praticien en arabe" maxLength={L.doctorName} dir="rtl" lang="ar" hint="Exemple : الدكتور نذير حمدي" />
          <Field meta={fields.doctorTitleAr} label="Titre du praticien en arabe" maxLength={L.doctorTitle} dir="rtl" lang="ar" />
          <Field meta={fields.streetAr} label="Numéro et rue en arabe" maxLength={L.street} dir="rtl" lang="ar" className="md:col-span-2" hint="Exemple : 12، شارع الإخوة بوعدو" />
          <Field meta={fields.districtAr} label="Commune ou quartier en arabe" maxLength={L.district} dir="rtl" lang="ar" hint="Exemple : القبة" />
          <Field meta={fields.cityAr} label="Ville en arabe" maxLength={L.city} dir="rtl" lang="ar" hint="Exemple : الجزائر العاصمة" />
        </div>
      </Section>

      <Section
        id="telephones"
        title="Téléphones"
        icon={Phone}
        intro={<p>Les numéros du haut de page, du bouton « Appeler » sur téléphone, des e-mails et du calendrier. Le premier est le numéro principal.</p>}
      >
        <ol className="space-y-3">
          {phones.map((item, i) => {
            const f = item.getFieldset();
            return (
              <ListRow key={item.key} form={form} list={fields.phones} index={i} label={`le numéro ${i + 1}`}>
                <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
                  <Field meta={f.label} label={`Nom du numéro ${i + 1}`} required maxLength={L.phoneLabel} hint="Cabinet, Mobile…" />
                  <Field meta={f.number} type="tel" label={`Numéro ${i + 1}`} required maxLength={30} autoComplete="tel" hint="Exemple : 0550 12 34 56" />
                </div>
              </ListRow>
            );
          })}
        </ol>
        <ErrorList id={fields.phones.errorId} errors={fields.phones.errors} />
        {phones.length < L.phones.max && <AddButton form={form} list={fields.phones} label="Ajouter un numéro" defaultValue={{ label: "", number: "" }} />}
      </Section>

      <Section id="reseaux" title="Réseaux sociaux" icon={Share2} intro={<p>Les liens du pied de page et des moteurs de recherche. Facultatif.</p>}>
        {social.length === 0 && <p className="text-sm text-slate-500">Aucun réseau social.</p>}
        <ol className="space-y-3">
          {social.map((item, i) => {
            const f = item.getFieldset();
            return (
              <ListRow key={item.key} form={form} list={fields.social} index={i} label={`le réseau ${i + 1}`}>
                <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
                  <Field meta={f.name} label={`Réseau ${i + 1}`} required maxLength={L.socialName} hint="Facebook, Instagram…" />
                  <Field meta={f.url} type="url" label={`Lien de la page ${i + 1}`} required maxLength={L.url} hint="Commence par https://" />
                </div>
              </ListRow>
            );
          })}
        </ol>
        <ErrorList id={fields.social.errorId} errors={fields.social.errors} />
        {social.length < L.social.max && <AddButton form={form} list={fields.social} label="Ajouter un réseau" defaultValue={{ name: "", url: "https://" }} />}
      </Section>

      <Section
        id="chiffres"
        title="Chiffres affichés"
        icon={BadgeCheck}
        intro={<p>Les chiffres de la page d'accueil, de la page « Le docteur » et de la galerie. Le site les écrit partout de la même façon (7 000+, 98 %).</p>}
      >
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <Field meta={fields.yearsOfExperience} label="Années d'expérience" required inputMode="numeric" maxLength={2} hint={`De ${L.years.min} à ${L.years.max}.`} />
          <Field meta={fields.patients} label="Patients soignés" required inputMode="numeric" maxLength={9} hint="Exemple : 7000" />
          <Field meta={fields.surgeries} label="Chirurgies implantaires" required inputMode="numeric" maxLength={7} hint="Exemple : 200" />
          <Field meta={fields.satisfaction} label="Patients satisfaits (%)" required inputMode="numeric" maxLength={3} hint="De 0 à 100." />
          <Field meta={fields.since} label="Ouverte depuis (année)" required inputMode="numeric" maxLength={4} hint={`De ${L.since.min} à ${currentYear}.`} />
        </div>
      </Section>

      <Section id="diplomes" title="Diplômes du praticien" icon={GraduationCap} intro={<p>La liste de la page « Le docteur », rangée par année.</p>}>
        {diplomas.length === 0 && <p className="text-sm text-slate-500">Aucun diplôme : la page « Le docteur » n'affiche pas cette partie.</p>}
        <ol className="space-y-3">
          {diplomas.map((item, i) => {
            const f = item.getFieldset();
            return (
              <ListRow key={item.key} form={form} list={fields.diplomas} index={i} label={`le diplôme ${i + 1}`}>
                <div className="grid gap-3 md:grid-cols-[7rem_minmax(0,1fr)]">
                  <Field meta={f.year} label={`Année ${i + 1}`} required inputMode="numeric" maxLength={4} />
                  <Field meta={f.title} label={`Intitulé du diplôme ${i + 1}`} required maxLength={L.diplomaTitle} />
                  <Field meta={f.institution} label={`Établissement ${i + 1}`} required maxLength={L.institution} className="md:col-start-2" />
                </div>
              </ListRow>
            );
          })}
        </ol>
        <ErrorList id={fields.diplomas.errorId} errors={fields.diplomas.errors} />
        {diplomas.length < L.diplomas.max && (
          <AddButton form={form} list={fields.diplomas} label="Ajouter un diplôme" defaultValue={{ year: "", title: "", institution: "" }} />
        )}
      </Section>

      <Section
        id="mentions-legales"
        title="Mentions légales"
        icon={Landmark}
        intro={
          <>
            <p>
              La page « Mentions légales » que la loi demande. Les valeurs livrées avec le site sont des exemples inventés : remplacez-les par celles de vos documents
              (agrément, inscription à l'Ordre) et du contrat de votre hébergeur.
            </p>
          </>
        }
      >
        <div className={grid2}>
          <Field meta={fields.registration} label="Numéro d'agrément ou d'autorisation" required maxLength={L.legalText} className="md:col-span-2" hint="Tel qu'il figure sur la décision. Exemple : Agrément d'exercice privé n° 16/CD/0452." />
          <Field meta={fields.order} label="Inscription à l'Ordre" required maxLength={L.legalText} className="md:col-span-2" />
          <Field meta={fields.activity} label="Activité" required maxLength={L.legalText} className="md:col-span-2" />
          <Field meta={fields.director} label="Directeur de la publication" required maxLength={L.director} hint="La personne responsable du contenu du site." />
        </div>
        <p className="pt-2 font-sans text-base font-semibold text-navy-900">Hébergeur du site</p>
        <div className={grid2}>
          <Field meta={fields.hostName} label="Nom de l'hébergeur" required maxLength={L.hostName} />
          <Field meta={fields.hostPhone} type="tel" label="Téléphone de l'hébergeur" required maxLength={30} />
          <Field meta={fields.hostAddress} label="Adresse de l'hébergeur" required maxLength={L.hostAddress} className="md:col-span-2" />
          <Field meta={fields.hostWebsite} type="url" label="Site de l'hébergeur" required maxLength={L.url} hint="Commence par https://" className="md:col-span-2" />
        </div>
      </Section>

      <FormErrors form={form} fixMessage={CLINIC_FORM_MESSAGES.fix} className="mt-0" />
      <div className="sticky bottom-0 z-10 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:px-6">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={saving}>
            {saving ? "Enregistrement..." : "Enregistrer l'identité"}
          </button>
          <p className="hidden text-xs text-slate-500 sm:block">Le site, les e-mails et les rendez-vous affichent ces informations dès l'enregistrement.</p>
        </div>
      </div>
    </Form>
  );
}
