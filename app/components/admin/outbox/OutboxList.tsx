import { RotateCcw } from "~/components/admin/icons";
import { useFetcher } from "react-router";
import type { OutboxItem } from "~/.server/repos/outbox";
import { useToast } from "~/components/toaster";
import { formatDateTime } from "~/lib/format";
import type { Toast } from "~/lib/toast";
import { OUTBOX_PATH, OUTBOX_STATUS_LABELS, outboxKindLabel } from "./labels";

export interface OutboxActionResult {
  ok: boolean;
  toast: Toast;
}

const BADGE: Record<OutboxItem["status"], string> = {
  pending: "bg-amber-50 text-amber-900 ring-amber-200",
  sent: "bg-teal-50 text-teal-900 ring-teal-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
};

/** One card per message: what it is, to whom (masked), its state, attempts, last error and dates. Never its text. */
export function OutboxList({ items }: { items: OutboxItem[] }) {
  return (
    <ul aria-label="Messages" className="space-y-3">
      {items.map((m) => (
        <OutboxRow key={m.id} item={m} />
      ))}
    </ul>
  );
}

function OutboxRow({ item: m }: { item: OutboxItem }) {
  const fetcher = useFetcher<OutboxActionResult>();
  useToast(fetcher.data?.toast);
  const busy = fetcher.state !== "idle";
  const headingId = `outbox-${m.id}`;
  return (
    <li aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="font-sans text-base font-semibold text-navy-900">
            {outboxKindLabel(m.kind)} <span className="font-normal text-slate-500">· n° {m.id}</span>
          </h2>
          <p className="mt-0.5 break-all text-sm text-slate-600">À : {m.to}</p>
        </div>
        <span className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${BADGE[m.status]}`}>{OUTBOX_STATUS_LABELS[m.status]}</span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Fact label="Créé le" value={formatDateTime(m.createdAt)} />
        <Fact label="Envoyé le" value={m.sentAt ? formatDateTime(m.sentAt) : "—"} />
        <Fact label="Essais" value={String(m.attempts)} />
        <Fact label="Prochain essai" value={m.status === "pending" && m.nextAttemptAt ? formatDateTime(m.nextAttemptAt) : "—"} />
      </dl>
      {m.lastError && (
        <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">
          <span className="font-semibold">Dernière erreur : </span>
          <span className="break-words">{m.lastError}</span>
        </p>
      )}
      {m.retryable && (
        <fetcher.Form method="post" action={OUTBOX_PATH} className="mt-3">
          <input type="hidden" name="intent" value="retry" />
          <input type="hidden" name="id" value={m.id} />
          <button type="submit" disabled={busy} className="btn border border-navy-900 text-navy-900 hover:bg-slate-50 disabled:opacity-60" aria-describedby={headingId}>
            <RotateCcw aria-hidden className={`h-4 w-4 ${busy ? "animate-spin" : ""}`} />
            {busy ? "Envoi en cours..." : "Réessayer"}
          </button>
        </fetcher.Form>
      )}
    </li>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-slate-800">{value}</dd>
    </div>
  );
}
