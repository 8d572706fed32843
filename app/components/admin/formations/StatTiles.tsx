import { BookOpen, GraduationCap, UsersRound } from "~/components/admin/icons";

/** 'Chiffres clés': the three tiles of the staff formations screen. */
export function StatTiles({ stats }: { stats: { total: number; active: number; enrollments: number } }) {
  const tiles = [
    { label: "Total Formations", value: stats.total, icon: BookOpen },
    { label: "Inscriptions Totales", value: stats.enrollments, icon: UsersRound },
    { label: "Formations Actives", value: stats.active, icon: GraduationCap },
  ];
  return (
    <ul aria-label="Chiffres clés" className="mt-8 grid gap-4 sm:grid-cols-3">
      {tiles.map(({ label, value, icon: Icon }) => (
        <li key={label} data-tile={label} className="flex items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-teal-50 text-teal-600">
            <Icon aria-hidden className="h-6 w-6" />
          </span>
          <p className="flex flex-col">
            <span className="font-serif text-3xl font-bold text-navy-900" data-value>
              {value}
            </span>
            <span className="text-sm font-medium text-slate-600">{label}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
