import { getDb } from "./db";
import { log } from "./log";
import { handlePublicForm, type StoreOutcome } from "./public-form";
import { joinWaitlist } from "./repos/formation-waitlist";
import { getSession } from "./repos/formation-sessions";
import { getActiveFormation } from "./repos/formations";
import { todayInClinic } from "~/lib/clinic-time";
import { isBookable, toPublicSession, type PublicSession } from "~/lib/formation-session";
import { waitlistSchema } from "~/lib/waitlist-schema";
import type { FormationWaitlistRow } from "./db/types";
import { WAITLIST_KEYS, WAITLIST_MESSAGES } from "~/lib/waitlist-messages";
import { localeOf, type Locale } from "~/i18n";

export { WAITLIST_MESSAGES };


/** The session a waiting-list link names, when it is public (active formation, not cancelled, not over). */
export async function loadWaitlistSession(id: number | null): Promise<(PublicSession & { title: string; title_ar: string | null }) | null> {
  if (id === null) return null;
  const h = getDb();
  const s = await getSession(h, id);
  const today = todayInClinic();
  if (!s || !isBookable(s, today)) return null;
  const f = await getActiveFormation(h, s.formation_id);
  return f ? { ...toPublicSession(s, today), title: f.title, title_ar: f.title_ar ?? null } : null;
}

async function store(
  { consent: _c, session_id, ...person }: { consent: boolean; session_id: number; user_name: string; user_surname: string; email: string; phone: string },
  key: string | null,
  language: Locale,
): Promise<StoreOutcome<FormationWaitlistRow>> {
  const r = await joinWaitlist(getDb(), session_id, { ...person, language }, { submissionKey: key });
  if (!r.ok) {
    const message = r.reason === "not_full" ? WAITLIST_KEYS.notFull : WAITLIST_KEYS.unavailable;
    return { ok: false, status: 409, formError: message, fieldErrors: { session_id: [message] } };
  }
  if (!r.duplicate) log.info({ event: "course_waitlist_joined", entryId: r.entry.id, sessionId: session_id }, "waiting list joined");
  return { ok: true, value: r.entry, duplicate: r.duplicate };
}

/**
 * The waiting-list post of /inscription (a plain form, no JavaScript needed): the public form
 * pipeline, answered in the page's language; an entry made on /ar/inscription is Arabic (its offer too).
 */
export async function handleWaitlistPost(request: Request, clientIp: string) {
  const locale = localeOf(new URL(request.url).pathname);
  const { reply } = await handlePublicForm({ request, clientIp, locale, scope: "enrollment", schema: waitlistSchema, failureMessage: WAITLIST_KEYS.failure, store: (v, key) => store(v, key, locale) });
  return reply;
}
