import { getFormProps } from "@conform-to/react";
import { KeyRound, Lock, ShieldOff, UserCheck, UserCog, UserX, X } from "~/components/admin/icons";
import { useState, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormErrors, SelectField, useAppForm } from "~/components/forms";
import { Alert } from "~/components/ui/Alert";
import { formatDateTime } from "~/lib/format";
import { Avatar, RoleBadge, StatusBadge, TemporaryPasswordBadge, TwoFactorBadge } from "./AccountBadges";
import { ConfirmAction } from "../ConfirmAction";
import { ROLE_OPTIONS, RoleHelp } from "./RoleHelp";
import { roleSchema, TEAM_PATH, type TeamActionResult } from "~/lib/team-schema";
import type { TeamAccountView } from "./types";

function Box({ title, icon: Icon, children }: { title: string; icon: typeof Lock; children: ReactNode }) {
  return (
    <div className="rounded-xl p-4 ring-1 ring-slate-200">
      <h3 className="flex items-center gap-2 font-sans text-base font-semibold text-navy-900">
        <Icon aria-hidden className="h-4 w-4 text-teal-600" />
        {title}
      </h3>
      <div className="mt-2 space-y-3 text-sm text-slate-700">{children}</div>
    </div>
  );
}

const LAST_ADMIN =
  "C'est le seul administrateur actif : nommez d'abord un autre administrateur ; sinon plus personne ne pourrait gérer l'équipe ni lire le journal.";

function RoleForm({ account, answer }: { account: TeamAccountView; answer?: TeamActionResult }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "role";
  const [form, fields] = useAppForm({
    id: `team-role-${account.id}`,
    schema: roleSchema,
    lastResult: answer?.intent === "role" ? answer.result : undefined,
    defaultValue: { id: String(account.id), role: account.role },
  });
  const [role, setRole] = useState(account.role);
  if (account.lastAdmin) return <p>{LAST_ADMIN}</p>;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="id" value={account.id} />
      <div>
        {/* the box's title says "Rôle" already: the label is for screen readers */}
        <SelectField meta={fields.role} label={<span className="sr-only">Rôle</span>} options={ROLE_OPTIONS} onChange={(e) => setRole(e.currentTarget.value)} />
        <RoleHelp id={`team-role-${account.id}-help`} chosen={role} />
      </div>
      {account.isSelf && account.role === "admin" && (
        <p className="text-xs text-amber-900">Si vous quittez le rôle d'administrateur, vous n'aurez plus accès à cette page ni au journal.</p>
      )}
      <FormErrors form={form} className="" />
      <button type="submit" disabled={busy} className="btn-primary w-full sm:w-auto">
        {busy ? "Enregistrement..." : "Enregistrer le rôle"}
      </button>
    </Form>
  );
}

function EnableForm({ id }: { id: number }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "enable";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="enable" />
      <input type="hidden" name="id" value={id} />
      <button type="submit" disabled={busy} className="btn-primary w-full sm:w-auto">
        <UserCheck aria-hidden className="h-4 w-4" />
        {busy ? "Réactivation..." : "Réactiver le compte"}
      </button>
    </Form>
  );
}

/**
 * 'Gérer' one account (opened from the list with ?compte=<id>): its role, its access (disable or
 * enable), a new one-time password, a reset of its two-factor sign-in. Each change that signs the
 * person out says so before it is confirmed. One's own account: the role only; the rest is on
 * Mon compte.
 */
