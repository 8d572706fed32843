import { Component, createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type MouseEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Alert } from "~/components/ui/Alert";
import { Dialog } from "~/components/ui/Dialog";
import { ENROLLMENT_MESSAGES } from "~/lib/enrollment-messages";
import type { FormationOption } from "~/lib/formation";
import type { EnrollmentReply } from "./EnrollmentForm";
import { Spinner } from "./Spinner";

/**
 * The form (Conform and Zod with it) is downloaded when a visitor is about to open the dialog
 * (pointer over, touch or focus on an enrol button) or opens it, not with the page (issue 15).
 * A failed download can be tried again; the next try downloads anew.
 */
let formModule: Promise<typeof import("./EnrollmentForm")> | null = null;
export function preloadEnrollmentForm() {
  formModule ??= import("./EnrollmentForm").catch((err: unknown) => {
    formModule = null;
    throw err;
  });
  return formModule;
}

function lazyEnrollmentForm() {
  return lazy(() => preloadEnrollmentForm().then((m) => ({ default: m.EnrollmentForm })));
}

/** Shown in the dialog when the form could not be downloaded (the network dropped). */
class FormLoadBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert tone="error" role="alert">
        <p className="font-semibold">Le formulaire n'a pas pu être chargé. Vérifiez votre connexion.</p>
        <p className="mt-2 flex flex-wrap gap-3">
          <button type="button" className="btn-primary" onClick={this.props.onRetry}>
            Réessayer
          </button>
          <a href="/inscription" className="btn-ghost">
            Ouvrir la page d'inscription
          </a>
        </p>
      </Alert>
    );
  }
}

interface EnrollmentContextValue {
  open: (formationId?: number | null) => void;
}

const EnrollmentContext = createContext<EnrollmentContextValue | null>(null);

export const SUCCESS_BANNER_MS = 10_000;

/** One opening of the dialog: the formation it preselects, and the reply it starts after. */
interface Opening {
  formationId: string;
  after: EnrollmentReply | undefined;
}

/**
 * Holds the enrolment dialog of a page: every EnrollLink inside opens it (preselected when the
 * link names a formation), with a fresh form at each opening. It closes with the cross,
 * 'Annuler', Escape, or after a stored enrolment, which a banner then announces for 10 s
 * (docs/product.md, "Enrolment"). Everything follows from the fetcher's last reply.
 */
export function EnrollmentProvider({ options, children }: { options: FormationOption[]; children: ReactNode }) {
  const fetcher = useFetcher<EnrollmentReply>();
  const reply = fetcher.data;
  const [opening, setOpening] = useState<Opening | null>(null);
  const [bannerHiddenFor, setBannerHiddenFor] = useState<EnrollmentReply | undefined>(undefined);

  const stored = reply?.status === "success" ? reply : undefined;
  // a success posted from this opening closes the dialog
  const current = opening && !(stored && stored !== opening.after) ? opening : null;
  const showBanner = stored !== undefined && bannerHiddenFor !== stored;

  useEffect(() => {
    if (!stored) return;
    const t = setTimeout(() => setBannerHiddenFor(stored), SUCCESS_BANNER_MS);
    return () => clearTimeout(t);
  }, [stored]);

  const open = useCallback(
    (id?: number | null) => {
      setOpening({ formationId: id ? String(id) : "", after: reply });
      setBannerHiddenFor(stored);
    },
    [reply, stored],
  );
  const close = useCallback(() => setOpening(null), []);
  const value = useMemo(() => ({ open }), [open]);
  // a new lazy component for each try after a failed download
  const [{ attempt, EnrollmentForm }, setLoader] = useState(() => ({ attempt: 0, EnrollmentForm: lazyEnrollmentForm() }));
  const retry = useCallback(() => setLoader((l) => ({ attempt: l.attempt + 1, EnrollmentForm: lazyEnrollmentForm() })), []);

  return (
    <EnrollmentContext.Provider value={value}>
      {children}
      <Dialog open={current !== null} onClose={close} title="Inscription à la formation" size="lg" closeLabel="Fermer le formulaire d'inscription">
        <p className="mb-5 text-sm text-slate-600">
          Laissez-nous vos coordonnées : nous vous recontactons pour confirmer votre place. Les places sont limitées pour chaque session.
        </p>
        {/* mounted while open only: each opening starts from an empty form */}
        {current && (
          <FormLoadBoundary key={attempt} onRetry={retry}>
            <Suspense fallback={<Spinner label="Chargement du formulaire…" className="py-12" />}>
              <EnrollmentForm
                id="enrollment-dialog"
                options={options}
                reply={reply !== current.after ? reply : undefined}
                defaultFormationId={current.formationId}
                fetcher={fetcher}
                onCancel={close}
                autoFocus
              />
            </Suspense>
          </FormLoadBoundary>
        )}
      </Dialog>
      {showBanner && (
        <div className="pointer-events-none fixed inset-x-0 top-4 z-[70] flex justify-center px-3">
          {/* an alert: the dialog has closed and the focus is back on the enrol button */}
          <Alert tone="success" role="alert" className="pointer-events-auto max-w-lg shadow-xl" onClose={() => setBannerHiddenFor(stored)} closeLabel="Fermer le message">
            <p className="font-semibold">{ENROLLMENT_MESSAGES.success}</p>
            <p className="mt-0.5 font-normal">Nous vous contacterons prochainement pour confirmer votre place.</p>
          </Alert>
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
  const warm = () => {
    if (ctx) preloadEnrollmentForm().catch(() => undefined);
  };
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!ctx || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    ctx.open(formationId ?? null);
  };
  return (
    <a href={href} onClick={onClick} onPointerEnter={warm} onTouchStart={warm} onFocus={warm} aria-haspopup="dialog" className={className}>
      {children}
    </a>
  );
}
