/**
 * 'n/max inscrits' as a bar. When staff confirmed past capacity, the bar is drawn on the larger
 * scale: the capacity part in teal, the overflow in red, with a tick where capacity ends.
 */
export function FillBar({ taken, max, label }: { taken: number; max: number; label?: string }) {
  const capacity = Math.max(1, max);
  const scale = Math.max(taken, capacity);
  const inside = Math.min(taken, capacity);
  const overflow = Math.max(0, taken - capacity);
  const full = taken >= capacity;
  const pct = (n: number) => `${(n / scale) * 100}%`;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold text-navy-900">{label ?? `${taken}/${max} inscrits`}</span>
        {overflow > 0 ? (
          <span className="text-xs font-semibold text-red-700">
            +{overflow} au-delà de la capacité
          </span>
        ) : full ? (
          <span className="text-xs font-semibold text-amber-800">Complet</span>
        ) : (
          <span className="text-xs text-slate-500">
            {capacity - taken} place{capacity - taken > 1 ? "s" : ""} libre{capacity - taken > 1 ? "s" : ""}
          </span>
        )}
      </div>
      <div aria-hidden className="relative mt-1.5 flex h-2.5 overflow-hidden rounded-full bg-slate-200">
        <div className={`h-full ${full ? "bg-gold-500" : "bg-teal-600"}`} style={{ width: pct(inside) }} />
        {overflow > 0 && <div className="h-full bg-red-600" style={{ width: pct(overflow) }} />}
        {overflow > 0 && <div className="absolute inset-y-0 w-0.5 bg-white" style={{ left: pct(capacity) }} />}
      </div>
    </div>
  );
}
