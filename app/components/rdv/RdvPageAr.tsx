import { getFormProps } from "@conform-to/react";
import { Ban, CalendarCheck2, CalendarPlus, ChevronDown, CircleCheckBig, ExternalLink, Hourglass, Loader2, MapPin, PhoneCall, UserX, XCircle, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ErrorPage } from "~/components/error-boundary";
import { FormErrors, TextareaField, useAppForm } from "~/components/forms";
import { Alert } from "~/components/ui/Alert";
import { useClinic } from "~/hooks/use-clinic";
import { useI18n } from "~/hooks/use-locale";
import { phoneLabel } from "~/i18n/clinic";
import type { AppointmentStatus } from "~/lib/appointment-status";
import { openStreetMapLink } from "~/lib/clinic";
import { formatDayFullAr, formatTime } from "~/lib/format";
import { CANCEL_REASON_MAX } from "~/lib/front-desk-schema";
import { rdvConfirmSchema, type RdvReply, type RdvView } from "~/lib/rdv-schema";
import { rdvCancelSchemaIn, RDV_TEXTS_AR } from "~/lib/rdv-texts-ar";
import { serviceIn } from "~/lib/services-ar";
import type { MessageKey } from "~/i18n";

/**
 * /ar/rdv/<token>: the patient's own page in Arabic (issue 32, item 6), the same module and
 * loader as /rdv/<token> (same token rules, headers and actions), its texts from the catalogue
 * (`rdvPage.*`). The patient confirms presence, adds the .ics, cancels; moving to another time
 * is offered by phone or on the French page (the free-times picker is the booking form's).
 */

const STATUS: Record<AppointmentStatus, { key: MessageKey; className: string; icon: LucideIcon }> = {
  requested: { key: "rdvPage.statusRequested", className: "bg-amber-50 text-amber-900 ring-amber-600/30", icon: Hourglass },
  confirmed: { key: "rdvPage.statusConfirmed", className: "bg-sky-50 text-sky-900 ring-sky-600/30", icon: CalendarCheck2 },
  attended: { key: "rdvPage.statusAttended", className: "bg-emerald-50 text-emerald-900 ring-emerald-600/30", icon: CircleCheckBig },
  no_show: { key: "rdvPage.statusNoShow", className: "bg-rose-50 text-rose-900 ring-rose-600/30", icon: UserX },
  cancelled: { key: "rdvPage.statusCancelled", className: "bg-slate-100 text-slate-800 ring-slate-400/50", icon: Ban },
};

const CHIP = "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1";

export function RdvPageAr({ appointment: a, icsHref, frenchHref, reply }: { appointment: RdvView; icsHref: string; frenchHref: string; reply?: RdvReply }) {
  const { t, words } = useI18n();
  const open = a.status === "requested" || a.status === "confirmed";
  return (
    <>
      <section className="relative overflow-hidden bg-navy-900 text-white">
        <div aria-hidden className="absolute -end-24 -top-24 h-72 w-72 rounded-full bg-teal-600/25 blur-3xl" />
        <div className="container-site relative py-10 md:py-12">
          <p className="text-sm font-semibold text-gold-400">{words.name}</p>
          <h1 className="mt-3 text-3xl font-bold text-white md:text-4xl">{t("rdvPage.title")}</h1>
        </div>
      </section>
      <section className="bg-ivory py-8 md:py-12">
        <div className="container-site grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px] xl:gap-10">
          <div className="min-w-0 space-y-6">
            {reply?.message && (
              <Alert tone={reply.status === "done" ? "success" : "error"} focusKey={reply} role={reply.status === "done" ? "status" : "alert"} closeLabel="إغلاق">
                <p className="text-base">{reply.message}</p>
              </Alert>
            )}
            <CardAr appointment={a} icsHref={icsHref} reply={reply} />
            {open && a.canChange && <ChangeAr frenchHref={frenchHref} reply={reply} />}
            {open && !a.canChange && <CallAr title={t("rdvPage.callToChangeTitle")} text={RDV_TEXTS_AR.cutoffPage(a.cutoffHours)} />}
            {a.status === "cancelled" && <CallAr title={t("rdvPage.newTitle")} text={t("rdvPage.newText")} />}
          </div>
          <aside aria-label={t("rdvPage.clinic")}>
            <ClinicCardAr />
          </aside>
        </div>
      </section>
    </>
  );
}

