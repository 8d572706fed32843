import { t } from "~/i18n";
import { formatDayLong, type SlotsView } from "./slots-view";

/**
 * The status line of a day in Arabic (the French one: slotsMessage of ./slots-view.ts): "3 أوقات
 * متاحة يوم الثلاثاء 24 نوفمبر", with the number's agreement (1, 2, 3–10, 11 and more).
 * Server-side only: the booking island receives the line written (its bundle holds no catalogue).
 */
export function slotsMessageAr(view: Pick<SlotsView, "state" | "times" | "date" | "label">, horizonDays: number, today?: string): string {
  const label = view.label ? ` (${view.label})` : "";
  switch (view.state) {
    case "open": {
      const count = view.times.length;
      const key = count === 1 ? "booking.slotsOne" : count === 2 ? "booking.slotsTwo" : count <= 10 ? "booking.slotsFew" : "booking.slotsMany";
      return t("ar", key, { count, day: formatDayLong(view.date, today, "ar"), label });
    }
    case "full":
      return t("ar", "booking.slotsFull");
    case "closed":
      return t("ar", "booking.slotsClosed", { label });
    case "past":
      return t("ar", "booking.slotsPast");
    case "beyond":
      return t("ar", "booking.farDate", { horizon: horizonDays });
    case "not_online":
      return t("ar", "booking.notOnline");
  }
}
