import { ArrowRight, CalendarCheck, CalendarClock, CalendarX2, Info, Loader2, PhoneCall, RotateCw, Search, WifiOff } from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import type { Clinic } from "~/lib/clinic";
import type { SlotChoice } from "~/lib/schedule";
import { dayIntent, formatDayLong, NOT_ONLINE_MESSAGE, slotIntent, type SlotsView } from "~/lib/slots-view";
import type { FreeSlots } from "./useFreeSlots";
import { useHydrated } from "~/hooks/use-hydrated";

type ClinicPhone = Clinic["phones"][number];

/**
 * The line under 'Date' and 'Heure' of the booking form: what the chosen day offers ("12
 * horaires libres le mardi 24 novembre", "Complet ce jour-là", "La clinique est fermée ce
 * jour-là (Aïd el-Fitr)") with the next free day, the nearest free times after a refused slot,
 * or, for a service booked by phone only, the clinic's numbers.
 *
 * Every choice here is a submit button of the booking form (`intent` = "slots", "day:…",
 * "slot:…", without validation): without JavaScript the server renders the form again with the
 * free times; once hydrated (`useHydrated`), `onChoose` sets the date (and time) in place and
 * nothing is posted, and 'Voir les horaires libres' is gone (the times follow by themselves). It is
 * hidden as soon as the site's script runs (`data-no-js`), before the island hydrates: its 52 px
 * vanishing at hydration moved the fields below it under a patient's finger.
 */
