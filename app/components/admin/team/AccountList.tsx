import { ChevronRight, Settings2 } from "~/components/admin/icons";
import { Link } from "react-router";
import { formatDateTime, formatShortDate } from "~/lib/format";
import { Avatar, RoleBadge, StatusBadge, TemporaryPasswordBadge, TwoFactorBadge } from "./AccountBadges";
import { TEAM_PATH } from "~/lib/team-schema";
import type { TeamAccountView } from "./types";

const manageHref = (id: number) => `${TEAM_PATH}?compte=${id}#gerer`;

function Name({ a }: { a: TeamAccountView }) {
  return (
    <>
      <span className="[overflow-wrap:anywhere]">{a.name ?? a.email}</span>
      {a.isSelf && <span className="ml-2 rounded-full bg-gold-400/20 px-2 py-0.5 align-middle text-xs font-semibold text-navy-900">vous</span>}
    </>
  );
}

const lastSeen = (a: TeamAccountView) => (a.lastSignInAt ? formatDateTime(a.lastSignInAt) : "Jamais");

/**
 * The staff accounts (docs/product.md, "Staff: team"): a card per account on a phone, a table
 * from 992 px. Name and address, role, two-factor sign-in, status, last sign-in, creation; each
 * opens its panel ('Gérer').
 */
export function AccountList({ accounts, selected }: { accounts: TeamAccountView[]; selected: number | null }) {
  return (
    <>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:hidden" aria-label="Comptes du personnel">
        {accounts.map((a) => (
          <li key={a.id}>
            <Link
              to={manageHref(a.id)}
              aria-current={selected === a.id ? "true" : undefined}
              aria-label={`Gérer le compte de ${a.name ?? a.email}`}
              className={`flex items-start gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 transition hover:ring-teal-600/40 focus-visible:outline-offset-2 ${
                selected === a.id ? "ring-2 ring-teal-600" : "ring-slate-200"
              } ${a.disabledAt ? "opacity-80" : ""}`}
            >
              <Avatar account={a} />
              <div className="min-w-0 flex-1">
                <p className="font-sans text-base font-semibold text-navy-900">
                  <Name a={a} />
                </p>
                {a.name && <p className="truncate text-sm text-slate-600">{a.email}</p>}
                <p className="mt-2 flex flex-wrap gap-1.5">
                  <RoleBadge role={a.role} label={a.roleLabel} />
                  <StatusBadge disabled={a.disabledAt !== null} />
                  <TwoFactorBadge enabled={a.twoFactorEnabled} required={a.twoFactorRequired} />
                  {a.mustChangePassword && !a.disabledAt && <TemporaryPasswordBadge />}
                </p>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-600">
                  <dt>Dernière connexion</dt>
                  <dd className="font-medium text-slate-800">{lastSeen(a)}</dd>
                  <dt>Créé le</dt>
                  <dd className="font-medium text-slate-800">{formatShortDate(a.createdAt)}</dd>
                </dl>
              </div>
              <ChevronRight aria-hidden className="mt-1 h-5 w-5 shrink-0 text-slate-400" />
            </Link>
          </li>
        ))}
      </ul>

      <div className="hidden overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Comptes du personnel</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                Membre
              </th>
              <th scope="col" className="px-4 py-3">
                Rôle
              </th>
              <th scope="col" className="px-4 py-3">
                Double authentification
              </th>
              <th scope="col" className="px-4 py-3">
                Statut
              </th>
              <th scope="col" className="px-4 py-3">
                Dernière connexion
              </th>
              <th scope="col" className="px-4 py-3">
                Créé le
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {accounts.map((a) => (
              <tr key={a.id} className={selected === a.id ? "bg-teal-50/60" : "hover:bg-slate-50"} aria-current={selected === a.id ? "true" : undefined}>
                <td className="max-w-80 px-4 py-3">
                  <div className="flex items-center gap-3">
                    <Avatar account={a} />
                    <div className="min-w-0">
                      <p className="font-semibold text-navy-900">
                        <Name a={a} />
                      </p>
                      {a.name && <p className="truncate text-xs text-slate-500">{a.email}</p>}
                    </div>
                  </div>
                </td>
                <td className="px-4 py-3">
                  <RoleBadge role={a.role} label={a.roleLabel} />
                </td>
                <td className="px-4 py-3">
                  <TwoFactorBadge enabled={a.twoFactorEnabled} required={a.twoFactorRequired} short />
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-col items-start gap-1">
                    <StatusBadge disabled={a.disabledAt !== null} />
                    {a.mustChangePassword && !a.disabledAt && <TemporaryPasswordBadge />}
                  </div>
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-700">{lastSeen(a)}</td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatShortDate(a.createdAt)}</td>
                <td className="px-4 py-3 text-right">
                  <Link
                    to={manageHref(a.id)}
                    aria-label={`Gérer le compte de ${a.name ?? a.email}`}
                    className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 text-sm font-semibold text-navy-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
                  >
                    <Settings2 aria-hidden className="h-4 w-4 text-teal-600" />
                    Gérer
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
