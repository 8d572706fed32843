/** The jump links to the parts of a long staff screen (schedule, clinic identity); they scroll sideways on a phone. */
export function SectionLinks({ sections, className = "" }: { sections: readonly { id: string; label: string }[]; className?: string }) {
  return (
    <nav aria-label="Parties de la page" className={`-mx-1 mt-4 flex gap-2 overflow-x-auto px-1 pb-1 ${className}`}>
      {sections.map((s) => (
        <a
          key={s.id}
          href={`#${s.id}`}
          className="inline-flex min-h-11 shrink-0 items-center rounded-full bg-white px-4 text-sm font-semibold text-navy-900 ring-1 ring-slate-200 hover:bg-slate-100"
        >
          {s.label}
        </a>
      ))}
    </nav>
  );
}
