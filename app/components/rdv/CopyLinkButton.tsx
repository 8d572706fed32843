import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

export const COPY_LINK_TEXTS = {
  copied: "Lien copié.",
  failed: "Le lien est sélectionné : copiez-le (Ctrl+C ou appui long).",
} as const;

/**
 * 'Copier le lien' of the personal link (PersonalLinkCard, in the booking island): it needs
 * JavaScript, so the server renders it hidden and it shows once hydrated. It copies the link to
 * the clipboard; when the browser refuses (or has no clipboard: a LAN address over plain HTTP),
 * the link appears in a read-only field, focused and selected, for the patient to copy. Its status
 * says which. Rendered inside the card's row of buttons: the status and the field take the row's
 * whole width.
 */
export function CopyLinkButton({
  link,
  className,
  texts = { copy: "Copier le lien", label: "Votre lien personnel", ...COPY_LINK_TEXTS },
}: {
  link: string;
  className: string;
  /** the page's language (the Arabic booking page's, issue 32); French by default */
  texts?: { copy: string; label: string; copied: string; failed: string };
}) {
  const ready = useHydrated();
  const [status, setStatus] = useState<keyof typeof COPY_LINK_TEXTS | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setStatus("copied");
    } catch {
      setStatus("failed");
    }
  }

  return (
    <>
      <button type="button" hidden={!ready} onClick={copy} className={className}>
        {status === "copied" ? <Check aria-hidden className="h-4 w-4" /> : <Copy aria-hidden className="h-4 w-4" />}
        {texts.copy}
      </button>
      <p role="status" className="text-sm font-medium text-teal-800 empty:-mt-2 sm:w-full">
        {status ? texts[status] : ""}
      </p>
      {status === "failed" && <input readOnly value={link} autoFocus onFocus={(e) => e.currentTarget.select()} aria-label={texts.label} className="field-input font-mono text-sm" />}
    </>
  );
}
