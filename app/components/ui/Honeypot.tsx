import { HONEYPOT_FIELD } from "~/lib/honeypot";

/**
 * The anti-bot field of public forms: hidden from people and assistive technology, filled by
 * bots. The server (isHoneypotFilled in ~/.server/rate-limit) answers such a post as a success
 * without storing it.
 */
export function Honeypot({ id, label = "Ne pas remplir ce champ" }: { id: string; label?: string }) {
  return (
    <div aria-hidden="true" className="absolute -start-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
