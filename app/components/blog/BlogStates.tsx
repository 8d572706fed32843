import { AlertTriangle, Newspaper, RotateCw } from "lucide-react";

export const BLOG_TEXTS = {
  loading: "Chargement des articles...",
  empty: "Aucun article disponible",
  errorTitle: "Erreur de chargement",
  errorText: (message: string) => `Impossible de charger les blogs: ${message}`,
  retry: "Réessayer",
} as const;

/** Short French causes shown in the error view: never the server's internal message. */
export const BLOG_LOAD_CAUSES = {
  database: "la base de données ne répond pas",
  network: "le serveur est injoignable, vérifiez votre connexion",
  unknown: "une erreur inattendue est survenue",
} as const;

export function BlogEmpty() {
  return (
    <div className="flex min-h-64 flex-col items-center justify-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-teal-50 text-teal-600">
        <Newspaper aria-hidden className="h-7 w-7" />
      </span>
      <p className="font-serif text-xl font-semibold text-navy-900">{BLOG_TEXTS.empty}</p>
      <p className="max-w-md text-sm text-slate-600">Nos prochains conseils bucco-dentaires arrivent bientôt. Revenez nous voir !</p>
    </div>
  );
}

/**
 * 'Réessayer' loads the page again: the site's script shows the loading text, asks the server, and
 * reloads once it answers; when it cannot be reached, the cause says so ([data-reload], app/site/messages.ts).
 */
export function BlogLoadError({ message }: { message: string }) {
  return (
    <div role="alert" className="mx-auto max-w-2xl rounded-2xl border border-red-200 bg-red-50 px-6 py-8 text-center md:px-10">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-white text-red-700 ring-1 ring-red-200">
        <AlertTriangle aria-hidden className="h-6 w-6" />
      </span>
      <h2 className="mt-4 font-serif text-2xl font-bold text-red-900">{BLOG_TEXTS.errorTitle}</h2>
      <p className="mt-2 text-red-800" data-reload-cause={BLOG_TEXTS.errorText(BLOG_LOAD_CAUSES.network)}>
        {BLOG_TEXTS.errorText(message)}
      </p>
      <button type="button" data-reload className="group btn mt-6 bg-red-700 text-white hover:bg-red-800 disabled:opacity-70">
        <RotateCw aria-hidden className="h-4 w-4 group-disabled:animate-spin" />
        {BLOG_TEXTS.retry}
      </button>
      <p role="status" data-reload-status hidden className="mt-3 text-sm text-red-900">
        {BLOG_TEXTS.loading}
      </p>
    </div>
  );
}
