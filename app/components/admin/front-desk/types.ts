/**
 * Types shared by the front-desk pieces (agenda, appointment cards) and the routes that render
 * them. Type-only imports from the server: nothing of it reaches the browser bundle.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { FrontDeskResult } from "~/.server/front-desk-actions";
import type { DayState } from "~/lib/schedule";

export type { FrontDeskResult };

/** One line of an appointment's history, as the screens receive it (toHistoryView writes it). */
export type { HistoryEntryView } from "~/.server/appointment-list";

/** The answer of /admin/creneaux: the free start times of a day for a service (staff rules). */
export interface FreeTimesAnswer {
  date: string;
  state: DayState;
  times: string[];
  /** a closure's or special hours' label */
  label?: string;
  /** the next day with a free start, when this one has none */
  next?: { date: string; times: string[] } | null;
}

/** The first message of a refused action: the form's own, else the first field's. */
export function firstMessage(result: SubmissionResult<string[]> | undefined | null): string | undefined {
  const errors = result?.error;
  if (!errors) return undefined;
  const form = errors[""]?.find(Boolean);
  if (form) return form;
  for (const list of Object.values(errors)) {
    const m = list?.find(Boolean);
    if (m) return m;
  }
  return undefined;
}

/**
 * The fetcher keys of the front-desk forms. One key per intent, shared by every card: the
 * result survives the card that posted it (a cancelled card moves to 'Annulés', a moved one
 * leaves the day), so that the layout's <FrontDeskToasts /> still shows its toast. Each card
 * reads only the results whose `id` is its own.
 */
export const FRONT_DESK_KEYS = { status: "front-desk:status", move: "front-desk:move", book: "front-desk:book", pay: "front-desk:pay" } as const;
