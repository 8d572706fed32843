import { BookOpenCheck, CalendarClock, CheckCircle2, ClipboardList, GraduationCap, Hand, Target, Users, Wallet } from "lucide-react";
import { Link } from "react-router";
import { Img } from "~/components/ui/Img";
import { useClinic } from "~/hooks/use-clinic";
import { formationPriceLabel } from "~/lib/money";
import type { FormationOption, FormationSyllabusItem } from "~/lib/formation";
import type { Syllabus, SyllabusModule } from "~/lib/syllabus";
import { Enrollment } from "./Enrollment";
import { EnrollLink } from "./EnrollLink";
import { SessionList } from "./SessionList";
import { FormationBreadcrumb } from "./FormationBreadcrumb";

export const MODULE_IMAGE_COUNT = 6;

/** The six module pictures; a module beyond the sixth has none and shows the placeholder. */
export function moduleImage(index: number): string | null {
  return index >= 0 && index < MODULE_IMAGE_COUNT ? `/media/formation-module-${index + 1}.svg` : null;
}

export const NO_FORMATION_TEXT = "Aucune formation disponible pour le moment.";
export const NO_MODULE_TEXT = "Aucun module disponible pour cette formation.";
export const NO_OBJECTIVE_TEXT = "Aucun objectif défini";

/** /syllabus and /syllabus/:id (docs/product.md, "Training offer"); `options` is the enrolment form's choice. */
export function SyllabusView({ formation, options }: { formation: FormationSyllabusItem | null; options: FormationOption[] }) {
  return (
    <>
      {formation && formation.syllabus ? <SyllabusContent formation={formation} syllabus={formation.syllabus} /> : <NoFormation />}
      <Enrollment options={options} />
    </>
  );
}

function NoFormation() {
  const clinic = useClinic();
  return (
    <section className="bg-ivory py-20 md:py-28">
      <div className="container-site max-w-2xl text-center">
        <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-teal-50 text-teal-600">
          <GraduationCap aria-hidden className="h-8 w-8" />
        </div>
        <p className="eyebrow mt-6">Programme de formation</p>
        <h1 className="mt-3 text-3xl font-bold md:text-4xl">{NO_FORMATION_TEXT}</h1>
        <p className="mt-4 text-slate-600">
          De nouvelles sessions sont régulièrement programmées. Contactez-nous pour être informé(e) de la prochaine ou pour toute question sur nos formations.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/formation" className="btn-primary">
            Voir nos formations
          </Link>
          <a href={`tel:${clinic.phones[0].tel}`} className="btn border border-navy-900 text-navy-900 hover:bg-white">
            Appeler le {clinic.phones[0].display}
          </a>
        </div>
      </div>
    </section>
  );
}

