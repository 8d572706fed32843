import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import type { z } from "zod";
import { Alert } from "~/components/ui/Alert";
import type { Locale } from "~/i18n";
import { localizeErrors } from "~/i18n/messages";

/**
 * The form stack of the site (docs/architecture.md, "Forms"): Conform with one Zod schema per
 * form. The action parses with `parseWithZod` and answers `submission.reply()`; the browser runs
 * the same schema before posting. French errors beside the fields, input kept after a refused
 * post, focus on the first field to fix (Conform), and forms that work without JavaScript: all
 * of it lives here, once.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = FieldMetadata<any, any, string[]>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm = FormMetadata<any, string[]>;

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

/**
 * A form on the stack. `lastResult` is the action's `submission.reply()`; `clientValidation`
 * runs the schema in the browser before posting (default) and again on input once a submit has
 * shown errors, so that a fixed field loses its message at once. `locale`: the schema's messages
 * are catalogue keys (a public form, app/i18n/messages.ts): the browser shows their text in that
 * language, as the server's answer does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useAppForm<Schema extends z.ZodType<Record<string, any>, Record<string, any>>>({
  id,
  schema,
  lastResult,
  defaultValue,
  clientValidation = true,
  onSubmit,
  locale,
}: {
  id: string;
  schema: Schema;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Record<string, unknown>;
  clientValidation?: boolean;
  onSubmit?: Parameters<typeof useForm>[0]["onSubmit"];
  locale?: Locale;
}) {
  // The stack's errors are string[] (parseWithZod's default): said here, so callers need no cast.
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id,
    lastResult,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    defaultValue: defaultValue as any,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: clientValidation
      ? ({ formData }) => {
          const submission = parseWithZod(formData, { schema });
          if (!locale) return submission;
          // Conform reports what `reply` answers: the keys become their text there
          const reply = submission.reply;
          const localized = (options?: Parameters<typeof reply>[0]) => {
            const result = reply(options);
            return { ...result, error: localizeErrors(locale, result.error) };
          };
          return { ...submission, reply: localized } as typeof submission;
        }
      : undefined,
    onSubmit,
  });
}

/** A field's error: the first message (one clear sentence per field). */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const first = errors?.find((e): e is string => Boolean(e));
  if (!first) return null;
  return (
    <p id={id} className="field-error">
      {first}
    </p>
  );
}

interface ShellProps {
  label: ReactNode;
  /** shows the red star (the schema decides what is really required) */
  required?: boolean;
  /** shows "(facultatif)" */
  optional?: boolean;
  /** the "(facultatif)" text in the page's language */
  optionalText?: string;
  hint?: ReactNode;
  className?: string;
}

function FieldShell({ meta, label, required, optional, optionalText = "(facultatif)", hint, className, children }: ShellProps & { meta: AnyField; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="field-label">
        {label}
        {required && (
          <span className="ms-0.5 text-red-700" aria-hidden>
            *
          </span>
        )}
        {optional && <span className="ms-1 font-normal text-slate-500">{optionalText}</span>}
      </label>
      {children}
      {hint && (
        <p id={meta.descriptionId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

type InputType = Exclude<Parameters<typeof getInputProps>[1]["type"], "checkbox" | "radio">;

/** Split a field's props: what the label/hint/error shell takes, and what goes to the control. */
function splitShell<P extends ShellProps & { meta: AnyField }>({ meta, label, required, optional, optionalText, hint, className, ...control }: P) {
  return { shell: { meta, label, required, optional, optionalText, hint, className }, control, ariaDescribedBy: hint ? meta.descriptionId : undefined };
}

/** A labelled input with its hint and its French error. */
export function Field({
  type = "text",
  inputClassName = "field-input",
  ...props
}: ShellProps & { meta: AnyField; type?: InputType; inputClassName?: string } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "type" | "name" | "id" | "form" | "defaultValue" | "className"
  >) {
  const { shell, control, ariaDescribedBy } = splitShell(props);
  const { key, ...conform } = getInputProps(shell.meta, { type, ariaDescribedBy });
  return (
    <FieldShell {...shell}>
      <input key={key} {...conform} {...control} className={inputClassName} />
    </FieldShell>
  );
}

/** A labelled textarea with its hint and its French error. */
export function TextareaField({
  textareaClassName = "field-input resize-y",
  ...props
}: ShellProps & { meta: AnyField; textareaClassName?: string } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    "name" | "id" | "form" | "defaultValue" | "className"
  >) {
  const { shell, control, ariaDescribedBy } = splitShell(props);
  const { key, ...conform } = getTextareaProps(shell.meta, { ariaDescribedBy });
  return (
    <FieldShell {...shell}>
      <textarea key={key} {...conform} {...control} className={textareaClassName} />
    </FieldShell>
  );
}

/** A labelled select; `placeholder` is the empty first option. */
export function SelectField({
  selectClassName = "field-input",
  placeholder,
  options,
  ...props
}: ShellProps & {
  meta: AnyField;
  selectClassName?: string;
  placeholder?: string;
  options: ReadonlyArray<string | { value: string; label: string; disabled?: boolean }>;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "form" | "defaultValue" | "className" | "children">) {
  const { shell, control, ariaDescribedBy } = splitShell(props);
  const { key, ...conform } = getSelectProps(shell.meta, { ariaDescribedBy });
  return (
    <FieldShell {...shell}>
      <select key={key} {...conform} {...control} defaultValue={(conform.defaultValue as string | undefined) ?? ""} className={selectClassName}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => {
          const opt = typeof o === "string" ? { value: o, label: o } : o;
          return (
            <option key={opt.value} value={opt.value} disabled={opt.disabled}>
              {opt.label}
            </option>
          );
        })}
      </select>
    </FieldShell>
  );
}

/** A checkbox with its label on the right (the label may hold a link) and its French error. */
export function CheckboxField({
  meta,
  label,
  required,
  className,
  boxClassName = "flex items-start gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200",
  ...inputProps
}: {
  meta: AnyField;
  label: ReactNode;
  required?: boolean;
  className?: string;
  boxClassName?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "form" | "defaultChecked" | "className">) {
  const { key, ...props } = getInputProps(meta, { type: "checkbox" });
  return (
    <div className={className}>
      <div className={boxClassName}>
        <input key={key} {...props} {...inputProps} className="mt-1 h-5 w-5 shrink-0 accent-teal-600" />
        <label htmlFor={meta.id} className="text-sm leading-relaxed text-slate-700">
          {label}
          {required && (
            <>
              {" "}
              <span className="font-semibold text-red-700" aria-hidden>
                *
              </span>
            </>
          )}
        </label>
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * The form-level message of a form: the action's own error (storage failure, rate limit, a full
 * session…) or, when fields are to fix, `fixMessage`. It takes the focus only when no field
 * did (a form error without field errors).
 */
export function FormErrors({ form, fixMessage, className = "mt-6" }: { form: AnyForm; fixMessage?: string; className?: string }) {
  const formErrors = (form.errors ?? []).filter(Boolean);
  const fieldErrors = Object.entries(form.allErrors).some(([name, errs]) => name !== form.name && errs.length > 0);
  const message = formErrors[0] ?? (fieldErrors && form.status === "error" ? fixMessage : undefined);
  if (!message) return null;
  return (
    <Alert tone="error" className={className} id={form.errorId} focusKey={formErrors.length > 0 && !fieldErrors ? message + String(form.key ?? "") : undefined}>
      <p>{message}</p>
    </Alert>
  );
}