export function AccountPanel({ account: a, actionData }: { account: TeamAccountView; actionData?: TeamActionResult }) {
  const answer = actionData?.id === a.id ? actionData : undefined;
  const label = a.name ?? a.email;
  return (
    <section id="gerer" aria-labelledby="gerer-title" className="scroll-mt-4 rounded-2xl bg-white shadow-sm ring-2 ring-teal-600/50">
      <header className="flex items-start gap-3 border-b border-slate-100 p-4 sm:p-6">
        <Avatar account={a} size="lg" />
        <div className="min-w-0 flex-1">
          <h2 id="gerer-title" className="font-sans text-xl font-semibold text-navy-900 [overflow-wrap:anywhere]">
            {label}
            {a.isSelf && <span className="ml-2 align-middle text-sm font-medium text-slate-500">(votre compte)</span>}
          </h2>
          {a.name && <p className="truncate text-sm text-slate-600">{a.email}</p>}
          <p className="mt-2 flex flex-wrap gap-1.5">
            <RoleBadge role={a.role} label={a.roleLabel} />
            <StatusBadge disabled={a.disabledAt !== null} />
            <TwoFactorBadge enabled={a.twoFactorEnabled} required={a.twoFactorRequired} />
            {a.mustChangePassword && !a.disabledAt && <TemporaryPasswordBadge />}
          </p>
        </div>
        <Link to={TEAM_PATH} aria-label="Fermer la gestion de ce compte" className="-mr-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800">
          <X aria-hidden className="h-5 w-5" />
        </Link>
      </header>

      {answer?.message && (
        <div className="px-4 pt-4 sm:px-6">
          <Alert tone="error" focusKey={answer}>
            <p>{answer.message}</p>
          </Alert>
        </div>
      )}

      <div className="grid gap-4 p-4 sm:p-6 lg:grid-cols-2">
        <Box title="Rôle" icon={UserCog}>
          <RoleForm key={`${a.id}-${a.role}`} account={a} answer={answer} />
        </Box>
        <div className="space-y-4">
          <Box title="Accès" icon={Lock}>
            {a.disabledAt ? (
              <>
                <p>Désactivé le {formatDateTime(a.disabledAt)} : il ne peut pas se connecter. Son mot de passe et sa double authentification sont conservés.</p>
                <EnableForm id={a.id} />
              </>
            ) : a.isSelf ? (
              <p>Vous ne pouvez pas désactiver votre propre compte ; un autre administrateur le peut.</p>
            ) : a.lastAdmin ? (
              <p>{LAST_ADMIN}</p>
            ) : (
              <ConfirmAction id={a.id} intent="disable" summary="Désactiver le compte…" icon={UserX} danger confirmLabel="Oui, désactiver ce compte" busyLabel="Désactivation...">
                <p>
                  {label} ne pourra plus se connecter. Ses sessions ouvertes sont fermées immédiatement, sur tous ses appareils, et ses appareils de confiance
                  oubliés. Ses rendez-vous, notes et entrées du journal restent. Vous pourrez réactiver le compte à tout moment.
                </p>
              </ConfirmAction>
            )}
          </Box>
          {a.isSelf ? (
            <Box title="Mot de passe et double authentification" icon={KeyRound}>
              <p>
                Les vôtres se gèrent sur{" "}
                <Link to="/admin/account" className="font-semibold text-teal-700 underline underline-offset-2 hover:text-navy-900">
                  Mon compte
                </Link>
                , comme vos sessions ouvertes.
              </p>
            </Box>
          ) : (
            <>
              <Box title="Mot de passe" icon={KeyRound}>
                <ConfirmAction id={a.id} intent="password" summary="Réinitialiser le mot de passe…" icon={KeyRound} confirmLabel="Oui, créer un nouveau mot de passe" busyLabel="Création...">
                  <p>
                    Un nouveau mot de passe à usage unique sera affiché une seule fois, pour le communiquer à {label} ; il devra le changer à sa prochaine connexion.
                    L'ancien ne fonctionnera plus et ses sessions ouvertes sont fermées.
                  </p>
                </ConfirmAction>
              </Box>
              <Box title="Double authentification" icon={ShieldOff}>
                {a.twoFactorEnabled ? (
                  <ConfirmAction id={a.id} intent="2fa" summary="Réinitialiser la double authentification…" icon={ShieldOff} danger confirmLabel="Oui, réinitialiser" busyLabel="Réinitialisation...">
                    <p>
                      Si {label} a perdu son téléphone et ses codes de secours. Son application d'authentification, ses codes de secours et ses appareils de confiance ne
                      fonctionneront plus, et ses sessions ouvertes sont fermées.{" "}
                      {a.twoFactorRequired ? "Il la configurera de nouveau à sa prochaine connexion." : "Il pourra la réactiver depuis Mon compte."}
                    </p>
                  </ConfirmAction>
                ) : (
                  <p>
                    Pas activée.{" "}
                    {a.twoFactorRequired ? "Obligatoire pour ce compte : il la configurera à sa prochaine connexion." : "Facultative pour ce compte (voir les réglages ci-dessous)."}
                  </p>
                )}
              </Box>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
