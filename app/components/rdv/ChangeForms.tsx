import { getFormProps } from "@conform-to/react";
import { CalendarClock, ChevronDown, XCircle } from "lucide-react";
import { useMemo, type ReactNode } from "react";
import { FormErrors, TextareaField, useAppForm } from "~/components/forms";
import { Island } from "~/components/Island";
import { CANCEL_REASON_MAX } from "~/lib/front-desk-schema";
import { moveFormState, moveFormTexts } from "~/lib/rdv-move-form";
import { type RdvReply } from "~/lib/rdv-schema";
import { rdvCancelSchemaIn } from "~/lib/rdv-texts-ar";
import { useI18n } from "~/hooks/use-locale";
import { MoveForm } from "./MoveForm";

/**
 * The two changes a patient makes before the cut-off, each in a disclosure that opens by itself
 * when the server answered about it: 'Changer de jour ou d'heure' (the booking form's day, free
 * times and nearest free times, for the same service) and 'Annuler le rendez-vous' (a reason).
 * Both are plain forms posted by the browser and answered by the page's action (the page is not
 * hydrated, decision 016); the move form is an island (MoveForm, `rdv-move`), whose free times
 * follow the day once its script has run. Their texts are the catalogue's in the page's language
 * (`rdvPage`, `rdvChange`, and the booking form's `booking` for the free times: /ar/rdv/<token>).
 */
export function ChangeSection({
  service,
  movable,
  today,
  maxDate,
  reply,
  notMovable,
}: {
  service: string;
  movable: boolean;
  today: string;
  maxDate: string;
  reply?: RdvReply;
  /** what to say instead of the move form, for a service moved by phone only */
  notMovable: ReactNode;
}) {
  const answered = (intent: RdvReply["intent"]) => reply?.intent === intent && reply.status !== "done";
  const { locale, t } = useI18n();
  return (
    <section aria-labelledby="rdv-change" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="rdv-change" className="text-2xl font-bold">
        {t("rdvPage.changeTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("rdvPage.changeIntro")}</p>
      <div className="mt-5 space-y-3">
        <Disclosure title={t("rdvPage.moveTitle")} icon={<CalendarClock aria-hidden className="h-5 w-5 text-teal-600" />} open={answered("move")}>
          {movable ? (
            <Island name="rdv-move" component={MoveForm} props={{ service, today, maxDate, locale, texts: moveFormTexts(locale), ...moveFormState(reply) }} />
          ) : (
            notMovable
          )}
        </Disclosure>
        <Disclosure title={t("rdvPage.cancelTitle")} icon={<XCircle aria-hidden className="h-5 w-5 text-red-700" />} open={answered("cancel")}>
          <CancelForm reply={reply?.intent === "cancel" ? reply : undefined} />
        </Disclosure>
      </div>
    </section>
  );
}

function Disclosure({ title, icon, open, children }: { title: string; icon: ReactNode; open: boolean; children: ReactNode }) {
  return (
    <details open={open || undefined} className="group rounded-xl ring-1 ring-slate-200 open:bg-slate-50/60">
      <summary className="flex min-h-12 cursor-pointer list-none items-center gap-3 rounded-xl px-4 py-3 font-semibold text-navy-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        {icon}
        <span className="flex-1">{title}</span>
        <ChevronDown aria-hidden className="h-5 w-5 text-slate-500 transition group-open:rotate-180" />
      </summary>
      <div className="px-4 pb-5 pt-1">{children}</div>
    </details>
  );
}

function CancelForm({ reply }: { reply?: RdvReply }) {
  const { locale, t } = useI18n();
  const schema = useMemo(() => rdvCancelSchemaIn(locale), [locale]);
  const [form, fields] = useAppForm({ id: "rdv-cancel", schema, lastResult: reply?.result });
  return (
    <form method="post" {...getFormProps(form)} data-once className="grid gap-4" aria-label={t("rdvPage.cancelTitle")}>
      <input type="hidden" name="intent" value="cancel" />
      <TextareaField
        meta={fields.reason}
        label={t("rdvPage.cancelReason")}
        required
        rows={3}
        maxLength={CANCEL_REASON_MAX}
        hint={t("rdvPage.cancelHint")}
      />
      <FormErrors form={form} className="" />
      <div>
        <button type="submit" className="btn w-full bg-red-700 text-white shadow-sm hover:bg-red-800 sm:w-auto">
          <XCircle aria-hidden className="h-4 w-4" />
          {/* while it is sent (the page chrome, `data-once`): 'Annulation…' */}
          <span data-busy={t("rdvPage.cancelling")}>{t("rdvPage.cancelSubmit")}</span>
        </button>
      </div>
    </form>
  );
}
