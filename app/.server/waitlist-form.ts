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
import { WAITLIST_MESSAGES } from "~/lib/waitlist-messages";

export { WAITLIST_MESSAGES };


/** The session a waiting-list link names, when it is public (active formation, not cancelled, not over). */
export async function loadWaitlistSession(id: number | null): Promise<(PublicSession & { title: string }) | null> {
  if (id === null) return null;
  const h = getDb();
  const s = await getSession(h, id);
  const today = todayInClinic();
  if (!s || !isBookable(s, today)) return null;
  const f = await getActiveFormation(h, s.formation_id);
  return f ? { ...toPublicSession(s, today), title: f.title } : null;
}

async function store({ consent: _c, session_id, ...person }: { consent: boolean; session_id: number; user_name: string; user_surname: string; email: string; phone: string }, key: string | null): Promise<StoreOutcome<FormationWaitlistRow>> {
  const r = await joinWaitlist(getDb(), session_id, person, { submissionKey: key });
  if (!r.ok) {
    const message = r.reason === "not_full" ? WAITLIST_MESSAGES.notFull : WAITLIST_MESSAGES.unavailable;
    return { ok: false, status: 409, formError: message, fieldErrors: { session_id: [message] } };
  }
  if (!r.duplicate) log.info({ event: "course_waitlist_joined", entryId: r.entry.id, sessionId: session_id }, "waiting list joined");
  return { ok: true, value: r.entry, duplicate: r.duplicate };
}

/** The waiting-list post of /inscription (a plain form, no JavaScript needed): the public form pipeline. */
export async function handleWaitlistPost(request: Request, clientIp: string) {
  const { reply } = await handlePublicForm({ request, clientIp, scope: "enrollment", schema: waitlistSchema, failureMessage: WAITLIST_MESSAGES.failure, store });
  return reply;
}
