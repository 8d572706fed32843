import { Bot, Clock, Globe, Target, UserRound, UserX } from "~/components/admin/icons";
import { Link } from "react-router";
import type { JournalAccountView, JournalEntryView } from "~/lib/journal-entry";

/** Refusals, erasures and deletions stand out; everything else reads quietly. */
const WARN = new Set(["auth.login.failure", "auth.2fa.failure", "auth.recovery_code.used", "patient.erase", "blog.delete", "formation.delete", "formation.session.delete", "account.disabled", "2fa.disabled", "account.2fa_reset"]);

function ActionBadge({ entry }: { entry: JournalEntryView }) {
  const warn = WARN.has(entry.action);
  return (
    <span
      className={`inline-block rounded-md px-2 py-0.5 text-sm font-semibold ring-1 ring-inset ${warn ? "bg-rose-50 text-rose-900 ring-rose-600/20" : "bg-slate-50 text-navy-900 ring-slate-300/70"}`}
    >
      {entry.actionLabel}
    </span>
  );
}

export function AccountLabel({ account }: { account: JournalAccountView }) {
  if (account.kind === "staff") return <span className="break-all">{account.email}</span>;
  if (account.kind === "system") return <span className="italic text-slate-600">système</span>;
  return <span className="italic text-slate-600">adresse inconnue</span>;
}

function AccountIcon({ account }: { account: JournalAccountView }) {
  const Icon = account.kind === "staff" ? UserRound : account.kind === "system" ? Bot : UserX;
  return <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />;
}

function TargetLabel({ target }: { target: JournalEntryView["target"] }) {
  if (!target) return <span className="text-slate-500">—</span>;
  if (!target.href) return <span>{target.label}</span>;
  return (
    <Link to={target.href} className="font-medium text-navy-900 underline decoration-slate-300 underline-offset-2 hover:decoration-navy-900">
      {target.label}
    </Link>
  );
}

const dash = <span className="text-slate-500">—</span>;

/**
 * The journal's entries, newest first (docs/product.md, "Staff: audit log"): a card per entry on a
 * phone, a table from 992 px. Nothing in it changes an entry: the journal is read only.
 */
export function JournalList({ rows }: { rows: JournalEntryView[] }) {
  return (
    <>
      <ol className="grid gap-3 lg:hidden" aria-label="Entrées du journal">
        {rows.map((e) => (
          <li key={e.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1.5">
              <ActionBadge entry={e} />
              <p className="inline-flex items-center gap-1.5 whitespace-nowrap text-xs font-medium text-slate-600">
                <Clock aria-hidden className="h-3.5 w-3.5" />
                <time dateTime={e.at}>{e.when}</time>
              </p>
            </div>
            <dl className="mt-3 space-y-1.5 text-sm text-slate-800">
              <div className="flex items-start gap-2">
                <dt className="sr-only">Compte</dt>
                <AccountIcon account={e.account} />
                <dd className="min-w-0">
                  <AccountLabel account={e.account} />
                </dd>
              </div>
              {e.target && (
                <div className="flex items-start gap-2">
                  <dt className="sr-only">Cible</dt>
                  <Target aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
                  <dd className="min-w-0 break-words">
                    <TargetLabel target={e.target} />
                  </dd>
                </div>
              )}
              <div className="flex items-start gap-2">
                <dt className="sr-only">Adresse IP</dt>
                <Globe aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
                <dd className="min-w-0 break-all text-xs leading-5 text-slate-600">{e.ip ? <span className="font-mono">{e.ip}</span> : "adresse IP non connue"}</dd>
              </div>
            </dl>
            {e.detail && <p className="mt-3 break-words border-t border-slate-100 pt-2.5 text-sm text-slate-700">{e.detail}</p>}
          </li>
        ))}
      </ol>

      <div className="hidden overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 lg:block">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">Entrées du journal, les plus récentes d'abord</caption>
          <colgroup>
            <col className="w-[10.5rem]" />
            <col className="w-[14rem]" />
            <col className="w-[10rem]" />
            <col className="w-[16rem]" />
            <col className="w-[12rem]" />
            <col />
          </colgroup>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                Date et heure
              </th>
              <th scope="col" className="px-4 py-3">
                Compte
              </th>
              <th scope="col" className="px-4 py-3">
                Adresse IP
              </th>
              <th scope="col" className="px-4 py-3">
                Action
              </th>
              <th scope="col" className="px-4 py-3">
                Cible
              </th>
              <th scope="col" className="px-4 py-3">
                Détail
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 align-top">
            {rows.map((e) => (
              <tr key={e.id} className="hover:bg-slate-50">
                <td className="whitespace-nowrap px-4 py-3 tabular-nums text-slate-800">
                  <time dateTime={e.at}>
                    {e.day} <span className="text-slate-500">{e.time}</span>
                  </time>
                </td>
                <td className="px-4 py-3 text-slate-800">
                  <AccountLabel account={e.account} />
                </td>
                <td className="break-all px-4 py-3 font-mono text-xs leading-5 text-slate-600">{e.ip ?? dash}</td>
                <td className="px-4 py-3">
                  <ActionBadge entry={e} />
                </td>
                <td className="break-words px-4 py-3 text-slate-800">
                  <TargetLabel target={e.target} />
                </td>
                <td className="break-words px-4 py-3 text-slate-700">{e.detail ?? dash}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
