import { Form } from "react-router";
import { attendanceLabel, certificatePeriod, groupCode, type CertificateView } from "~/lib/certificate";
import { formatDayFull } from "~/lib/format";

/**
 * /attestation/<code>: whether a certificate of attendance is genuine, and for whom. It says only
 * what the certificate itself says (no e-mail, no phone, no other participant).
 */
export function CertificateFound({ certificate: c, clinicName }: { certificate: CertificateView; clinicName: string }) {
  const revoked = c.revokedAt !== null;
  return (
    <div className={`rounded-2xl bg-white p-5 shadow-sm ring-1 md:p-8 ${revoked ? "ring-red-600/40" : "ring-emerald-600/40"}`}>
      <p className={`flex items-center gap-3 text-lg font-semibold ${revoked ? "text-red-800" : "text-emerald-800"}`}>
        <span aria-hidden className={`grid h-9 w-9 shrink-0 place-items-center rounded-full text-white ${revoked ? "bg-red-700" : "bg-emerald-700"}`}>
          {revoked ? "✕" : "✓"}
        </span>
        {revoked ? "Attestation retirée par la clinique" : "Attestation authentique"}
      </p>
      {revoked && <p className="mt-2 text-slate-700">Cette attestation a été retirée le {formatDayFull(c.revokedAt!.slice(0, 10))} : elle ne vaut plus.</p>}
      <dl className="mt-5 grid gap-x-6 gap-y-3 text-slate-800 sm:grid-cols-[auto_1fr]">
        <dt className="text-sm text-slate-500">Délivrée à</dt>
        <dd className="text-lg font-semibold text-navy-900">{c.holder}</dd>
        <dt className="text-sm text-slate-500">Formation</dt>
        <dd>« {c.formationTitle} »</dd>
        <dt className="text-sm text-slate-500">Dates</dt>
        <dd className="first-letter:uppercase">{certificatePeriod(c)}</dd>
        <dt className="text-sm text-slate-500">Présence</dt>
        <dd>{attendanceLabel(c)}</dd>
        <dt className="text-sm text-slate-500">Numéro</dt>
        <dd>
          Attestation n° {c.number}, délivrée le {formatDayFull(c.issuedAt.slice(0, 10))} par la {clinicName}
        </dd>
        <dt className="text-sm text-slate-500">Code</dt>
        <dd className="font-mono tracking-wider">{groupCode(c.code)}</dd>
      </dl>
    </div>
  );
}

/** The form to type a code read on a printed certificate (a GET: the browser goes to /attestation?code=…). */
export function CertificateCodeForm({ code, error }: { code?: string; error?: string }) {
  return (
    <Form method="get" action="/attestation" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:p-8">
      <label htmlFor="certificate-code" className="block font-semibold text-navy-900">
        Code de l'attestation
      </label>
      <p id="certificate-code-help" className="mt-1 text-sm text-slate-600">
        12 caractères, imprimés sous le QR code (par exemple ABCD-EFGH-JKMN).
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row">
        <input
          id="certificate-code"
          name="code"
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
          Vérifier
        </button>
      </div>
      {error && (
        <p id="certificate-code-error" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </Form>
  );
}
