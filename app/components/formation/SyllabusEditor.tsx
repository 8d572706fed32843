import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { Field, TextareaField } from "~/components/forms";
import { useClinic } from "~/hooks/use-clinic";
import type { FormationFormInput } from "~/lib/formation-schema";

type Input = FormationFormInput;
type SyllabusMeta = FieldMetadata<Input["syllabus"], Input, string[]>;
type FormMeta = FormMetadata<Input, string[]>;
type ModuleMeta = ReturnType<ReturnType<ReturnType<SyllabusMeta["getFieldset"]>["modules"]["getFieldList"]>[number]["getFieldset"]>;

const TABS = [
  { id: "apercu", label: "Aperçu" },
  { id: "modules", label: "Modules" },
] as const;

/** An element of the form to focus once the list it belongs to has changed (after an insert or a move). */
interface FocusRequest {
  find: (form: HTMLFormElement) => Element | null;
  /** the list's keys when asked: focus once they differ */
  after: string;
}

/**
 * The syllabus part of the formation form (docs/product.md, "Staff: formations"): tab 'Aperçu'
 * (title, description, objectives one per line, duration, instructor) and tab 'Modules' (number,
 * title, description, duration, the three lists one item per line, the lessons). Modules and
 * lessons are Conform field lists: added, removed and moved with Conform's intents; moving or
 * removing renumbers the modules in their new order.
 */
export function SyllabusEditor({ form, syllabus }: { form: FormMeta; syllabus: SyllabusMeta }) {
  const clinic = useClinic();
  const uid = useId();
  const [tab, setTab] = useState<(typeof TABS)[number]["id"]>("apercu");
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const { overview, modules } = syllabus.getFieldset();
  const o = overview.getFieldset();
  const list = modules.getFieldList();
  const keys = list.map((m) => m.key).join(",");

  const [focus, setFocus] = useState<FocusRequest | null>(null);
  useLayoutEffect(() => {
    if (!focus || focus.after === keys) return;
    const root = document.getElementById(form.id);
    const el = root instanceof HTMLFormElement ? focus.find(root) : null;
    if (el instanceof HTMLElement) el.focus();
    setFocus(null);
  }, [focus, keys, form.id]);

  /** Before a move or a removal: give each module the number of its coming position. */
  const renumber = (order: number[]) =>
    order.forEach((from, to) => {
      const number = list[from].getFieldset().number;
      if (number.value !== String(to + 1)) form.update({ name: number.name, value: String(to + 1) });
    });
  const positions = list.map((_, i) => i);
  const move = (i: number, dir: -1 | 1) => {
    const j = i + dir;
    const order = [...positions];
    [order[i], order[j]] = [order[j], order[i]];
    renumber(order);
    // keep the keyboard on the moved module's button (or the other one at the end of the list)
    const up = dir < 0 ? j > 0 : j === list.length - 1;
    setFocus({ find: (f) => f.querySelector(`#${CSS.escape(`${uid}-${list[i].key}-${up ? "up" : "down"}`)}`), after: keys });
  };
  const nextNumber = list.reduce((n, m) => Math.max(n, Number(m.getFieldset().number.value) || 0), 0) + 1;
  const titleOf = (index: number) => `${modules.name}[${index}].title`;

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

  // a message of the syllabus may sit in the other tab: the first one is said above both
  const firstError = Object.entries(syllabus.allErrors).find(([, errs]) => errs.length > 0)?.[1][0];

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
              {t.id === "modules" && <span className="ms-1.5 rounded-full bg-teal-100 px-2 py-0.5 text-xs text-teal-900">{list.length}</span>}
            </button>
          ))}
        </div>
      </div>
      {firstError && (
        <p role="alert" className="field-error px-4 pt-3">
          {firstError}
        </p>
      )}

      <div id={`${uid}-panel-apercu`} role="tabpanel" aria-labelledby={`${uid}-tab-apercu`} hidden={tab !== "apercu"} className="space-y-4 p-4">
        <Field meta={o.title} label="Titre du programme" />
        <TextareaField meta={o.description} label="Description du programme" rows={3} textareaClassName="field-input" />
        <TextareaField meta={o.objectives} label="Objectifs" hint="Un objectif par ligne ; ils s'affichent numérotés sur le site." rows={4} textareaClassName="field-input" />
        <div className="grid gap-4 md:grid-cols-2">
          <Field meta={o.duration} label="Durée (texte libre)" placeholder="ex. 6 mois, un module par mois" />
          <Field meta={o.instructor} label="Formateur" placeholder={clinic.doctor.name} hint={`Laissé vide : ${clinic.doctor.name}.`} />
        </div>
      </div>

      <div id={`${uid}-panel-modules`} role="tabpanel" aria-labelledby={`${uid}-tab-modules`} hidden={tab !== "modules"} className="space-y-4 p-4">
        {list.length === 0 && <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">Aucun module pour l'instant.</p>}
        {list.map((m, i) => (
          <fieldset key={m.key} className="rounded-xl border border-slate-200 p-4">
            <legend className="px-1 font-semibold text-navy-900">Module {i + 1}</legend>
            <div className="-mt-1 mb-3 flex flex-wrap justify-end gap-1">
              <button
                id={`${uid}-${m.key}-up`}
                {...form.reorder.getButtonProps({ name: modules.name, from: i, to: i - 1 })}
                onClick={() => move(i, -1)}
                disabled={i === 0}
                className="btn-ghost min-h-9 px-3 text-xs"
              >
                <ArrowUp aria-hidden className="h-4 w-4" />
                Monter<span className="sr-only"> le module {i + 1}</span>
              </button>
              <button
                id={`${uid}-${m.key}-down`}
                {...form.reorder.getButtonProps({ name: modules.name, from: i, to: i + 1 })}
                onClick={() => move(i, 1)}
                disabled={i === list.length - 1}
                className="btn-ghost min-h-9 px-3 text-xs"
              >
                <ArrowDown aria-hidden className="h-4 w-4" />
                Descendre<span className="sr-only"> le module {i + 1}</span>
              </button>
              <button
                {...form.remove.getButtonProps({ name: modules.name, index: i })}
                onClick={() => renumber(positions.filter((k) => k !== i))}
                className="btn min-h-9 px-3 text-xs text-red-700 hover:bg-red-50"
              >
                <Trash2 aria-hidden className="h-4 w-4" />
                Supprimer<span className="sr-only"> le module {i + 1}</span>
              </button>
            </div>
            <ModuleFields form={form} module={m.getFieldset()} position={i + 1} />
          </fieldset>
        ))}
        <button
          {...form.insert.getButtonProps({ name: modules.name, defaultValue: { number: String(nextNumber) } })}
          onClick={() => setFocus({ find: (f) => f.elements.namedItem(titleOf(list.length)) as Element | null, after: keys })}
          className="btn w-full border border-dashed border-teal-600 text-teal-700 hover:bg-teal-50"
        >
          <Plus aria-hidden className="h-4 w-4" />
          Ajouter un module
        </button>
      </div>
    </div>
  );
}