export function SlotPanel({
  id,
  offline,
  chosen,
  slots,
  alternatives,
  today,
  phones,
  onChoose,
  ask,
  waitlist = false,
  texts = SLOT_PANEL_TEXTS,
  locale = "fr",
  waitlistPath = "/liste-attente",
}: {
  /** the page's language's texts (the Arabic booking page, issue 32); French by default */
  texts?: SlotPanelTexts;
  locale?: "fr" | "ar";
  /** the waiting list's page in the page's language */
  waitlistPath?: string;
  id: string;
  /** the service chosen is booked by phone only */
  offline: boolean;
  /** a service and a real day are chosen */
  chosen: boolean;
  slots: FreeSlots;
  /** the nearest free times after a refused slot */
  alternatives: SlotChoice[];
  today: string;
  /** the clinic's numbers, shown for a service booked by phone only */
  phones: ClinicPhone[];
  onChoose?: (date: string, time: string | null) => void;
  /** what the line asks while no day is chosen, with and without JavaScript (the move form of /rdv: a date only) */
  ask?: { js: string; noJs: string };
  /** a full day offers 'Rejoindre la liste d'attente' (the booking form only; issue 31) */
  waitlist?: boolean;
}) {
  // in the browser (after hydration) the choices are set in place; before, they post the form
  const hydrated = useHydrated();
  const view = slots.view;
  const T = texts;
  ask ??= { js: T.askJs, noJs: T.askNoJs };
  const day = (ymd: string) => formatDayLong(ymd, today, locale);
  const choose = (date: string, time: string | null) => (e: MouseEvent<HTMLButtonElement>) => {
    if (!hydrated || !onChoose) return;
    e.preventDefault();
    onChoose(date, time);
  };

  let line: ReactNode;
  if (offline) {
    line = <Line icon={<PhoneCall aria-hidden className="h-5 w-5 text-gold-500" />} text={T.notOnline} tone="gold" />;
  } else if (slots.loading) {
    line = <Line icon={<Loader2 aria-hidden className="h-5 w-5 animate-spin text-teal-600" />} text={T.searching} />;
  } else if (slots.failed) {
    line = <Line icon={<WifiOff aria-hidden className="h-5 w-5 text-red-700" />} text={T.loadFailed} tone="red" />;
  } else if (view) {
    line = <Line icon={dayIcon(view)} text={view.message} tone={view.times.length ? "teal" : "slate"} />;
  } else if (hydrated || chosen) {
    line = <Line icon={<Info aria-hidden className="h-5 w-5 text-slate-500" />} text={ask.js} />;
  } else {
    // before hydration: the words of a page without scripts, or (`data-js`) those the island will show, so that nothing moves then
    const words = (
      <>
        <span data-no-js>{ask.noJs}</span>
        <span data-js-only>{ask.js}</span>
      </>
    );
    line = <Line icon={<Info aria-hidden className="h-5 w-5 text-slate-500" />} text={words} />;
  }

  const showNext = !offline && !slots.loading && !slots.failed && view !== null && view.times.length === 0 && view.next !== null;
  return (
    // a gap, not margins: the button hidden before hydration (`data-no-js`) leaves no space behind it
    <div id={id} className="flex flex-col items-start gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      {/* a live region present from the start, so that each new line is announced */}
      <div role="status" aria-live="polite" className="self-stretch">
        {line}
      </div>

      {!offline && slots.failed && (
        <button type="button" onClick={slots.retry} className={CHOICE}>
          <RotateCw aria-hidden className="h-4 w-4" />
          {T.retry}
        </button>
      )}

      {offline && (
        <ul className="flex flex-wrap gap-2">
          {phones.map((p) => (
            <li key={p.tel}>
              <a href={`tel:${p.tel}`} className="btn-primary min-h-10 px-4">
                <PhoneCall aria-hidden className="h-4 w-4" />
                {fill(T.phoneLine, { label: p.label })}
                <bdi dir="ltr">{p.display}</bdi>
              </a>
            </li>
          ))}
        </ul>
      )}

      {showNext && view?.next && (
        <button type="submit" name="intent" value={dayIntent(view.next)} formNoValidate onClick={choose(view.next, null)} className={CHOICE}>
          <CalendarClock aria-hidden className="h-4 w-4" />
          {/* one flex item: the day follows the words without the button's gap */}
          <span>{fill(T.nextFree, { day: day(view.next) })}</span>
          <ArrowRight aria-hidden className="h-4 w-4 rtl:-scale-x-100" />
        </button>
      )}

      {waitlist && !offline && !slots.loading && !slots.failed && view !== null && view.state === "full" && (
        <a href={`${waitlistPath}?service=${encodeURIComponent(view.service)}&date=${view.date}`} className={CHOICE}>
          <CalendarX2 aria-hidden className="h-4 w-4" />
          <span>{T.fullWaitlist}</span>
          <ArrowRight aria-hidden className="h-4 w-4 rtl:-scale-x-100" />
        </a>
      )}

      {!offline && alternatives.length > 0 && (
        <div className="self-stretch">
          <p className="text-sm font-semibold text-navy-900">{T.nearest}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {alternatives.map((a) => (
              <li key={`${a.date}T${a.time}`}>
                <button
                  type="submit"
                  name="intent"
                  value={slotIntent(a)}
                  formNoValidate
                  onClick={choose(a.date, a.time)}
                  aria-label={fill(T.chooseSlot, { day: day(a.date), time: a.time })}
                  className={CHOICE}
                >
                  <CalendarCheck aria-hidden className="h-4 w-4" />
                  {/* the day is said once, by the line above, when the times are on the day asked */}
                  {view && a.date === view.date ? <bdi dir="ltr">{a.time}</bdi> : withTime(fill(T.dayAt, { day: day(a.date) }), a.time)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      {/* without JavaScript the server shows the free times of the day chosen; once hydrated they follow by themselves */}
      {!hydrated && (
        <button type="submit" name="intent" value="slots" formNoValidate data-no-js className="btn min-h-10 bg-white px-4 text-navy-900 ring-1 ring-slate-300 hover:bg-slate-100">
          <Search aria-hidden className="h-4 w-4" />
          {T.showFree}
        </button>
      )}
    </div>
  );
}

/** The panel's French texts (fr.ts `booking` has the same; the Arabic page gives its own). */
export const SLOT_PANEL_TEXTS = {
  askJs: "Choisissez un service et une date : les horaires libres de ce jour s'affichent ici.",
  askNoJs: "Choisissez un service et une date, puis affichez les horaires libres de ce jour.",
  notOnline: NOT_ONLINE_MESSAGE,
  searching: "Recherche des horaires libres…",
  loadFailed: "Impossible de charger les horaires libres. Vérifiez votre connexion, puis réessayez.",
  retry: "Réessayer",
  phoneLine: "{label} : ",
  nextFree: "Prochain jour libre : {day}",
  fullWaitlist: "Ce jour est complet : rejoindre la liste d'attente",
  nearest: "Horaires libres les plus proches :",
  chooseSlot: "Choisir le {day} à {time}",
  dayAt: "{day} à {time}",
  showFree: "Voir les horaires libres",
};
export type SlotPanelTexts = typeof SLOT_PANEL_TEXTS;

/** `{name}` placeholders filled (a placeholder without a value stays). */
function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, k: string) => values[k] ?? whole);
}

/** A text whose `{time}` is a time of day: the time isolated left to right (an Arabic sentence). */
function withTime(text: string, time: string): ReactNode {
  const [before, after = ""] = text.split("{time}");
  return (
    <>
      {before}
      <bdi dir="ltr">{time}</bdi>
      {after}
    </>
  );
}

/** A choice of day or time: a quiet button, so that 'Envoyer ma demande' stays the one main action. */
const CHOICE = "btn min-h-10 bg-white px-4 text-start text-teal-700 ring-1 ring-teal-600/50 hover:bg-teal-50";

function dayIcon(view: SlotsView) {
  if (view.times.length) return <CalendarCheck aria-hidden className="h-5 w-5 text-teal-600" />;
  return <CalendarX2 aria-hidden className="h-5 w-5 text-amber-600" />;
}

const TONES = { slate: "text-slate-700", teal: "text-teal-800", red: "text-red-800", gold: "text-navy-900" } as const;

function Line({ icon, text, tone = "slate" }: { icon: ReactNode; text: ReactNode; tone?: keyof typeof TONES }) {
  return (
    <div className="flex items-start gap-3">
      <span className="mt-px shrink-0">{icon}</span>
      <p className={`min-w-0 text-sm font-medium ${TONES[tone]}`}>
        {text}
      </p>
    </div>
  );
}
