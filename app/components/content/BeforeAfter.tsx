import { MoveHorizontal } from "lucide-react";
import { useId } from "react";
import type { ContentImage } from "~/content/service-page";
import { PLACEHOLDER_SRC } from "~/components/ui/Img";
import { Photo } from "~/components/ui/Photo";
import type { MediaRef } from "~/lib/media";
import { useI18n } from "~/hooks/use-locale";

/** A side of the comparison: a drawing shipped with the site, or an uploaded photo with its alt text. */
export type BeforeAfterPicture = ContentImage | (MediaRef & { alt: string });

const SIZES = "(min-width: 992px) 560px, 100vw";

/** The uploaded photo as AVIF/WebP with srcset, or the drawing. */
function Picture({ picture, className, priority }: { picture: BeforeAfterPicture; className: string; priority: boolean }) {
  const drawing = "src" in picture ? picture : { src: PLACEHOLDER_SRC, alt: picture.alt, width: picture.width, height: picture.height };
  return <Photo photo={"src" in picture ? null : picture} drawing={drawing} sizes={SIZES} priority={priority} className={className} />;
}

/**
 * A before/after comparison: the "before" picture is revealed over the "after" one up to a
 * divider that a slider moves (mouse, touch, or arrow keys: it is a native range input with a
 * label in the page's language; the site's script, app/site/chrome.ts, moves the divider). Without JavaScript,
 * both halves stay visible at 50 %. `priority`: the comparison
 * is in the first screen (the page's largest paint): its pictures load eagerly, first.
 */
export function BeforeAfter({ before, after, label, priority = false }: { before: BeforeAfterPicture; after: BeforeAfterPicture; label: string; priority?: boolean }) {
  const position = 50;
  const hintId = useId();
  // right to left (an Arabic page) the divider is placed from the right edge, as the range grows leftwards
  const { locale, t } = useI18n();
  const rtl = locale === "ar";
  return (
    <div data-compare>
      <div className="relative aspect-[3/2] overflow-hidden rounded-2xl bg-slate-100 has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-gold-500">
        <Picture picture={after} priority={priority} className="absolute inset-0 h-full w-full object-cover" />
        <div className="absolute inset-0" style={{ clipPath: rtl ? `inset(0 0 0 ${100 - position}%)` : `inset(0 ${100 - position}% 0 0)` }} data-compare-before data-testid="before-layer">
          <Picture picture={before} priority={priority} className="h-full w-full object-cover" />
        </div>
        <span className="pointer-events-none absolute start-3 top-3 rounded-full bg-navy-900/85 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-white">{t("clinicPages.before")}</span>
        <span className="pointer-events-none absolute end-3 top-3 rounded-full bg-teal-600/90 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-white">{t("clinicPages.after")}</span>
        <div
          aria-hidden="true"
          data-compare-divider
          className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_8px_rgba(0,0,0,0.35)] rtl:translate-x-1/2"
          style={rtl ? { right: `${position}%` } : { left: `${position}%` }}
        >
          <span className="absolute start-1/2 top-1/2 flex h-11 w-11 -translate-x-1/2 rtl:translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white bg-navy-900 text-white shadow-lg">
            <MoveHorizontal className="h-5 w-5" />
          </span>
        </div>
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          defaultValue={position}
          aria-label={t("clinicPages.compareLabel", { label })}
          aria-valuetext={t("clinicPages.compareValue", { before: position, after: 100 - position })}
          data-valuetext={t("clinicPages.compareValue")}
          aria-describedby={hintId}
          className="absolute inset-0 h-full w-full cursor-ew-resize opacity-0"
        />
      </div>
      <p id={hintId} className="mt-2 text-xs text-slate-600">
        {t("clinicPages.compareHint")}
      </p>
    </div>
  );
}
