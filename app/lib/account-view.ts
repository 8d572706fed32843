import type { SubmissionResult } from "@conform-to/react";

/** What Mon compte shows (app/routes/admin.account.tsx builds it; nothing secret but the set-up under way). */
export interface AccountView {
  email: string;
  roleLabel: string;
  minLength: number;
  mustChangePassword: boolean;
  twoFactor: {
    enabled: boolean;
    enabledAt: string | null;
    /** administrators always; everyone when the team setting says so */
    required: boolean;
    /** the set-up under way: the secret grouped by four characters and the QR code (data: SVG) */
    pending: { secret: string; qr: string } | null;
    recoveryCodesLeft: number;
  };
  devices: DeviceView[];
  sessions: SessionView[];
}

export interface DeviceView {
  /** the row's id (SHA-256 of the cookie's token: it opens nothing) */
  id: string;
  label: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  current: boolean;
}

export interface SessionView {
  label: string;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

export type CodeIntent = "2fa-confirm" | "2fa-manage";

/** The answers of the account action that stay on the page (the others redirect with a toast). */
export type AccountResult =
  | { intent: "password"; ok: boolean; result: SubmissionResult<string[]> }
  | { intent: CodeIntent; ok: boolean; result: SubmissionResult<string[]>; recoveryCodes?: string[] };
