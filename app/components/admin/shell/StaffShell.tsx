import { ExternalLink, LogOut, Stethoscope } from "~/components/admin/icons";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useClinic } from "~/hooks/use-clinic";
import { MenuSheet } from "./MenuSheet";
import { STAFF_HOME, type NavGroup } from "./nav";
import { StaffNavGroups } from "./StaffNavGroups";

const ACTION = "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg px-2.5 text-sm font-semibold transition sm:px-3";

/**
 * The staff work layout (docs/product.md, "Staff area"): no marketing contact bar, menus, footer
 * or patient bar (root.tsx leaves the public layout out on /admin). One `nav` 'Administration'
 * holds the header — the clinic's short name to the staff home, who is signed in, 'Site public',
 * 'Se déconnecter' and, below 1024 px, 'Menu' — and the grouped links: a side bar from 1024 px
 * (its list stays in view while the page scrolls), the menu sheet below. On a phone the header
 * stays at the top of the screen, so 'Menu' is always at hand; below 360 px the name goes
 * without its icon and 'Menu' shows its icon alone, so that the clinic's name stays whole. Nothing
 * of it prints.
 */
export function StaffShell({ groups, email, roleLabel, banner, children }: { groups: readonly NavGroup[]; email: string; roleLabel: string; banner?: ReactNode; children: ReactNode }) {
  const clinic = useClinic();
  return (
    <div className="relative min-h-dvh bg-slate-50 print:min-h-0 print:bg-white">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white lg:static print:hidden">
        <nav aria-label="Administration">
          <div className="flex h-14 items-center justify-between gap-2 px-3 sm:px-5 lg:h-16 lg:px-6">
            <Link to={STAFF_HOME} className="flex min-w-0 items-center gap-2 rounded-lg py-1 pr-1 sm:gap-2.5">
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-navy-900 text-white max-[359px]:hidden">
                <Stethoscope aria-hidden className="h-5 w-5" />
              </span>
              <span className="min-w-0 leading-tight">
                <span className="block truncate text-[15px] font-bold text-navy-900">{clinic.shortName}</span>
                <span className="block truncate text-[11px] font-semibold uppercase tracking-wide text-teal-700 sm:tracking-wider">
                  Espace de Travail<span className="hidden sm:inline"> · Admin Dashboard</span>
                </span>
              </span>
            </Link>
            <div className="flex shrink-0 items-center gap-0.5 sm:gap-1">
              <p className="mr-2 hidden max-w-80 truncate text-xs text-slate-500 lg:block" title={`${email} · ${roleLabel}`}>
                Connecté : {email} · {roleLabel}
              </p>
              <Link to="/" className={`${ACTION} text-slate-700 hover:bg-slate-100`} aria-label="Site public (ouvre le site de la clinique)">
                <ExternalLink aria-hidden className="h-4 w-4" />
                <span className="hidden md:inline">Site public</span>
              </Link>
              {/* a document post: the sign-in page then loads afresh, and nothing of the staff area stays in the tab's memory */}
              <Form method="post" action="/logout" reloadDocument>
                <button type="submit" className={`${ACTION} text-red-700 hover:bg-red-50`} aria-label="Se déconnecter">
                  <LogOut aria-hidden className="h-4 w-4" />
                  <span className="hidden md:inline">Se déconnecter</span>
                </button>
              </Form>
              {/* apart from 'Se déconnecter': a thumb aiming at the menu does not sign out */}
              <span aria-hidden className="mx-0.5 h-6 w-px bg-slate-200 max-[359px]:hidden sm:mx-1 lg:hidden" />
              <MenuSheet groups={groups} />
            </div>
          </div>
          {/* the side bar: a column of the page's full height, its list kept in view */}
          <div className="absolute bottom-0 left-0 top-16 hidden w-60 border-r border-slate-200 bg-white lg:block">
            <div className="sticky top-0 max-h-dvh overflow-y-auto px-3 py-3">
              <StaffNavGroups groups={groups} variant="side" />
            </div>
          </div>
        </nav>
      </header>
      <div className="lg:pl-60 print:pl-0">
        {banner}
        <main className="container-site py-5 sm:py-6 lg:px-8 print:max-w-none print:p-0">{children}</main>
      </div>
    </div>
  );
}
