/**
 * What the team screen receives (type-only imports from the server: nothing of it reaches the
 * browser bundle).
 */
import type { StaffAccount } from "~/.server/repos/staff";
import type { TeamSettings } from "~/.server/repos/team";

export type { TeamSettings };

/** A row of the team list, as the screen shows it. */
export type TeamAccountView = StaffAccount & {
  roleLabel: string;
  /** the signed-in administrator's own account */
  isSelf: boolean;
  /** two-factor sign-in is required of this account (administrators, or everyone by the setting) */
  twoFactorRequired: boolean;
  /** the only active administrator: cannot be disabled or demoted */
  lastAdmin: boolean;
};
