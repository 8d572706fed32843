import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { passwordChangeSchema } from "~/lib/password-change-schema";
import type { AccountResult } from "~/lib/account-view";
import { currentCodeSchema, looksLikeTotp, setupCodeSchema } from "~/lib/two-factor-schema";
import { guarded, intentOf, readForm } from "./admin-action";
import { actorOfStaff, audit } from "./audit";
import { changePassword, MIN_PASSWORD_LENGTH, retryPhrase } from "./auth";
import { getDb } from "./db";
import { log } from "./log";
import { listSessionsOfUser } from "./repos/sessions";
import { getTeamSettings, twoFactorRequired } from "./repos/team";
import { cancelPendingSecret } from "./repos/two-factor";
import { endOtherSessions, IDLE_TIMEOUT_MS, type StaffSession } from "./session";
import { redirectWithToast } from "./toast";
import { clearTrustedDeviceCookie, trustedDeviceHash } from "./trusted-device";
import { CODE_INCORRECT, confirmSetup, disableTwoFactor, forgetTrustedDevices, RECOVERY_CODE_INCORRECT, renewRecoveryCodes, startSetup } from "./two-factor";

/**
 * The action of Mon compte (/admin/account; docs/product.md, "Staff: account and login" and
 * "Staff: two-factor sign-in"): one switch on the intent (docs/architecture.md, "Staff actions").
 * Every intent is open to every account: it only ever touches the account's own data.
 */

const SCREEN = "account";
const PATH = "/admin/account";
const STORAGE_FAILURE = "Le mot de passe n'a pas pu être modifié : la base de données n'a pas répondu. Réessayez dans un instant.";
const STORE_FAILED = "la base de données n'a pas répondu. Réessayez dans un instant.";
const TWO_FACTOR_MANDATORY = "La double authentification est obligatoire pour votre compte : elle ne peut pas être désactivée.";

export async function accountAction(request: Request, staff: StaffSession) {
  const form = await readForm(request);
  const intent = intentOf(form);
  switch (intent) {
    case "":
    case "password":
      return password(form, staff);
    case "2fa-start":
      return twoFactorStart(request, staff);
    case "2fa-cancel":
      return twoFactorCancel(request, staff);
    case "2fa-confirm":
      return twoFactorConfirm(form, staff);
    case "2fa-renew":
    case "2fa-restart":
    case "2fa-disable":
      return twoFactorManage(request, form, staff, intent);
    case "device-forget":
    case "devices-forget-all":
      return forgetDevices(request, form, staff, intent);
    case "sessions-end-others":
      return endOthers(request, staff);
    default:
      return data({ message: "Action inconnue." }, { status: 400 });
  }
}

/** Intent "password" (or none: the form of earlier versions): change one's own password. */
async function password(form: FormData, staff: StaffSession) {
  const submission = parseWithZod(form, { schema: passwordChangeSchema(MIN_PASSWORD_LENGTH) });
  // No password is ever sent back into the page.
  const hideFields = ["current", "next", "confirm"];
  const answer = (ok: boolean, result: ReturnType<typeof submission.reply>, init?: ResponseInit) => data<AccountResult>({ intent: "password", ok, result }, init);
  if (submission.status !== "success") return answer(false, submission.reply({ hideFields }), { status: 400 });

  const { current, next } = submission.value;
  try {
    const changed = await changePassword(getDb(), staff.userId, current, next, actorOfStaff(staff));
    if (!changed.ok && changed.field === null) {
      return answer(false, submission.reply({ formErrors: [changed.message], hideFields }), { status: 429, headers: { "Retry-After": String(changed.retryAfterSeconds) } });
    }
    if (!changed.ok) return answer(false, submission.reply({ fieldErrors: { [changed.field]: [changed.message] }, hideFields }), { status: 400 });
    // Every other session of this person ends; this one stays signed in.
    await endOtherSessions(staff.userId, staff.idHash);
    log.info({ event: "other_sessions_ended", userId: staff.userId }, "other sessions ended after a password change");
    return answer(true, submission.reply({ resetForm: true }));
  } catch (err) {
    log.error({ event: "password_change_failed", userId: staff.userId, err: err instanceof Error ? err.name : "unknown" }, "password change failed");
    return answer(false, submission.reply({ formErrors: [STORAGE_FAILURE], hideFields }), { status: 503 });
  }
}

/** The audit actor of the account's owner (its id is always known here). */
const owner = (staff: StaffSession) => ({ ...actorOfStaff(staff), userId: staff.userId });

