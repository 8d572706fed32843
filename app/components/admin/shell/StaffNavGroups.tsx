import { House } from "~/components/admin/icons";
import { NavLink } from "react-router";
import type { NavGroup } from "./nav";

const STYLES = {
  /** the side bar, from 1024 px: one column */
  side: {
    // tight: the front desk's links stay in a 900 px high window, each 44 px high (the side bar scrolls for the rest)
    groups: "space-y-2",
    list: "mt-0.5",
    link: "side-link",
    idle: "text-slate-700 hover:bg-slate-100 hover:text-navy-900",
    current: "bg-teal-50 text-navy-900 ring-1 ring-teal-200",
    icon: "h-4 w-4 shrink-0",
  },
  /** the menu of a phone or a tablet: two columns of big tiles, for a thumb */
  sheet: {
    groups: "space-y-4",
    list: "mt-2 grid grid-cols-2 gap-2",
    link: "flex min-h-12 items-center gap-2.5 rounded-xl px-3 py-2 text-[15px] font-semibold leading-tight transition",
    idle: "bg-slate-50 text-slate-800 ring-1 ring-slate-200 active:bg-slate-100",
    current: "bg-teal-50 text-navy-900 ring-2 ring-teal-500",
    icon: "h-5 w-5 shrink-0 text-teal-700",
  },
} as const;

/**
 * The staff navigation's groups, as a side bar or as the phone's menu. Each link is marked
 * `aria-current="page"` where one stands (React Router's NavLink; 'Accueil' only on /admin itself,
 * a screen also on its sub-pages: a patient's record keeps 'Patients' marked).
 */
export function StaffNavGroups({ groups, variant }: { groups: readonly NavGroup[]; variant: keyof typeof STYLES }) {
  const s = STYLES[variant];
  const cls = ({ isActive }: { isActive: boolean }) => `${s.link} ${isActive ? s.current : s.idle}`;
  return (
    <div className={s.groups}>
      {groups.map((g) => {
        const labelId = `nav-${variant}-${g.id}`;
        return (
          <div key={g.id}>
            {g.to ? (
              <NavLink id={labelId} to={g.to} end className={cls}>
                <House aria-hidden className={s.icon} />
                {g.label}
              </NavLink>
            ) : (
              <p id={labelId} className="px-3 text-xs font-semibold uppercase tracking-wider text-slate-500">
                {g.label}
              </p>
            )}
            {g.items.length > 0 && (
              <ul aria-labelledby={labelId} className={`${s.list} ${g.to && variant === "side" ? "ml-3 border-l border-slate-200 pl-2" : ""}`}>
                {g.items.map(({ to, label, icon: Icon }) => (
                  <li key={to}>
                    <NavLink to={to} className={cls}>
                      <Icon aria-hidden className={s.icon} />
                      <span className="min-w-0">{label}</span>
                    </NavLink>
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </div>
  );
}
