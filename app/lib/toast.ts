import { z } from "~/lib/zod";

/**
 * A toast: a short message shown top-right by the one <Toaster> of the root (sonner). After a
 * redirect it travels in the signed flash cookie (redirectWithToast, ~/.server/toast); after a
 * fetcher it is part of the action's typed result. `id` makes it show once.
 */
export const toastSchema = z.object({
  id: z.string(),
  type: z.enum(["message", "success", "error"]),
  title: z.string().optional(),
  description: z.string(),
  /** milliseconds; sonner's default (4000) when absent */
  duration: z.number().int().positive().optional(),
});

export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = Omit<Toast, "id" | "type"> & { id?: string; type?: Toast["type"] };

let counter = 0;

/** A toast with a fresh id (server and browser). */
export function makeToast(input: ToastInput): Toast {
  const id = input.id ?? `${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  return { ...input, id, type: input.type ?? "message" };
}
