import { useRouteLoaderData } from "react-router";
import { can, type Permission } from "~/lib/permissions";

interface AdminLayoutData {
  permissions: readonly Permission[];
  role: string;
}

/**
 * The signed-in staff member's permissions, from the staff layout's loader. Screens use it only
 * to leave out what one may not do; the server decides (app/.server/staff-guard.ts).
 */
export function usePermissions(): readonly Permission[] {
  const d = useRouteLoaderData("routes/admin") as AdminLayoutData | undefined;
  return d?.permissions ?? [];
}

export function useCan(permission: Permission): boolean {
  return can(usePermissions(), permission);
}
