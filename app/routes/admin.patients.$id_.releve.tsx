import { ArrowLeft, FileDown, Printer } from "~/components/admin/icons";
import { data, Link } from "react-router";
import type { Route } from "./+types/admin.patients.$id_.releve";
import { getClinic } from "~/.server/clinic";
import { getDb } from "~/.server/db";
import { patientAccount } from "~/.server/repos/ledger";
import { getPatientRecord } from "~/.server/repos/patient-record";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { useHydrated } from "~/hooks/use-hydrated";
import { todayInClinic } from "~/lib/clinic-time";
import { formatCalendarDate } from "~/lib/format";
import { formatDA } from "~/lib/money";
import { parseId } from "~/lib/rules";

export const meta: Route.MetaFunction = () => [{ title: "Relevé de compte | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

/** 'Relevé de compte' (docs/product.md, "Staff: the patient's account"): the print page, `payment:take`. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const db = getDb();
  const record = id === null ? undefined : await getPatientRecord(db, id);
  if (!record || id === null) throw data({ message: "Dossier introuvable." }, { status: 404 });
  return { id, name: record.patient.name ?? `Dossier n° ${id}`, account: await patientAccount(db, id), clinic: await getClinic(db), today: todayInClinic() };
}

export default function StatementScreen({ loaderData }: Route.ComponentProps) {
  const { id, name, account, clinic, today } = loaderData;
  const hydrated = useHydrated();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <Link to={`/admin/patients/${id}`} className="btn-ghost">
          <ArrowLeft aria-hidden className="h-4 w-4" />
          Dossier
        </Link>
        <span className="grow" />
        {hydrated && (
          <button type="button" className="btn-outline" onClick={() => window.print()}>
            <Printer aria-hidden className="h-4 w-4" />
            Imprimer
          </button>
        )}
        <a href={`/admin/patients/${id}/releve/pdf`} className="btn-primary" download>
          <FileDown aria-hidden className="h-4 w-4" />
          Télécharger le PDF
        </a>
      </div>
      <article aria-labelledby="statement-title" className="mx-auto max-w-4xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-10 print:max-w-none print:p-0 print:shadow-none print:ring-0">
        <header className="flex flex-col gap-4 border-b border-slate-200 pb-5 sm:flex-row sm:justify-between">
          <div className="text-sm text-slate-700">
            <p className="font-serif text-lg font-bold text-teal-800">{clinic.name}</p>
            <p>{clinic.address.street}</p>
            <p>
              {clinic.address.postalCode} {clinic.address.city}
            </p>
            {clinic.phones[0] && <p>{clinic.phones[0].display}</p>}
          </div>
          <div className="sm:text-right">
            <h1 id="statement-title" className="font-sans text-2xl font-bold text-navy-900">
              Relevé de compte
            </h1>
            <p className="text-sm text-slate-600">Alger, le {formatCalendarDate(today)}</p>
            <p className="mt-2 font-semibold text-navy-900">{name}</p>
          </div>
        </header>
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-3 font-medium">Date</th>
                <th scope="col" className="py-2 pr-3 font-medium">Libellé</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">Débit</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">Crédit</th>
                <th scope="col" className="py-2 text-right font-medium">Solde</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {account.lines.map((l, i) => (
                <tr key={i}>
                  <td className="py-2 pr-3 whitespace-nowrap tabular-nums">{l.day ? formatCalendarDate(l.day) : "—"}</td>
                  <td className="py-2 pr-3">{l.label}</td>
                  <td className="py-2 pr-3 text-right tabular-nums whitespace-nowrap">{l.debit ? formatDA(l.debit) : ""}</td>
                  <td className="py-2 pr-3 text-right tabular-nums whitespace-nowrap">{l.credit ? formatDA(l.credit) : ""}</td>
                  <td className="py-2 text-right tabular-nums whitespace-nowrap">{formatDA(l.balance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="mt-6 ml-auto max-w-xs space-y-1 text-sm">
          <div className="flex justify-between gap-4">
            <dt>Total facturé</dt>
            <dd className="tabular-nums">{formatDA(account.billed)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>Total payé</dt>
            <dd className="tabular-nums">{formatDA(account.paid)}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-slate-200 pt-1 text-base font-bold text-teal-800">
            <dt>Solde</dt>
            <dd className="tabular-nums">{formatDA(account.balance)}</dd>
          </div>
        </dl>
      </article>
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <StaffScreenError error={error} path={`/admin/patients/${params.id ?? ""}/releve`} title="Impossible d'afficher ce relevé." text="Le dossier n'existe pas ou n'a pas pu être lu." />;
}
