import { Alert } from "~/components/ui/Alert";

/** What a screen corrected in its address (a bad date, an unknown filter), said once above its results; nothing when all was read as typed. */
export function QueryNotes({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <Alert tone="info">
      <ul className="space-y-1">
        {notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </Alert>
  );
}
