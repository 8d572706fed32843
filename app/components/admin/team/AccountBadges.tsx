import { KeyRound, ShieldAlert, ShieldCheck, ShieldOff } from "~/components/admin/icons";
import type { TeamAccountView } from "./types";

const PILL = "inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset";

/** The role, as a quiet pill (administrators stand out a little). */
export function RoleBadge({ role, label }: { role: string; label: string }) {
  const tone = role === "admin" ? "bg-navy-900 text-white ring-navy-900" : role === "dentist" ? "bg-teal-50 text-teal-800 ring-teal-600/30" : "bg-slate-100 text-slate-700 ring-slate-300";
  return <span className={`${PILL} ${tone}`}>{label}</span>;
}

/** 'Actif' / 'Désactivé'. */
export function StatusBadge({ disabled }: { disabled: boolean }) {
  return disabled ? (
    <span className={`${PILL} bg-slate-100 text-slate-600 ring-slate-300`}>Désactivé</span>
  ) : (
    <span className={`${PILL} bg-green-50 text-green-800 ring-green-600/30`}>
      <span aria-hidden className="h-1.5 w-1.5 rounded-full bg-green-600" />
      Actif
    </span>
  );
}

/**
 * Two-factor sign-in: on, off, or off while it is required (to set up at the next sign-in).
 * `short` under the table's column heading, which names it already.
 */
export function TwoFactorBadge({ enabled, required, short = false }: { enabled: boolean; required: boolean; short?: boolean }) {
  if (enabled) {
    return (
      <span className={`${PILL} bg-green-50 text-green-800 ring-green-600/30`}>
        <ShieldCheck aria-hidden className="h-3.5 w-3.5" />
        {short ? "Activée" : "Double auth. activée"}
      </span>
    );
  }
  if (required) {
    return (
      <span className={`${PILL} bg-amber-50 text-amber-900 ring-amber-600/30`} title="Obligatoire pour ce compte : il la configurera à sa prochaine connexion.">
        <ShieldAlert aria-hidden className="h-3.5 w-3.5" />
        {short ? "À configurer" : "Double auth. à configurer"}
      </span>
    );
  }
  return (
    <span className={`${PILL} bg-slate-50 text-slate-600 ring-slate-300`}>
      <ShieldOff aria-hidden className="h-3.5 w-3.5" />
      Non activée
    </span>
  );
}

/** The account still holds a one-time password. */
export function TemporaryPasswordBadge() {
  return (
    <span className={`${PILL} bg-amber-50 text-amber-900 ring-amber-600/30`}>
      <KeyRound aria-hidden className="h-3.5 w-3.5" />
      Mot de passe provisoire
    </span>
  );
}

/** Initials for the avatar: 'Samira Haddad' → 'SH', 'accueil@…' → 'AC'. */
export function initials(a: Pick<TeamAccountView, "name" | "email">): string {
  const words = (a.name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0][0] + words[words.length - 1][0]).toUpperCase();
  if (words.length === 1) return words[0].slice(0, 2).toUpperCase();
  return a.email.slice(0, 2).toUpperCase();
}

export function Avatar({ account, size = "md" }: { account: Pick<TeamAccountView, "name" | "email" | "disabledAt">; size?: "md" | "lg" }) {
  const dim = size === "lg" ? "h-12 w-12 text-base" : "h-10 w-10 text-sm";
  const tone = account.disabledAt ? "bg-slate-200 text-slate-500" : "bg-teal-50 text-teal-700 ring-1 ring-teal-100";
  return (
    <span aria-hidden className={`flex shrink-0 items-center justify-center rounded-full font-semibold ${dim} ${tone}`}>
      {initials(account)}
    </span>
  );
}
