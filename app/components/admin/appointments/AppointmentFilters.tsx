import { Filter, RotateCcw, Search } from "~/components/admin/icons";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { appointmentQueryString, type AppointmentListQuery } from "~/lib/appointment-schema";
import { APPOINTMENT_STATUSES, isAppointmentStatus, STATUS_LABELS } from "~/lib/appointment-status";
import { SERVICES } from "~/lib/services";

const SEARCH_DELAY_MS = 400;

/**
 * The list's filters. They live in the URL (shareable, back button works) and the loader runs
 * them in the database. With JavaScript they apply as soon as a value changes (the search box
 * after a short pause); without it, the 'Filtrer' button submits the same GET form.
 * 'Terminé' / 'Non terminé' are mutually exclusive: checking one clears the other, and
 * clicking the active one clears it. 'Statut' is the front-desk status; 'Reste à payer' keeps
 * the appointments with an amount still due. The search finds a name, an e-mail or a phone
 * number typed in any form ("+213 550 12…" finds "0550 12…").
 */
export function AppointmentFilters({ query, basePath }: { query: AppointmentListQuery; basePath: string }) {
  const navigate = useNavigate();
  const [q, setQ] = useState(query.q);
  const [submitted, setSubmitted] = useState(query.submitted);
  const [date, setDate] = useState(query.date);
  const [service, setService] = useState(query.service);
  const [status, setStatus] = useState(query.status);
  const [state, setState] = useState(query.state);
  const [due, setDue] = useState(query.due);
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // When the URL changes (back button, a link, pagination), show its filters; a search being
  // typed is left alone. While a newer filter navigation is still loading, the list that just
  // arrived is an older one: showing its filters would undo what the user has changed since
  // (and the next change would then send those old values again), so we wait for the last one.
  const navigation = useNavigation();
  const newerPending = navigation.state !== "idle" && navigation.location?.pathname === basePath;
  const [seen, setSeen] = useState(query);
  if (seen !== query && !newerPending) {
    setSeen(query);
    if (typeof document === "undefined" || document.activeElement !== searchRef.current) setQ(query.q);
    setSubmitted(query.submitted);
    setDate(query.date);
    setService(query.service);
    setStatus(query.status);
    setState(query.state);
    setDue(query.due);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  function apply(next: Partial<AppointmentListQuery>) {
    clearTimeout(timer.current);
    const values = { q, submitted, date, service, status, state, due, ...next, page: 1 };
    navigate(`${basePath}${appointmentQueryString(values)}`, { preventScrollReset: true });
  }

  const active = Boolean(query.q || query.submitted || query.date || query.service || query.status || query.state || query.due);

  return (
    <Form
      method="get"
      action={basePath}
      role="search"
      aria-label="Filtrer les rendez-vous"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      onSubmit={(e) => {
        e.preventDefault();
        apply({});
      }}
    >
      <div className="grid grid-cols-2 items-end gap-x-3 gap-y-4 sm:gap-x-4 lg:grid-cols-3 xl:grid-cols-[minmax(0,1.5fr)_repeat(4,minmax(0,1fr))]">
        <div className="col-span-2 lg:col-span-1">
          <label htmlFor="filter-q" className="field-label">
            Rechercher (nom, e-mail ou téléphone)
          </label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
            <input
              ref={searchRef}
              id="filter-q"
              name="q"
              type="search"
              value={q}
              placeholder="Nom, e-mail ou téléphone"
              maxLength={100}
              autoComplete="off"
              onChange={(e) => {
                const value = e.target.value;
                setQ(value);
                clearTimeout(timer.current);
                timer.current = setTimeout(() => apply({ q: value.trim() }), SEARCH_DELAY_MS);
              }}
              className="field-input pl-9"
            />
          </div>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor="filter-state" className="field-label">
            Statut
          </label>
          <select
            id="filter-state"
            name="statut"
            value={state}
            onChange={(e) => {
              const next = isAppointmentStatus(e.target.value) ? e.target.value : "";
              setState(next);
              apply({ state: next });
            }}
            className="field-input"
          >
            <option value="">Tous les statuts</option>
            {APPOINTMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor="filter-service" className="field-label">
            Service
          </label>
          <select
            id="filter-service"
            name="service"
            value={service}
            onChange={(e) => {
              setService(e.target.value);
              apply({ service: e.target.value });
            }}
            className="field-input"
          >
            <option value="">Tous les services</option>
            {SERVICES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-date" className="field-label">
            Date du rendez-vous
          </label>
          <input
            id="filter-date"
            name="date"
            type="date"
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              apply({ date: e.target.value });
            }}
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="filter-submitted" className="field-label">
            Date de soumission
          </label>
          <input
            id="filter-submitted"
            name="submitted"
            type="date"
            value={submitted}
            onChange={(e) => {
              setSubmitted(e.target.value);
              apply({ submitted: e.target.value });
            }}
            className="field-input"
          />
        </div>
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        <fieldset className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <legend className="sr-only">État du travail</legend>
          {(
            [
              ["done", "Terminé"],
              ["todo", "Non terminé"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="inline-flex min-h-10 cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                name="status"
                value={value}
                checked={status === value}
                onChange={() => {
                  const next = status === value ? "" : value;
                  setStatus(next);
                  apply({ status: next });
                }}
                className="h-5 w-5 accent-teal-600"
              />
              {label}
            </label>
          ))}
        </fieldset>
        <span aria-hidden className="hidden h-6 w-px bg-slate-200 sm:block" />
        <label className="inline-flex min-h-10 cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="du"
            value="1"
            checked={due}
            onChange={(e) => {
              setDue(e.target.checked);
              apply({ due: e.target.checked });
            }}
            className="h-5 w-5 accent-teal-600"
          />
          Reste à payer
        </label>
        <div className="ml-auto flex flex-wrap gap-2">
          {active && (
            <Link to={basePath} className="btn-ghost ring-1 ring-slate-300" preventScrollReset>
              <RotateCcw aria-hidden className="h-4 w-4" />
              Réinitialiser
            </Link>
          )}
          <button type="submit" className="btn bg-navy-900 text-white hover:bg-navy-800">
            <Filter aria-hidden className="h-4 w-4" />
            Filtrer
          </button>
        </div>
      </div>
    </Form>
  );
}
