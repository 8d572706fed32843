import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { CalendarClock, ChevronDown, Loader2, XCircle } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { SlotPanel } from "~/components/booking/SlotPanel";
import { parseDayQuery } from "~/lib/slots-view";
import { TimeSelect } from "~/components/booking/TimeSelect";
import { useFreeSlots } from "~/components/booking/useFreeSlots";
import { Field, FormErrors, TextareaField, useAppForm } from "~/components/forms";
import { CANCEL_REASON_MAX } from "~/lib/front-desk-schema";
import { type RdvReply } from "~/lib/rdv-schema";
import { rdvCancelSchemaIn, rdvMoveSchemaIn } from "~/lib/rdv-texts-ar";
import { useHydrated } from "~/hooks/use-hydrated";
import { useI18n } from "~/hooks/use-locale";
import { CATALOGUES } from "~/i18n";

/**
 * The two changes a patient makes before the cut-off, each in a disclosure that opens by itself
 * when the server answered about it: 'Changer de jour ou d'heure' (the booking form's day, free
 * times and nearest free times, for the same service) and 'Annuler le rendez-vous' (a reason).
 * Both work without JavaScript. Their texts are the catalogue's in the page's language
 * (`rdvPage`, `rdvChange`, and the booking form's `booking` for the free times: /ar/rdv/<token>).
 */
export function ChangeSection({
  service,
  movable,
  today,
  horizonDays,
  maxDate,
  reply,
  notMovable,
}: {
  service: string;
  movable: boolean;
  today: string;
  horizonDays: number;
  maxDate: string;
  reply?: RdvReply;
  /** what to say instead of the move form, for a service moved by phone only */
  notMovable: ReactNode;
}) {
  const answered = (intent: RdvReply["intent"]) => reply?.intent === intent && reply.status !== "done";
  const { t } = useI18n();
  return (
    <section aria-labelledby="rdv-change" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="rdv-change" className="text-2xl font-bold">
        {t("rdvPage.changeTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("rdvPage.changeIntro")}</p>
      <div className="mt-5 space-y-3">
        <Disclosure title={t("rdvPage.moveTitle")} icon={<CalendarClock aria-hidden className="h-5 w-5 text-teal-600" />} open={answered("move")}>
          {movable ? <MoveForm service={service} today={today} horizonDays={horizonDays} maxDate={maxDate} reply={reply?.intent === "move" ? reply : undefined} /> : notMovable}
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

type AnyFields = Record<string, FieldMetadata<unknown, Record<string, unknown>, string[]>>;

function MoveForm({ service, today, horizonDays, maxDate, reply }: { service: string; today: string; horizonDays: number; maxDate: string; reply?: RdvReply }) {
  const { locale, t } = useI18n();
  const schema = useMemo(() => rdvMoveSchemaIn(today, horizonDays, locale), [today, horizonDays, locale]);
  const [form, fields] = useAppForm({ id: "rdv-move", schema, lastResult: reply?.result, defaultValue: { date: "", time: "" } }) as unknown as [
    FormMetadata<Record<string, unknown>, string[]>,
    AnyFields,
  ];
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "move";
  const hydrated = useHydrated();

  // the free times of the day chosen, for the appointment's own service (the booking form's pieces)
  const date = typeof fields.date.value === "string" ? fields.date.value : "";
  const day = useMemo(() => parseDayQuery((n) => (n === "service" ? service : date)), [service, date]);
  const known = reply ? (reply.slots ?? null) : null;
  const slots = useFreeSlots(hydrated ? day : null, known, reply, locale);
  const shown = hydrated ? slots : { ...slots, view: known };
  const alternatives = fields.time.errors?.length ? (reply?.alternatives ?? []) : [];

  // a next free day or a nearest free time chosen: set the date, then the time once that day's times are there
  const [pick, setPick] = useState<{ date: string; time: string | null } | null>(null);
  const timeRef = useRef<HTMLSelectElement>(null);
  function choose(d: string, time: string | null) {
    form.update({ name: fields.date.name, value: d });
    setPick({ date: d, time });
  }
  const pickReady = pick !== null && shown.view?.date === pick.date && !slots.loading;
  useEffect(() => {
    if (!pickReady || !pick) return;
    if (pick.time && shown.view?.times.includes(pick.time)) form.update({ name: fields.time.name, value: pick.time });
    setPick(null);
    requestAnimationFrame(() => timeRef.current?.focus());
  }, [pickReady, pick, shown.view, form, fields.time.name]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    if (busy) e.preventDefault();
    else form.onSubmit(e);
  }

  const panelId = "rdv-move-slots";
  // the free times' texts are the booking form's (the Arabic ones on /ar/rdv)
  const B = CATALOGUES[locale].booking;
  return (
    <Form method="post" {...getFormProps(form)} onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label={t("rdvPage.moveTitle")}>
      {/* Enter in the date field moves the appointment: the form's first submit button is this one */}
      <button type="submit" name="intent" value="move" hidden tabIndex={-1} aria-hidden="true" />
      <p className="text-sm text-slate-600 sm:col-span-2">{t("rdvChange.moveIntro")}</p>
      <Field meta={fields.date} type="date" label={t("rdvChange.newDate")} required min={today} max={maxDate} />
      <TimeSelect
        ref={timeRef}
        id={fields.time.id}
        name={fields.time.name}
        form={fields.time.formId}
        error={fields.time.errors?.find(Boolean)}
        initialValue={typeof fields.time.initialValue === "string" ? fields.time.initialValue : undefined}
        resetKey={fields.time.key}
        view={shown.view}
        loading={slots.loading}
        failed={slots.failed}
        offline={false}
        missing="date"
        describedBy={panelId}
        texts={{
          label: B.time,
          morning: B.morning,
          afternoon: B.afternoon,
          offline: B.timeOffline,
          loading: B.timeLoading,
          failed: B.timeFailed,
          service: B.timeService,
          date: B.timeDate,
          choose: B.timeChoose,
          none: B.timeNone,
        }}
      />
      <div className="sm:col-span-2">
        <SlotPanel
          id={panelId}
          offline={false}
          chosen={day !== null}
          slots={shown}
          alternatives={alternatives}
          today={today}
          phones={[]}
          onChoose={choose}
          ask={{ js: t("rdvChange.askJs"), noJs: t("rdvChange.askNoJs") }}
          texts={B}
          locale={locale}
        />
      </div>
      <FormErrors form={form} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <button type="submit" name="intent" value="move" className="btn-primary w-full sm:w-auto" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <CalendarClock aria-hidden className="h-4 w-4" />}
          {busy ? t("rdvChange.moving") : t("rdvChange.moveSubmit")}
        </button>
      </div>
    </Form>
  );
}

function CancelForm({ reply }: { reply?: RdvReply }) {
  const { locale, t } = useI18n();
  const schema = useMemo(() => rdvCancelSchemaIn(locale), [locale]);
  const [form, fields] = useAppForm({ id: "rdv-cancel", schema, lastResult: reply?.result });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "cancel";
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4" aria-label={t("rdvPage.cancelTitle")}>
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
        <button type="submit" className="btn w-full bg-red-700 text-white shadow-sm hover:bg-red-800 sm:w-auto" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <XCircle aria-hidden className="h-4 w-4" />}
          {busy ? t("rdvPage.cancelling") : t("rdvPage.cancelSubmit")}
        </button>
      </div>
    </Form>
  );
}
