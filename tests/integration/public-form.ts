import { resetConfig } from "~/.server/config";
import { resetMailTransport } from "~/.server/mail";
import type { PublicFormReply } from "~/.server/public-form";
import { createLoadContext } from "~/context";
import { todayInClinic } from "~/lib/clinic-time";
import { addDaysYmd, DEFAULT_WEEKLY, weekdayOf } from "~/lib/schedule";

/** Shared by the tests of the public forms (booking, enrolment) and of the e-mails they send. */

export type FormResult = { data: PublicFormReply; init: { status?: number; headers?: HeadersInit } | null };

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Posts `fields` (URL-encoded, as the browser sends the form) to a route's action, as React Router runs it, from `ip`. */
export async function postForm(action: (args: never) => unknown, url: string, fields: Record<string, string>, ip: string): Promise<FormResult> {
  const request = new Request(url, { method: "POST", body: new URLSearchParams(fields) });
  return (await action({ request, params: {}, context: createLoadContext({ nonce: "", clientIp: ip }) } as never)) as FormResult;
}

/** The message shown under each field (the first of each); "" is the form's own message. */
export function fieldMessages(r: FormResult) {
  return Object.fromEntries(Object.entries(r.data.result.error ?? {}).map(([k, v]) => [k, v?.[0]]));
}

/** Unsets `keys`, sets `values`, and has the app read its configuration and mail transport anew. */
export function setAppEnv(keys: readonly string[], values: Record<string, string> = {}) {
  for (const k of keys) delete process.env[k];
  Object.assign(process.env, values);
  resetConfig();
  resetMailTransport();
}

/**
 * A day the default schedule opens (not a Friday), at least `days` after the clinic's today, so
 * that a booking test never lands on the weekly closed day whatever day the suite runs.
 */
export function openDayAfter(days: number): string {
  let d = addDaysYmd(todayInClinic(), days);
  while (DEFAULT_WEEKLY[weekdayOf(d)].length === 0) d = addDaysYmd(d, 1);
  return d;
}

/** Free start times of a default day for a 30-minute service with its 15-minute buffer, none overlapping. */
export const ORTHODONTIE_TIMES = ["09:00", "09:45", "10:30", "11:15", "13:30", "14:15", "15:00", "15:45", "16:30"] as const;
