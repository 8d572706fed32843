import { Download, FileSpreadsheet, Mail, Phone } from "lucide-react";
import { useId } from "react";
import { useFetcher } from "react-router";
import { useCan } from "~/components/admin/permissions";
import { ADMIN_FORMATION_TEXTS, type FormationActionResult } from "~/components/admin/formations/admin-formations";
import { type FormationAdminItem, UNASSIGNED } from "~/lib/formation";
import { useToast } from "~/components/toaster";
import { Dialog } from "~/components/ui/Dialog";
import { ENROLLMENT_STATUS_LABELS, type EnrollmentStatusValue } from "~/lib/enrollment-schema";
import { formatDateTime } from "~/lib/format";
import { FillBar } from "./FillBar";
import type { StaffEnrollment } from "~/.server/repos/enrollments";

/** One enrolment as the staff list shows it (the repo's read model). */
export type AdminEnrollment = StaffEnrollment;

const STATUS_STYLE: Record<EnrollmentStatusValue, string> = {
  pending: "bg-amber-50 text-amber-900 ring-amber-200",
  confirmed: "bg-teal-50 text-teal-900 ring-teal-200",
  cancelled: "bg-slate-100 text-slate-700 ring-slate-300",
  completed: "bg-navy-900/5 text-navy-900 ring-navy-900/20",
};

export type EnrollmentsTarget = { kind: "formation"; formation: FormationAdminItem } | { kind: "unassigned" };

/**
 * 'Inscriptions pour {title}': places taken, the Excel and CSV exports (`enrollment:export`) and a status
 * dropdown per enrolment (`enrollment:update`); without the permission the status is only shown.
 * The same modal lists the enrolments attached to no formation (no session chosen, or a
 * deleted formation whose title they keep).
 */
export function EnrollmentsDialog({ open, onClose, target, enrollments }: { open: boolean; onClose: () => void; target: EnrollmentsTarget | null; enrollments: AdminEnrollment[] }) {
  const formation = target?.kind === "formation" ? target.formation : null;
  const slug = formation ? String(formation.id) : UNASSIGNED;
  const title = formation ? `Inscriptions pour ${formation.title}` : "Inscriptions sans session";
  const canExport = useCan("enrollment:export");
  return (
    <Dialog open={open} onClose={onClose} title={title} size="xl">
      {target && (
        <div className="space-y-6">
          <div className="flex flex-col gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
            {formation ? (
              <div className="min-w-0 flex-1 sm:max-w-sm">
                <FillBar taken={formation.taken} max={formation.max_participants} label={`${formation.taken}/${formation.max_participants} places occupées`} />
                <p className="mt-1 text-xs text-slate-500">Les inscriptions en attente et confirmées occupent une place.</p>
              </div>
            ) : (
              <p className="text-sm text-slate-600">Inscriptions sans session choisie, et celles d'une formation supprimée (elles gardent son titre).</p>
            )}
            {canExport && (
              <div className="flex flex-wrap gap-2">
                <a href={`/admin/formations/${slug}/inscriptions.xlsx`} download={`inscriptions_${slug}.xlsx`} className="btn-primary">
                  <FileSpreadsheet aria-hidden className="h-4 w-4" />
                  Exporter Excel
                </a>
                <a href={`/admin/formations/${slug}/inscriptions.csv`} download={`inscriptions_${slug}.csv`} className="btn border border-navy-900 text-navy-900 hover:bg-white">
                  <Download aria-hidden className="h-4 w-4" />
                  Exporter CSV
                </a>
              </div>
            )}
          </div>
          {enrollments.length === 0 ? (
            <p className="rounded-xl bg-white px-6 py-10 text-center text-slate-600 ring-1 ring-slate-200">{ADMIN_FORMATION_TEXTS.emptyEnrollments}</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
              {enrollments.map((e) => (
                <EnrollmentRow key={e.id} enrollment={e} showFormation={target.kind === "unassigned"} />
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}

function EnrollmentRow({ enrollment: e, showFormation }: { enrollment: AdminEnrollment; showFormation: boolean }) {
  const fetcher = useFetcher<FormationActionResult>();
  const uid = useId();
  const canUpdate = useCan("enrollment:update");
  // the status being saved shows at once; a failure brings the stored one back
  const pending = fetcher.formData?.get("status");
  const status = (typeof pending === "string" ? pending : e.status) as EnrollmentStatusValue;
  useToast(fetcher.data?.toast);

  const name = `${e.user_surname} ${e.user_name}`;
  return (
    <li className="grid gap-3 p-4 md:grid-cols-[1fr_auto] md:items-center">
      <div className="min-w-0">
        <p className="font-semibold text-navy-900">
          {e.user_name} {e.user_surname}
          <span className={`ms-2 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLE[status] ?? STATUS_STYLE.pending}`}>
            {ENROLLMENT_STATUS_LABELS[status] ?? status}
          </span>
        </p>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
          <a href={`mailto:${e.email}`} className="inline-flex items-center gap-1 break-all hover:text-navy-900">
            <Mail aria-hidden className="h-3.5 w-3.5 shrink-0" />
            {e.email}
          </a>
          <a href={`tel:${e.phone.replace(/[^\d+]/g, "")}`} className="inline-flex items-center gap-1 hover:text-navy-900">
            <Phone aria-hidden className="h-3.5 w-3.5 shrink-0" />
            {e.phone}
          </a>
        </p>
        {showFormation && <p className="mt-1 text-sm text-slate-700">Formation : {e.formation_chosen || "aucune session choisie"}</p>}
        <p className="mt-1 text-xs text-slate-500">Inscrit(e) le {formatDateTime(e.enrollment_date)}</p>
      </div>
      {canUpdate && (
        <fetcher.Form method="post" action="/admin/formations" className="flex items-center gap-2">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="id" value={e.id} />
          <label htmlFor={`${uid}-status`} className="sr-only">
            Statut de l'inscription de {name}
          </label>
          <select
            id={`${uid}-status`}
            name="status"
            value={status}
            aria-busy={fetcher.state !== "idle"}
            onChange={(ev) => fetcher.submit(ev.currentTarget.form, { method: "post", action: "/admin/formations" })}
            className="field-input min-w-40 py-2 text-sm"
          >
            {(Object.keys(ENROLLMENT_STATUS_LABELS) as EnrollmentStatusValue[]).map((s) => (
              <option key={s} value={s}>
                {ENROLLMENT_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className="btn-ghost min-h-9 px-3 text-xs">
              Mettre à jour
            </button>
          </noscript>
        </fetcher.Form>
      )}
    </li>
  );
}
