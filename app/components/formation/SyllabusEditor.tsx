import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { clinic } from "~/content/clinic";
import type { Lesson, Syllabus, SyllabusModule } from "~/lib/syllabus";

/** Editor state: the syllabus plus a client-only key per module and lesson (stable React keys while reordering). */
export interface EditorLesson extends Lesson {
  key: string;
}
export interface EditorModule extends Omit<SyllabusModule, "lessons"> {
  key: string;
  lessons: EditorLesson[];
}
export interface EditorSyllabus {
  overview: Syllabus["overview"];
  modules: EditorModule[];
}

let seq = 0;
const nextKey = () => `k${++seq}`;

export function toEditorSyllabus(s: Syllabus | null): EditorSyllabus {
  return {
    overview: s ? { ...s.overview, objectives: [...s.overview.objectives] } : { title: "", description: "", objectives: [], duration: "", instructor: "" },
    modules: (s?.modules ?? []).map((m) => ({ ...m, key: nextKey(), lessons: m.lessons.map((l) => ({ ...l, key: nextKey() })) })),
  };
}

export function fromEditorSyllabus(e: EditorSyllabus): Syllabus {
  return {
    overview: { ...e.overview },
    modules: e.modules.map(({ key: _k, lessons, ...m }, i) => ({
      ...m,
      // a number left empty takes the module's position
      number: Number.isFinite(m.number) ? m.number : i + 1,
      lessons: lessons.map(({ key: _l, ...l }) => l),
    })),
  };
}

export function newModule(number: number): EditorModule {
  return { key: nextKey(), number, title: "", description: "", duration: "", points_clefs: [], objectifs: [], pratique: [], lessons: [] };
}

function newLesson(): EditorLesson {
  return { key: nextKey(), title: "", description: "", duration: "", content: "" };
}

/** A list edited as a textarea, one item per line (split/join keeps what is typed, blank lines included). */
function ListField({ id, label, hint, value, onChange, rows = 3 }: { id: string; label: string; hint: string; value: string[]; onChange: (v: string[]) => void; rows?: number }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea id={id} rows={rows} value={value.join("\n")} onChange={(e) => onChange(e.target.value.split("\n"))} aria-describedby={`${id}-hint`} className="field-input" />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
    </div>
  );
}

const TABS = [
  { id: "apercu", label: "Aperçu" },
  { id: "modules", label: "Modules" },
] as const;

/**
 * The syllabus editor of the formation form (SPEC §2 "Admin: formations"): tab 'Aperçu'
 * (title, description, objectives, duration, instructor) and tab 'Modules' (add, remove,
 * reorder; number, title, description, duration, the three lists and the lessons).
 */
