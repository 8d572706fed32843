import type { ReactNode } from "react";

/**
 * The booking form's field shells without the form stack (the booking island must not bundle
 * Conform or Zod, components/forms.tsx): the same markup as `Field`, `SelectField`,
 * `TextareaField` and `CheckboxField` (label, red star or "(facultatif)", hint, the French error),
 * ids `<form>-<name>`, `-description` and `-error` as Conform names them.
 */

/** The ids of a field of the form `form`, and the aria attributes of its control. */
export function fieldIds(form: string, name: string, error: string | undefined, hint?: boolean, more?: string) {
  const id = `${form}-${name}`;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-description` : null, more ?? null].filter(Boolean).join(" ");
  return {
    id,
    errorId: `${id}-error`,
    descriptionId: `${id}-description`,
    aria: { "aria-invalid": error ? (true as const) : undefined, "aria-describedby": describedBy || undefined },
  };
}

/** A field's French error (one clear sentence). */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="field-error">
      {error}
    </p>
  );
}

/** The label, the hint and the error around a control. */
export function FieldShell({
  id,
  label,
  required,
  optional,
  hint,
  error,
  className,
  optionalLabel = "(facultatif)",
  children,
}: {
  id: string;
  /** "(facultatif)" in the page's language */
  optionalLabel?: string;
  label: ReactNode;
  required?: boolean;
  optional?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
        {required && (
          <span className="ms-0.5 text-red-700" aria-hidden>
            *
          </span>
        )}
        {optional && <span className="ms-1 font-normal text-slate-500">{optionalLabel}</span>}
      </label>
      {children}
      {hint && (
        <p id={`${id}-description`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
