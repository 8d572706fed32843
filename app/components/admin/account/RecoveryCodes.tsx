import { Check, Copy, Download, Printer } from "~/components/admin/icons";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Alert } from "~/components/ui/Alert";
import { useClinic } from "~/hooks/use-clinic";

const SMALL_BTN =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-white px-3 text-sm font-semibold text-navy-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50";

/**
 * The ten recovery codes, shown once (right after the set-up or a renewal): to copy, download or
 * print, then put away. They are not shown again; only their hashes are stored.
 */
export function RecoveryCodes({ codes, email, renewed }: { codes: string[]; email: string; renewed: boolean }) {
  const [copied, setCopied] = useState(false);
  // shown once: brought into view and announced as soon as they appear
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), [codes]);
  const clinicName = useClinic().name;
  const text = [`Codes de secours — ${clinicName} — ${email}`, "Chaque code ne sert qu'une fois.", "", ...codes].join("\n");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="mt-5 rounded-xl border-2 border-amber-300 bg-amber-50 p-4 sm:p-6 print:border-slate-400 print:bg-white">
      <h3 ref={title} tabIndex={-1} className="font-sans text-lg font-semibold text-navy-900 outline-none">{renewed ? "Vos nouveaux codes de secours" : "Vos codes de secours"}</h3>
      <p className="mt-2 text-sm text-slate-700">
        Si vous n'avez plus votre téléphone, chacun de ces codes remplace une fois le code de l'application.{" "}
        <strong>Notez-les, imprimez-les ou enregistrez-les maintenant et gardez-les en lieu sûr : ils ne seront plus affichés.</strong>
        {renewed && " Les anciens codes ne fonctionnent plus."}
      </p>
      <ol aria-label="Codes de secours" className="mt-4 grid grid-cols-1 gap-2 font-mono text-lg min-[420px]:grid-cols-2">
        {codes.map((c, i) => (
          <li key={c} className="flex items-center gap-3 rounded-lg bg-white px-3 py-2 ring-1 ring-amber-200">
            <span aria-hidden className="w-6 text-right text-xs text-slate-400">
              {i + 1}.
            </span>
            <code className="tracking-wider text-navy-900">{c}</code>
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-2 print:hidden">
        <button type="button" className={SMALL_BTN} onClick={copy}>
          {copied ? <Check aria-hidden className="h-4 w-4 text-green-700" /> : <Copy aria-hidden className="h-4 w-4" />}
          {copied ? "Codes copiés" : "Copier les codes"}
        </button>
        <a className={SMALL_BTN} href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="codes-de-secours-clinique.txt">
          <Download aria-hidden className="h-4 w-4" />
          Télécharger
        </a>
        <button type="button" className={SMALL_BTN} onClick={() => window.print()}>
          <Printer aria-hidden className="h-4 w-4" />
          Imprimer
        </button>
      </div>
      {copied && (
        <Alert tone="success" className="mt-3 print:hidden">
          <p>Les 10 codes sont copiés : collez-les dans un endroit sûr (gestionnaire de mots de passe, document protégé).</p>
        </Alert>
      )}
      <Link to="/admin/account" className="btn-primary mt-5 print:hidden">
        J'ai mis mes codes en lieu sûr
      </Link>
    </div>
  );
}
