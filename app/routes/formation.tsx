import { Award, BookOpen, CalendarClock, GraduationCap, Layers, Mail, Phone, Stethoscope, UserRound, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/formation";
import { loadActiveSessions, newSubmissionKey } from "~/.server/formation-public";
import type { PublicSession } from "~/.server/formation-public";
import { EnrollLink, EnrollmentProvider } from "~/components/formation/EnrollmentDialog";
import type { SessionOption } from "~/components/formation/EnrollmentForm";
import { SessionCard, type SessionCardData } from "~/components/formation/SessionCard";
import { Spinner } from "~/components/formation/Spinner";
import { Img } from "~/components/ui/Img";
import { clinic } from "~/content/clinic";
import { seo } from "~/lib/seo";
import type { Syllabus } from "~/lib/syllabus";

/** SPEC §9: the programme list on /formation shows at most 6 modules. */
export const PROGRAMME_PREVIEW_COUNT = 6;
export const DEFAULT_HERO = {
  title: "Formation en implantologie dentaire",
  description:
    "Des formations théoriques et pratiques, en petit groupe, pour intégrer l'implantologie à votre exercice d'omnipraticien en toute sécurité, auprès d'un praticien expérimenté.",
};
export const LOADING_TEXT = "Chargement des formations...";

interface Featured {
  id: number;
  title: string;
  description: string;
  duration_months: number;
  max_participants: number;
  syllabus: Syllabus | null;
}

interface PageData {
  featured: Featured | null;
  sessions: SessionCardData[];
  options: SessionOption[];
  submissionKey: string;
}

function toPageData(sessions: PublicSession[], submissionKey: string): PageData {
  const f = sessions[0];
  return {
    featured: f
      ? { id: f.id, title: f.title, description: f.description, duration_months: f.duration_months, max_participants: f.max_participants, syllabus: f.syllabus }
      : null,
    sessions: sessions.map((s) => ({
      id: s.id,
      title: s.title,
      description: s.description,
      duration_months: s.duration_months,
      max_participants: s.max_participants,
      price: s.price,
      taken: s.taken,
    })),
    options: sessions.map((s) => ({ id: s.id, title: s.title, taken: s.taken, max_participants: s.max_participants })),
    submissionKey,
  };
}

export async function loader(): Promise<PageData> {
  // a failure is logged by loadActiveSessions and shown as the empty state (SPEC §8)
  const { sessions } = await loadActiveSessions();
  return toPageData(sessions, newSubmissionKey());
}

// Client-side loads: arriving from another page shows the spinner at once (the data streams in
// behind it); a revalidation while the page is on screen keeps the page (and an open dialog).
let pageOnScreen = false;
let lastData: PageData | null = null;

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs): Promise<PageData | { pending: Promise<PageData> }> {
  if (pageOnScreen) {
    try {
      lastData = await serverLoader();
      return lastData;
    } catch (err) {
      console.error("Formations : chargement impossible", err);
      return lastData ?? toPageData([], "");
    }
  }
  return { pending: serverLoader() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Formation en implantologie pour chirurgiens-dentistes",
    description:
      "Sessions de formation en implantologie orale à Kouba (Alger) : programme en modules, pratique clinique, petits groupes. Consultez le programme et inscrivez-vous en ligne.",
    path: "/formation",
    image: "/media/formation-hero.svg",
  });

export default function FormationRoute({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    pageOnScreen = true;
    return () => {
      pageOnScreen = false;
    };
  }, []);
  // No <Suspense> here: React outlines a large boundary into a chunk that only JavaScript can
  // put in place, and the server-rendered page must be complete without JavaScript.
  const pending = "pending" in loaderData ? loaderData.pending : null;
  const [arrived, setArrived] = useState<PageData | null>(null);
  useEffect(() => {
    if (!pending) return;
    let live = true;
    setArrived(null);
    pending.then(
      (d) => live && setArrived(d),
      (err) => {
        // SPEC §8: a failure is logged and the page shows its empty state and defaults
        console.error("Formations : chargement impossible", err);
        if (live) setArrived(toPageData([], ""));
      },
    );
    return () => {
      live = false;
    };
  }, [pending]);
  const data = pending ? arrived : (loaderData as PageData);
  return data ? <FormationPage data={data} /> : <Spinner label={LOADING_TEXT} className="min-h-[60vh]" />;
}

function FormationPage({ data }: { data: PageData }) {
  useEffect(() => {
    lastData = data;
  }, [data]);
  const f = data.featured;
  const overview = f?.syllabus?.overview;
  const modules = f?.syllabus?.modules ?? [];
  const objectives = overview?.objectives ?? [];
  return (
    <EnrollmentProvider sessions={data.options} submissionKey={data.submissionKey}>
      <Hero featured={f} />
      {objectives.length > 0 && <Objectives objectives={objectives} />}
      {f && <About featured={f} duration={overview?.duration || `${f.duration_months} mois`} moduleCount={modules.length} />}
      {f && <Trainer name={overview?.instructor || clinic.doctor.name} />}
      {f && <Audience maxParticipants={f.max_participants} durationMonths={f.duration_months} />}
      {modules.length > 0 && <Programme modules={modules} />}
      <Sessions sessions={data.sessions} />
    </EnrollmentProvider>
  );
}

