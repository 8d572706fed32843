import { describe, expect, test } from "vitest";
import type { AgendaItem } from "~/components/admin/agenda/model";
import { balanceDue } from "~/lib/money";
import { dueText, nextPatients, todayMoney } from "./model";

let nextId = 1;
function item(p: Partial<AgendaItem> & Pick<AgendaItem, "time" | "status">): AgendaItem {
  const prixtotal = p.prixtotal ?? null;
  const prixpay = p.prixpay ?? null;
  return {
    id: nextId++,
    name: `Patient ${p.time}`,
    phone: "0550 00 00 00",
    email: null,
    service: "Orthodontie",
    date: "2026-11-28",
    end: p.time,
    busyUntil: 0,
    chair: 1,
    forced: false,
    message: null,
    cancelledBy: null,
    cancelReason: null,
    ...p,
    prixtotal,
    prixpay,
    due: balanceDue({ prixtotal, prixpay, status: p.status }),
  };
}

describe("nextPatients", () => {
  test("the requests and confirmed visits still expected, in time order; those marked came, absent or cancelled leave", () => {
    const items = [
      item({ time: "11:00", status: "confirmed", name: "Karim" }),
      item({ time: "09:00", status: "attended" }),
      item({ time: "09:30", status: "requested", name: "Amina" }),
      item({ time: "10:00", status: "no_show" }),
      item({ time: "10:30", status: "cancelled" }),
    ];
    const { list, more } = nextPatients(items, { withMoney: false });
    expect(list.map((p) => [p.time, p.name, p.status])).toEqual([
      ["09:30", "Amina", "requested"],
      ["11:00", "Karim", "confirmed"],
    ]);
    expect(more).toBe(0);
    expect(list[0]).not.toHaveProperty("due");
  });

  test("with the price permission, each patient's 'Reste à payer' (null: no price yet)", () => {
    const { list } = nextPatients([item({ time: "09:00", status: "confirmed", prixtotal: 2_000_000, prixpay: 500_000 }), item({ time: "10:00", status: "requested" })], { withMoney: true });
    expect(list.map((p) => p.due)).toEqual([1_500_000, null]);
    expect(list.map((p) => dueText(p.due ?? null, true))).toEqual([expect.stringMatching(/^15\s000\sDA$/), "—"]);
    expect(dueText(0, true)).toBe("Réglé");
  });

  test("beyond the shown ones, how many more wait", () => {
    const items = ["08:00", "08:30", "09:00", "09:30"].map((time) => item({ time, status: "confirmed" }));
    expect(nextPatients(items, { withMoney: false, shown: 3 })).toMatchObject({ more: 1, list: [{ time: "08:00" }, { time: "08:30" }, { time: "09:00" }] });
  });
});

describe("todayMoney", () => {
  test("no price set on the day: null (shown '—'), every appointment counted as unpriced", () => {
    const money = todayMoney([item({ time: "09:00", status: "confirmed" }), item({ time: "10:00", status: "requested" })]);
    expect(money).toEqual({ due: null, owing: [], unpriced: 2 });
    expect(dueText(money.due)).toBe("—");
  });

  test("the sum of what the priced appointments still owe; a cancelled one owes nothing", () => {
    const money = todayMoney([
      item({ time: "11:00", status: "attended", name: "B", prixtotal: 2_000_000, prixpay: 500_000 }),
      item({ time: "09:00", status: "confirmed", name: "A", prixtotal: 300_000 }),
      item({ time: "10:00", status: "confirmed", prixtotal: 100_000, prixpay: 100_000 }),
      item({ time: "12:00", status: "cancelled", prixtotal: 900_000 }),
      item({ time: "13:00", status: "requested" }),
    ]);
    expect(money.due).toBe(1_800_000);
    expect(money.owing.map((o) => [o.time, o.name, o.due])).toEqual([
      ["09:00", "A", 300_000],
      ["11:00", "B", 1_500_000],
    ]);
    expect(money.unpriced).toBe(1);
    expect(dueText(money.due)).toMatch(/^18\s000\sDA$/);
  });

  test("everything paid: never '0 DA'", () => {
    const money = todayMoney([item({ time: "09:00", status: "attended", prixtotal: 100_000, prixpay: 100_000 })]);
    expect(money.due).toBe(0);
    expect(dueText(money.due)).toBe("Tout est réglé");
  });
});
