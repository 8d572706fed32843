export { Field, fieldA11y } from "~/components/ui/Field";

/** A random id that works in insecure contexts too (crypto.randomUUID needs HTTPS or localhost). */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