function Hero({ featured }: { featured: Featured | null }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-navy-950 via-navy-900 to-navy-800 text-white">
      <div aria-hidden className="absolute -left-32 top-10 h-80 w-80 rounded-full bg-teal-500/15 blur-3xl" />
      <div className="container-site relative grid items-center gap-10 py-14 md:py-20 lg:grid-cols-2">
        <div>
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-400">Formation continue pour chirurgiens-dentistes</p>
          <h1 className="mt-4 text-4xl font-bold leading-tight text-white md:text-5xl">{featured?.title || DEFAULT_HERO.title}</h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-200">{featured?.description || DEFAULT_HERO.description}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <EnrollLink className="btn-primary">
              <GraduationCap aria-hidden className="h-4 w-4" />
              S'inscrire maintenant
            </EnrollLink>
            <Link to="/syllabus" className="btn bg-white text-navy-900 hover:bg-ivory">
              <BookOpen aria-hidden className="h-4 w-4" />
              Voir le programme complet
            </Link>
            <Link to="/doctorpage" className="btn-outline text-white">
              <UserRound aria-hidden className="h-4 w-4" />
              Informations sur le formateur
            </Link>
          </div>
        </div>
        <div className="mx-auto w-full max-w-sm lg:max-w-xl">
          <Img src="/media/formation-hero.svg" alt="" width={720} height={540} priority className="h-auto w-full" />
        </div>
      </div>
    </section>
  );
}

