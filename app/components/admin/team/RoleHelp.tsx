import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from "~/lib/permissions";

/** What each role may do (ROLE_DESCRIPTIONS), the chosen one marked; under the role select. */
export function RoleHelp({ id, chosen }: { id: string; chosen: string }) {
  return (
    <ul id={id} className="mt-2 space-y-1.5 text-xs leading-relaxed text-slate-600">
      {ROLES.map((r: Role) => (
        <li key={r} className={`rounded-lg px-3 py-2 ring-1 ring-inset ${r === chosen ? "bg-teal-50 text-slate-800 ring-teal-600/40" : "ring-slate-200"}`}>
          <span className="font-semibold text-navy-900">{ROLE_LABELS[r]}</span> : {ROLE_DESCRIPTIONS[r]}
        </li>
      ))}
    </ul>
  );
}

export const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
