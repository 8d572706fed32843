import { data } from "react-router";
import { renderDegraded } from "./page-cache";
import { getDb } from "./db";
import { log } from "./log";
import { getActiveFormation, listActiveFormations, type FormationWithCount } from "./repos/formations";
import type { FormationLandingItem, FormationOption, FormationSyllabusItem } from "~/lib/formation";
import { todayInClinic } from "~/lib/clinic-time";
import { isBookable, toPublicSession, type PublicSession } from "~/lib/formation-session";
import { listSessionsOf } from "./repos/formation-sessions";

/** A formation with its public sessions (open or full: not cancelled, not over). */
export type FormationWithSessions = FormationWithCount & { sessions: PublicSession[] };

async function withSessions(formations: FormationWithCount[], at: Date = new Date()): Promise<FormationWithSessions[]> {
  const today = todayInClinic(at);
  const byFormation = await listSessionsOf(getDb(), formations.map((f) => f.id), at);
  return formations.map((f) => ({ ...f, sessions: (byFormation.get(f.id) ?? []).filter((s) => isBookable(s, today)).map((s) => toPublicSession(s, today)) }));
}

/**
 * Read side of the public training pages: /formation, /syllabus and the choice of formation of
 * the enrolment form (/inscription and the dialog). Each page receives its read model
 * (app/lib/formation.ts), never the stored row.
 */

/** A formation as the syllabus pages and the featured part of /formation show it. */
function toSyllabusItem(f: FormationWithSessions): FormationSyllabusItem {
  return {
    id: f.id,
    title: f.title,
    description: f.description,
    duration_months: f.duration_months,
    max_participants: f.max_participants,
    place: f.place,
    price: f.price,
    syllabus: f.syllabus,
    title_ar: f.title_ar,
    description_ar: f.description_ar,
    syllabus_ar: f.syllabus_ar,
    taken: f.taken,
    sessions: f.sessions,
  };
}

/** A card of the list on /formation: the same without the syllabus. */
function toLandingItem(f: FormationWithSessions): FormationLandingItem {
  const { syllabus: _syllabus, syllabus_ar: _syllabusAr, ...item } = toSyllabusItem(f);
  return item;
}

/** The choice of formation of the enrolment form. */
export function formationOptions(formations: FormationOption[]): FormationOption[] {
  return formations.map(({ id, title, taken, max_participants, sessions }) => ({ id, title, taken, max_participants, sessions }));
}

function logLoadFailure(event: string, err: unknown) {
  // the page shows its empty state: sent, never stored (server/page-cache.js)
  renderDegraded();
  log.error({ event, err: err instanceof Error ? err.message : String(err) }, "public formations could not be loaded");
}

/**
 * The active formations, newest first. A failure is logged and answered with an empty list
 * (docs/product.md, "Errors and failures": the page shows its empty state or defaults).
 */
export async function loadActiveFormations(): Promise<{ formations: FormationWithSessions[]; loadFailed: boolean }> {
  try {
    return { formations: await withSessions(await listActiveFormations(getDb())), loadFailed: false };
  } catch (err) {
    logLoadFailure("formations_load_failed", err);
    return { formations: [], loadFailed: true };
  }
}

/**
 * What /formation shows (docs/product.md, "Training offer"): the newest active formation,
 * featured with its syllabus, and the cards of all the active ones.
 */
export async function loadFormationLanding() {
  const { formations } = await loadActiveFormations();
  return {
    featured: formations[0] ? toSyllabusItem(formations[0]) : null,
    formations: formations.map(toLandingItem),
  };
}

/**
 * The formation a syllabus page shows: 'all' (or no id) is the newest active one; a number is
 * that formation if it is active. Anything else, or an unknown/inactive id, is `notFound`.
 */
async function findSyllabusFormation(
  idParam: string | undefined,
  active: FormationWithSessions[],
  loadFailed: boolean,
): Promise<{ formation: FormationWithSessions | null; notFound: boolean }> {
  if (idParam === undefined || idParam === "all") return { formation: active[0] ?? null, notFound: false };
  if (!/^\d{1,9}$/.test(idParam)) return { formation: null, notFound: true };
  const id = Number(idParam);
  const fromList = active.find((f) => f.id === id);
  if (fromList || loadFailed) return { formation: fromList ?? null, notFound: false };
  try {
    const f = await getActiveFormation(getDb(), id);
    return { formation: f ? (await withSessions([f]))[0] : null, notFound: !f };
  } catch (err) {
    logLoadFailure("formation_load_failed", err);
    return { formation: null, notFound: false };
  }
}

/**
 * /syllabus and /syllabus/:id (docs/product.md, "Training offer"): the formation, the choice of
 * the enrolment form, and status 404 for an unknown, inactive or malformed id (so that search
 * engines drop an old link), never an error page.
 */
export async function loadSyllabusPage(idParam: string | undefined) {
  const { formations, loadFailed } = await loadActiveFormations();
  const { formation, notFound } = await findSyllabusFormation(idParam, formations, loadFailed);
  return data(
    {
      formation: formation ? toSyllabusItem(formation) : null,
      options: formationOptions(formations),
      notFound,
    },
    { status: notFound ? 404 : 200 },
  );
}
