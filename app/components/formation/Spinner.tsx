/** A loading indicator with its text for screen readers and sighted users. */
export function Spinner({ label, className = "" }: { label: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={`flex flex-col items-center justify-center gap-4 py-24 text-center ${className}`}>
      <span aria-hidden className="h-12 w-12 animate-spin rounded-full border-4 border-teal-100 border-t-teal-600" />
      <span className="text-sm font-medium text-slate-600">{label}</span>
    </div>
  );
}