const toAccount = (request: Request, description: string, type: "success" | "error" | "message" = "success", hash = "") =>
  redirectWithToast(request, `${PATH}${hash}`, { type, description });

/** What `guarded` answers when a write fails: back to the page with the error toast (made beforehand). */
async function failure(request: Request, description: string, hash = "") {
  const response = await toAccount(request, description, "error", hash);
  return () => response;
}

/** Intent "2fa-start": a new secret, kept sealed until a first code confirms it. */
async function twoFactorStart(request: Request, staff: StaffSession) {
  return guarded(
    SCREEN,
    "2fa-start",
    async () => {
      const started = await startSetup(getDb(), staff.userId);
      if (!started) return toAccount(request, "La double authentification est déjà activée.", "message", "#double-authentification");
      return redirectWithToast(request, `${PATH}#double-authentification`, { type: "message", description: "Scannez le QR code avec votre application, puis saisissez le code affiché." });
    },
    await failure(request, `La configuration n'a pas pu commencer : ${STORE_FAILED}`),
  );
}

/** Intent "2fa-cancel": drop a set-up under way. */
async function twoFactorCancel(request: Request, staff: StaffSession) {
  return guarded(
    SCREEN,
    "2fa-cancel",
    async () => {
      await cancelPendingSecret(getDb(), staff.userId);
      return toAccount(request, "Configuration annulée : la double authentification n'est pas activée.", "message", "#double-authentification");
    },
    await failure(request, `La configuration n'a pas pu être annulée : ${STORE_FAILED}`),
  );
}

type CodeReply = Extract<AccountResult, { intent: "2fa-confirm" | "2fa-manage" }>;

/** Intent "2fa-confirm": the first code; two-factor is on and the recovery codes are shown once. */
async function twoFactorConfirm(form: FormData, staff: StaffSession) {
  const submission = parseWithZod(form, { schema: setupCodeSchema });
  const hideFields = ["code"];
  const reply = (ok: boolean, result: ReturnType<typeof submission.reply>, init?: ResponseInit, recoveryCodes?: string[]) =>
    data<AccountResult>({ intent: "2fa-confirm", ok, result, recoveryCodes } satisfies CodeReply, init);
  if (submission.status !== "success") return reply(false, submission.reply({ hideFields }), { status: 400 });
  return guarded(
    SCREEN,
    "2fa-confirm",
    async () => {
      const done = await confirmSetup(getDb(), owner(staff), submission.value.code);
      if (done.ok) return reply(true, submission.reply({ resetForm: true }), undefined, done.recoveryCodes);
      if (done.reason === "throttled") {
        const message = `Trop de tentatives avec un code incorrect. ${retryPhrase(done.retryAfterSeconds)}`;
        return reply(false, submission.reply({ formErrors: [message], hideFields }), { status: 429, headers: { "Retry-After": String(done.retryAfterSeconds) } });
      }
      if (done.reason === "none") return reply(false, submission.reply({ formErrors: ["Aucune configuration en cours : recommencez l'activation."], hideFields }), { status: 409 });
      return reply(false, submission.reply({ fieldErrors: { code: [CODE_INCORRECT] }, hideFields }), { status: 400 });
    },
    () => reply(false, submission.reply({ formErrors: [`La double authentification n'a pas pu être activée : ${STORE_FAILED}`], hideFields }), { status: 503 }),
  );
}

/**
 * Intents "2fa-renew", "2fa-restart" and "2fa-disable": after a current code (or a recovery code),
 * new recovery codes (shown once), a new set-up for a new phone, or two-factor off (refused when
 * it is required of the account).
 */
