import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { accountSchema, createMemberSchema, roleSchema, TEAM_PATH, type TeamActionResult, teamSettingsSchema } from "~/lib/team-schema";
import { roleLabel } from "~/lib/permissions";
import { guarded, intentOf, readForm } from "./admin-action";
import { actorOfStaff } from "./audit";
import { generatePassword, hashPassword } from "./auth";
import { getDb } from "./db";
import { log } from "./log";
import { changeRole, createAccount, disableAccount, enableAccount, getStaff as getStaffUser, resetPassword, resetTwoFactor, type TeamActor, type TeamChange } from "./repos/staff";
import { updateTeamSettings } from "./repos/team";
import type { StaffSession } from "./session";
import { redirectWithToast } from "./toast";

/**
 * The action of 'Équipe' (/admin/equipe; docs/product.md, "Staff: team"): one switch on the
 * intent (docs/architecture.md, "Staff actions"). The staff guard has already checked
 * `staff:manage` for every intent. Each change is one transaction of app/.server/repos/staff.ts
 * (or team.ts for the settings) with its audit entry. A one-time password is answered in the
 * page itself, once; the other successes redirect with their toast.
 */

const SCREEN = "team";
const STORE_FAILED = "La base de données n'a pas répondu : rien n'a été modifié. Réessayez dans un instant.";

const answer = (body: TeamActionResult, status = 200) => data(body, { status });
type Answer = Response | ReturnType<typeof answer>;

/** The signed-in administrator as the author of a change (audit log: account, address). */
const teamActor = (s: StaffSession): TeamActor => ({ userId: s.userId, email: s.email, ip: s.ip ?? null });

export async function teamAction(request: Request, staff: StaffSession) {
  const form = await readForm(request);
  const intent = intentOf(form);
  switch (intent) {
    case "create":
      return create(form, staff);
    case "role":
      return role(request, form, staff);
    case "disable":
    case "enable":
    case "password":
    case "2fa":
      return accountAction(request, intent, form, staff);
    case "settings":
      return settings(request, form, staff);
    default:
      return answer({ intent: "unknown", message: "Action inconnue." }, 400);
  }
}

/** The French refusal of an account change. */
export function refusalText(reason: Exclude<TeamChange, { ok: true }>["reason"], intent: string, label: string): [string, number] {
  switch (reason) {
    case "not_found":
      return ["Ce compte n'existe plus.", 404];
    case "self":
      return intent === "disable"
        ? ["Vous ne pouvez pas désactiver votre propre compte : demandez-le à un autre administrateur.", 409]
        : ["Pour votre propre compte, passez par « Mon compte » : mot de passe, double authentification et sessions s'y gèrent.", 409];
    case "last_admin":
      return [
        `${label} est le dernier administrateur actif : nommez d'abord un autre administrateur, sinon plus personne ne pourrait gérer l'équipe.`,
        409,
      ];
    case "exists":
      return ["Un compte existe déjà pour cette adresse e-mail.", 409];
    case "unchanged":
      return [
        intent === "disable"
          ? `Le compte de ${label} est déjà désactivé.`
          : intent === "enable"
            ? `Le compte de ${label} est déjà actif.`
            : intent === "2fa"
              ? `${label} n'a pas de double authentification à réinitialiser.`
              : "Rien n'a changé.",
        409,
      ];
  }
}

/** A new member with a one-time password, shown once in the answer. */
async function create(form: FormData, staff: StaffSession) {
  const submission = parseWithZod(form, { schema: createMemberSchema });
  if (submission.status !== "success") return answer({ intent: "create", result: submission.reply() }, 400);
  const v = submission.value;
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  return guarded(
    SCREEN,
    "create",
    async () => {
      const outcome = await createAccount(getDb(), teamActor(staff), { email: v.email, name: v.name, role: v.role, passwordHash });
      if (!outcome.ok) {
        const [message, status] = refusalText(outcome.reason, "create", v.name);
        return answer({ intent: "create", result: submission.reply({ fieldErrors: { email: [message] } }) }, status);
      }
      const id = Number(outcome.user.id);
      log.info({ event: "staff_account_created", targetId: id, role: v.role, userId: staff.userId }, "staff account created");
      return answer({
        intent: "create",
        id,
        result: submission.reply({ resetForm: true }),
        oneTime: { id, label: v.name, email: outcome.user.email, password, reason: "created" },
      });
    },
    () => answer({ intent: "create", result: submission.reply({ formErrors: [STORE_FAILED] }) }, 503),
  );
}

