import { Eye, EyeOff, Pencil, Trash2 } from "~/components/admin/icons";
import { Link } from "react-router";
import { StarRating } from "~/components/content/StarRating";
import { Alert } from "~/components/ui/Alert";
import { formatLongDate } from "~/lib/format";
import { GALLERY_PATH, type GalleryActionResult } from "~/lib/gallery-form";
import { ConfirmRowAction, MoveButtons, RowButton } from "./RowActions";
import type { Review } from "./types";

/** The reviews in the order of the page, published or not, with their actions. */
export function ReviewList({ reviews, result }: { reviews: Review[]; result?: GalleryActionResult }) {
  if (reviews.length === 0) return <p className="rounded-2xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">Aucun avis pour le moment.</p>;
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {reviews.map((r, i) => {
        const message = result?.message && result.id === r.id && result.intent.startsWith("review-") ? result.message : null;
        return (
          <li key={r.id} id={`avis-${r.id}`} className="scroll-mt-24">
            <article aria-labelledby={`avis-${r.id}-nom`} className="flex h-full flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 id={`avis-${r.id}-nom`} className="font-sans text-base font-semibold text-navy-900 [overflow-wrap:anywhere]">
                  {r.name}
                </h3>
                <span
                  className={`rounded-lg px-2.5 py-1 text-xs font-semibold ring-1 ${r.published ? "bg-green-50 text-green-800 ring-green-200" : "bg-slate-100 text-slate-700 ring-slate-200"}`}
                >
                  {r.published ? "Publié" : "Non publié"}
                </span>
              </div>
              <div className="mt-1 flex flex-wrap items-center gap-x-3 text-sm text-slate-600">
                <StarRating rating={r.rating} size="sm" />
                <time dateTime={r.date}>{formatLongDate(`${r.date}T12:00:00Z`)}</time>
              </div>
              <p className="mt-2 flex-1 text-sm text-slate-700 [overflow-wrap:anywhere]">{r.comment}</p>
              {message && (
                <Alert tone="error" className="mt-3" focusKey={message}>
                  <p>{message}</p>
                </Alert>
              )}
              <div className="mt-4 flex flex-wrap items-start gap-2 border-t border-slate-100 pt-4">
                <Link to={`${GALLERY_PATH}?avis=${r.id}#formulaire-avis`} className="btn min-h-11 border border-slate-300 bg-white px-3 text-sm text-navy-900 hover:bg-slate-50">
                  <Pencil aria-hidden className="h-4 w-4" />
                  Modifier
                </Link>
                {r.published ? (
                  <RowButton intent="review-unpublish" id={r.id} icon={EyeOff} label="Retirer du site" />
                ) : (
                  <RowButton intent="review-publish" id={r.id} icon={Eye} label="Publier" />
                )}
                <MoveButtons intent="review-move" id={r.id} first={i === 0} last={i === reviews.length - 1} />
                <ConfirmRowAction intent="review-delete" id={r.id} icon={Trash2} summary="Supprimer l'avis" confirmLabel="Supprimer définitivement" busyLabel="Suppression…">
                  <p>L'avis de {r.name} est supprimé. Pour seulement le cacher, utilisez « Retirer du site ».</p>
                </ConfirmRowAction>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
