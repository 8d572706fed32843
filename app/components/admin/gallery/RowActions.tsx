import { ArrowDown, ArrowUp, type StaffIcon } from "~/components/admin/icons";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { ConfirmAction } from "../ConfirmAction";
import type { GalleryIntent } from "~/lib/gallery-form";

function useBusy(intent: GalleryIntent, id: number, extra?: [string, string]) {
  const navigation = useNavigation();
  const f = navigation.formData;
  return navigation.state === "submitting" && f?.get("intent") === intent && f?.get("id") === String(id) && (!extra || f?.get(extra[0]) === extra[1]);
}

/** A one-click action on a row (publish, move): a small form with its button. */
export function RowButton({ intent, id, label, icon: Icon, extra, className = "" }: { intent: GalleryIntent; id: number; label: string; icon: StaffIcon; extra?: [string, string]; className?: string }) {
  const busy = useBusy(intent, id, extra);
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {extra && <input type="hidden" name={extra[0]} value={extra[1]} />}
      <button type="submit" disabled={busy} className={`btn min-h-11 border border-slate-300 bg-white px-3 text-sm text-navy-900 hover:bg-slate-50 ${className}`}>
        <Icon aria-hidden className="h-4 w-4 shrink-0" />
        {label}
      </button>
    </Form>
  );
}

/** 'Monter' / 'Descendre' for one row; the first cannot go up nor the last down. */
export function MoveButtons({ intent, id, first, last }: { intent: "case-move" | "review-move"; id: number; first: boolean; last: boolean }) {
  return (
    <>
      {!first && <RowButton intent={intent} id={id} extra={["direction", "up"]} icon={ArrowUp} label="Monter" />}
      {!last && <RowButton intent={intent} id={id} extra={["direction", "down"]} icon={ArrowDown} label="Descendre" />}
    </>
  );
}

/**
 * An action that needs a confirmation (withdraw consent, delete), without JavaScript as with it:
 * the staff area's one confirmation disclosure, in red.
 */
export function ConfirmRowAction(props: { intent: GalleryIntent; id: number; summary: string; icon: StaffIcon; children: ReactNode; confirmLabel: string; busyLabel: string }) {
  return <ConfirmAction {...props} danger className="w-full sm:w-auto sm:open:w-full" />;
}
