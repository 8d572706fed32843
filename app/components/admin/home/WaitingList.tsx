import { ArrowRight, BellRing, Hourglass, Stethoscope, Wallet, type StaffIcon } from "~/components/admin/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { agendaHref } from "~/components/admin/agenda/model";
import { formatDA } from "~/lib/money";
import { dueText, type TodayMoney } from "./model";

function Line({ icon: Icon, label, value, link, tone = "text-navy-900", children }: { icon: StaffIcon; label: string; value: string; link?: { to: string; label: string }; tone?: string; children?: ReactNode }) {
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 px-4 py-3 sm:px-5">
      <span aria-hidden className="mt-0.5 flex h-9 w-9 items-center justify-center rounded-lg bg-slate-50 text-teal-700 ring-1 ring-slate-200">
        <Icon className="h-4 w-4" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-slate-600">{label}</p>
        <p className={`text-xl font-bold tabular-nums ${tone}`}>{value}</p>
        {link && (
          <Link to={link.to} className="mt-2 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-teal-700 ring-1 ring-teal-200 hover:bg-teal-50">
            {link.label}
            <ArrowRight aria-hidden className="h-4 w-4" />
          </Link>
        )}
        {children}
      </div>
    </li>
  );
}

/**
 * 'À faire': the requests waiting for a confirmation, the reminders to send for tomorrow and, for
 * who may see prices, what today's appointments still owe ('Reste à payer': '—' while no price is
 * set, never '0 DA'). Each with the screen that deals with it; a part the role may not open is
 * left out (null).
 */
export function WaitingList({
  today,
  requests,
  reminders,
  recalls = null,
  money,
}: {
  today: string;
  requests: number | null;
  reminders: number | null;
  /** 'Suivis à proposer' (issue 31): the recalls due by the end of the month */
  recalls?: number | null;
  money: TodayMoney | null;
}) {
  return (
    <section aria-labelledby="a-faire-title" className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <h2 id="a-faire-title" className="border-b border-slate-100 px-4 py-3 font-sans text-lg font-semibold text-navy-900 sm:px-5">
        À faire
      </h2>
      <ul className="divide-y divide-slate-100">
        {requests !== null && (
          <Line
            icon={Hourglass}
            label="Demandes à confirmer"
            value={String(requests)}
            tone={requests > 0 ? "text-amber-800" : "text-navy-900"}
            link={{ to: "/admin/appointments?statut=requested", label: "Voir les demandes" }}
          />
        )}
        {reminders !== null && <Line icon={BellRing} label="Rappels à envoyer pour demain" value={String(reminders)} link={{ to: "/admin/rappels", label: "Ouvrir les rappels" }} />}
        {recalls !== null && recalls > 0 && <Line icon={Stethoscope} label="Suivis à proposer ce mois-ci" value={String(recalls)} link={{ to: "/admin/suivis", label: "Ouvrir les suivis" }} />}
        {money && (
          <Line icon={Wallet} label="Reste à payer aujourd'hui" value={dueText(money.due)} tone={money.due ? "text-amber-900" : "text-navy-900"}>
            {money.owing.length > 0 && (
              <ul aria-label="Reste à payer par patient" className="mt-2 space-y-1 text-sm">
                {money.owing.map((o) => (
                  <li key={o.id} className="flex items-baseline justify-between gap-3">
                    <Link to={agendaHref(today, "jour", `#rdv-${o.id}`)} className="min-w-0 truncate py-1 text-slate-700 hover:text-teal-700 hover:underline">
                      <span className="tabular-nums">{o.time}</span> · {o.name}
                    </Link>
                    <span className="shrink-0 font-semibold tabular-nums text-navy-900">{formatDA(o.due)}</span>
                  </li>
                ))}
              </ul>
            )}
            {money.unpriced > 0 && (
              <p className="mt-1 text-xs text-slate-500">
                {money.unpriced === 1 ? "1 rendez-vous du jour sans prix renseigné." : `${money.unpriced} rendez-vous du jour sans prix renseigné.`}
              </p>
            )}
          </Line>
        )}
      </ul>
    </section>
  );
}
