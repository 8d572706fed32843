import { data } from "react-router";
import { formOrNull } from "~/lib/form-body";
import { todayInClinic } from "~/lib/clinic-time";
import { formatDayFull, formatDayFullAr } from "~/lib/format";
import { localeOf } from "~/i18n";
import { serviceName } from "~/lib/service-names";
import { wishesTextAr } from "~/lib/waitlist-ar";
import { storeFailedKey } from "./booking-actions";
import { addDays } from "~/lib/rules";
import { storeWishes, waitlistJoinSchema, wishesText, WAITLIST_MAX_DAYS } from "~/lib/waitlist";
import { PATIENT_ACTOR } from "./actor";
import { getClinic } from "./clinic";
import { getDb } from "./db";
import { handlePublicForm } from "./public-form";
import { insertEntry } from "./repos/waitlist";
import type { WaitlistEntry } from "./db/types";

/**
 * 'Rejoindre la liste d'attente' (/liste-attente, issue 31): the public form pipeline (rate limit,
 * honeypot, submission key: a resent post stores one entry), then the answer page says what was
 * stored. The posted values come back with a refusal, so nothing typed is lost.
 */

export interface JoinReply {
  status: "success" | "error";
  errors: Record<string, string[] | undefined>;
  formError: string | null;
  values: { service?: string; wishes?: string[]; until?: string; name?: string; phone?: string; email?: string };
  submissionKey: string;
  joined: { service: string; wishes: string; until: string } | null;
}

export function joinBounds(today: string = todayInClinic()) {
  return { minDate: today, maxDate: addDays(today, WAITLIST_MAX_DAYS) };
}

export async function joinReply(request: Request, clientIp: string) {
  const posted = await formOrNull(request.clone());
  const values: JoinReply["values"] = posted
    ? {
        service: String(posted.get("service") ?? ""),
        wishes: posted.getAll("wishes").map(String),
        until: String(posted.get("until") ?? ""),
        name: String(posted.get("name") ?? ""),
        phone: String(posted.get("phone") ?? ""),
        email: String(posted.get("email") ?? ""),
      }
    : {};
  let stored: WaitlistEntry | null = null;
  // the page's language (/ar/liste-attente): the messages' and the entry's (issue 32)
  const locale = localeOf(new URL(request.url).pathname);
  const { reply } = await handlePublicForm({
    request,
    clientIp,
    scope: "waitlist",
    schema: waitlistJoinSchema(todayInClinic()),
    failureMessage: storeFailedKey(await getClinic().catch(() => null)),
    locale,
    store: async ({ consent: _consent, ...v }, submissionKey) => {
      const { entry, duplicate } = await insertEntry(
        getDb(),
        {
          patientId: null,
          name: v.name,
          phone: v.phone,
          email: v.email,
          service: v.service,
          wishes: storeWishes(v.wishes),
          untilDate: v.until,
          source: "online",
          submissionKey,
          language: locale,
        },
        PATIENT_ACTOR,
      );
      stored = entry;
      return { ok: true, value: entry, duplicate };
    },
  });
  const r = reply.data;
  const errors = (r.result.error ?? {}) as Record<string, string[] | undefined>;
  const entry = stored as WaitlistEntry | null;
  const body: JoinReply = {
    status: r.status,
    errors,
    formError: errors[""]?.[0] ?? null,
    values: r.status === "success" ? {} : values,
    submissionKey: r.submissionKey,
    joined:
      r.status === "success" && entry
        ? locale === "ar"
          ? { service: serviceName("ar", entry.service), wishes: wishesTextAr(entry.wishes), until: formatDayFullAr(entry.until_date) }
          : { service: entry.service, wishes: wishesText(entry.wishes), until: formatDayFull(entry.until_date) }
        : null,
  };
  return data(body, { status: reply.init?.status ?? 200, headers: { ...Object.fromEntries(new Headers(reply.init?.headers ?? {})), "Cache-Control": "no-store" } });
}
