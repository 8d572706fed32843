import { Filter, RotateCcw } from "~/components/admin/icons";
import { Form, Link, useNavigate } from "react-router";
import { actionGroups, hasFilters, journalQueryString, NO_ACCOUNT_PARAM, type JournalQuery } from "./query";

export interface JournalAccountOption {
  id: number;
  email: string;
  displayName: string | null;
  disabled: boolean;
}

const GROUPS = actionGroups();

/**
 * The journal's filters: a plain GET form (it works without JavaScript; the values stay in the
 * URL, so a filtered view can be bookmarked or sent to a colleague). 'Du' and 'Au' are days of
 * the clinic's calendar, both included. Filtering starts again from the newest entries. With
 * JavaScript the empty fields are left out of the URL; the server reads the rest as typed.
 */
export function JournalFilters({ query, accounts, basePath }: { query: JournalQuery; accounts: JournalAccountOption[]; basePath: string }) {
  const navigate = useNavigate();
  const account = query.account === null ? "" : query.account === "none" ? NO_ACCOUNT_PARAM : String(query.account);
  return (
    <Form
      // a new URL (a link, the back button) shows its own values
      key={journalQueryString(query)}
      method="get"
      action={basePath}
      role="search"
      aria-label="Filtrer le journal"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      onSubmit={(e) => {
        e.preventDefault();
        const params = new URLSearchParams();
        for (const [name, value] of new FormData(e.currentTarget)) if (typeof value === "string" && value.trim()) params.set(name, value.trim());
        const search = params.toString();
        navigate(`${basePath}${search ? `?${search}` : ""}`);
      }}
    >
      <div className="grid grid-cols-2 items-end gap-x-3 gap-y-4 sm:gap-x-4 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1.4fr)_minmax(0,0.8fr)_minmax(0,0.8fr)_auto]">
        <div className="col-span-2 lg:col-span-1">
          <label htmlFor="journal-compte" className="field-label">
            Compte
          </label>
          <select id="journal-compte" name="compte" defaultValue={account} className="field-input">
            <option value="">Tous les comptes</option>
            <option value={NO_ACCOUNT_PARAM}>Sans compte (système, adresse inconnue)</option>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.displayName ? `${a.displayName} — ${a.email}` : a.email}
                {a.disabled ? " (désactivé)" : ""}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2 lg:col-span-1">
          <label htmlFor="journal-action" className="field-label">
            Action
          </label>
          <select id="journal-action" name="action" defaultValue={query.action ?? ""} className="field-input">
            <option value="">Toutes les actions</option>
            {GROUPS.map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.actions.map((a) => (
                  <option key={a.value} value={a.value}>
                    {a.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="journal-du" className="field-label">
            Du
          </label>
          <input id="journal-du" name="du" type="date" defaultValue={query.from ?? ""} className="field-input" />
        </div>
        <div>
          <label htmlFor="journal-au" className="field-label">
            Au
          </label>
          <input id="journal-au" name="au" type="date" defaultValue={query.to ?? ""} className="field-input" />
        </div>
        <div className="col-span-2 flex flex-wrap justify-end gap-2 lg:col-span-1">
          {hasFilters(query) && (
            <Link to={basePath} className="btn-ghost ring-1 ring-slate-300">
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
