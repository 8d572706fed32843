import type { Syllabus } from "~/lib/syllabus";
import { ProgrammeLink } from "./LandingHero";

/** The programme list on /formation shows at most 6 modules (docs/product.md, "Training offer"). */
export const PROGRAMME_PREVIEW_COUNT = 6;

/** 'Le programme en bref': the first modules of the featured formation and a link to the rest. */
export function ProgrammePreview({ modules }: { modules: Syllabus["modules"] }) {
  const shown = modules.slice(0, PROGRAMME_PREVIEW_COUNT);
  return (
    <section aria-labelledby="programme-title" className="bg-ivory py-14 md:py-20">
      <div className="container-site">
        <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <div>
            <p className="eyebrow">Programme</p>
            <h2 id="programme-title" className="section-title mt-2">
              Le programme en bref
            </h2>
          </div>
          <p className="font-semibold text-navy-900">
            {modules.length} module{modules.length > 1 ? "s" : ""} au total
          </p>
        </div>
        <ol className="mt-10 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((m, i) => (
            <li key={i} className="flex items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-navy-900 text-center text-xs font-bold leading-tight text-white">
                <span>
                  <span className="sr-only">Module </span>
                  <span aria-hidden className="block text-[10px] font-semibold uppercase tracking-wider text-gold-400">
                    Mod.
                  </span>
                  {m.number}
                </span>
              </span>
              <span className="font-semibold leading-snug text-navy-900">{m.title}</span>
            </li>
          ))}
        </ol>
        <div className="mt-8">
          <ProgrammeLink className="btn-primary" />
        </div>
      </div>
    </section>
  );
}
