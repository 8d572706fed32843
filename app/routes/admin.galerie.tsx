import { Images, MessageSquareQuote, Plus, Timer } from "~/components/admin/icons";
import type { ReactNode } from "react";
import type { Route } from "./+types/admin.galerie";
import { getDb } from "~/.server/db";
import { galleryAction } from "~/.server/gallery-actions";
import { addDaysTo, getPhotoDeletionDays, listCases } from "~/.server/repos/gallery";
import { listReviews } from "~/.server/repos/reviews";
import { getStaff } from "~/.server/staff-guard";
import { retryAfterHeaders } from "~/.server/uploads";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { CaseForm } from "~/components/admin/gallery/CaseForm";
import { CaseList } from "~/components/admin/gallery/CaseList";
import { DeletionDelayForm } from "~/components/admin/gallery/DeletionDelayForm";
import { ReviewForm } from "~/components/admin/gallery/ReviewForm";
import { ReviewList } from "~/components/admin/gallery/ReviewList";
import { GALLERY_PATH, type GalleryActionResult } from "~/lib/gallery-form";
import { formatLongDate } from "~/lib/format";
import { parseId } from "~/lib/rules";

export const meta: Route.MetaFunction = () => [{ title: "Galerie et avis | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * 'Galerie et avis' (docs/product.md, "Staff: gallery and reviews"), for `content:manage`
 * (administrators and dentists; the staff guard checks the page and every intent): the
 * before/after cases with their consent, the delay before a withdrawn case's photos are deleted,
 * and the reviews of /gallery. `?modifier=<id>` edits a case, `?avis=<id>` a review (ids only,
 * never a name in the address).
 */
export async function loader({ url }: Route.LoaderArgs) {
  const db = getDb();
  const [cases, reviews, days] = await Promise.all([listCases(db), listReviews(db), getPhotoDeletionDays(db)]);
    const caseId = parseId(url.searchParams.get("modifier"));
  const reviewId = parseId(url.searchParams.get("avis"));
  const edited = cases.find((c) => c.id === caseId && !c.withdrawnAt) ?? null;
  return {
    cases,
    reviews,
    days,
    deleteDate: formatLongDate(addDaysTo(new Date(), days).toISOString()),
    editedCase: edited && { ...edited, patientOption: edited.patient && !edited.patient.erased ? { id: edited.patient.id, name: edited.patient.name, detail: `Dossier n° ${edited.patient.id}` } : null },
    editedReview: reviews.find((r) => r.id === reviewId) ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return galleryAction(request, getStaff(context));
}

/** A refused photo's Retry-After (the image queue was full) reaches the response. */
export const headers: Route.HeadersFunction = retryAfterHeaders;

function Section({ id, icon: Icon, title, text, children }: { id: string; icon: typeof Images; title: string; text: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-titre`} className="scroll-mt-24 space-y-4">
      <div className="flex items-start gap-3">
        <span aria-hidden className="mt-0.5 flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-teal-50 text-teal-600 ring-1 ring-teal-100">
          <Icon className="h-5 w-5" />
        </span>
        <div>
          <h2 id={`${id}-titre`} className="font-sans text-xl font-semibold text-navy-900 sm:text-2xl">
            {title}
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">{text}</p>
        </div>
      </div>
      {children}
    </section>
  );
}

const panel = "scroll-mt-24 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6";

export default function GalleryScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { cases, reviews, days, deleteDate, editedCase, editedReview } = loaderData;
  const act = actionData as GalleryActionResult | undefined;
  const caseResult = act?.intent === "case-save" || (act?.intent === "patient-search" && act.result) ? act : undefined;
  const reviewResult = act?.intent === "review-save" ? act : undefined;
  const live = cases.filter((c) => !c.withdrawnAt).length;
  return (
    <div className="space-y-10">
      <div>
        <h1 className="flex items-center gap-3 text-3xl font-bold md:text-4xl">
          <Images aria-hidden className="h-8 w-8 text-teal-600" />
          Galerie et avis
        </h1>
        <p className="mt-2 max-w-3xl text-slate-600">
          Les cas avant/après et les avis de la page publique{" "}
          <a href="/gallery" className="font-medium text-teal-700 underline">
            Galerie
          </a>
          . Un cas n'est publié qu'avec l'accord écrit du patient ; chaque changement est noté dans le journal.
        </p>
      </div>

      <Section
        id="cas"
        icon={Images}
        title={`Cas avant/après (${live} publié${live > 1 ? "s" : ""})`}
        text="Dans l'ordre de la galerie. Retirer le consentement retire le cas du site immédiatement."
      >
        <CaseList cases={cases} days={days} deleteDate={deleteDate} result={act} />
      </Section>

      <section id="formulaire-cas" aria-labelledby="formulaire-cas-titre" className={panel}>
        <h2 id="formulaire-cas-titre" className="flex items-center gap-2 font-sans text-xl font-semibold text-navy-900">
          <Plus aria-hidden className="h-5 w-5 text-teal-600" />
          {editedCase ? `Modifier le cas « ${editedCase.treatment} »` : "Ajouter un cas"}
        </h2>
        <p className="mb-5 mt-1 text-sm text-slate-600">Les champs marqués * sont obligatoires. Les photos sont converties pour le web ; leurs données de position et d'appareil sont retirées.</p>
        <CaseForm
          // a new case saved: the next form starts empty (a refusal keeps the key, and what was typed)
          key={editedCase ? `edit-${editedCase.id}` : `new-${Math.max(0, ...cases.map((c) => c.id))}`}
          edited={editedCase}
          lastResult={caseResult?.result}
          chosen={act?.intent === "case-save" ? act.patientChoice : undefined}
          found={act?.intent === "patient-search" ? act : undefined}
        />
      </section>

      <section id="delai" aria-labelledby="delai-titre" className={panel}>
        <h2 id="delai-titre" className="mb-3 flex items-center gap-2 font-sans text-xl font-semibold text-navy-900">
          <Timer aria-hidden className="h-5 w-5 text-teal-600" />
          Délai avant suppression des photos
        </h2>
        <DeletionDelayForm days={days} lastResult={act?.intent === "settings" ? act.result : undefined} />
      </section>

      <Section id="avis" icon={MessageSquareQuote} title="Avis de nos patients" text="Les avis publiés s'affichent sur la galerie dans cet ordre, avec le nom, la note, la date et le texte saisis ici.">
        <ReviewList reviews={reviews} result={act} />
      </Section>

      <section id="formulaire-avis" aria-labelledby="formulaire-avis-titre" className={panel}>
        <h2 id="formulaire-avis-titre" className="mb-5 flex items-center gap-2 font-sans text-xl font-semibold text-navy-900">
          <Plus aria-hidden className="h-5 w-5 text-teal-600" />
          {editedReview ? `Modifier l'avis de ${editedReview.name}` : "Ajouter un avis"}
        </h2>
        <ReviewForm key={editedReview ? `edit-${editedReview.id}` : `new-${Math.max(0, ...reviews.map((r) => r.id))}`} edited={editedReview} lastResult={reviewResult?.result} />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StaffScreenError
      error={error}
      path={GALLERY_PATH}
      title="Impossible de charger la galerie."
      text="Les cas et les avis n'ont pas pu être lus. Vérifiez la connexion puis réessayez ; si le problème persiste, prévenez la personne qui gère le site."
    />
  );
}
