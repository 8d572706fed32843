import { Check, Copy, KeyRound } from "~/components/admin/icons";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { type OneTimePassword, TEAM_PATH } from "~/lib/team-schema";

/**
 * The one-time password of a new account or of a reset: shown once, on the answer to the post
 * that made it (the server keeps only its hash), with a copy button once JavaScript runs. It takes
 * the focus so that a screen reader hears it first.
 */
export function OneTimePasswordCard({ secret }: { secret: OneTimePassword }) {
  const ref = useRef<HTMLElement>(null);
  const code = useRef<HTMLElement>(null);
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    setCanCopy(typeof navigator !== "undefined" && Boolean(navigator.clipboard));
    ref.current?.scrollIntoView?.({ block: "center" });
    ref.current?.focus({ preventScroll: true });
  }, [secret.password]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret.password);
      setCopied(true);
    } catch {
      // the browser refused: the text is selected so that the person can copy it by hand
      const range = document.createRange();
      if (code.current) range.selectNodeContents(code.current);
      const sel = window.getSelection();
      sel?.removeAllRanges();
      sel?.addRange(range);
    }
  }

  const created = secret.reason === "created";
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="one-time-title"
      className="rounded-2xl bg-white p-5 shadow-md outline-none ring-2 ring-gold-400 sm:p-6"
    >
      <h2 id="one-time-title" className="flex items-start gap-2 font-sans text-lg font-semibold text-navy-900">
        <KeyRound aria-hidden className="mt-1 h-5 w-5 shrink-0 text-gold-500" />
        <span className="[overflow-wrap:anywhere]">{created ? `Compte de ${secret.label} créé` : `Nouveau mot de passe de ${secret.label}`}</span>
      </h2>
      <p className="mt-2 text-sm text-slate-700 [overflow-wrap:anywhere]">
        Communiquez ce mot de passe à {secret.label} ({secret.email}) ; il devra le changer à sa {created ? "première" : "prochaine"} connexion.
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <code
          ref={code}
          aria-label="Mot de passe à usage unique"
          className="select-all break-all rounded-xl bg-slate-100 px-4 py-3 font-mono text-xl font-semibold tracking-wider text-navy-900 ring-1 ring-inset ring-slate-300"
        >
          {secret.password}
        </code>
        {canCopy && (
          <button type="button" onClick={copy} className="btn-primary w-full sm:w-auto">
            {copied ? <Check aria-hidden className="h-4 w-4" /> : <Copy aria-hidden className="h-4 w-4" />}
            {copied ? "Copié" : "Copier le mot de passe"}
          </button>
        )}
      </div>
      <p className="mt-3 text-sm font-medium text-amber-900">
        Il ne sera plus affiché : notez-le ou copiez-le maintenant. En cas d'oubli, réinitialisez-le de nouveau.
      </p>
      <Link to={TEAM_PATH} className="mt-4 inline-flex min-h-11 items-center text-sm font-semibold text-teal-700 underline underline-offset-2 hover:text-navy-900">
        C'est fait, masquer le mot de passe
      </Link>
    </section>
  );
}
