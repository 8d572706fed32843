import type { SlotPanelTexts } from "~/components/booking/SlotPanel";
import { CATALOGUES, type Locale } from "~/i18n";
import type { RdvReply } from "./rdv-schema";
import type { SlotChoice } from "./schedule";
import type { SlotsView } from "./slots-view";

/**
 * The move form's island props made on the server (components/rdv/MoveForm.tsx): its texts in the
 * page's language, and the action's answer as the form shows it. The island itself reads neither
 * the catalogue nor Conform's result: they stay out of its bundle.
 */

/** 'Heure''s texts (TimeSelect) and the day's line (SlotPanel), the booking form's, in the page's language. */
export type MoveTimeTexts = { label: string; morning: string; afternoon: string; offline: string; loading: string; failed: string; service: string; date: string; choose: string; none: string };

/** The form's own texts (catalogue `rdvPage`, `rdvChange`) in the page's language. */
export interface MoveFormTexts {
  title: string;
  intro: string;
  newDate: string;
  askJs: string;
  askNoJs: string;
  submit: string;
  moving: string;
  time: MoveTimeTexts;
  panel: SlotPanelTexts;
}

/** What the form shows: empty, or the server's answer to a post (a refusal, the free times asked without JavaScript). */
export interface MoveFormState {
  /** the day and time posted (kept after a refusal) */
  values: { date: string; time: string };
  /** one message per field, in the page's language (the move's own refusals are said at the top of the page) */
  errors: { date?: string; time?: string };
  /** the free times of the day posted */
  slots: SlotsView | null;
  /** the nearest free times after a refused time */
  alternatives: SlotChoice[];
}

/** The form's texts in `locale`: `rdvPage`, `rdvChange`, and the booking form's for 'Heure' and the day's line. */
export function moveFormTexts(locale: Locale): MoveFormTexts {
  const { rdvPage: P, rdvChange: C, booking: B } = CATALOGUES[locale];
  return {
    title: P.moveTitle,
    intro: C.moveIntro,
    newDate: C.newDate,
    askJs: C.askJs,
    askNoJs: C.askNoJs,
    submit: C.moveSubmit,
    moving: C.moving,
    time: { label: B.time, morning: B.morning, afternoon: B.afternoon, offline: B.timeOffline, loading: B.timeLoading, failed: B.timeFailed, service: B.timeService, date: B.timeDate, choose: B.timeChoose, none: B.timeNone },
    panel: {
      askJs: B.askJs,
      askNoJs: B.askNoJs,
      notOnline: B.notOnline,
      searching: B.searching,
      loadFailed: B.loadFailed,
      retry: B.retry,
      phoneLine: B.phoneLine,
      nextFree: B.nextFree,
      fullWaitlist: B.fullWaitlist,
      nearest: B.nearest,
      chooseSlot: B.chooseSlot,
      dayAt: B.dayAt,
      showFree: B.showFree,
    },
  };
}

/** The first message of a field in Conform's result. */
function firstError(result: RdvReply["result"], name: string): string | undefined {
  return result.error?.[name]?.find(Boolean) ?? undefined;
}

/**
 * What the move form shows after the action's answer `reply` (only a move's, or the free times
 * asked without JavaScript): the day and time posted, the fields' messages, the day's free times
 * and, after a refused time, the nearest ones. Empty without one, and after a move (the form is
 * reset).
 */
export function moveFormState(reply: RdvReply | undefined): MoveFormState {
  const mine = reply?.intent === "move" ? reply : undefined;
  const posted = mine?.result.initialValue ?? {};
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  if (!mine || mine.status === "done") return { values: { date: "", time: "" }, errors: {}, slots: null, alternatives: [] };
  const time = firstError(mine.result, "time");
  return {
    values: { date: text(posted.date), time: text(posted.time) },
    errors: { date: firstError(mine.result, "date"), time },
    slots: mine.slots ?? null,
    alternatives: time ? (mine.alternatives ?? []) : [],
  };
}
