import { Loader2, Search, UserRound } from "~/components/admin/icons";
import { useState, type KeyboardEvent } from "react";
import { Link, useFetcher } from "react-router";
import { ErrorList } from "~/components/forms";
import { GALLERY_PATH, type GalleryActionResult, type PatientOption } from "~/lib/gallery-form";

/**
 * 'Dossier patient (facultatif)' of the case form: a search by name, phone or e-mail (the patient
 * list's search, posted, so that no name ever goes into a URL or a log), then a choice among the
 * records found. The choice is the radio `patient_id` of the case form; 'Aucun dossier lié' is
 * always offered. Without JavaScript the search button posts the whole form, which comes back
 * with the typed values and the records found.
 */
export function PatientPicker({
  name,
  errorId,
  errors,
  initial,
  chosen,
  found,
}: {
  /** the case form's field name (`patient_id`) */
  name: string;
  errorId: string;
  errors?: string[];
  /** the id checked when the form opens (the case's record, or the one posted) */
  initial: string;
  /** the record of `initial`, to show its name */
  chosen: PatientOption | null;
  /** records found by a search posted without JavaScript */
  found?: GalleryActionResult;
}) {
  const fetcher = useFetcher<GalleryActionResult>();
  const [query, setQuery] = useState(found?.query ?? "");
  const [selected, setSelected] = useState(initial);
  const result = fetcher.data ?? found;
  const busy = fetcher.state !== "idle";

  const options: PatientOption[] = [];
  if (chosen) options.push(chosen);
  for (const p of result?.patients ?? []) if (!options.some((o) => o.id === p.id)) options.push(p);

  function search() {
    void fetcher.submit({ intent: "patient-search", q: query }, { method: "post", action: GALLERY_PATH });
  }
  function onKey(e: KeyboardEvent<HTMLInputElement>) {
    // Enter searches, it does not save the case
    if (e.key === "Enter") {
      e.preventDefault();
      search();
    }
  }

  return (
    <fieldset className="rounded-xl border border-slate-200 p-4" aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="px-1 text-sm font-semibold text-slate-700">
        Dossier patient <span className="font-normal text-slate-500">(facultatif)</span>
      </legend>
      <p className="text-sm text-slate-600">Liez le cas au dossier du patient quand il en a un : son dossier montrera le cas et son consentement.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="patient-query" className="field-label">
            Chercher un dossier (nom, téléphone ou e-mail)
          </label>
          <input id="patient-query" name="q" type="search" value={query} onChange={(e) => setQuery(e.currentTarget.value)} onKeyDown={onKey} maxLength={100} autoComplete="off" className="field-input" />
        </div>
        <button
          type="submit"
          name="intent"
          value="patient-search"
          formNoValidate
          onClick={(e) => {
            e.preventDefault();
            search();
          }}
          className="btn border border-slate-300 bg-white text-navy-900 hover:bg-slate-50"
          disabled={busy}
        >
          {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <Search aria-hidden className="h-4 w-4" />}
          Chercher
        </button>
      </div>
      <div role="status" className="mt-2 text-sm text-slate-600">
        {result?.message ??
          (result?.patients && result.query ? (result.patients.length === 0 ? `Aucun dossier ne correspond à « ${result.query} ».` : `${result.patients.length} dossier(s) trouvé(s).`) : null)}
      </div>
      <ul className="mt-2 grid gap-2">
        <li>
          <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 ring-1 ring-slate-200 has-[:checked]:bg-teal-50 has-[:checked]:ring-teal-300">
            <input type="radio" name={name} value="" checked={selected === ""} onChange={() => setSelected("")} className="h-4 w-4 accent-teal-600" />
            <span className="text-sm text-slate-700">Aucun dossier lié</span>
          </label>
        </li>
        {options.map((p) => (
          <li key={p.id} className="flex items-center gap-2 rounded-lg ring-1 ring-slate-200 has-[:checked]:bg-teal-50 has-[:checked]:ring-teal-300">
            <label className="flex min-h-11 min-w-0 flex-1 cursor-pointer items-center gap-3 px-3 py-2">
              <input type="radio" name={name} value={String(p.id)} checked={selected === String(p.id)} onChange={() => setSelected(String(p.id))} className="h-4 w-4 shrink-0 accent-teal-600" />
              <UserRound aria-hidden className="h-4 w-4 shrink-0 text-slate-500" />
              <span className="min-w-0 text-sm">
                <span className="block font-semibold text-navy-900 [overflow-wrap:anywhere]">{p.name}</span>
                <span className="block text-slate-600">{p.detail}</span>
              </span>
            </label>
            <Link
              to={`/admin/patients/${p.id}`}
              target="_blank"
              rel="noreferrer"
              aria-label={`Ouvrir le dossier n° ${p.id} dans un nouvel onglet`}
              className="mr-2 inline-flex min-h-11 shrink-0 items-center px-2 text-xs font-semibold text-teal-700 underline"
            >
              Ouvrir
            </Link>
          </li>
        ))}
      </ul>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}
