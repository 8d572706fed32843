import type { StaffSession } from "~/.server/session";
import { permissionsOf, type Role } from "~/lib/permissions";

/** A signed-in staff member as the staff guard hands it to loaders and actions (tests that call them directly). */
export function staffSession(s: { userId: number; email: string; role?: Role | string; idHash?: string }): StaffSession {
  const role = s.role ?? "admin";
  return {
    userId: s.userId,
    email: s.email,
    role,
    idHash: s.idHash ?? "test",
    mustChangePassword: false,
    twoFactorEnabled: true,
    permissions: permissionsOf(role, { assistantCanEditPrices: false }),
    ip: "127.0.0.1",
  };
}
