import { afterAll, afterEach, expect, it } from "vitest";
import { flushOutbox, queueMail } from "~/.server/mail";
import { describeEachEngine } from "../helpers/db";
import { parseMail, startSmtp, type TestSmtp } from "./fixtures/smtp";
import { setAppEnv } from "./public-form";

/*
 * E-mail headers against control characters (hardening issue 26, item 4): a subject built from the
 * clinic's name or a formation's title, and an address, as they sit in the outbox (written before
 * the forms refused control characters, or by other means), reach the SMTP server as one Subject
 * line without control characters, and as one recipient: no header and no recipient can be added
 * by a line break.
 */

// PostgreSQL text cannot hold NUL (SQLite can): it is sent on SQLite only
const CONTROLS = "\u0007\u000B\u000C\u001B\u007F\u0085\u009B\u2028\u2029\u202E\u2066";

describeEachEngine("e-mail headers", { appDb: true }, (t) => {
  let smtp: TestSmtp | undefined;
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });
  afterAll(() => setAppEnv(["SMTP_URL"]));

  const controls = () => (t.h.engine === "sqlite" ? `\u0000${CONTROLS}` : CONTROLS);

  async function send(message: { to: string; subject: string }) {
    smtp = await startSmtp();
    setAppEnv(["SMTP_URL"], { SMTP_URL: smtp.url });
    await queueMail([{ ...message, text: "Bonjour,\nvotre rendez-vous est confirmé.", kind: "test" }], t.h);
    const result = await flushOutbox(t.h);
    return { result, received: smtp.received };
  }

  /** The header section as transmitted, unfolded. */
  const headerLines = (raw: string) => raw.split(/\r\n\r\n/)[0].replace(/\r\n[ \t]/g, " ").split("\r\n");

  it("a subject holding CR/LF and other control characters is one Subject line, and adds no header", async () => {
    const { result, received } = await send({
      to: "patient@exemple.dz",
      subject: `Rendez-vous confirmé — Clinique K\r\nBcc: intrus@exemple.dz\r\nX-Forged: 1${controls()}\nfin`,
    });
    expect(result).toEqual({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(["patient@exemple.dz"]);
    const lines = headerLines(received[0].raw);
    expect(lines.filter((l) => /^subject:/i.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /^(bcc|x-forged):/i.test(l))).toEqual([]);
    const mail = await parseMail(received[0]);
    expect(mail.subject).toBe("Rendez-vous confirmé — Clinique K Bcc: intrus@exemple.dz X-Forged: 1 fin");
    // eslint-disable-next-line no-control-regex
    expect(mail.subject).not.toMatch(/[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/);
  });

  it("an address holding a line break and a second address reaches one recipient, the first", async () => {
    const { received } = await send({ to: `patient@exemple.dz\r\nBcc: intrus@exemple.dz${controls()}`, subject: "Rappel" });
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(["patient@exemple.dz"]);
    const mail = await parseMail(received[0]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : null).toEqual(["patient@exemple.dz"]);
    expect(received[0].raw).not.toContain("intrus@exemple.dz");
  });

  it("leaves a plain subject and address as they are", async () => {
    const { received } = await send({ to: "patient@exemple.dz", subject: "Votre demande de rendez-vous — Clinique Dentaire Hamdi" });
    const mail = await parseMail(received[0]);
    expect(mail.subject).toBe("Votre demande de rendez-vous — Clinique Dentaire Hamdi");
    expect(received[0].to).toEqual(["patient@exemple.dz"]);
  });
});