function Objectives({ objectives }: { objectives: string[] }) {
  return (
    <section aria-labelledby="objectifs-title" className="bg-ivory py-14 md:py-20">
      <div className="container-site">
        <p className="eyebrow">Ce que vous saurez faire</p>
        <h2 id="objectifs-title" className="section-title mt-2">
          Objectifs de la formation
        </h2>
        <ol className="mt-10 grid gap-5 md:grid-cols-2 xl:grid-cols-3">
          {objectives.map((o, i) => (
            <li key={i} className="flex gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span aria-hidden className="font-serif text-3xl font-bold text-amber-700">
                {String(i + 1).padStart(2, "0")}
              </span>
              <span className="pt-1 leading-relaxed text-slate-700">
                <span className="sr-only">Objectif {i + 1} : </span>
                {o}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function About({ featured, duration, moduleCount }: { featured: Featured; duration: string; moduleCount: number }) {
  const facts = [
    { icon: CalendarClock, label: "Durée", value: duration },
    { icon: Users, label: "Participants", value: `${featured.max_participants} maximum par session` },
    ...(moduleCount > 0 ? [{ icon: Layers, label: "Programme", value: `${moduleCount} module${moduleCount > 1 ? "s" : ""}` }] : []),
  ];
  return (
    <section aria-labelledby="apropos-title" className="py-14 md:py-20">
      <div className="container-site grid gap-10 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <p className="eyebrow">La formation</p>
          <h2 id="apropos-title" className="section-title mt-2">
            À propos de la formation
          </h2>
          <p className="mt-6 text-lg leading-relaxed text-slate-700">{featured.description}</p>
        </div>
        <dl className="grid content-start gap-4 lg:col-span-2">
          {facts.map(({ icon: Icon, label, value }) => (
            <div key={label} className="relative rounded-2xl bg-teal-50 py-5 pl-20 pr-5 ring-1 ring-teal-100">
              <dt className="text-xs font-semibold uppercase tracking-wider text-teal-700">
                <span aria-hidden className="absolute left-5 top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white text-teal-600 shadow-sm">
                  <Icon className="h-5 w-5" />
                </span>
                {label}
              </dt>
              <dd className="mt-0.5 font-semibold text-navy-900">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function Trainer({ name }: { name: string }) {
  const fig = clinic.figures;
  return (
    <section aria-labelledby="formateur-title" className="bg-navy-900 py-14 text-white md:py-20">
      <div className="container-site grid items-center gap-10 md:grid-cols-5">
        <div className="mx-auto w-full max-w-xs md:col-span-2">
          <Img src="/media/formation-trainer.svg" alt={`Portrait illustré de ${name}`} width={480} height={480} className="h-auto w-full rounded-3xl" />
        </div>
        <div className="md:col-span-3">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-400">Votre formateur</p>
          <h2 id="formateur-title" className="mt-2 text-3xl font-bold text-white md:text-4xl">
            {name}
          </h2>
          <p className="mt-2 text-slate-300">{clinic.doctor.title}</p>
          <p className="mt-5 leading-relaxed text-slate-200">
            Plus de {fig.yearsOfExperience} ans d'exercice, plus de {fig.surgeries} chirurgies implantaires et plus de {fig.patients} patients traités : la formation
            transmet une pratique éprouvée au fauteuil, cas cliniques à l'appui.
          </p>
          <ul className="mt-6 flex flex-wrap gap-3 text-sm">
            <li className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2">
              <Award aria-hidden className="h-4 w-4 text-gold-400" />
              {fig.yearsOfExperience}+ ans d'expérience
            </li>
            <li className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2">
              <Stethoscope aria-hidden className="h-4 w-4 text-gold-400" />
              {fig.surgeries}+ chirurgies implantaires
            </li>
          </ul>
          <Link to="/doctorpage" className="btn-outline mt-8 text-white">
            Découvrir le parcours du formateur
          </Link>
        </div>
      </div>
    </section>
  );
}

function Audience({ maxParticipants, durationMonths }: { maxParticipants: number; durationMonths: number }) {
  return (
    <section aria-labelledby="public-title" className="py-14 md:py-20">
      <div className="container-site">
        <div className="rounded-3xl bg-gradient-to-br from-teal-50 to-ivory p-8 ring-1 ring-teal-100 md:p-12">
          <p className="eyebrow">Public</p>
          <h2 id="public-title" className="section-title mt-2">
            À qui s'adresse cette formation ?
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-2">
            <p className="text-lg leading-relaxed text-slate-700">
              Aux <strong>chirurgiens-dentistes omnipraticiens</strong> qui souhaitent intégrer l'implantologie à leur exercice, avec des bases solides et une
              pratique encadrée.
            </p>
            <p className="text-lg leading-relaxed text-slate-700">
              Chaque session est limitée à <strong>{maxParticipants} participants</strong> et dure <strong>{durationMonths} mois</strong>, pour un suivi
              personnalisé de chacun.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}

function Programme({ modules }: { modules: Syllabus["modules"] }) {
  const shown = modules.slice(0, PROGRAMME_PREVIEW_COUNT);
  return (
    <section aria-labelledby="programme-title" className="bg-ivory py-14 md:py-20">
      <div className="container-site">
        <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <div>
            <p className="eyebrow">Programme</p>
            <h2 id="programme-title" className="section-title mt-2">
              Le programme en bref
            </h2>
          </div>
          <p className="font-semibold text-navy-900">
            {modules.length} module{modules.length > 1 ? "s" : ""} au total
          </p>
        </div>
        <ol className="mt-10 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((m, i) => (
            <li key={i} className="flex items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-navy-900 text-center text-xs font-bold leading-tight text-white">
                <span>
                  <span className="sr-only">Module </span>
                  <span aria-hidden className="block text-[10px] font-semibold uppercase tracking-wider text-gold-400">
                    Mod.
                  </span>
                  {m.number}
                </span>
              </span>
              <span className="font-semibold leading-snug text-navy-900">{m.title}</span>
            </li>
          ))}
        </ol>
        <div className="mt-8">
          <Link to="/syllabus" className="btn-primary">
            <BookOpen aria-hidden className="h-4 w-4" />
            Voir le programme complet
          </Link>
        </div>
      </div>
    </section>
  );
}

function Sessions({ sessions }: { sessions: SessionCardData[] }) {
  return (
    <section id="sessions" aria-labelledby="sessions-title" className="py-14 md:py-20">
      <div className="container-site">
        <p className="eyebrow">Calendrier</p>
        <h2 id="sessions-title" className="section-title mt-2">
          Sessions disponibles
        </h2>
        {sessions.length > 0 ? (
          <ul className="mt-10 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            {sessions.map((s) => (
              <li key={s.id}>
                <SessionCard session={s} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-10 rounded-2xl bg-slate-50 px-6 py-12 text-center ring-1 ring-slate-200">
            <GraduationCap aria-hidden className="mx-auto h-10 w-10 text-teal-600" />
            <p className="mt-4 text-lg font-semibold text-navy-900">Aucune session de formation disponible pour le moment.</p>
            <p className="mx-auto mt-2 max-w-xl text-slate-600">
              De nouvelles sessions sont programmées régulièrement : contactez-nous pour être informé(e) de la prochaine ou pour toute question.
            </p>
            <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
              <a href={`tel:${clinic.phones[0].tel}`} className="btn-primary">
                <Phone aria-hidden className="h-4 w-4" />
                {clinic.phones[0].display}
              </a>
              <a href={`mailto:${clinic.email}`} className="btn border border-navy-900 text-navy-900 hover:bg-white">
                <Mail aria-hidden className="h-4 w-4" />
                {clinic.email}
              </a>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
