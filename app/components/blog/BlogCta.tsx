import { CalendarCheck } from "lucide-react";

/** Invitation to book, under an article (a plain link: it is also in the reader, an island without the router). */
export function BlogCta() {
  return (
    <aside className="mt-12 flex flex-col items-start gap-4 rounded-2xl bg-ivory p-6 ring-1 ring-gold-100 sm:flex-row sm:items-center sm:justify-between md:p-8">
      <div>
        <p className="font-serif text-xl font-bold text-navy-900">Une question sur votre sourire ?</p>
        <p className="mt-1 text-slate-600">Chaque situation est unique : parlons-en lors d'une consultation.</p>
      </div>
      <a href="/appointment" className="btn-primary shrink-0">
        <CalendarCheck aria-hidden className="h-4 w-4" />
        Prendre Rendez-vous
      </a>
    </aside>
  );
}
