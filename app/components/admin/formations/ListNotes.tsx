import { GraduationCap, Users } from "~/components/admin/icons";
import { Link } from "react-router";
import { useCan } from "~/components/admin/permissions";
import { ADMIN_FORMATION_TEXTS } from "./admin-formations";
import { UNASSIGNED } from "~/lib/formation";

/** No card to show: none yet, or the list could not be read. */
export function NoFormation({ loadFailed }: { loadFailed: boolean }) {
  const canCreate = useCan("formation:manage");
  return (
    <div className="mt-8 rounded-2xl bg-white px-6 py-14 text-center ring-1 ring-slate-200">
      <GraduationCap aria-hidden className="mx-auto h-10 w-10 text-teal-600" />
      <p className="mt-4 font-semibold text-navy-900">{loadFailed ? ADMIN_FORMATION_TEXTS.loadError : "Aucune formation pour le moment."}</p>
      {!loadFailed && canCreate && <p className="mt-1 text-sm text-slate-600">Créez la première avec « Nouvelle Formation ».</p>}
    </div>
  );
}

/** 'Inscriptions sans session': enrolments with no session chosen, or of a deleted formation. */
export function UnassignedEnrollments({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <div className="mt-8 flex flex-col gap-3 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="font-sans text-base font-semibold text-navy-900">Inscriptions sans session</h2>
        <p className="text-sm text-slate-600">
          {count} inscription{count > 1 ? "s" : ""} sans session choisie ou d'une formation supprimée.
        </p>
      </div>
      <Link to={`?inscriptions=${UNASSIGNED}`} preventScrollReset className="btn border border-navy-900 text-navy-900 hover:bg-slate-50">
        <Users aria-hidden className="h-4 w-4" />
        Voir ces inscriptions
      </Link>
    </div>
  );
}
