import type { Route } from "./+types/admin.account";
import { accountAction } from "~/.server/account-actions";
import { MIN_PASSWORD_LENGTH } from "~/.server/auth";
import { getDb } from "~/.server/db";
import { listSessionsOfUser } from "~/.server/repos/sessions";
import { getTeamSettings, twoFactorRequired } from "~/.server/repos/team";
import { countUnusedRecoveryCodes, getTwoFactorState, listTrustedDevices } from "~/.server/repos/two-factor";
import { IDLE_TIMEOUT_MS } from "~/.server/session";
import { getStaff } from "~/.server/staff-guard";
import { trustedDeviceHash } from "~/.server/trusted-device";
import { pendingSetup } from "~/.server/two-factor";
import { DevicesSection } from "~/components/admin/account/DevicesSection";
import { PasswordSection } from "~/components/admin/account/PasswordSection";
import { SessionsSection } from "~/components/admin/account/SessionsSection";
import { TwoFactorSection } from "~/components/admin/account/TwoFactorSection";
import type { AccountResult, AccountView } from "~/lib/account-view";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { Alert } from "~/components/ui/Alert";
import { roleLabel } from "~/lib/permissions";

export const meta: Route.MetaFunction = () => [{ title: "Mon compte | Admin Dashboard" }, { name: "robots", content: "noindex, nofollow" }];

const PATH = "/admin/account";

/**
 * Mon compte (docs/product.md, "Staff: account and login" and "Staff: two-factor sign-in"): the
 * password, two-factor sign-in, trusted devices and active sessions of the signed-in account. It
 * is the one page that opens while a one-time password must be changed or a required two-factor
 * set-up is pending (app/.server/staff-guard.ts), and every intent is open to every account: it
 * only ever touches the account's own data.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = getStaff(context);
  const h = getDb();
  const now = new Date();
  const [settings, state, devices, sessions, left, thisDevice] = await Promise.all([
    getTeamSettings(h),
    getTwoFactorState(h, staff.userId),
    listTrustedDevices(h, staff.userId, now.toISOString()),
    listSessionsOfUser(h, staff.userId, now.toISOString(), new Date(now.getTime() - IDLE_TIMEOUT_MS).toISOString()),
    countUnusedRecoveryCodes(h, staff.userId),
    trustedDeviceHash(request),
  ]);
  const enabled = Boolean(state?.enabledAt);
  const view: AccountView = {
    email: staff.email,
    roleLabel: roleLabel(staff.role),
    minLength: MIN_PASSWORD_LENGTH,
    mustChangePassword: staff.mustChangePassword,
    twoFactor: {
      enabled,
      enabledAt: state?.enabledAt ?? null,
      required: twoFactorRequired(staff.role, settings),
      pending: enabled ? null : await pendingSetup(h, staff.userId, staff.email),
      recoveryCodesLeft: left,
    },
    devices: devices.map((d) => ({
      id: d.id_hash,
      label: d.label ?? "Appareil inconnu",
      createdAt: d.created_at,
      lastUsedAt: d.last_used_at,
      expiresAt: d.expires_at,
      current: d.id_hash === thisDevice,
    })),
    sessions: sessions.map((s) => ({
      label: s.device_label ?? "Appareil inconnu",
      ip: s.ip,
      createdAt: s.created_at,
      lastSeenAt: s.last_seen_at,
      current: s.id_hash === staff.idHash,
    })),
  };
  return view;
}

/** The intents of the page (password, two-factor, devices, sessions): app/.server/account-actions.ts. */
export async function action({ request, context }: Route.ActionArgs) {
  return accountAction(request, getStaff(context));
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StaffScreenError error={error} path={PATH} title="Mon compte n'a pas pu être affiché." text="La base de données n'a pas répondu. Réessayez dans un instant." />;
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const view = loaderData;
  const answer = actionData && "intent" in actionData ? (actionData as AccountResult) : undefined;
  const codesShown = answer?.intent !== "password" && answer?.ok === true && Boolean(answer.recoveryCodes);
  const setupPending = view.twoFactor.required && !view.twoFactor.enabled;
  // while the recovery codes are shown, only they print
  const other = codesShown ? "print:hidden" : "";
  const twoFactorFirst = !view.mustChangePassword && (setupPending || (codesShown && answer?.intent === "2fa-confirm"));
  const twoFactor = <TwoFactorSection view={view} answer={answer && answer.intent !== "password" ? answer : undefined} />;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className={other}>
        <h1 className="text-3xl font-bold md:text-4xl">Mon compte</h1>
        <p className="mt-2 text-slate-600">
          Connecté avec l'adresse <span className="font-semibold break-all text-navy-900">{view.email}</span> · {view.roleLabel}.
        </p>
      </div>

      {(view.mustChangePassword || setupPending) && (
        <div className={`space-y-3 ${other}`}>
          {view.mustChangePassword && (
            <Alert tone="info" role="alert">
              <p className="font-semibold">Choisissez votre propre mot de passe pour continuer.</p>
              <p className="mt-1">
                Votre mot de passe actuel est provisoire : il vous a été donné par un administrateur.{" "}
                <a href="#mot-de-passe" className="font-semibold underline">
                  Changer mon mot de passe
                </a>
              </p>
            </Alert>
          )}
          {setupPending && (
            <Alert tone="info" role="alert">
              <p className="font-semibold">La double authentification est obligatoire pour votre compte : activez-la pour accéder aux autres pages.</p>
              <p className="mt-1">
                Il vous faut votre téléphone et une application d'authentification.{" "}
                <a href="#double-authentification" className="font-semibold underline">
                  Activer la double authentification
                </a>
              </p>
            </Alert>
          )}
        </div>
      )}

      {/* what must be done first comes first: the one-time password, else a required set-up */}
      {twoFactorFirst && twoFactor}
      <div className={other}>
        <PasswordSection minLength={view.minLength} answer={answer?.intent === "password" ? answer : undefined} />
      </div>
      {!twoFactorFirst && twoFactor}
      {(view.twoFactor.enabled || view.devices.length > 0) && (
        <div className={other}>
          <DevicesSection devices={view.devices} />
        </div>
      )}
      <div className={other}>
        <SessionsSection sessions={view.sessions} />
      </div>
    </div>
  );
}
