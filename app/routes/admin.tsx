import { BellRing, Building2, CalendarRange, ClipboardList, Clock, ExternalLink, GraduationCap, Images, LogOut, Mail, Newspaper, ScrollText, Stethoscope, Star, UserCog, Users, UsersRound, type LucideIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, NavLink, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/admin";
import { getStaff, staffGuard } from "~/.server/staff-guard";
import { getDb } from "~/.server/db";
import { mailNotice } from "~/.server/mail-status";
import { FrontDeskToasts } from "~/components/admin/front-desk/FrontDeskToasts";
import { MailNoticeBanner } from "~/components/admin/outbox/MailNoticeBanner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { preloadToaster } from "~/components/toaster";
import { useClinic } from "~/hooks/use-clinic";
import { can, roleLabel, type Permission } from "~/lib/permissions";
// the staff screens' utilities, kept out of the site's stylesheet (app/app.css)
import staffStyles from "~/styles/staff.css?url";

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * The staff layout. Its middleware is the one guard of the staff area: it runs before every
 * admin.* loader and action, for documents, client data requests and resource routes alike.
 */
export const middleware: Route.MiddlewareFunction[] = [staffGuard];

export async function loader({ context }: Route.LoaderArgs) {
  const staff = getStaff(context);
  // e-mail sending not configured, or messages given up: said on every staff page (docs/product.md, "Staff: e-mails")
  const mail = await mailNotice(getDb(), staff.permissions);
  return { email: staff.email, role: staff.role, roleLabel: roleLabel(staff.role), permissions: staff.permissions, mail };
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: staffStyles }];

/** The staff screens, in the order of the working day (SPEC's three links kept); each shown to who may open it. */
const LINKS: { to: string; label: string; icon: LucideIcon; permission?: Permission }[] = [
  { to: "/admin/agenda", label: "Agenda", icon: CalendarRange, permission: "agenda:read" },
  { to: "/admin/rappels", label: "Rappels", icon: BellRing, permission: "appointment:read" },
  { to: "/admin/appointments", label: "Rendez-vous", icon: ClipboardList, permission: "appointment:read" },
  { to: "/admin/patients", label: "Patients", icon: Users, permission: "patient:read" },
  { to: "/admin/horaires", label: "Horaires et fermetures", icon: Clock, permission: "schedule:read" },
  { to: "/admin/blog", label: "Blog", icon: Newspaper, permission: "blog:manage" },
  { to: "/admin/formations", label: "Formations", icon: GraduationCap, permission: "formation:read" },
  { to: "/admin/clinique", label: "Clinique", icon: Building2, permission: "content:manage" },
  { to: "/admin/photos", label: "Photos", icon: Images, permission: "content:manage" },
  { to: "/admin/galerie", label: "Galerie et avis", icon: Star, permission: "content:manage" },
  { to: "/admin/equipe", label: "Équipe", icon: UsersRound, permission: "staff:manage" },
  { to: "/admin/emails", label: "E-mails", icon: Mail, permission: "outbox:manage" },
  { to: "/admin/journal", label: "Journal", icon: ScrollText, permission: "audit:read" },
  { to: "/admin/account", label: "Mon compte", icon: UserCog },
];

/** A refusal of the guard (403, 'Accès non autorisé') or an expired session (401), in French. */
export function ErrorBoundary() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <GeneralErrorBoundary />
    </div>
  );
}

const ACTION =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg px-2.5 text-sm font-semibold transition sm:px-3";

/**
 * The staff work layout (docs/product.md, "Staff"): a compact header of its own (no marketing
 * contact bar, menus, footer or patient bar — root.tsx leaves the public layout out on /admin),
 * the clinic's short name, the public site and the logout at hand, and a tab bar of the staff
 * screens that scrolls sideways on a phone (the current one brought into view). Nothing of it
 * prints: a printed agenda is the day's list only.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const tabs = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  const clinic = useClinic();
  // staff see a toast after most saves: the toaster is downloaded with the staff area, not at the first save
  useEffect(() => preloadToaster(), []);
  useEffect(() => {
    const current = tabs.current?.querySelector<HTMLElement>("[aria-current='page']");
    const bar = tabs.current;
    if (!current || !bar || bar.scrollWidth <= bar.clientWidth) return;
    bar.scrollLeft = current.offsetLeft - (bar.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);

  return (
    <div className="min-h-dvh bg-slate-50 print:min-h-0 print:bg-white">
      <header className="border-b border-slate-200 bg-white print:hidden">
        <nav aria-label="Administration">
          <div className="container-site flex min-h-14 items-center justify-between gap-3 py-1.5">
            <Link to="/admin/agenda" className="flex min-w-0 items-center gap-2.5 rounded-lg py-1 pr-2">
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-navy-900 text-white">
                <Stethoscope aria-hidden className="h-5 w-5" />
              </span>
              <span className="min-w-0 leading-tight">
                <span className="block truncate text-[15px] font-bold text-navy-900">{clinic.shortName}</span>
                <span className="block truncate text-[11px] font-semibold uppercase tracking-wider text-teal-600">
                  Espace de Travail<span className="hidden sm:inline"> · Admin Dashboard</span>
                </span>
              </span>
            </Link>
            <div className="flex shrink-0 items-center gap-1">
              <p className="mr-2 hidden max-w-72 truncate text-xs text-slate-500 lg:block" title={`${loaderData.email} · ${loaderData.roleLabel}`}>
                Connecté : {loaderData.email} · {loaderData.roleLabel}
              </p>
              <Link to="/" className={`${ACTION} text-slate-700 hover:bg-slate-100`} aria-label="Site public (ouvre le site de la clinique)">
                <ExternalLink aria-hidden className="h-4 w-4" />
                <span className="hidden sm:inline">Site public</span>
              </Link>
              {/* a document post: the sign-in page then loads afresh, and nothing of the staff area stays in the tab's memory */}
              <Form method="post" action="/logout" reloadDocument>
                <button type="submit" className={`${ACTION} text-red-700 hover:bg-red-50`} aria-label="Se déconnecter">
                  <LogOut aria-hidden className="h-4 w-4" />
                  <span className="hidden sm:inline">Se déconnecter</span>
                </button>
              </Form>
            </div>
          </div>
          <div className="relative border-t border-slate-100">
            <ul ref={tabs} className="container-site flex gap-1 overflow-x-auto [scrollbar-width:thin]">
              {LINKS.filter((l) => !l.permission || can(loaderData.permissions, l.permission)).map(({ to, label, icon: Icon }) => (
                <li key={to} className="shrink-0">
                  <NavLink
                    to={to}
                    className={({ isActive }) =>
                      `-mb-px inline-flex min-h-12 items-center gap-2 whitespace-nowrap border-b-2 px-3 text-sm font-semibold transition ${
                        isActive ? "border-teal-600 text-navy-900" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-navy-900"
                      }`
                    }
                  >
                    <Icon aria-hidden className="h-4 w-4" />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
            {/* a hint that the bar scrolls, on a phone */}
            <span aria-hidden className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-white to-transparent lg:hidden" />
          </div>
        </nav>
      </header>
      <MailNoticeBanner notice={loaderData.mail} />
      <main className="container-site py-5 sm:py-6 print:max-w-none print:p-0">
        <Outlet />
      </main>
      <FrontDeskToasts />
    </div>
  );
}
