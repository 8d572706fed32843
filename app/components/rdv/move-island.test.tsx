// @vitest-environment happy-dom
import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { moveFormState, moveFormTexts } from "~/lib/rdv-move-form";
import type { RdvReply } from "~/lib/rdv-schema";
import type { SlotsView } from "~/lib/slots-view";
import { MoveForm, type MoveFormProps } from "./MoveForm";

/*
 * The move form of /rdv/<token> as an island (components/rdv/MoveForm.tsx): rendered on the server
 * without any router or context, hydrated with the same props, its free times fetched as the day
 * changes; and the action's answer turned into its props (lib/rdv-move-form.ts).
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const VIEW: SlotsView = { service: "Orthodontie", date: "2026-12-01", state: "open", times: ["09:00", "09:15", "14:00"], label: null, next: null, message: "3 horaires libres le mardi 1 décembre" };
const PROPS: MoveFormProps = { service: "Orthodontie", today: "2026-11-28", maxDate: "2027-01-27", locale: "fr", texts: moveFormTexts("fr"), ...moveFormState(undefined) };

let container: HTMLElement;
let root: Root | undefined;
let recoverable: unknown[];
let asked: string[];

beforeEach(() => {
  asked = [];
  recoverable = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      asked.push(url);
      const q = new URL(url, "http://x").searchParams;
      return Response.json({ ...VIEW, service: q.get("service"), date: q.get("date") });
    }),
  );
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container?.remove();
  vi.unstubAllGlobals();
});

async function mount(props: MoveFormProps) {
  container = document.createElement("div");
  container.innerHTML = renderToString(<MoveForm {...props} />);
  document.body.append(container);
  await act(async () => {
    root = hydrateRoot(container, <MoveForm {...props} />, { onRecoverableError: (e) => recoverable.push(e) });
  });
}

const $ = <T extends Element = HTMLElement>(sel: string) => container.querySelector<T>(sel)!;

async function settle(ms = 300) {
  await act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
}

describe("the move form, an island", () => {
  it("is server HTML without a router: a plain post form, 'Voir les horaires libres' for a page without scripts", () => {
    const html = renderToString(<MoveForm {...PROPS} />);
    expect(html).toMatch(/^<form id="rdv-move" noValidate="" class="[^"]*" aria-label="Changer de jour ou d&#x27;heure" method="post">/);
    expect(html).not.toMatch(/<form[^>]*action=/);
    expect(html).toContain('<label for="rdv-move-date" class="field-label">Nouvelle date');
    expect(html).toContain("Choisissez d&#x27;abord la date");
    expect(html).toContain('value="slots"');
    expect(html).toContain("Voir les horaires libres");
  });

  it("hydrated, the free times follow the day (the appointment's service), and 'Voir les horaires libres' is gone", async () => {
    await mount(PROPS);
    expect(recoverable).toEqual([]);
    const date = $<HTMLInputElement>("#rdv-move-date");
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(date, "2026-12-01");
      date.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await settle();
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0], "http://x").searchParams.get("service")).toBe("Orthodontie");
    expect([...$<HTMLSelectElement>("#rdv-move-time").options].map((o) => o.value)).toEqual(["", "09:00", "09:15", "14:00"]);
    expect(container.textContent).not.toContain("Voir les horaires libres");
  });

  it("shows the server's refused time, the day's times and the nearest ones; a nearest one sets the time in place", async () => {
    const reply: RdvReply = {
      intent: "move",
      status: "refused",
      result: { status: "error", initialValue: { date: "2026-12-01", time: "09:15" }, error: { time: ["Ce créneau vient d'être pris."] } },
      slots: VIEW,
      alternatives: [{ date: "2026-12-01", time: "14:00" }],
    };
    const state = moveFormState(reply);
    expect(state).toMatchObject({ values: { date: "2026-12-01", time: "09:15" }, errors: { time: "Ce créneau vient d'être pris." }, slots: VIEW });
    await mount({ ...PROPS, ...state });
    expect(recoverable).toEqual([]);
    expect(asked).toEqual([]);
    expect($("#rdv-move-time").getAttribute("aria-invalid")).toBe("true");
    expect(container.textContent).toContain("Ce créneau vient d'être pris.");
    const nearest = container.querySelector<HTMLButtonElement>('button[value="slot:2026-12-01T14:00"]')!;
    await act(async () => nearest.click());
    await settle(20);
    expect($<HTMLSelectElement>("#rdv-move-time").value).toBe("14:00");
    // the time fixed: its message and the nearest times go
    expect(container.textContent).not.toContain("Ce créneau vient d'être pris.");
  });

  it("the answer's state: empty without a move's answer and after a move; the free times asked without JavaScript keep the day", () => {
    const empty = { values: { date: "", time: "" }, errors: {}, slots: null, alternatives: [] };
    expect(moveFormState(undefined)).toEqual(empty);
    expect(moveFormState({ intent: "cancel", status: "refused", result: { status: "error", error: { reason: ["x"] } } })).toEqual(empty);
    expect(moveFormState({ intent: "move", status: "done", result: { initialValue: null } })).toEqual(empty);
    const slots = moveFormState({ intent: "move", status: "slots", result: { initialValue: { date: "2026-12-01", time: "" } }, slots: VIEW, alternatives: [{ date: "2026-12-02", time: "09:00" }] });
    expect(slots).toEqual({ values: { date: "2026-12-01", time: "" }, errors: { date: undefined, time: undefined }, slots: VIEW, alternatives: [] });
  });

  it("speaks Arabic on /ar/rdv: its texts from the catalogue", () => {
    const html = renderToString(<MoveForm {...PROPS} locale="ar" texts={moveFormTexts("ar")} />);
    expect(html).toContain("التاريخ الجديد");
    expect(html).toContain("تغيير موعد الزيارة");
    expect(html).not.toContain("Nouvelle date");
  });
});