async function role(request: Request, form: FormData, staff: StaffSession) {
  const submission = parseWithZod(form, { schema: roleSchema });
  const rawId = Number(form.get("id"));
  if (submission.status !== "success") return answer({ intent: "role", id: rawId || undefined, result: submission.reply() }, 400);
  const { id, role: next } = submission.value;
  return guarded(
    SCREEN,
    "role",
    async () => {
      const target = await getStaffUser(getDb(), id);
      const label = target?.display_name ?? target?.email ?? `n° ${id}`;
      const outcome = await changeRole(getDb(), teamActor(staff), id, next);
      if (!outcome.ok) {
        if (outcome.reason === "unchanged") return redirectWithToast(request, `${TEAM_PATH}?compte=${id}`, { description: `${label} est déjà ${roleLabel(next)}.` });
        const [message, status] = refusalText(outcome.reason, "role", label);
        return answer({ intent: "role", id, result: submission.reply({ formErrors: [message] }) }, status);
      }
      log.info({ event: "staff_role_changed", targetId: id, from: outcome.from, to: next, userId: staff.userId }, "staff role changed");
      const description = `Rôle de ${label} : ${roleLabel(outcome.from)} → ${roleLabel(next)}.`;
      // an administrator who gave up the role no longer opens this screen
      if (id === staff.userId && next !== "admin") return redirectWithToast(request, "/admin/agenda", { type: "success", description, duration: 6000 });
      return redirectWithToast(request, `${TEAM_PATH}?compte=${id}`, { type: "success", description });
    },
    () => answer({ intent: "role", id, result: submission.reply({ formErrors: [STORE_FAILED] }) }, 503),
  );
}

const DONE: Record<"disable" | "enable" | "2fa", (label: string) => string> = {
  disable: (l) => `Compte de ${l} désactivé : ses sessions sont fermées et il ne peut plus se connecter.`,
  enable: (l) => `Compte de ${l} réactivé : il peut de nouveau se connecter.`,
  "2fa": (l) => `Double authentification de ${l} réinitialisée : ses sessions sont fermées ; il la configurera à sa prochaine connexion.`,
};

/** disable, enable, password, 2fa: one account, confirmed on the page before the post. */
async function accountAction(request: Request, intent: "disable" | "enable" | "password" | "2fa", form: FormData, staff: StaffSession) {
  const parsed = accountSchema.safeParse({ id: Number(form.get("id")) });
  if (!parsed.success) return answer({ intent, message: "Compte inconnu." }, 400);
  const id = parsed.data.id;
  const h = getDb();
  return guarded(
    SCREEN,
    intent,
    async () => {
      const target = await getStaffUser(h, id);
      if (!target) return answer({ intent, id, message: "Ce compte n'existe plus." }, 404);
      const label = target.display_name ?? target.email;
      const actor = teamActor(staff);
      if (intent === "password") {
        if (id === staff.userId) {
          const [message, status] = refusalText("self", intent, label);
          return answer({ intent, id, message }, status);
        }
        const password = generatePassword();
        const outcome = await resetPassword(h, actor, id, await hashPassword(password));
        if (!outcome.ok) {
          const [message, status] = refusalText(outcome.reason, intent, label);
          return answer({ intent, id, message }, status);
        }
        log.info({ event: "staff_password_reset", targetId: id, userId: staff.userId }, "staff password reset by an administrator");
        return answer({ intent, id, oneTime: { id, label, email: target.email, password, reason: "reset" } });
      }
      const run = intent === "disable" ? disableAccount : intent === "enable" ? enableAccount : resetTwoFactor;
      const outcome = await run(h, actor, id);
      if (!outcome.ok) {
        const [message, status] = refusalText(outcome.reason, intent, label);
        return answer({ intent, id, message }, status);
      }
      log.info({ event: `staff_account_${intent === "2fa" ? "2fa_reset" : `${intent}d`}`, targetId: id, userId: staff.userId }, "staff account changed");
      return redirectWithToast(request, `${TEAM_PATH}?compte=${id}`, { type: "success", description: DONE[intent](label), duration: 6000 });
    },
    () => answer({ intent, id, message: STORE_FAILED }, 503),
  );
}

async function settings(request: Request, form: FormData, staff: StaffSession) {
  const submission = parseWithZod(form, { schema: teamSettingsSchema });
  if (submission.status !== "success") return answer({ intent: "settings", result: submission.reply() }, 400);
  return guarded<Answer>(
    SCREEN,
    "settings",
    async () => {
      const outcome = await updateTeamSettings(getDb(), actorOfStaff(staff), submission.value);
      if (!outcome.changed) return redirectWithToast(request, `${TEAM_PATH}#reglages`, { description: "Aucun réglage n'a changé." });
      log.info({ event: "team_settings_saved", userId: staff.userId }, "team settings saved");
      return redirectWithToast(request, `${TEAM_PATH}#reglages`, { type: "success", description: "Réglages de l'équipe enregistrés." });
    },
    () => answer({ intent: "settings", result: submission.reply({ formErrors: [STORE_FAILED] }) }, 503),
  );
}
