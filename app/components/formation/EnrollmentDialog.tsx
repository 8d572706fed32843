import { CheckCircle2, X } from "lucide-react";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type MouseEvent, type ReactNode } from "react";
import { Dialog } from "~/components/ui/Dialog";
import { EnrollmentForm, type SessionOption } from "./EnrollmentForm";

interface EnrollmentContextValue {
  open: (formationId?: number | null) => void;
}

const EnrollmentContext = createContext<EnrollmentContextValue | null>(null);

export const SUCCESS_BANNER_MS = 10_000;

/**
 * Holds the enrolment dialog of a page: every EnrollLink inside opens it (preselected when the
 * link names a session). It closes with the cross, 'Annuler', Escape, or after a stored
 * enrolment, which is then announced by a banner.
 */
export function EnrollmentProvider({ sessions, submissionKey, children }: { sessions: SessionOption[]; submissionKey: string; children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const [openCount, setOpenCount] = useState(0);
  const [formationId, setFormationId] = useState("");
  const [key, setKey] = useState(submissionKey);
  const [success, setSuccess] = useState<string | null>(null);

  const open = useCallback((id?: number | null) => {
    setFormationId(id ? String(id) : "");
    setSuccess(null);
    setOpenCount((n) => n + 1);
    setIsOpen(true);
  }, []);
  const close = useCallback(() => setIsOpen(false), []);
  const onSuccess = useCallback((message: string, nextKey: string) => {
    setKey(nextKey);
    setIsOpen(false);
    setSuccess(message);
  }, []);

  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => setSuccess(null), SUCCESS_BANNER_MS);
    return () => clearTimeout(t);
  }, [success]);

  const value = useMemo(() => ({ open }), [open]);

  return (
    <EnrollmentContext.Provider value={value}>
      {children}
      <Dialog open={isOpen} onClose={close} title="Inscription à la formation" size="lg" closeLabel="Fermer le formulaire d'inscription">
        <p className="mb-5 text-sm text-slate-600">
          Laissez-nous vos coordonnées : nous vous recontactons pour confirmer votre place. Les places sont limitées pour chaque session.
        </p>
        {/* a fresh form at each opening; the submission key survives in this provider */}
        <EnrollmentForm
          key={openCount}
          sessions={sessions}
          submissionKey={key}
          formationId={formationId}
          onFormationIdChange={setFormationId}
          onSuccess={onSuccess}
          onCancel={close}
          autoFocus
        />
      </Dialog>
      {success && (
        <div className="pointer-events-none fixed inset-x-0 top-4 z-[70] flex justify-center px-3">
          <div role="alert" className="pointer-events-auto flex max-w-lg items-start gap-3 rounded-xl border border-teal-600/30 bg-white px-4 py-3 shadow-xl ring-1 ring-black/5">
            <CheckCircle2 aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-teal-600" />
            <div className="text-sm">
              <p className="font-semibold text-navy-900">{success}</p>
              <p className="mt-0.5 text-slate-600">Nous vous contacterons prochainement pour confirmer votre place.</p>
            </div>
            <button type="button" onClick={() => setSuccess(null)} className="-mr-1 -mt-1 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100">
              <X aria-hidden className="h-4 w-4" />
              <span className="sr-only">Fermer le message</span>
            </button>
          </div>
        </div>
      )}
    </EnrollmentContext.Provider>
  );
}

/**
 * An enrol button. It is a link to /inscription (the same form on its own page) so that it works
 * before JavaScript loads; with JavaScript it opens the dialog instead.
 */
export function EnrollLink({ formationId, className, children }: { formationId?: number | null; className?: string; children: ReactNode }) {
  const ctx = useContext(EnrollmentContext);
  const href = formationId ? `/inscription?formation=${formationId}` : "/inscription";
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!ctx || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    ctx.open(formationId ?? null);
  };
  return (
    <a href={href} onClick={onClick} aria-haspopup="dialog" className={className}>
      {children}
    </a>
  );
}