async function twoFactorManage(request: Request, form: FormData, staff: StaffSession, intent: "2fa-renew" | "2fa-restart" | "2fa-disable") {
  const submission = parseWithZod(form, { schema: currentCodeSchema });
  const hideFields = ["code"];
  const reply = (ok: boolean, result: ReturnType<typeof submission.reply>, init?: ResponseInit, recoveryCodes?: string[]) =>
    data<AccountResult>({ intent: "2fa-manage", ok, result, recoveryCodes } satisfies CodeReply, init);
  if (intent === "2fa-disable" && twoFactorRequired(staff.role, await getTeamSettings(getDb()))) {
    return reply(false, submission.reply({ formErrors: [TWO_FACTOR_MANDATORY], hideFields }), { status: 409 });
  }
  if (submission.status !== "success") return reply(false, submission.reply({ hideFields }), { status: 400 });
  const code = submission.value.code;
  return guarded(
    SCREEN,
    intent,
    async () => {
      const h = getDb();
      const actor = owner(staff);
      const done = intent === "2fa-renew" ? await renewRecoveryCodes(h, actor, code) : await disableTwoFactor(h, actor, code, { restart: intent === "2fa-restart" });
      if (!done.ok) {
        if (done.reason === "throttled") {
          const message = `Trop de tentatives avec un code incorrect. ${retryPhrase(done.retryAfterSeconds)}`;
          return reply(false, submission.reply({ formErrors: [message], hideFields }), { status: 429, headers: { "Retry-After": String(done.retryAfterSeconds) } });
        }
        return reply(false, submission.reply({ fieldErrors: { code: [looksLikeTotp(code) ? CODE_INCORRECT : RECOVERY_CODE_INCORRECT] }, hideFields }), { status: 400 });
      }
      if ("recoveryCodes" in done) return reply(true, submission.reply({ resetForm: true }), undefined, done.recoveryCodes);
      // the trusted devices are gone with the old set-up: this browser's cookie too
      const headers = new Headers({ "Set-Cookie": await clearTrustedDeviceCookie(request) });
      if (intent === "2fa-restart") {
        return redirectWithToast(request, `${PATH}#double-authentification`, { type: "message", description: "Ancienne configuration supprimée. Scannez le nouveau QR code avec l'application de votre nouveau téléphone." }, { headers });
      }
      return redirectWithToast(request, `${PATH}#double-authentification`, { type: "success", description: "Double authentification désactivée. Vos codes de secours et vos appareils de confiance ont été supprimés." }, { headers });
    },
    () => reply(false, submission.reply({ formErrors: [`La modification n'a pas été enregistrée : ${STORE_FAILED}`], hideFields }), { status: 503 }),
  );
}

/** Intents "device-forget" (one, by its id) and "devices-forget-all": the code is asked again there. */
async function forgetDevices(request: Request, form: FormData, staff: StaffSession, intent: "device-forget" | "devices-forget-all") {
  const raw = form.get("device");
  const id = intent === "device-forget" ? (typeof raw === "string" && /^[0-9a-f]{64}$/.test(raw) ? raw : null) : undefined;
  if (id === null) return toAccount(request, "Appareil inconnu.", "error", "#appareils");
  return guarded(
    SCREEN,
    intent,
    async () => {
      const n = await forgetTrustedDevices(getDb(), owner(staff), id);
      const headers = new Headers();
      const mine = await trustedDeviceHash(request);
      if (mine && (id === undefined || id === mine)) headers.append("Set-Cookie", await clearTrustedDeviceCookie(request));
      const description = n === 0 ? "Cet appareil n'était plus enregistré." : id ? "Appareil oublié : le code y sera de nouveau demandé." : `${n} appareil${n > 1 ? "s" : ""} oublié${n > 1 ? "s" : ""} : le code y sera de nouveau demandé.`;
      return redirectWithToast(request, `${PATH}#appareils`, { type: n === 0 ? "message" : "success", description }, { headers });
    },
    await failure(request, `L'appareil n'a pas pu être oublié : ${STORE_FAILED}`, "#appareils"),
  );
}

/** Intent "sessions-end-others": every other session of this account ends now. */
async function endOthers(request: Request, staff: StaffSession) {
  return guarded(
    SCREEN,
    "sessions-end-others",
    async () => {
      const h = getDb();
      const now = new Date();
      const sessions = await listSessionsOfUser(h, staff.userId, now.toISOString(), new Date(now.getTime() - IDLE_TIMEOUT_MS).toISOString());
      const others = sessions.filter((s) => s.id_hash !== staff.idHash).length;
      await endOtherSessions(staff.userId, staff.idHash, h);
      if (others > 0) await audit(h, actorOfStaff(staff), { action: "account.sessions_ended", targetType: "staff", targetId: staff.userId, detail: `${others} session(s) fermée(s)` });
      log.info({ event: "other_sessions_ended", userId: staff.userId, count: others }, "other sessions ended by their owner");
      const description = others === 0 ? "Aucune autre session n'était ouverte." : `${others} autre${others > 1 ? "s" : ""} session${others > 1 ? "s" : ""} fermée${others > 1 ? "s" : ""}.`;
      return toAccount(request, description, others === 0 ? "message" : "success", "#sessions");
    },
    await failure(request, `Les sessions n'ont pas pu être fermées : ${STORE_FAILED}`, "#sessions"),
  );
}
