import { Filter, RotateCcw, Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { appointmentQueryString, type AppointmentListQuery } from "~/lib/appointment-schema";
import { SERVICES } from "~/lib/services";

const SEARCH_DELAY_MS = 400;

/**
 * The list's filters. They live in the URL (shareable, back button works) and the loader runs
 * them in the database. With JavaScript they apply as soon as a value changes (the search box
 * after a short pause); without it, the 'Filtrer' button submits the same GET form.
 * 'Terminé' / 'Non terminé' are mutually exclusive: checking one clears the other, and
 * clicking the active one clears it.
 */
export function AppointmentFilters({ query, basePath }: { query: AppointmentListQuery; basePath: string }) {
  const navigate = useNavigate();
  const [q, setQ] = useState(query.q);
  const [submitted, setSubmitted] = useState(query.submitted);
  const [date, setDate] = useState(query.date);
  const [service, setService] = useState(query.service);
  const [status, setStatus] = useState(query.status);
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
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  function apply(next: Partial<AppointmentListQuery>) {
    clearTimeout(timer.current);
    const state = { q, submitted, date, service, status, ...next, page: 1 };
    navigate(`${basePath}${appointmentQueryString(state)}`, { preventScrollReset: true });
  }

  const active = Boolean(query.q || query.submitted || query.date || query.service || query.status);

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
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-[minmax(0,1.6fr)_repeat(3,minmax(0,1fr))]">
        <div>
          <label htmlFor="filter-q" className="field-label">
            Rechercher (nom ou e-mail)
          </label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
            <input
              ref={searchRef}
              id="filter-q"
              name="q"
              type="search"
              value={q}
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
