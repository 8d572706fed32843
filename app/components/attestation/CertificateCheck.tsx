import { Form } from "react-router";
import { useI18n } from "~/hooks/use-locale";
import { fillNodes } from "~/i18n/fill-nodes";
import { attendanceLabel, certificatePeriod, groupCode, type CertificateView } from "~/lib/certificate";
import { formatDayFull, formatDayFullAr } from "~/lib/format";

/** An example of a code, as printed (never a real one). */
const EXAMPLE_CODE = "ABCD-EFGH-JKMN";

/** 'يوم الاثنين، 5 يناير 2026' or 'من … إلى …': the certificate's dates in Arabic. */
function periodAr(c: Pick<CertificateView, "startsOn" | "endsOn">): string {
  return c.startsOn === c.endsOn ? `يوم ${formatDayFullAr(c.startsOn)}` : `من ${formatDayFullAr(c.startsOn)} إلى ${formatDayFullAr(c.endsOn)}`;
}

/** '2 من أصل 3 أيام': the days present out of the days held, in Arabic. */
function attendanceAr(c: Pick<CertificateView, "daysPresent" | "daysHeld">): string {
  const held = c.daysHeld;
  const days = held === 1 ? "يوم واحد" : held === 2 ? "يومين" : held <= 10 ? `${held} أيام` : `${held} يومًا`;
  return `${c.daysPresent.length} من أصل ${days}`;
}

/**
 * /attestation/<code>: whether a certificate of attendance is genuine, and for whom, in the page's
 * language (the holder's name and the formation's title as the certificate wrote them). It says
 * only what the certificate itself says (no e-mail, no phone, no other participant).
 */
export function CertificateFound({ certificate: c, clinicName }: { certificate: CertificateView; clinicName: string }) {
  const { locale, t } = useI18n();
  const ar = locale === "ar";
  const day = ar ? formatDayFullAr : formatDayFull;
  const revoked = c.revokedAt !== null;
  return (
    <div className={`rounded-2xl bg-white p-5 shadow-sm ring-1 md:p-8 ${revoked ? "ring-red-600/40" : "ring-emerald-600/40"}`}>
      <p className={`flex items-center gap-3 text-lg font-semibold ${revoked ? "text-red-800" : "text-emerald-800"}`}>
        <span aria-hidden className={`grid h-9 w-9 shrink-0 place-items-center rounded-full text-white ${revoked ? "bg-red-700" : "bg-emerald-700"}`}>
          {revoked ? "✕" : "✓"}
        </span>
        {revoked ? t("certificate.revoked") : t("certificate.genuine")}
      </p>
      {revoked && <p className="mt-2 text-slate-700">{t("certificate.revokedOn", { date: day(c.revokedAt!.slice(0, 10)) })}</p>}
      <dl className="mt-5 grid gap-x-6 gap-y-3 text-slate-800 sm:grid-cols-[auto_1fr]">
        <dt className="text-sm text-slate-500">{t("certificate.holder")}</dt>
        <dd className="text-lg font-semibold text-navy-900">{ar ? <bdi>{c.holder}</bdi> : c.holder}</dd>
        <dt className="text-sm text-slate-500">{t("certificate.formation")}</dt>
        <dd>{ar ? <>«<bdi>{c.formationTitle}</bdi>»</> : `«\u202f${c.formationTitle}\u202f»`}</dd>
        <dt className="text-sm text-slate-500">{t("certificate.dates")}</dt>
        <dd className="first-letter:uppercase">{ar ? periodAr(c) : certificatePeriod(c)}</dd>
        <dt className="text-sm text-slate-500">{t("certificate.presence")}</dt>
        <dd>{ar ? attendanceAr(c) : attendanceLabel(c)}</dd>
        <dt className="text-sm text-slate-500">{t("certificate.number")}</dt>
        <dd>{fillNodes(t("certificate.numberText"), { number: c.number, date: <>{day(c.issuedAt.slice(0, 10))}</>, clinic: ar ? <bdi>{clinicName}</bdi> : <>{clinicName}</> })}</dd>
        <dt className="text-sm text-slate-500">{t("certificate.code")}</dt>
        <dd className="font-mono tracking-wider">
          <bdi dir="ltr">{groupCode(c.code)}</bdi>
        </dd>
      </dl>
    </div>
  );
}

/**
 * The form to type a code read on a printed certificate (a GET: the browser goes to
 * /attestation?code=…, or /ar/attestation?code=… on the Arabic page). `error`: which refusal.
 */
export function CertificateCodeForm({ code, error }: { code?: string; error?: "empty" | "shape" }) {
  const { t, href } = useI18n();
  return (
    <Form method="get" action={href("/attestation")} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:p-8">
      <label htmlFor="certificate-code" className="block font-semibold text-navy-900">
        {t("certificate.codeLabel")}
      </label>
      <p id="certificate-code-help" className="mt-1 text-sm text-slate-600">
        {fillNodes(t("certificate.codeHelp"), { example: EXAMPLE_CODE })}
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row">
        <input
          id="certificate-code"
          name="code"
          dir="ltr"
          defaultValue={code}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "certificate-code-error certificate-code-help" : "certificate-code-help"}
          className="min-h-11 w-full rounded-lg border border-slate-300 px-3 font-mono uppercase tracking-wider focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30 sm:max-w-xs"
        />
        <button type="submit" className="btn-primary min-h-11 px-5">
          {t("certificate.verify")}
        </button>
      </div>
      {error && (
        <p id="certificate-code-error" className="mt-2 text-sm font-medium text-red-700">
          {error === "empty" ? t("certificate.errorEmpty") : fillNodes(t("certificate.errorShape"), { example: EXAMPLE_CODE })}
        </p>
      )}
    </Form>
  );
}