export function SyllabusEditor({ value, onChange, error }: { value: EditorSyllabus; onChange: (v: EditorSyllabus) => void; error?: string }) {
  const uid = useId();
  const [tab, setTab] = useState<(typeof TABS)[number]["id"]>("apercu");
  // an element to focus once React has committed (during the same click: no race with typing)
  const [focusId, setFocusId] = useState<string | null>(null);
  useLayoutEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const o = value.overview;
  const setOverview = (patch: Partial<Syllabus["overview"]>) => onChange({ ...value, overview: { ...o, ...patch } });
  const setModules = (modules: EditorModule[]) => onChange({ ...value, modules });
  const patchModule = (i: number, patch: Partial<EditorModule>) => setModules(value.modules.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  // Moving or removing renumbers the modules in their new order.
  const renumber = (mods: EditorModule[]) => mods.map((m, j) => ({ ...m, number: j + 1 }));
  const move = (i: number, dir: -1 | 1) => {
    const j = i + dir;
    if (j < 0 || j >= value.modules.length) return;
    const mods = [...value.modules];
    [mods[i], mods[j]] = [mods[j], mods[i]];
    setModules(renumber(mods));
    // keep the keyboard on the moved module's button (or the other one at the end of the list)
    const focusUp = dir < 0 ? j > 0 : j === mods.length - 1;
    setFocusId(`${uid}-m-${mods[j].key}-${focusUp ? "up" : "down"}`);
  };
  const remove = (i: number) => setModules(renumber(value.modules.filter((_, j) => j !== i)));
  const add = () => {
    const max = value.modules.reduce((n, m) => Math.max(n, m.number), 0);
    const m = newModule(max + 1);
    setModules([...value.modules, m]);
    setFocusId(`${uid}-m-${m.key}-title`);
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    let next = -1;
    if (e.key === "ArrowRight") next = (i + 1) % TABS.length;
    else if (e.key === "ArrowLeft") next = (i - 1 + TABS.length) % TABS.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = TABS.length - 1;
    if (next < 0) return;
    e.preventDefault();
    setTab(TABS[next].id);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="rounded-xl ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-slate-50 px-4 pt-3">
        <h3 className="pb-3 font-sans text-base font-semibold text-navy-900">Programme (syllabus)</h3>
        <div role="tablist" aria-label="Programme" className="flex gap-1">
          {TABS.map((t, i) => (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              id={`${uid}-tab-${t.id}`}
              type="button"
              role="tab"
              aria-selected={tab === t.id}
              aria-controls={`${uid}-panel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => setTab(t.id)}
              onKeyDown={(e) => onTabKey(e, i)}
              className={`-mb-px min-h-11 rounded-t-lg border px-4 text-sm font-semibold ${tab === t.id ? "border-slate-200 border-b-white bg-white text-navy-900" : "border-transparent text-slate-600 hover:text-navy-900"}`}
            >
              {t.label}
              {t.id === "modules" && <span className="ml-1.5 rounded-full bg-teal-100 px-2 py-0.5 text-xs text-teal-900">{value.modules.length}</span>}
            </button>
          ))}
        </div>
      </div>
      {error && (
        <p role="alert" className="field-error px-4 pt-3">
          {error}
        </p>
      )}

      <div id={`${uid}-panel-apercu`} role="tabpanel" aria-labelledby={`${uid}-tab-apercu`} hidden={tab !== "apercu"} className="space-y-4 p-4">
        <div>
          <label htmlFor={`${uid}-ov-title`} className="field-label">
            Titre du programme
          </label>
          <input id={`${uid}-ov-title`} type="text" value={o.title} onChange={(e) => setOverview({ title: e.target.value })} className="field-input" />
        </div>
        <div>
          <label htmlFor={`${uid}-ov-desc`} className="field-label">
            Description du programme
          </label>
          <textarea id={`${uid}-ov-desc`} rows={3} value={o.description} onChange={(e) => setOverview({ description: e.target.value })} className="field-input" />
        </div>
        <ListField
          id={`${uid}-ov-obj`}
          label="Objectifs"
          hint="Un objectif par ligne ; ils s'affichent numérotés sur le site."
          value={o.objectives}
          onChange={(objectives) => setOverview({ objectives })}
          rows={4}
        />
        <div className="grid gap-4 md:grid-cols-2">
          <div>
            <label htmlFor={`${uid}-ov-duration`} className="field-label">
              Durée (texte libre)
            </label>
            <input
              id={`${uid}-ov-duration`}
              type="text"
              placeholder="ex. 6 mois, un module par mois"
              value={o.duration}
              onChange={(e) => setOverview({ duration: e.target.value })}
              className="field-input"
            />
          </div>
          <div>
            <label htmlFor={`${uid}-ov-instructor`} className="field-label">
              Formateur
            </label>
            <input
              id={`${uid}-ov-instructor`}
              type="text"
              placeholder={clinic.doctor.name}
              value={o.instructor}
              onChange={(e) => setOverview({ instructor: e.target.value })}
              aria-describedby={`${uid}-ov-instructor-hint`}
              className="field-input"
            />
            <p id={`${uid}-ov-instructor-hint`} className="mt-1 text-xs text-slate-500">
              Laissé vide : {clinic.doctor.name}.
            </p>
          </div>
        </div>
      </div>

      <div id={`${uid}-panel-modules`} role="tabpanel" aria-labelledby={`${uid}-tab-modules`} hidden={tab !== "modules"} className="space-y-4 p-4">
        {value.modules.length === 0 && <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">Aucun module pour l'instant.</p>}
        {value.modules.map((m, i) => {
          const p = `${uid}-m-${m.key}`;
          return (
            <fieldset key={m.key} className="rounded-xl border border-slate-200 p-4">
              <legend className="px-1 font-semibold text-navy-900">Module {i + 1}</legend>
              <div className="-mt-1 mb-3 flex flex-wrap justify-end gap-1">
                <button id={`${p}-up`} type="button" onClick={() => move(i, -1)} disabled={i === 0} className="btn-ghost min-h-9 px-3 text-xs">
                  <ArrowUp aria-hidden className="h-4 w-4" />
                  Monter<span className="sr-only"> le module {i + 1}</span>
                </button>
                <button id={`${p}-down`} type="button" onClick={() => move(i, 1)} disabled={i === value.modules.length - 1} className="btn-ghost min-h-9 px-3 text-xs">
                  <ArrowDown aria-hidden className="h-4 w-4" />
                  Descendre<span className="sr-only"> le module {i + 1}</span>
                </button>
                <button type="button" onClick={() => remove(i)} className="btn min-h-9 px-3 text-xs text-red-700 hover:bg-red-50">
                  <Trash2 aria-hidden className="h-4 w-4" />
                  Supprimer<span className="sr-only"> le module {i + 1}</span>
                </button>
              </div>
              <div className="grid gap-4 md:grid-cols-6">
                <div className="md:col-span-1">
                  <label htmlFor={`${p}-number`} className="field-label">
                    Numéro
                  </label>
                  <input
                    id={`${p}-number`}
                    type="number"
                    min={0}
                    step={1}
                    inputMode="numeric"
                    value={Number.isFinite(m.number) ? m.number : ""}
                    onChange={(e) => patchModule(i, { number: e.target.value === "" ? Number.NaN : Math.max(0, Math.trunc(Number(e.target.value))) })}
                    className="field-input"
                  />
                </div>
                <div className="md:col-span-3">
                  <label htmlFor={`${p}-title`} className="field-label">
                    Titre du module
                  </label>
                  <input id={`${p}-title`} type="text" value={m.title} onChange={(e) => patchModule(i, { title: e.target.value })} className="field-input" />
                </div>
                <div className="md:col-span-2">
                  <label htmlFor={`${p}-duration`} className="field-label">
                    Durée du module
                  </label>
                  <input id={`${p}-duration`} type="text" placeholder="ex. 2 jours" value={m.duration} onChange={(e) => patchModule(i, { duration: e.target.value })} className="field-input" />
                </div>
                <div className="md:col-span-6">
                  <label htmlFor={`${p}-desc`} className="field-label">
                    Description du module
                  </label>
                  <textarea id={`${p}-desc`} rows={2} value={m.description} onChange={(e) => patchModule(i, { description: e.target.value })} className="field-input" />
                </div>
                <div className="md:col-span-2">
                  <ListField id={`${p}-points`} label="Points clés" hint="Un point par ligne." value={m.points_clefs} onChange={(points_clefs) => patchModule(i, { points_clefs })} />
                </div>
                <div className="md:col-span-2">
                  <ListField id={`${p}-objectifs`} label="Objectifs pédagogiques" hint="Un objectif par ligne." value={m.objectifs} onChange={(objectifs) => patchModule(i, { objectifs })} />
                </div>
                <div className="md:col-span-2">
                  <ListField id={`${p}-pratique`} label="Pratique clinique" hint="Un exercice par ligne." value={m.pratique} onChange={(pratique) => patchModule(i, { pratique })} />
                </div>
              </div>

              <div className="mt-4 rounded-lg bg-slate-50 p-3">
                <p className="text-sm font-semibold text-navy-900">Leçons ({m.lessons.length})</p>
                {m.lessons.map((l, li) => {
                  const lp = `${p}-l-${l.key}`;
                  const patchLesson = (patch: Partial<EditorLesson>) => patchModule(i, { lessons: m.lessons.map((x, k) => (k === li ? { ...x, ...patch } : x)) });
                  return (
                    <fieldset key={l.key} className="mt-3 rounded-lg border border-slate-200 bg-white p-3">
                      <legend className="px-1 text-sm font-semibold text-slate-700">
                        Leçon {li + 1} du module {i + 1}
                      </legend>
                      <div className="grid gap-3 md:grid-cols-3">
                        <div className="md:col-span-2">
                          <label htmlFor={`${lp}-title`} className="field-label">
                            Titre de la leçon
                          </label>
                          <input id={`${lp}-title`} type="text" value={l.title} onChange={(e) => patchLesson({ title: e.target.value })} className="field-input" />
                        </div>
                        <div>
                          <label htmlFor={`${lp}-duration`} className="field-label">
                            Durée de la leçon
                          </label>
                          <input id={`${lp}-duration`} type="text" placeholder="ex. 3 h" value={l.duration} onChange={(e) => patchLesson({ duration: e.target.value })} className="field-input" />
                        </div>
                        <div className="md:col-span-3">
                          <label htmlFor={`${lp}-desc`} className="field-label">
                            Description de la leçon
                          </label>
                          <input id={`${lp}-desc`} type="text" value={l.description} onChange={(e) => patchLesson({ description: e.target.value })} className="field-input" />
                        </div>
                        <div className="md:col-span-3">
                          <label htmlFor={`${lp}-content`} className="field-label">
                            Contenu de la leçon
                          </label>
                          <textarea id={`${lp}-content`} rows={2} value={l.content} onChange={(e) => patchLesson({ content: e.target.value })} className="field-input" />
                        </div>
                      </div>
                      <div className="mt-2 flex justify-end">
                        <button
                          type="button"
                          onClick={() => patchModule(i, { lessons: m.lessons.filter((_, k) => k !== li) })}
                          className="btn min-h-9 px-3 text-xs text-red-700 hover:bg-red-50"
                        >
                          <Trash2 aria-hidden className="h-4 w-4" />
                          Supprimer la leçon<span className="sr-only"> {li + 1} du module {i + 1}</span>
                        </button>
                      </div>
                    </fieldset>
                  );
                })}
                <button type="button" onClick={() => patchModule(i, { lessons: [...m.lessons, newLesson()] })} className="btn-ghost mt-2 min-h-9 px-3 text-xs">
                  <Plus aria-hidden className="h-4 w-4" />
                  Ajouter une leçon<span className="sr-only"> au module {i + 1}</span>
                </button>
              </div>
            </fieldset>
          );
        })}
        <button type="button" onClick={add} className="btn w-full border border-dashed border-teal-600 text-teal-700 hover:bg-teal-50">
          <Plus aria-hidden className="h-4 w-4" />
          Ajouter un module
        </button>
      </div>
    </div>
  );
}
