import { Info, Loader2 } from "~/components/admin/icons";
import { isRouteErrorResponse, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin.journal";
import { AUDIT_PROBLEM_LABELS, auditIntegrity } from "~/.server/audit-verify";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { listAuditAccounts, listAuditLog } from "~/.server/repos/audit-log";
import { getTeamSettings } from "~/.server/repos/team";
import { getStaff } from "~/.server/staff-guard";
import { getSessionSecret } from "~/.server/toast";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { toJournalEntryView } from "~/lib/journal-entry";
import { JournalFilters } from "~/components/admin/journal/JournalFilters";
import { JournalIntegrity, toIntegrityView, type JournalIntegrityView } from "~/components/admin/journal/JournalIntegrity";
import { JournalList } from "~/components/admin/journal/JournalList";
import { JournalPagination } from "~/components/admin/journal/JournalPagination";
import { hasFilters, JOURNAL_NOTES, JOURNAL_PAGE_SIZE, parseJournalQuery } from "~/components/admin/journal/query";
import { QueryNotes } from "~/components/admin/QueryNotes";
import { clinicDayBounds } from "~/lib/clinic-time";
import { formatNumber } from "~/lib/format";
import { can } from "~/lib/permissions";

const BASE_PATH = "/admin/journal";

export const meta: Route.MetaFunction = () => [{ title: "Journal d'audit | Admin Dashboard" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * docs/product.md, "Staff: audit log": who did what, when and from where, newest first, 50 a page,
 * filtered and paged in the database. Administrators only (the staff guard: `audit:read`). The
 * screen only reads: this module has no action, so a POST here is answered 405 by React Router
 * and nothing changes; the database's triggers refuse any change to an entry anyway.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const staff = getStaff(context);
  const { query, cursor, notes } = parseJournalQuery(url.searchParams);
  const db = getDb();
  const [accounts, settings] = await Promise.all([listAuditAccounts(db), getTeamSettings(db)]);
  if (typeof query.account === "number" && !accounts.some((a) => a.id === query.account)) {
    notes.push(JOURNAL_NOTES.account);
    query.account = null;
  }
  // clinic days, both included: from the first one's midnight to the midnight after the last one
  const fromIso = query.from ? clinicDayBounds(query.from)[0] : undefined;
  const toIso = query.to ? clinicDayBounds(query.to)[1] : undefined;
  const page = await listAuditLog(
    db,
    { staffUserId: query.account ?? undefined, action: query.action ?? undefined, fromIso, toIso },
    { limit: JOURNAL_PAGE_SIZE, cursor },
  );
  if (page.cursorLost) notes.push(JOURNAL_NOTES.cursor);
  const integrity = await journalIntegrity(db);
  const viewer = { canOpenPatients: can(staff.permissions, "patient:read") };
  const rows = page.rows.map((r) => toJournalEntryView(r, viewer));
  return {
    query,
    notes,
    accounts,
    rows,
    total: page.total,
    first: page.newer + 1,
    last: page.newer + rows.length,
    pages: {
      newerFrom: page.hasNewer && rows.length > 0 ? rows[0].id : null,
      olderFrom: page.hasOlder && rows.length > 0 ? rows[rows.length - 1].id : null,
      farFromTop: page.newer > JOURNAL_PAGE_SIZE,
    },
    retentionMonths: settings.auditRetentionMonths,
    integrity,
  };
}

/** The hash chain's check (ADR 019): verified once per process, then only what is new. */
async function journalIntegrity(db: ReturnType<typeof getDb>): Promise<JournalIntegrityView> {
  try {
    const v = await auditIntegrity(db, getSessionSecret());
    if (!v.ok) log.error({ event: "audit_chain_broken", kind: v.problem?.kind, entryId: v.problem?.entryId }, "audit log chain broken");
    return toIntegrityView({ ...v, problem: v.problem ? { ...v.problem, label: AUDIT_PROBLEM_LABELS[v.problem.kind] } : null });
  } catch (err) {
    log.error({ event: "audit_chain_check_failed", err: err instanceof Error ? err.message : String(err) }, "audit log chain check failed");
    return { state: "unknown" };
  }
}

const count = (n: number) => `${formatNumber(n)} entrée${n > 1 ? "s" : ""}`;

export default function AdminJournal({ loaderData }: Route.ComponentProps) {
  const { rows, total, first, last, query, notes, accounts, pages, retentionMonths, integrity } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === BASE_PATH;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold md:text-4xl">Journal d'audit</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Qui a fait quoi, quand et d'où : connexions, comptes du personnel, statuts et prix des rendez-vous, exports, fusions et effacements de dossiers,
          suppressions de contenus, réglages. Le journal se consulte seulement : personne ne peut modifier ni supprimer une entrée.
        </p>
        <p className="mt-2 inline-flex items-start gap-2 text-sm font-medium text-slate-700">
          <Info aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-teal-600" />
          Les entrées sont conservées {retentionMonths} mois, puis effacées automatiquement.
        </p>
        <div className="mt-2">
          <JournalIntegrity integrity={integrity} />
        </div>
      </div>

      <JournalFilters query={query} accounts={accounts} basePath={BASE_PATH} />

      <QueryNotes notes={notes} />

      <div className="flex min-h-6 items-center text-sm text-slate-600" aria-live="polite">
        {loading ? (
          <p role="status" className="inline-flex items-center gap-2 font-medium text-teal-700">
            <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
            Chargement du journal...
          </p>
        ) : (
          <p>{total === 0 || rows.length === 0 ? count(total) : `Entrées ${formatNumber(first)} à ${formatNumber(last)} sur ${count(total)}`}</p>
        )}
      </div>

      <div className={`transition-opacity ${loading ? "opacity-60" : ""}`}>
        {rows.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
            <p className="font-medium text-slate-700">
              {total > 0 ? "Aucune entrée plus ancienne." : hasFilters(query) ? "Aucune entrée ne correspond à ces filtres." : "Aucune entrée pour le moment."}
            </p>
          </div>
        ) : (
          <JournalList rows={rows} />
        )}
      </div>

      <JournalPagination basePath={BASE_PATH} query={query} pages={pages} />
    </div>
  );
}

/** A POST here (the journal cannot be changed) says so in French; any other failure offers to try again. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 405) {
    return (
      <div role="alert" className="mx-auto max-w-xl rounded-2xl border border-amber-200 bg-white p-8 text-center shadow-sm">
        <h1 className="font-sans text-xl font-semibold text-navy-900">Le journal ne peut pas être modifié.</h1>
        <p className="mt-2 text-slate-600">Le journal d'audit se consulte seulement : aucune entrée ne peut être modifiée ni supprimée. Rien n'a été changé.</p>
        <Link to={BASE_PATH} className="btn-primary mt-6">
          Retour au journal
        </Link>
      </div>
    );
  }
  return (
    <StaffScreenError
      error={error}
      path={BASE_PATH}
      title="Impossible de charger le journal."
      text="Le journal n'a pas pu être lu. Vérifiez la connexion puis réessayez ; si le problème persiste, prévenez la personne qui gère le site."
    />
  );
}
