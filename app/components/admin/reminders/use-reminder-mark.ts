import { useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { REMINDER_ACTION, reminderFetcherKey, type ReminderLinks } from "~/lib/front-desk-contact";
import { useCan } from "~/components/admin/permissions";
import { useToast } from "~/components/toaster";
import type { ReminderChannel } from "~/lib/reminder-template";
import type { ReminderMarkResult } from "~/lib/reminder-view";

/**
 * Marking a reminder sent: one fetcher per appointment (the tapped link and the 'Marquer comme
 * envoyé' form share it), posting intent "reminded" to /admin/rappels. `mark` is called from a
 * link's click and never holds the link back: the wa.me tab or the SMS app opens at once while
 * the POST runs. `back` is where a post without JavaScript returns. Without `reminder:send`
 * nothing is marked (`canMark` is false: the screens leave the form out).
 */
export function useReminderMark(links: Pick<ReminderLinks, "id" | "remindable">) {
  const fetcher = useFetcher<ReminderMarkResult>({ key: reminderFetcherKey(links.id) });
  const location = useLocation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useToast(fetcher.state === "idle" ? fetcher.data?.toast : undefined);
  const canMark = useCan("reminder:send");

  const mark = (channel: ReminderChannel) => {
    if (!links.remindable || !canMark) return;
    const form = new FormData();
    form.set("intent", "reminded");
    form.set("id", String(links.id));
    form.set("channel", channel);
    form.set("js", "1");
    void fetcher.submit(form, { method: "post", action: REMINDER_ACTION });
  };

  return {
    fetcher,
    mark,
    canMark,
    hydrated,
    busy: fetcher.state !== "idle",
    pendingChannel: fetcher.state !== "idle" ? (fetcher.formData?.get("channel") as ReminderChannel | null) : null,
    back: `${location.pathname}${location.search}`,
  };
}
