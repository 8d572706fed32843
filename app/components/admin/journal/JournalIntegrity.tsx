import { ShieldCheck } from "~/components/admin/icons";
import { Alert } from "~/components/ui/Alert";
import { formatNumber } from "~/lib/format";
import { formatJournalTime } from "~/lib/journal-entry";

/**
 * The audit log's integrity on the journal screen (ADR 019): what the verifier of the hash chain
 * found, as the loader gives it (ids, places and dates only).
 */
export type JournalIntegrityView =
  | { state: "ok"; entries: number; until: string | null }
  | { state: "broken"; entryId: number | null; label: string; message: string; entries: number; until: string | null }
  | { state: "unknown" };

/** The verifier's answer as the screen shows it. */
export function toIntegrityView(v: {
  ok: boolean;
  entries: number;
  last: { at: string } | null;
  problem: { entryId: number | null; message: string; label: string } | null;
}): JournalIntegrityView {
  const until = v.last ? formatJournalTime(v.last.at) : null;
  if (v.ok || !v.problem) return { state: "ok", entries: v.entries, until };
  return { state: "broken", entryId: v.problem.entryId, label: v.problem.label, message: v.problem.message, entries: v.entries, until };
}

const entries = (n: number) => `${formatNumber(n)} entrée${n > 1 ? "s" : ""}`;

export function JournalIntegrity({ integrity }: { integrity: JournalIntegrityView }) {
  if (integrity.state === "unknown") {
    return <p className="text-sm text-slate-600">L'intégrité du journal n'a pas pu être vérifiée pour le moment : rechargez la page dans un instant.</p>;
  }
  if (integrity.state === "ok") {
    return (
      <p className="inline-flex items-start gap-2 text-sm font-medium text-slate-700" data-integrity="ok">
        <ShieldCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-teal-600" />
        {integrity.until ? `Intégrité vérifiée jusqu'au ${integrity.until} (${entries(integrity.entries)}).` : "Intégrité vérifiée : le journal ne contient encore aucune entrée."}
      </p>
    );
  }
  return (
    <Alert tone="error">
      <p className="font-semibold" data-integrity="broken">
        Intégrité du journal compromise{integrity.entryId !== null ? ` : entrée n° ${integrity.entryId}` : ""}, {integrity.label}.
      </p>
      <p className="mt-1">{integrity.message}</p>
      <p className="mt-1">
        {integrity.until ? `Le journal est intègre jusqu'au ${integrity.until} (${entries(integrity.entries)}). ` : ""}
        Prévenez la personne qui gère le site : la commande <code>npm run audit:verify</code> fait le même constat.
      </p>
    </Alert>
  );
}
