import { UsersRound } from "~/components/admin/icons";
import type { Route } from "./+types/admin.equipe";
import { getDb } from "~/.server/db";
import { listStaffAccounts } from "~/.server/repos/staff";
import { getTeamSettings, twoFactorRequired } from "~/.server/repos/team";
import { getStaff } from "~/.server/staff-guard";
import { teamAction } from "~/.server/team-actions";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { AccountList } from "~/components/admin/team/AccountList";
import { AccountPanel } from "~/components/admin/team/AccountPanel";
import { AddMemberForm } from "~/components/admin/team/AddMemberForm";
import { OneTimePasswordCard } from "~/components/admin/team/OneTimePasswordCard";
import { TEAM_PATH, type TeamActionResult } from "~/lib/team-schema";
import { TeamSettingsForm } from "~/components/admin/team/TeamSettingsForm";
import type { TeamAccountView } from "~/components/admin/team/types";
import { roleLabel } from "~/lib/permissions";
import { parseId } from "~/lib/rules";

export const meta: Route.MetaFunction = () => [{ title: "Équipe | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * 'Équipe' (docs/product.md, "Staff: team"; ADR 010), administrators only (the staff guard checks
 * `staff:manage` for the page and every intent): the accounts, a panel to manage one
 * (?compte=<id>), a new member, and the team's settings.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const staff = getStaff(context);
  const db = getDb();
  const [accounts, settings] = await Promise.all([listStaffAccounts(db), getTeamSettings(db)]);
  const activeAdmins = accounts.filter((a) => a.role === "admin" && a.disabledAt === null).length;
  const views: TeamAccountView[] = accounts.map((a) => ({
    ...a,
    roleLabel: roleLabel(a.role),
    isSelf: a.id === staff.userId,
    twoFactorRequired: twoFactorRequired(a.role, settings),
    lastAdmin: a.role === "admin" && a.disabledAt === null && activeAdmins <= 1,
  }));
  const wanted = parseId(url.searchParams.get("compte"));
  return { accounts: views, selected: views.some((a) => a.id === wanted) ? wanted : null, settings };
}

export async function action({ request, context }: Route.ActionArgs) {
  return teamAction(request, getStaff(context));
}

export default function TeamScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, settings } = loaderData;
  const act = actionData as TeamActionResult | undefined;
  // a refusal about an account opens its panel, even when the post came from a page without ?compte
  const selectedId = (act?.id && !act.oneTime ? act.id : null) ?? loaderData.selected;
  const selected = accounts.find((a) => a.id === selectedId);
  const active = accounts.filter((a) => a.disabledAt === null).length;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="flex items-center gap-3 text-3xl font-bold md:text-4xl">
          <UsersRound aria-hidden className="h-8 w-8 text-teal-600" />
          Équipe
        </h1>
        <p className="mt-2 max-w-3xl text-slate-600">
          {active} compte{active > 1 ? "s" : ""} actif{active > 1 ? "s" : ""}. Chacun se connecte avec sa propre adresse ; son rôle décide de ce qu'il peut voir et
          faire. Chaque changement est noté dans le journal.
        </p>
      </div>

      {act?.oneTime && <OneTimePasswordCard key={act.oneTime.password} secret={act.oneTime} />}
      {selected && <AccountPanel key={selected.id} account={selected} actionData={act} />}

      <AddMemberForm actionData={act} />
      <AccountList accounts={accounts} selected={selected?.id ?? null} />
      <TeamSettingsForm settings={settings} actionData={act} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StaffScreenError
      error={error}
      path={TEAM_PATH}
      title="Impossible de charger l'équipe."
      text="La liste des comptes n'a pas pu être lue. Vérifiez la connexion puis réessayez ; si le problème persiste, prévenez la personne qui gère le site."
    />
  );
}
