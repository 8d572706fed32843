import { Ban, CheckCircle2, Clock, Pencil, Trash2, UserRound } from "~/components/admin/icons";
import { Link } from "react-router";
import { Alert } from "~/components/ui/Alert";
import { Photo } from "~/components/ui/Photo";
import { formatCalendarDate, formatShortDate } from "~/lib/format";
import { CONSENT_SCOPE_LABELS, GALLERY_PATH, type GalleryActionResult } from "~/lib/gallery-form";
import { PLACEHOLDER_DRAWING } from "./placeholder";
import { ConfirmRowAction, MoveButtons } from "./RowActions";
import type { GalleryCase } from "./types";

/** 'Publié', or 'Consentement retiré le … — photos supprimées le …'. */
export function caseStatus(c: Pick<GalleryCase, "withdrawnAt" | "photosDeleteAt" | "photosDeleted">): { live: boolean; text: string } {
  if (!c.withdrawnAt) return { live: true, text: "Publié" };
  const when = c.photosDeleteAt ? ` — photos supprimées le ${formatShortDate(c.photosDeleteAt)}` : "";
  return { live: false, text: `Consentement retiré le ${formatShortDate(c.withdrawnAt)}${when}` };
}

export function StatusBadge({ c }: { c: Pick<GalleryCase, "withdrawnAt" | "photosDeleteAt" | "photosDeleted"> }) {
  const s = caseStatus(c);
  const Icon = s.live ? CheckCircle2 : c.photosDeleted ? Ban : Clock;
  return (
    <p className={`inline-flex items-start gap-1.5 rounded-lg px-2.5 py-1 text-xs font-semibold ${s.live ? "bg-green-50 text-green-800 ring-1 ring-green-200" : "bg-amber-50 text-amber-900 ring-1 ring-amber-200"}`}>
      <Icon aria-hidden className="mt-px h-3.5 w-3.5 shrink-0" />
      <span>{s.text}</span>
    </p>
  );
}

/** The cases of the screen: those on the site in their order, then the withdrawn ones. */
export function CaseList({ cases, days, deleteDate, result }: { cases: GalleryCase[]; days: number; deleteDate: string; result?: GalleryActionResult }) {
  if (cases.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
        Aucun cas pour le moment. Tant qu'aucun cas n'est publié, la galerie montre les illustrations de démonstration.
      </p>
    );
  }
  const live = cases.filter((c) => !c.withdrawnAt);
  return (
    <ul className="grid gap-4">
      {cases.map((c) => {
        const i = live.indexOf(c);
        const message = result?.message && result.id === c.id && result.intent.startsWith("case-") ? result.message : null;
        return (
          <li key={c.id} id={`cas-${c.id}`} className="scroll-mt-24">
            <article aria-labelledby={`cas-${c.id}-titre`} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
              <div className="flex flex-col gap-4 md:flex-row">
                <div className="grid shrink-0 grid-cols-2 gap-2 md:w-64">
                  {(["before", "after"] as const).map((side) => (
                    <figure key={side} className="min-w-0">
                      <div className="aspect-[4/3] overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200">
                        <Photo photo={c[side]} drawing={PLACEHOLDER_DRAWING} sizes="128px" className="h-full w-full object-cover" />
                      </div>
                      <figcaption className="mt-1 text-center text-xs font-semibold uppercase tracking-wide text-slate-500">{side === "before" ? "Avant" : "Après"}</figcaption>
                    </figure>
                  ))}
                </div>
                <div className="min-w-0 flex-1 space-y-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 id={`cas-${c.id}-titre`} className="font-sans text-lg font-semibold text-navy-900">
                      {c.treatment}
                    </h3>
                    <StatusBadge c={c} />
                  </div>
                  <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">{c.description}</p>
                  <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
                    <dt className="font-semibold text-slate-600">Consentement</dt>
                    <dd className="text-slate-800">
                      le {formatCalendarDate(c.consentDate)} · {CONSENT_SCOPE_LABELS[c.consentScope]}
                    </dd>
                    <dt className="font-semibold text-slate-600">Patient</dt>
                    <dd className="text-slate-800">
                      {c.patient ? (
                        <Link to={`/admin/patients/${c.patient.id}`} className="inline-flex items-center gap-1 font-medium text-teal-700 underline [overflow-wrap:anywhere]">
                          <UserRound aria-hidden className="h-4 w-4 shrink-0" />
                          {c.patient.name} (dossier n° {c.patient.id})
                        </Link>
                      ) : (
                        "Aucun dossier lié"
                      )}
                    </dd>
                  </dl>
                </div>
              </div>
              {message && (
                <Alert tone="error" className="mt-3" focusKey={message}>
                  <p>{message}</p>
                </Alert>
              )}
              <div className="mt-4 flex flex-wrap items-start gap-2 border-t border-slate-100 pt-4">
                {!c.withdrawnAt && (
                  <>
                    <Link to={`${GALLERY_PATH}?modifier=${c.id}#formulaire-cas`} className="btn min-h-11 border border-slate-300 bg-white px-3 text-sm text-navy-900 hover:bg-slate-50">
                      <Pencil aria-hidden className="h-4 w-4" />
                      Modifier
                    </Link>
                    <MoveButtons intent="case-move" id={c.id} first={i === 0} last={i === live.length - 1} />
                    <ConfirmRowAction intent="case-withdraw" id={c.id} icon={Ban} summary="Retirer le consentement" confirmLabel="Confirmer le retrait du consentement" busyLabel="Retrait en cours…">
                      <p>
                        Le cas disparaît du site <strong>immédiatement</strong>. Ses deux photos sont supprimées dans {days} jour{days > 1 ? "s" : ""}, le{" "}
                        <strong>{deleteDate}</strong>. Le retrait ne peut pas être annulé : pour republier, il faudra un nouveau consentement et un nouveau cas.
                      </p>
                    </ConfirmRowAction>
                  </>
                )}
                <ConfirmRowAction intent="case-delete" id={c.id} icon={Trash2} summary="Supprimer le cas" confirmLabel="Supprimer définitivement" busyLabel="Suppression…">
                  <p>Le cas est supprimé de la liste et ses photos sont effacées tout de suite, sans délai.</p>
                </ConfirmRowAction>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
