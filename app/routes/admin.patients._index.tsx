import { Loader2 } from "~/components/admin/icons";
import { useNavigation } from "react-router";
import type { Route } from "./+types/admin.patients._index";
import { getDb } from "~/.server/db";
import { listPatients } from "~/.server/repos/patient-list";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { AppointmentPagination } from "~/components/admin/appointments/AppointmentPagination";
import { PatientList } from "~/components/admin/patients/PatientList";
import { PatientSearch } from "~/components/admin/patients/PatientSearch";
import { parsePatientQuery, PATIENTS_PAGE_SIZE, patientQueryString } from "~/lib/patient-schema";
import { formatNumber } from "~/lib/format";
import { formatPhoneDisplay } from "~/lib/phone";

const BASE_PATH = "/admin/patients";

export const meta: Route.MetaFunction = () => [{ title: "Patients | Admin Dashboard" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * docs/product.md, "Staff: patients": the live records, the latest appointment first, 24 a page,
 * searched in the database by name, phone (any form) or e-mail.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const query = parsePatientQuery(url.searchParams);
  const { rows, total, more } = await listPatients(
    getDb(),
    { q: query.q || undefined },
    { limit: PATIENTS_PAGE_SIZE, offset: (query.page - 1) * PATIENTS_PAGE_SIZE },
  );
  return {
    query,
    total,
    more,
    pageCount: Math.max(1, Math.ceil(total / PATIENTS_PAGE_SIZE)),
    rows: rows.map((r) => ({ ...r, phoneDisplay: r.phoneE164 ? formatPhoneDisplay(r.phoneE164) : r.phone })),
  };
}

export default function AdminPatients({ loaderData }: Route.ComponentProps) {
  const { rows, total, more, query, pageCount } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === BASE_PATH;
  const first = total === 0 ? 0 : (query.page - 1) * PATIENTS_PAGE_SIZE + 1;
  const last = Math.min(total, query.page * PATIENTS_PAGE_SIZE);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold md:text-4xl">Patients</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Un dossier par patient : ses rendez-vous, ce qu'il a réglé et ce qu'il reste à payer, les notes de l'équipe. Les rendez-vous pris avec le même
          téléphone et le même nom y sont rangés automatiquement.
        </p>
      </div>

      <PatientSearch q={query.q} basePath={BASE_PATH} />

      <div className="flex min-h-6 items-center text-sm text-slate-600" aria-live="polite">
        {loading ? (
          <p role="status" className="inline-flex items-center gap-2 font-medium text-teal-700">
            <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
            Chargement des patients...
          </p>
        ) : (
          <p>{total === 0 ? "0 patient" : more ? `${first}–${last} sur plus de ${formatNumber(total)} patients : précisez la recherche` : `${first}–${last} sur ${formatNumber(total)} patient${total > 1 ? "s" : ""}`}</p>
        )}
      </div>

      <div className={`transition-opacity ${loading ? "opacity-60" : ""}`}>
        {rows.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
            <p className="font-medium text-slate-700">{query.q ? "Aucun patient ne correspond à cette recherche." : "Aucun patient pour le moment."}</p>
          </div>
        ) : (
          <PatientList rows={rows} />
        )}
      </div>

      <AppointmentPagination page={query.page} pageCount={pageCount} more={more} pageLink={(page) => `${BASE_PATH}${patientQueryString({ ...query, page })}`} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StaffScreenError
      error={error}
      path={BASE_PATH}
      title="Impossible de charger les patients."
      text="La liste n'a pas pu être lue. Vérifiez la connexion puis réessayez ; si le problème persiste, prévenez la personne qui gère le site."
    />
  );
}
