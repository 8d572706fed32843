import { Star } from "lucide-react";
import { formatRating, starParts } from "~/content/reviews";
import { useI18n } from "~/hooks/use-locale";

/**
 * Five stars with half stars. The stars are decorative; the rating is real text
 * ("Note : 4,5 sur 5" for screen readers, "4,5/5" on screen).
 */
export function StarRating({ rating, size = "md" }: { rating: number; size?: "sm" | "md" }) {
  const { t } = useI18n();
  const { full, half } = starParts(rating);
  const box = size === "sm" ? "h-4 w-4" : "h-5 w-5";
  const kinds = Array.from({ length: 5 }, (_, i) => (i < full ? "full" : i === full && half ? "half" : "empty"));
  return (
    <p className="flex items-center gap-2" data-rating={rating}>
      <span className="flex gap-0.5" aria-hidden="true">
        {kinds.map((kind, i) => (
          <span key={i} data-star={kind} className={`relative inline-block ${box}`}>
            <Star className={`absolute inset-0 ${box} fill-slate-200 text-slate-300`} strokeWidth={1.5} />
            {kind !== "empty" && (
              <span className="absolute inset-y-0 start-0 overflow-hidden" style={{ width: kind === "full" ? "100%" : "50%" }}>
                <Star className={`${box} fill-gold-500 text-gold-500`} strokeWidth={1.5} />
              </span>
            )}
          </span>
        ))}
      </span>
      <span className="sr-only">{t("clinicPages.rating", { rating: formatRating(rating) })}</span>
      <span aria-hidden="true" className="text-sm font-semibold text-navy-900">
        <bdi dir="ltr">{formatRating(rating)}/5</bdi>
      </span>
    </p>
  );
}
