/**
 * What the team screen receives (type-only imports from the server: nothing of it reaches the
 * browser bundle).
 */
import type { SubmissionResult } from "@conform-to/react";
import type { StaffAccount } from "~/.server/repos/staff";
import type { TeamSettings } from "~/.server/repos/team";
import type { TeamIntent } from "./schema";

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

/** A one-time password, shown once on the answer to the post that made it (never stored readable). */
export interface OneTimePassword {
  id: number;
  label: string;
  email: string;
  password: string;
  reason: "created" | "reset";
}

/** The answer of the team action when it does not redirect: a refusal, or a one-time password. */
export interface TeamActionResult {
  intent: TeamIntent | "unknown";
  /** the account the answer is about */
  id?: number;
  result?: SubmissionResult<string[]>;
  /** a refusal of an account action, shown in that account's panel */
  message?: string;
  oneTime?: OneTimePassword;
}