function SyllabusContent({ formation, syllabus }: { formation: FormationSyllabusItem; syllabus: Syllabus }) {
  const clinic = useClinic();
  const o = syllabus.overview;
  const title = o.title || formation.title;
  const description = o.description || formation.description;
  const full = formation.taken >= formation.max_participants;
  const details = [
    { icon: CalendarClock, label: "Durée", value: o.duration || `${formation.duration_months} mois` },
    { icon: GraduationCap, label: "Formateur", value: o.instructor || clinic.doctor.name },
    { icon: Users, label: "Participants max.", value: `${formation.max_participants} par session` },
    { icon: Wallet, label: "Prix", value: formationPriceLabel(formation.price, "Sur demande") },
  ];
  return (
    <>
      <section className="relative overflow-hidden bg-navy-900 py-16 text-white md:py-20">
        <div aria-hidden className="-end-56 -top-56 glow text-teal-600 opacity-25" />
        <div className="container-site relative">
          <FormationBreadcrumb current="Programme" tone="dark" />
          <p className="mt-6 text-xs font-semibold uppercase tracking-[0.2em] text-gold-400">Programme de formation</p>
          <h1 className="mt-3 max-w-4xl text-3xl font-bold text-white md:text-5xl">{title}</h1>
          <p className="mt-5 max-w-3xl text-lg leading-relaxed text-slate-200">{description}</p>
          {o.title && o.title !== formation.title && <p className="mt-4 text-sm text-slate-300">Session : {formation.title}</p>}
        </div>
      </section>

      <section className="bg-ivory py-14 md:py-20">
        <div className="container-site grid gap-8 lg:grid-cols-3 lg:items-start">
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 md:p-8 lg:col-span-2">
            <h2 className="flex items-center gap-3 text-2xl font-bold">
              <Target aria-hidden className="h-6 w-6 text-teal-600" />
              Objectifs de la formation
            </h2>
            {o.objectives.length > 0 ? (
              <ol className="mt-6 space-y-4">
                {o.objectives.map((obj, i) => (
                  <li key={i} className="flex gap-4">
                    <span aria-hidden className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-teal-600 text-sm font-bold text-white">
                      {i + 1}
                    </span>
                    <span className="pt-1 leading-relaxed text-slate-700">{obj}</span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="mt-6 text-slate-600">{NO_OBJECTIVE_TEXT}</p>
            )}
          </div>
          <aside aria-labelledby="details-title" className="rounded-2xl bg-navy-900 p-6 text-white shadow-sm md:p-8">
            <h2 id="details-title" className="text-2xl font-bold text-white">
              Détails
            </h2>
            <dl className="mt-6 space-y-5">
              {details.map(({ icon: Icon, label, value }) => (
                <div key={label} className="relative ps-8">
                  <dt className="text-xs font-semibold uppercase tracking-wider text-slate-300">
                    <Icon aria-hidden className="absolute start-0 top-0.5 h-5 w-5 text-gold-400" />
                    {label}
                  </dt>
                  <dd className="mt-0.5 font-semibold">{value}</dd>
                </div>
              ))}
            </dl>
            {formation.sessions.length > 0 && (
              <div className="mt-6">
                <h3 className="mb-3 text-lg font-bold text-white">Dates des sessions</h3>
                <SessionList sessions={formation.sessions} tone="dark" />
              </div>
            )}
            <Link to="/doctorpage" className="mt-6 inline-flex text-sm font-semibold text-gold-400 underline-offset-2 hover:underline">
              Découvrir le formateur
            </Link>
          </aside>
        </div>
      </section>

      <section aria-labelledby="modules-title" className="py-14 md:py-20">
        <div className="container-site">
          <p className="eyebrow">Programme détaillé</p>
          <h2 id="modules-title" className="section-title mt-2">
            Les modules
          </h2>
          {syllabus.modules.length > 0 ? (
            <>
              <p className="mt-3 text-slate-600">
                {syllabus.modules.length} module{syllabus.modules.length > 1 ? "s" : ""} au programme.
              </p>
              <ol className="mt-10 space-y-10">
                {syllabus.modules.map((m, i) => (
                  <ModuleCard key={i} module={m} index={i} />
                ))}
              </ol>
            </>
          ) : (
            <p className="mt-6 rounded-xl bg-slate-50 px-6 py-8 text-center text-slate-600 ring-1 ring-slate-200">{NO_MODULE_TEXT}</p>
          )}
        </div>
      </section>

      <section className="bg-teal-50 py-14 md:py-20">
        <div className="container-site max-w-3xl text-center">
          <h2 className="section-title">Prêt(e) à rejoindre la prochaine session ?</h2>
          <p className="mt-4 text-lg text-slate-700">
            Les places sont limitées à <strong>{formation.max_participants} participants</strong> par session, pour un encadrement personnalisé.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <EnrollLink formationId={full ? null : formation.id} className="btn-primary">
              S'inscrire maintenant
            </EnrollLink>
            <Link to="/formation" className="btn border border-navy-900 text-navy-900 hover:bg-white">
              Voir toutes les sessions
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

function ListBlock({ icon: Icon, title, items }: { icon: typeof CheckCircle2; title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h4 className="flex items-center gap-2 font-sans text-sm font-semibold uppercase tracking-wider text-navy-900">
        <Icon aria-hidden className="h-4 w-4 text-teal-600" />
        {title}
      </h4>
      <ul className="mt-3 space-y-2">
        {items.map((it, i) => (
          <li key={i} className="flex gap-2 text-sm leading-relaxed text-slate-700">
            <span aria-hidden className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-gold-500" />
            <span>{it}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ModuleCard({ module: m, index }: { module: SyllabusModule; index: number }) {
  const reversed = index % 2 === 1;
  return (
    <li className="overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200">
      <article className={`grid lg:grid-cols-5 ${reversed ? "lg:[&>*:first-child]:order-2" : ""}`}>
        <div className="flex items-center justify-center bg-[#f6f7f3] lg:col-span-2">
          <Img src={moduleImage(index)} alt={`Illustration du module ${m.number} : ${m.title}`} width={600} height={400} className="h-auto w-full" />
        </div>
        <div className="p-6 md:p-8 lg:col-span-3">
          <p className="text-xs font-bold uppercase tracking-[0.2em] text-teal-600">
            Module {m.number}
            {m.duration && <span className="ms-2 font-semibold normal-case tracking-normal text-slate-500">· {m.duration}</span>}
          </p>
          <h3 className="mt-2 text-2xl font-bold">{m.title}</h3>
          {m.description && <p className="mt-3 leading-relaxed text-slate-600">{m.description}</p>}
          <div className="mt-6 grid gap-6 md:grid-cols-3">
            <ListBlock icon={ClipboardList} title="Points clés" items={m.points_clefs} />
            <ListBlock icon={Target} title="Objectifs pédagogiques" items={m.objectifs} />
            <ListBlock icon={Hand} title="Pratique clinique" items={m.pratique} />
          </div>
          {m.lessons.length > 0 && (
            <details className="group mt-6 rounded-xl bg-slate-50 ring-1 ring-slate-200">
              <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-4 text-sm font-semibold text-navy-900">
                <BookOpenCheck aria-hidden className="h-4 w-4 text-teal-600" />
                Déroulé des séances ({m.lessons.length})
              </summary>
              <ul className="space-y-4 px-4 pb-4">
                {m.lessons.map((l, i) => (
                  <li key={i} className="border-t border-slate-200 pt-3 text-sm">
                    <p className="font-semibold text-navy-900">
                      {l.title || `Séance ${i + 1}`}
                      {l.duration && <span className="ms-2 font-normal text-slate-500">({l.duration})</span>}
                    </p>
                    {l.description && <p className="mt-1 text-slate-600">{l.description}</p>}
                    {l.content && <p className="mt-1 whitespace-pre-line text-slate-700">{l.content}</p>}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </div>
      </article>
    </li>
  );
}