function CardAr({ appointment: a, icsHref, reply }: { appointment: RdvView; icsHref: string; reply?: RdvReply }) {
  const { t } = useI18n();
  const status = STATUS[a.status];
  const StatusIcon = status.icon;
  const open = a.status === "requested" || a.status === "confirmed";
  const mine = reply?.intent === "confirm" ? reply : undefined;
  const [form] = useAppForm({ id: "rdv-confirm", schema: rdvConfirmSchema, lastResult: mine?.result });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "confirm";
  const note =
    a.status === "requested"
      ? t("rdvPage.noteRequested")
      : a.status === "confirmed"
        ? t("rdvPage.noteConfirmed")
        : a.status === "cancelled"
          ? t(a.cancelledBy === "patient" ? "rdvPage.noteCancelledByPatient" : "rdvPage.noteCancelledByClinic")
          : null;
  const struck = a.status === "cancelled" ? "text-slate-500 line-through" : "text-navy-900";
  return (
    <section aria-labelledby="rdv-summary" className="rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-200 sm:p-8">
      <h2 id="rdv-summary" className="sr-only">
        {t("rdvPage.title")}
      </h2>
      <div className="flex flex-wrap gap-2">
        <p className={`${CHIP} ${status.className}`}>
          <StatusIcon aria-hidden className="h-4 w-4" />
          {t(status.key)}
        </p>
        {a.patientConfirmed && open && (
          <p className={`${CHIP} bg-emerald-50 text-emerald-900 ring-emerald-600/30`}>
            <CircleCheckBig aria-hidden className="h-4 w-4" />
            {t("rdvPage.presenceConfirmed")}
          </p>
        )}
      </div>
      <dl className="mt-5 grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm font-semibold text-slate-500">{t("rdvPage.service")}</dt>
          <dd className="mt-1 text-lg font-semibold text-navy-900">{serviceIn("ar", a.service)}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-500">{t("rdvPage.date")}</dt>
          <dd className={`mt-1 text-lg font-semibold ${struck}`}>{formatDayFullAr(a.date)}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-500">{t("rdvPage.time")}</dt>
          <dd className={`mt-1 text-lg font-semibold ${struck}`}>
            <bdi dir="ltr">{formatTime(a.time)}</bdi>
            {a.durationMinutes ? (
              <span className="ms-2 text-sm font-normal text-slate-600">
                {t("rdvPage.duration", { duration: `${a.durationMinutes} دقيقة` })}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
      {note && <p className="mt-4 text-sm text-slate-600">{note}</p>}
      {open && (
        <div className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:flex-wrap sm:items-center">
          {a.upcoming && !a.patientConfirmed && (
            <Form method="post" {...getFormProps(form)} className="contents">
              <input type="hidden" name="intent" value="confirm" />
              <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy} aria-describedby={a.status === "requested" ? "rdv-confirm-means" : undefined}>
                {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <CircleCheckBig aria-hidden className="h-4 w-4" />}
                {busy ? t("rdvPage.confirming") : t("rdvPage.confirm")}
              </button>
            </Form>
          )}
          {a.upcoming && !a.patientConfirmed && a.status === "requested" && (
            <p id="rdv-confirm-means" className="text-sm text-slate-600 sm:order-last sm:basis-full">
              {t("rdvPage.confirmMeans")}
            </p>
          )}
          <a href={icsHref} download className="btn w-full bg-white text-navy-900 ring-1 ring-slate-300 hover:bg-slate-50 sm:w-auto">
            <CalendarPlus aria-hidden className="h-4 w-4" />
            {t("rdvPage.addToCalendar")}
          </a>
        </div>
      )}
      {mine && <FormErrors form={form} className="mt-4" />}
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

function ChangeAr({ frenchHref, reply }: { frenchHref: string; reply?: RdvReply }) {
  const { t } = useI18n();
  const mine = reply?.intent === "cancel" ? reply : undefined;
  const [form, fields] = useAppForm({ id: "rdv-cancel", schema: rdvCancelSchemaIn("ar"), lastResult: mine?.result });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "cancel";
  return (
    <section aria-labelledby="rdv-change" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="rdv-change" className="text-2xl font-bold">
        {t("rdvPage.changeTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("rdvPage.changeIntro")}</p>
      <div className="mt-5 space-y-3">
        <Disclosure title={t("rdvPage.moveTitle")} icon={<CalendarCheck2 aria-hidden className="h-5 w-5 text-teal-600" />} open={false}>
          <div className="space-y-3">
            <p className="text-sm text-slate-700">{t("rdvPage.moveByPhone")}</p>
            <CallButtonsAr />
            <a href={frenchHref} hrefLang="fr" className="inline-flex min-h-11 items-center font-semibold text-teal-700 underline underline-offset-4">
              {t("rdvPage.moveInOtherLanguage")}
            </a>
          </div>
        </Disclosure>
        <Disclosure title={t("rdvPage.cancelTitle")} icon={<XCircle aria-hidden className="h-5 w-5 text-red-700" />} open={mine !== undefined && mine.status !== "done"}>
          <Form method="post" {...getFormProps(form)} className="grid gap-4" aria-label={t("rdvPage.cancelTitle")}>
            <input type="hidden" name="intent" value="cancel" />
            <TextareaField meta={fields.reason} label={t("rdvPage.cancelReason")} required rows={3} maxLength={CANCEL_REASON_MAX} hint={t("rdvPage.cancelHint")} />
            <FormErrors form={form} className="" />
            <div>
              <button type="submit" className="btn w-full bg-red-700 text-white shadow-sm hover:bg-red-800 sm:w-auto" disabled={busy}>
                {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <XCircle aria-hidden className="h-4 w-4" />}
                {busy ? t("rdvPage.cancelling") : t("rdvPage.cancelSubmit")}
              </button>
            </div>
          </Form>
        </Disclosure>
      </div>
    </section>
  );
}

function CallAr({ title, text }: { title: string; text: string }) {
  return (
    <section aria-labelledby="rdv-call" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="rdv-call" className="text-2xl font-bold">
        {title}
      </h2>
      <p className="mt-2 text-slate-700">{text}</p>
      <CallButtonsAr className="mt-4" />
    </section>
  );
}

/** The clinic's numbers as large tel: buttons, their labels in Arabic and the numbers left to right. */
export function CallButtonsAr({ className = "" }: { className?: string }) {
  const clinic = useClinic();
  const { t } = useI18n();
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {clinic.phones.map((p) => (
        <li key={p.tel} className="w-full sm:w-auto">
          <a href={`tel:${p.tel}`} className="btn-primary w-full sm:w-auto">
            <PhoneCall aria-hidden className="h-4 w-4" />
            {t("rdvPage.phone", { label: phoneLabel(p.label, "ar"), number: "" })}
            <bdi dir="ltr">{p.display}</bdi>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function ClinicCardAr() {
  const clinic = useClinic();
  const { t, words } = useI18n();
  return (
    <section aria-labelledby="rdv-clinic" className="rounded-2xl bg-navy-900 p-5 text-slate-200 shadow-sm sm:p-6">
      <h2 id="rdv-clinic" className="text-xl font-bold text-white">
        {t("rdvPage.clinic")}
      </h2>
      <p className="mt-3 flex gap-3">
        <MapPin aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-gold-400" />
        <span>
          <span className="block font-semibold text-white">{words.name}</span>
          {words.oneLine}
        </span>
      </p>
      <a
        href={openStreetMapLink(clinic)}
        target="_blank"
        rel="noreferrer noopener"
        className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-full px-1 font-semibold text-gold-400 underline underline-offset-4 hover:text-gold-100"
      >
        {t("rdvPage.map")}
        <ExternalLink aria-hidden className="h-4 w-4" />
        <span className="sr-only">{t("rdvPage.newTab")}</span>
      </a>
      <ul className="mt-4 space-y-2 text-sm">
        {clinic.phones.map((p) => (
          <li key={p.tel}>
            <a href={`tel:${p.tel}`} className="flex min-h-11 items-center gap-3 rounded-lg bg-white/5 px-3 py-2.5 font-semibold text-white hover:bg-white/10">
              <PhoneCall aria-hidden className="h-4 w-4 text-gold-400" />
              <span>
                {t("rdvPage.phone", { label: phoneLabel(p.label, "ar"), number: "" })}
                <bdi dir="ltr">{p.display}</bdi>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ErrorActionsAr() {
  const { t, href } = useI18n();
  return (
    <div className="flex flex-col items-center gap-3">
      <CallButtonsAr className="justify-center" />
      <Link to={href("/")} className="btn text-navy-900 underline underline-offset-4 hover:bg-slate-100">
        {t("rdvPage.backHome")}
      </Link>
    </div>
  );
}

export function RdvNotFoundPageAr() {
  const { t } = useI18n();
  return <ErrorPage eyebrow={t("rdvPage.notFoundEyebrow")} title={t("rdvPage.notFound")} text={<p>{t("rdvPage.notFoundText")}</p>} actions={<ErrorActionsAr />} />;
}

export function RdvBlockedPageAr() {
  const { t } = useI18n();
  return <ErrorPage eyebrow={t("rdvPage.blockedEyebrow")} title={t("rdvPage.tooMany")} text={<p>{t("rdvPage.blockedText")}</p>} actions={<ErrorActionsAr />} />;
}
