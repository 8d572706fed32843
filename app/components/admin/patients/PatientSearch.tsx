import { RotateCcw, Search } from "~/components/admin/icons";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { PATIENT_SEARCH_MAX, patientQueryString } from "~/lib/patient-schema";

const SEARCH_DELAY_MS = 400;

/**
 * The search of the patient list: a name (accents and case ignored), a phone number in any form
 * ("+213 550…", "00213…", "0550-…") or an e-mail. It lives in the URL (`q`); with JavaScript it
 * applies 400 ms after typing stops, without it the 'Rechercher' button submits the same GET form.
 */
export function PatientSearch({ q, basePath }: { q: string; basePath: string }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [value, setValue] = useState(q);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // the URL changed (back button, a link): show its search, unless one is being typed
  const pending = navigation.state !== "idle" && navigation.location?.pathname === basePath;
  const [seen, setSeen] = useState(q);
  if (seen !== q && !pending) {
    setSeen(q);
    if (typeof document === "undefined" || document.activeElement !== input.current) setValue(q);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (next: string) => {
    clearTimeout(timer.current);
    navigate(`${basePath}${patientQueryString({ q: next.trim(), page: 1 })}`, { preventScrollReset: true, replace: true });
  };

  return (
    <Form
      method="get"
      action={basePath}
      role="search"
      aria-label="Rechercher un patient"
      className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      onSubmit={(e) => {
        e.preventDefault();
        apply(value);
      }}
    >
      <div className="min-w-0 flex-1 basis-64">
        <label htmlFor="patient-q" className="field-label">
          Rechercher (nom, téléphone ou e-mail)
        </label>
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
          <input
            ref={input}
            id="patient-q"
            name="q"
            type="search"
            value={value}
            placeholder="Nom, 0550 12 34 56, +213…, e-mail"
            maxLength={PATIENT_SEARCH_MAX}
            autoComplete="off"
            onChange={(e) => {
              const next = e.target.value;
              setValue(next);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => apply(next), SEARCH_DELAY_MS);
            }}
            className="field-input pl-9"
          />
        </div>
      </div>
      <div className="flex gap-2">
        <button type="submit" className="btn-primary">
          <Search aria-hidden className="h-4 w-4" />
          Rechercher
        </button>
        {q && (
          <Link to={basePath} className="btn-ghost ring-1 ring-slate-300" onClick={() => setValue("")}>
            <RotateCcw aria-hidden className="h-4 w-4" />
            Réinitialiser
          </Link>
        )}
      </div>
    </Form>
  );
}
