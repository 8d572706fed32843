import { useEffect } from "react";
import { Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { getStaff, openablePaths, staffGuard } from "~/.server/staff-guard";
import { getDb } from "~/.server/db";
import { mailNotice } from "~/.server/mail-status";
import { FrontDeskToasts } from "~/components/admin/front-desk/FrontDeskToasts";
import { MailNoticeBanner } from "~/components/admin/outbox/MailNoticeBanner";
import { NAV_GROUPS, visibleNavGroups } from "~/components/admin/shell/nav";
import { StaffShell } from "~/components/admin/shell/StaffShell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { preloadToaster } from "~/components/toaster";
import { roleLabel } from "~/lib/permissions";
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
  return {
    email: staff.email,
    role: staff.role,
    roleLabel: roleLabel(staff.role),
    permissions: staff.permissions,
    // the screens the guard lets this member open: the navigation shows those of its links
    openable: openablePaths(staff.permissions, staff.pending),
    mail,
  };
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: staffStyles }];

/** A refusal of the guard (403, 'Accès non autorisé') or an expired session (401), in French. */
export function ErrorBoundary() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <GeneralErrorBoundary />
    </div>
  );
}

/** The staff work layout (app/components/admin/shell/StaffShell.tsx) around the current screen. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // staff see a toast after most saves: the toaster is downloaded with the staff area, not at the first save
  useEffect(() => preloadToaster(), []);
  const groups = visibleNavGroups(NAV_GROUPS, loaderData.openable);
  return (
    <StaffShell groups={groups} email={loaderData.email} roleLabel={loaderData.roleLabel} banner={<MailNoticeBanner notice={loaderData.mail} />}>
      <Outlet />
      <FrontDeskToasts />
    </StaffShell>
  );
}
