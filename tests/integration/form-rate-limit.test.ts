import { afterAll, beforeAll, expect, it } from "vitest";
import { RATE_LIMIT_MESSAGE } from "~/.server/rate-limit";
import { action as bookingAction } from "~/routes/appointment";
import { describeEachEngine } from "../helpers/db";
import { fieldMessages, openDayAfter, ORTHODONTIE_TIMES, postForm, setAppEnv } from "./public-form";

/** The per-IP limit of the public forms counts an IPv6 client by its /64 (app/.server/client-ip.ts). */

let n = 0;
/** Each post asks another free slot: only the limit may refuse it. */
function book(ip: string) {
  n++;
  const time = ORTHODONTIE_TIMES[(n - 1) % ORTHODONTIE_TIMES.length];
  const fields = { name: `Patient ${n}`, email: `patient${n}@exemple.dz`, phone: "0550 12 34 56", service: "Orthodontie", date: openDayAfter(3), time, consent: "on" };
  return postForm(bookingAction, "http://clinic.test/appointment", fields, ip);
}

describeEachEngine("public form limit per client", { appDb: true }, (t) => {
  beforeAll(() => setAppEnv(["SMTP_URL", "RATE_LIMIT_FORM_MAX"], { RATE_LIMIT_FORM_MAX: "2" }));
  afterAll(() => setAppEnv(["RATE_LIMIT_FORM_MAX"]));

  const stored = async () => Number((await t.h.db.selectFrom("appointments").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  it("counts every address of one IPv6 /64 together, and another /64 apart", async () => {
    expect((await book("2001:db8:5:6::1")).data.status).toBe("success");
    expect((await book("2001:db8:5:6:abcd::2")).data.status).toBe("success");
    const limited = await book("2001:0db8:0005:0006:ffff:ffff:ffff:fffe");
    expect(limited.init?.status).toBe(429);
    expect(fieldMessages(limited)).toEqual({ "": RATE_LIMIT_MESSAGE });
    expect((await book("2001:db8:5:7::1")).data.status).toBe("success");
    expect(await stored()).toBe(3);
    const keys = await t.h.db.selectFrom("rate_limits").select(["key", "count"]).orderBy("key").execute();
    expect(keys.map((k) => [k.key, Number(k.count)])).toEqual([
      ["form:booking:2001:db8:5:6::/64", 3],
      ["form:booking:2001:db8:5:7::/64", 1],
    ]);
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address", async () => {
    expect((await book("::ffff:198.51.100.9")).data.status).toBe("success");
    expect((await book("198.51.100.9")).data.status).toBe("success");
    expect((await book("::ffff:c633:6409")).init?.status).toBe(429);
    expect((await book("198.51.100.10")).data.status).toBe("success");
    expect(await stored()).toBe(3);
  });
});
