import { CalendarDays, GraduationCap, LogOut, Newspaper, UserCog } from "lucide-react";
import { Form, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { getStaff, staffGuard } from "~/.server/staff-guard";

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * The staff layout. Its middleware is the one guard of the staff area: it runs before every
 * admin.* loader and action, for documents, client data requests and resource routes alike.
 */
export const middleware: Route.MiddlewareFunction[] = [staffGuard];

export async function loader({ context }: Route.LoaderArgs) {
  const staff = getStaff(context);
  return { email: staff.email };
}

const LINKS = [
  { to: "/admin/appointments", label: "Rendez-vous", icon: CalendarDays },
  { to: "/admin/blog", label: "Blog", icon: Newspaper },
  { to: "/admin/formations", label: "Formations", icon: GraduationCap },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-[70vh] bg-slate-50">
      <div className="border-b border-slate-200 bg-white">
        <div className="container-site flex flex-col gap-3 py-4 md:flex-row md:items-center md:justify-between">
          <div>
            <p className="text-xs font-semibold uppercase tracking-widest text-teal-600">Espace de Travail</p>
            <p className="font-serif text-2xl font-bold text-navy-900">Admin Dashboard</p>
          </div>
          <nav aria-label="Administration" className="flex flex-wrap items-center gap-1.5">
            {LINKS.map(({ to, label, icon: Icon }) => (
              <NavLink
                key={to}
                to={to}
                className={({ isActive }) =>
                  `inline-flex min-h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold transition ${isActive ? "bg-navy-900 text-white" : "text-navy-900 hover:bg-slate-100"}`
                }
              >
                <Icon aria-hidden className="h-4 w-4" />
                {label}
              </NavLink>
            ))}
            <NavLink
              to="/admin/account"
              className={({ isActive }) =>
                `inline-flex min-h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold transition ${isActive ? "bg-navy-900 text-white" : "text-navy-900 hover:bg-slate-100"}`
              }
            >
              <UserCog aria-hidden className="h-4 w-4" />
              Mon compte
            </NavLink>
            <Form method="post" action="/logout">
              <button type="submit" className="inline-flex min-h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold text-red-700 hover:bg-red-50">
                <LogOut aria-hidden className="h-4 w-4" />
                Se déconnecter
              </button>
            </Form>
          </nav>
        </div>
        <p className="container-site pb-2 text-xs text-slate-500">Connecté : {loaderData.email}</p>
      </div>
      <div className="container-site py-8">
        <Outlet />
      </div>
    </div>
  );
}
