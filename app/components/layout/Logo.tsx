import { useI18n } from "~/hooks/use-locale";

/**
 * The clinic's mark: a stylised tooth in a circle, with the clinic's short name (as stored on
 * /admin/clinique) beside it. `narrowTagline: false` hides the tagline below 576 px, where the
 * mark shares a row with other controls.
 */
export function Logo({ variant = "dark", compact = false, narrowTagline = true }: { variant?: "dark" | "light"; compact?: boolean; narrowTagline?: boolean }) {
  const { t, words } = useI18n();
  const text = variant === "light" ? "text-white" : "text-navy-900";
  return (
    <span className="inline-flex min-w-0 items-center gap-2.5">
      <img src="/media/logo.svg" alt="" width={40} height={40} className="h-10 w-10 shrink-0" />
      {!compact && (
        <span className={`min-w-0 leading-tight ${text}`}>
          <span className="block truncate font-serif text-lg font-bold">{words.shortName}</span>
          <span className={`${narrowTagline ? "block" : "hidden sm:block"} whitespace-nowrap text-[11px] font-medium uppercase tracking-[0.18em] opacity-75`}>{t("layout.tagline")}</span>
        </span>
      )}
    </span>
  );
}
