import { CalendarDays, Clock, MapPin, Pencil, Trash2, Users } from "~/components/admin/icons";
import { Link } from "react-router";
import { useCan } from "~/components/admin/permissions";
import { FillBar } from "~/components/formation/FillBar";
import { formatLongDate } from "~/lib/format";
import type { FormationAdminItem } from "~/lib/formation";
import { formationPriceLabel } from "~/lib/money";
import { syllabusPath } from "~/lib/slug";

/**
 * One card of the staff list: badge, dates, fill bar, price, and 'Modifier' (`formation:manage`),
 * 'Inscriptions', 'Supprimer' (`formation:delete`); a button the role may not use is left out.
 */
export function AdminFormationCard({ formation: f, onEdit, onDelete }: { formation: FormationAdminItem; onEdit: () => void; onDelete: () => void }) {
  const canEdit = useCan("formation:manage");
  const canDelete = useCan("formation:delete");
  const buttons = 1 + Number(canEdit) + Number(canDelete);
  return (
    <article className="flex h-full flex-col rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex-1 p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 className="font-serif text-xl font-bold leading-snug">{f.title}</h2>
          <span
            className={`shrink-0 rounded-full px-3 py-1 text-xs font-bold ring-1 ${f.is_active ? "bg-teal-50 text-teal-900 ring-teal-200" : "bg-slate-100 text-slate-700 ring-slate-300"}`}
          >
            {f.is_active ? "Actif" : "Inactif"}
          </span>
        </div>
        <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-slate-600">{f.description}</p>
        <ul className="mt-4 space-y-1.5 text-sm text-slate-700">
          <li className="flex items-center gap-2">
            <CalendarDays aria-hidden className="h-4 w-4 text-teal-600" />
            Créée le {formatLongDate(f.created_at)}
          </li>
          <li className="flex items-center gap-2">
            <Clock aria-hidden className="h-4 w-4 text-teal-600" />
            {f.duration_months} mois
          </li>
          <li className="flex items-center gap-2">
            <MapPin aria-hidden className="h-4 w-4 text-teal-600" />
            {f.place}
          </li>
        </ul>
        <div className="mt-4">
          <FillBar taken={f.taken} max={f.max_participants} />
        </div>
        <p className="mt-4 text-lg font-bold text-navy-900">{formationPriceLabel(f.price, "Prix sur demande")}</p>
        {f.is_active && (
          <Link to={syllabusPath(f.id)} className="mt-1 inline-block text-sm font-semibold text-teal-700 underline-offset-2 hover:underline">
            Voir la page publique<span className="sr-only"> de « {f.title} »</span>
          </Link>
        )}
      </div>
      <div className={`grid gap-1 border-t border-slate-200 p-2 ${buttons === 3 ? "grid-cols-3" : buttons === 2 ? "grid-cols-2" : "grid-cols-1"}`}>
        {canEdit && (
          <button type="button" onClick={onEdit} aria-haspopup="dialog" className="btn-ghost min-h-10 px-2 text-xs">
            <Pencil aria-hidden className="h-4 w-4" />
            Modifier<span className="sr-only"> « {f.title} »</span>
          </button>
        )}
        <Link to={`?inscriptions=${f.id}`} preventScrollReset className="btn-ghost min-h-10 px-2 text-xs">
          <Users aria-hidden className="h-4 w-4" />
          Inscriptions<span className="sr-only"> de « {f.title} »</span>
        </Link>
        {canDelete && (
          <button type="button" onClick={onDelete} aria-haspopup="dialog" className="btn min-h-10 px-2 text-xs text-red-700 hover:bg-red-50">
            <Trash2 aria-hidden className="h-4 w-4" />
            Supprimer<span className="sr-only"> « {f.title} »</span>
          </button>
        )}
      </div>
    </article>
  );
}
