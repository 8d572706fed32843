import { useCallback, useEffect, useRef, useState } from "react";
import { freeTimesUrl, type SlotsView } from "~/lib/slots-view";

/** How long the service and the date must stay still before the free times are asked. */
const SETTLE_MS = 250;

export interface FreeSlots {
  /** the free times of the day asked, once known */
  view: SlotsView | null;
  loading: boolean;
  /** the last request failed (network, server): say so and offer `retry` */
  failed: boolean;
  retry: () => void;
}

/**
 * The free times of `query`'s day, fetched from /appointment/creneaux whenever the service or
 * the date change (with JavaScript). `known`: what the server already rendered (the loader, or
 * the action after a post), used as is when it is for the same day and newer than a fetch;
 * `source`: the answer it came from (each new answer counts, even one without times).
 */
export function useFreeSlots(query: { service: string; date: string } | null, known: SlotsView | null, source: unknown, locale: "fr" | "ar" = "fr"): FreeSlots {
  const key = query ? `${query.service}|${query.date}` : "";
  const keyOf = (v: SlotsView | null) => (v ? `${v.service}|${v.date}` : "");
  const [loaded, setLoaded] = useState<{ key: string; view: SlotsView } | null>(known ? { key: keyOf(known), view: known } : null);
  const [phase, setPhase] = useState<{ key: string; state: "loading" | "failed" } | null>(null);
  const [attempt, setAttempt] = useState(0);

  // a new answer of the server (after a post) replaces what was fetched before; after a booking
  // (no times in the answer) what was fetched is stale: the next look asks again
  const [lastSource, setLastSource] = useState(source);
  if (source !== lastSource) {
    setLastSource(source);
    setLoaded(known ? { key: keyOf(known), view: known } : null);
  }

  const loadedKey = useRef(loaded?.key);
  loadedKey.current = loaded?.key;

  useEffect(() => {
    if (!query || (loadedKey.current === key && attempt === 0)) {
      setPhase(null);
      return;
    }
    const abort = new AbortController();
    setPhase({ key, state: "loading" });
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(freeTimesUrl(query.service, query.date, locale), { signal: abort.signal, headers: { Accept: "application/json" } });
        if (!res.ok) throw new Error(`free times: ${res.status}`);
        const view = (await res.json()) as SlotsView;
        if (abort.signal.aborted) return;
        setLoaded({ key, view });
        setPhase(null);
      } catch {
        if (!abort.signal.aborted) setPhase({ key, state: "failed" });
      }
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
    // the query is the key; `attempt` asks again after a failure
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const current = phase?.key === key ? phase.state : null;
  return {
    view: query && loaded?.key === key && current !== "loading" ? loaded.view : null,
    loading: Boolean(query) && current === "loading",
    failed: Boolean(query) && current === "failed",
    retry,
  };
}
