import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useToast } from "~/components/toaster";
import type { ScheduleIntent, ScheduleResult } from "~/lib/schedule-view";

/** False until the page runs its JavaScript (and for good without it). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * One form of the screen: its fetcher, its answer (the fetcher's, or the page's action data when
 * the form was posted without JavaScript), the toast of a success, and Conform's last result
 * (read once the fetcher is idle: the screen has then been re-read, so a saved form restarts
 * from what is stored). Without JavaScript there is no toast: `savedText` is then said in place.
 */
export function useSection(intent: ScheduleIntent, actionData: ScheduleResult | undefined, key: string = intent) {
  const fetcher = useFetcher<ScheduleResult>({ key });
  const hydrated = useHydrated();
  const answer = fetcher.data ?? (actionData?.intent === intent ? actionData : undefined);
  useToast(answer?.toast);
  return {
    fetcher,
    answer,
    saving: fetcher.state !== "idle",
    lastResult: fetcher.state === "idle" ? answer?.result : undefined,
    savedText: !hydrated && answer?.ok ? answer.toast?.description : undefined,
  };
}
