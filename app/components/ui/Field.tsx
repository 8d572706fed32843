import type { ReactNode } from "react";

/**
 * A labelled form control with an optional hint and its French error underneath. The control
 * itself gets aria-invalid / aria-describedby from fieldA11y(id, error, hasHint).
 */
export function Field({
  id,
  label,
  required,
  optional,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  optional?: boolean;
  error?: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
        {required && (
          <span className="ml-0.5 text-red-700" aria-hidden>
            *
          </span>
        )}
        {optional && <span className="ml-1 font-normal text-slate-500">(facultatif)</span>}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria-invalid and aria-describedby for a control rendered inside <Field>. */
export function fieldA11y(id: string, error: string | undefined, hasHint = false) {
  const described = [error ? `${id}-error` : null, hasHint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return {
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": described || undefined,
  };
}
