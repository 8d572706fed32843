import { BellOff, BellRing, Download, EyeOff, FilePlus2, Languages, Merge, NotebookPen, Trash2, type StaffIcon } from "~/components/admin/icons";
import { formatDateTime } from "~/lib/format";
import type { PatientEventView } from "./types";

const LABELS: Record<PatientEventView["action"], { text: (detail: string | null) => string; icon: StaffIcon }> = {
  created: { text: () => "Dossier créé", icon: FilePlus2 },
  merged: { text: (d) => `Dossier ${d ? d.replace("#", "n° ") : ""} fusionné dans celui-ci`, icon: Merge },
  merged_into: { text: (d) => `Fusionné dans le dossier ${d ? d.replace("#", "n° ") : ""}`, icon: Merge },
  export_json: { text: () => "Données exportées (JSON)", icon: Download },
  export_csv: { text: () => "Données exportées (CSV)", icon: Download },
  export_xlsx: { text: () => "Données exportées (Excel)", icon: Download },
  erased: { text: (d) => `Données personnelles effacées${d ? ` — ${d}` : ""}`, icon: Trash2 },
  anonymised: { text: (d) => `Anonymisation${d ? ` — ${d}` : ""}`, icon: EyeOff },
  notes: { text: () => "Notes de l'équipe modifiées", icon: NotebookPen },
  recall_opt_out: { text: () => "Rappels de suivi arrêtés (« Ne plus me rappeler »)", icon: BellOff },
  recall_opt_in: { text: () => "Rappels de suivi rétablis", icon: BellRing },
  language: { text: (d) => `Langue des messages : ${d === "ar" ? "arabe" : "français"}`, icon: Languages },
};

/** 'Journal du dossier': who did what to the record and when (merges, exports, erasure, notes), latest first. */
export function EventList({ events }: { events: PatientEventView[] }) {
  return (
    <section aria-labelledby="patient-events" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="patient-events" className="font-sans text-lg font-semibold text-navy-900">
        Journal du dossier
      </h2>
      {events.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Rien à signaler : ni export, ni fusion, ni modification des notes.</p>
      ) : (
        <ol className="mt-3 space-y-3" aria-label="Journal du dossier">
          {events.map((e) => {
            const { text, icon: Icon } = LABELS[e.action] ?? { text: () => e.action, icon: FilePlus2 };
            return (
              <li key={e.id} className="flex gap-3 text-sm">
                <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
                  <Icon aria-hidden className="h-3.5 w-3.5" />
                </span>
                <div className="min-w-0">
                  <p className="font-medium text-navy-900">{text(e.detail)}</p>
                  <p className="text-xs text-slate-500">
                    <time dateTime={e.at}>{formatDateTime(e.at)}</time> · <span className="break-all">{e.actor}</span>
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
