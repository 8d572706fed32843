import { Languages } from "lucide-react";
import { useLocation, useMatches } from "react-router";
import { alternatePath } from "~/i18n";
import { useI18n } from "~/hooks/use-locale";

/**
 * The link to the same page in the other language ('العربية' on a French page, 'Français' on an
 * Arabic one), written in that language; nothing where the page has no other language. A plain
 * link: the other language is a new document (its lang, its direction, its font).
 */
/**
 * The same page in the other language, or null: the header shows the switch only where it exists.
 * A stored row's French page whose loader says it has no Arabic text (`bilingual: false`, an
 * article not translated) offers none; its /ar page, which says so, offers the French one.
 */
export function useAlternatePath(): string | null {
  const { pathname } = useLocation();
  const matches = useMatches();
  const other = alternatePath(pathname);
  if (!other || other.startsWith("/ar")) {
    const untranslated = matches.some((m) => (m.loaderData as { bilingual?: unknown } | undefined)?.bilingual === false);
    if (untranslated) return null;
  }
  return other;
}

export function LanguageSwitch({ className = "" }: { className?: string }) {
  const { t } = useI18n();
  const other = useAlternatePath();
  if (!other) return null;
  const lang = t("languageSwitch.lang");
  return (
    <a href={other} hrefLang={lang} lang={lang} data-language-switch className={`inline-flex min-h-11 items-center gap-1.5 whitespace-nowrap rounded-md px-2 font-semibold ${className}`}>
      <Languages aria-hidden className="h-4 w-4 shrink-0" />
      {t("languageSwitch.label")}
    </a>
  );
}
