/**
 * FrontDeskToasts: shows the toast of each front-desk result (status, move, booking), whatever
 * became of the card that posted it. Rendered once, in the staff layout (app/routes/admin.tsx).
 */
import { useFetcher } from "react-router";
import { useToast } from "~/components/toaster";
import { FRONT_DESK_KEYS, type FrontDeskResult } from "./types";

export function FrontDeskToasts() {
  const status = useFetcher<FrontDeskResult>({ key: FRONT_DESK_KEYS.status });
  const move = useFetcher<FrontDeskResult>({ key: FRONT_DESK_KEYS.move });
  const book = useFetcher<FrontDeskResult>({ key: FRONT_DESK_KEYS.book });
  useToast(status.data?.toast);
  useToast(move.data?.toast);
  useToast(book.data?.toast);
  return null;
}
