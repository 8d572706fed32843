import { getFormProps } from "@conform-to/react";
import { CalendarPlus, ChevronDown, Loader2 } from "~/components/admin/icons";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { freeTimesUrl } from "~/components/admin/front-desk/MoveForm";
import { AlternativeTimes, ForcedBox, FreeTimeField, SlotDateField } from "~/components/admin/front-desk/SlotFields";
import { FRONT_DESK_KEYS, type FreeTimesAnswer, type FrontDeskResult } from "~/components/admin/front-desk/types";
import { Field, FormErrors, SelectField, TextareaField, useAppForm } from "~/components/forms";
import { useToast } from "~/components/toaster";
import { staffBookingSchema } from "~/lib/front-desk-schema";
import { EMAIL_MAX, NAME_MAX, PHONE_MAX_CHARS } from "~/lib/rules";
import { SERVICES } from "~/lib/services";

export interface BookingPrefill {
  date: string;
  time: string;
  /** changes on each pick, so that picking the same stretch twice opens the form again */
  nonce: number;
}

/**
 * 'Ajouter un rendez-vous' from the agenda: a booking taken by phone or at the desk (no e-mail
 * needed), at a free start time of the chosen day for the chosen service (loaded from
 * /admin/creneaux, staff rules), or, with 'Forcer (hors horaires)', at any time, with a visible
 * warning (written in the history). POST intent "book" to the agenda's action; stored as
 * 'Confirmé'. A refused slot is said beside 'Heure' with the nearest free times to pick.
 */
export function AddBookingForm({ submissionKey, defaultDate, prefill }: { submissionKey: string; defaultDate: string; prefill?: BookingPrefill | null }) {
  const fetcher = useFetcher<FrontDeskResult>({ key: FRONT_DESK_KEYS.book });
  const slots = useFetcher<FreeTimesAnswer>();
  const [open, setOpen] = useState(false);
  const [service, setService] = useState("");
  const [date, setDate] = useState(defaultDate);
  const [time, setTime] = useState("");
  const [forced, setForced] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const panel = useRef<HTMLDetailsElement>(null);
  const busy = fetcher.state !== "idle";
  const [form, fields] = useAppForm({ id: "agenda-book", schema: staffBookingSchema, lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined });
  useToast(fetcher.data?.toast);
  useEffect(() => setHydrated(true), []);

  // another day shown: the form follows it (until something is typed in it)
  useEffect(() => {
    setDate(defaultDate);
    setTime("");
  }, [defaultDate]);

  useEffect(() => {
    if (!prefill) return;
    setOpen(true);
    setDate(prefill.date);
    setTime(prefill.time);
    setForced(false);
    requestAnimationFrame(() => {
      panel.current?.scrollIntoView({ block: "start", behavior: "smooth" });
      document.getElementById(fields.name.id)?.focus({ preventScroll: true });
    });
  }, [prefill, fields.name.id]);

  const { load } = slots;
  useEffect(() => {
    if (open && service && /^\d{4}-\d{2}-\d{2}$/.test(date)) void load(freeTimesUrl(service, date));
  }, [open, load, service, date]);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      setOpen(false);
      setService("");
      setTime("");
      setForced(false);
    }
  }, [fetcher.state, fetcher.data]);

  const day = slots.data && slots.data.date === date && service ? slots.data : undefined;
  const asSelect = hydrated && !forced && day !== undefined;
  const alternatives = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? (fetcher.data.alternatives ?? []) : [];

  return (
    <details ref={panel} open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="group scroll-mt-4 rounded-xl bg-white shadow-sm ring-1 ring-slate-200 print:hidden">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 font-semibold text-navy-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <span className="inline-flex items-center gap-2">
          <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-teal-600 text-white">
            <CalendarPlus aria-hidden className="h-4 w-4" />
          </span>
          Ajouter un rendez-vous
        </span>
        <ChevronDown aria-hidden className="h-5 w-5 text-slate-400 transition-transform group-open:rotate-180" />
      </summary>
      <div className="border-t border-slate-100 p-4">
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-3">
          <input type="hidden" name="intent" value="book" />
          <input type="hidden" name="submission_key" value={submissionKey} />
          <p className="text-xs text-slate-500">Pris par téléphone ou à l'accueil : l'e-mail est facultatif. Le rendez-vous est enregistré comme confirmé.</p>
          <Field meta={fields.name} label="Nom complet" required autoComplete="off" maxLength={NAME_MAX} />
          <Field meta={fields.phone} type="tel" label="Téléphone" required autoComplete="off" maxLength={PHONE_MAX_CHARS} />
          <Field meta={fields.email} type="email" label="E-mail" optional autoComplete="off" maxLength={EMAIL_MAX} />
          <SelectField meta={fields.service} label="Service" required placeholder="Choisissez un service" options={SERVICES} onChange={(e) => setService(e.target.value)} />
          <div className="grid grid-cols-2 gap-3">
            <SlotDateField
              meta={fields.date}
              label={
                <>
                  Date<span className="ml-0.5 text-red-700" aria-hidden>*</span>
                </>
              }
              value={date}
              onChange={(d) => {
                setDate(d);
                setTime("");
              }}
            />
            <FreeTimeField
              meta={fields.time}
              label={
                <>
                  Heure<span className="ml-0.5 text-red-700" aria-hidden>*</span>
                </>
              }
              value={time}
              onChange={setTime}
              day={day}
              loading={slots.state === "loading" && Boolean(service) && !forced}
              asSelect={asSelect}
              onPickDay={setDate}
              hint={!service && !forced ? "Choisissez le service pour voir les horaires libres." : undefined}
            />
          </div>
          <AlternativeTimes
            alternatives={alternatives}
            currentDate={date}
            onPick={(a) => {
              setForced(false);
              setDate(a.date);
              setTime(a.time);
            }}
          />
          <TextareaField meta={fields.message} label="Message / motif" optional rows={2} maxLength={2000} />
          <ForcedBox id={fields.forced.id} name={fields.forced.name} checked={forced} onChange={setForced} />
          <FormErrors form={form} className="" fixMessage="Certains champs sont à corriger (voir les messages sous les champs)." />
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
            {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <CalendarPlus aria-hidden className="h-4 w-4" />}
            {busy ? "Ajout en cours…" : "Ajouter le rendez-vous"}
          </button>
        </fetcher.Form>
      </div>
    </details>
  );
}