/** One module: its fields, its three lists (one item per line) and its lessons. */
function ModuleFields({ form, module: m, position }: { form: FormMeta; module: ModuleMeta; position: number }) {
  const lessonList = m.lessons.getFieldList();
  return (
    <>
      <div className="grid gap-4 md:grid-cols-6">
        <Field meta={m.number} type="number" label="Numéro" min={0} step={1} inputMode="numeric" className="md:col-span-1" />
        <Field meta={m.title} label="Titre du module" className="md:col-span-3" />
        <Field meta={m.duration} label="Durée du module" placeholder="ex. 2 jours" className="md:col-span-2" />
        <TextareaField meta={m.description} label="Description du module" rows={2} textareaClassName="field-input" className="md:col-span-6" />
        <TextareaField meta={m.points_clefs} label="Points clés" hint="Un point par ligne." rows={3} textareaClassName="field-input" className="md:col-span-2" />
        <TextareaField meta={m.objectifs} label="Objectifs pédagogiques" hint="Un objectif par ligne." rows={3} textareaClassName="field-input" className="md:col-span-2" />
        <TextareaField meta={m.pratique} label="Pratique clinique" hint="Un exercice par ligne." rows={3} textareaClassName="field-input" className="md:col-span-2" />
      </div>

      <div className="mt-4 rounded-lg bg-slate-50 p-3">
        <p className="text-sm font-semibold text-navy-900">Leçons ({lessonList.length})</p>
        {lessonList.map((lesson, li) => {
          const l = lesson.getFieldset();
          return (
            <fieldset key={lesson.key} className="mt-3 rounded-lg border border-slate-200 bg-white p-3">
              <legend className="px-1 text-sm font-semibold text-slate-700">
                Leçon {li + 1} du module {position}
              </legend>
              <div className="grid gap-3 md:grid-cols-3">
                <Field meta={l.title} label="Titre de la leçon" className="md:col-span-2" />
                <Field meta={l.duration} label="Durée de la leçon" placeholder="ex. 3 h" />
                <Field meta={l.description} label="Description de la leçon" className="md:col-span-3" />
                <TextareaField meta={l.content} label="Contenu de la leçon" rows={2} textareaClassName="field-input" className="md:col-span-3" />
              </div>
              <div className="mt-2 flex justify-end">
                <button {...form.remove.getButtonProps({ name: m.lessons.name, index: li })} className="btn min-h-9 px-3 text-xs text-red-700 hover:bg-red-50">
                  <Trash2 aria-hidden className="h-4 w-4" />
                  Supprimer la leçon<span className="sr-only"> {li + 1} du module {position}</span>
                </button>
              </div>
            </fieldset>
          );
        })}
        <button {...form.insert.getButtonProps({ name: m.lessons.name })} className="btn-ghost mt-2 min-h-9 px-3 text-xs">
          <Plus aria-hidden className="h-4 w-4" />
          Ajouter une leçon<span className="sr-only"> au module {position}</span>
        </button>
      </div>
    </>
  );
}
