import { expect, it } from "vitest";
import { refreshContentVersion } from "~/.server/content-version";
import { createAppointment } from "~/.server/repos/appointments";
import { loadWeeklyHours, saveWeeklyHours } from "~/.server/repos/schedule";
import { siteContent } from "~/.server/site-content";
import { describeEachEngine } from "../helpers/db";

/**
 * The root loader's content (hours, identity, photos' slots, demo reviews) is read once per content
 * version and clinic day (app/.server/site-content.ts, issue 33): a change to a public table is
 * seen at the next page, a change to a private one reads nothing again.
 */
describeEachEngine("the site's content of every page", (t) => {
  it("is read again after a change to the hours, not after an appointment; another day reads it again", async () => {
    const today = "2031-04-07";
    await refreshContentVersion(t.h);
    const first = await siteContent(today, t.h);
    // the same answer, not read again
    expect(await siteContent(today, t.h)).toBe(first);

    // a booking changes no public content
    await createAppointment(t.h, { name: "Patiente Contenu", email: null, phone: "0550 12 34 56", service: "Orthodontie", date: "2031-04-08", time: "10:00", message: null });
    await refreshContentVersion(t.h); // what PostgreSQL's NOTIFY or this process's write does
    expect(await siteContent(today, t.h)).toBe(first);

    // the hours change (Saturday closed): the next page reads them
    const weekly = await loadWeeklyHours(t.h);
    expect(weekly[6].length).toBeGreaterThan(0);
    await saveWeeklyHours(t.h, { ...weekly, 6: [] });
    await refreshContentVersion(t.h);
    const after = await siteContent(today, t.h);
    expect(after).not.toBe(first);
    expect(after.weekly[6]).toEqual([]);
    expect(after.weekly).toEqual(await loadWeeklyHours(t.h));
    expect(await siteContent(today, t.h)).toBe(after);

    // the exceptions to come are the day's: another day reads again
    expect(await siteContent("2031-04-08", t.h)).not.toBe(after);
  });
});
