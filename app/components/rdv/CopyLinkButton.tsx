import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";

export const COPY_LINK_TEXTS = {
  copied: "Lien copié.",
  failed: "Le lien est sélectionné : copiez-le (Ctrl+C ou appui long).",
} as const;

/**
 * 'Copier le lien' of the personal link (PersonalLinkCard, in the booking island): it needs
 * JavaScript, so the server renders it hidden and it shows once hydrated. It copies the link to
 * the clipboard, else selects the link of its card (`[data-copy-source]`), and says which in its status.
 */
export function CopyLinkButton({ link }: { link: string }) {
  const [ready, setReady] = useState(false);
  const [status, setStatus] = useState<keyof typeof COPY_LINK_TEXTS | null>(null);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => setReady(true), []);

  function copy() {
    const href = new URL(link, location.href).href;
    navigator.clipboard.writeText(href).then(
      () => setStatus("copied"),
      () => {
        const source = root.current?.closest("section")?.querySelector("[data-copy-source]");
        if (source) {
          const range = document.createRange();
          range.selectNodeContents(source);
          const selection = window.getSelection();
          selection?.removeAllRanges();
          selection?.addRange(range);
        }
        setStatus("failed");
      },
    );
  }

  return (
    <div ref={root} className="mt-3 flex flex-wrap items-center gap-3">
      <button type="button" hidden={!ready} onClick={copy} className="btn min-h-11 bg-white px-4 text-teal-700 ring-1 ring-teal-600/50 hover:bg-teal-100">
        {status === "copied" ? <Check aria-hidden className="h-4 w-4" /> : <Copy aria-hidden className="h-4 w-4" />}
        Copier le lien
      </button>
      <p role="status" className="text-sm font-medium text-teal-800">
        {status ? COPY_LINK_TEXTS[status] : ""}
      </p>
    </div>
  );
}
