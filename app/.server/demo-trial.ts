import QRCode from "qrcode";
import { audit } from "./audit";
import { getClinic } from "./clinic";
import type { Config } from "./config";
import { writeTransaction, type Db } from "./db";
import { soleAccountOfDemo } from "./repos/demo-content";
import { enableWithSecret } from "./repos/two-factor";
import { getSessionSecret } from "./toast";
import { generateTotpSecret, groupSecret, openTotpSecret, sealTotpSecret, totpUri } from "./totp";

export interface DemoTrial {
  email: string;
  /** the authenticator key, grouped by four characters to type by hand */
  key: string;
  /** the authenticator entry's name: the clinic's */
  issuer: string;
  /** the otpauth:// address, drawn as a QR code for a terminal */
  qr: string;
}

/**
 * A local trial of the demo (issue 30): with the demo content only (app/.server/repos/demo-content.ts)
 * and no PUBLIC_URL, the administrator's two-factor sign-in is set up at start with a key that
 * the start banner prints, as text and as a QR code for the terminal, so that the demo opens
 * after adding one entry to an authenticator app. The rule itself is unchanged: a code is still
 * asked at each sign-in. A site with a PUBLIC_URL (a real clinic, the test servers) or with
 * anything typed by the clinic is never touched: null.
 */
export async function prepareDemoTrial(h: Db, c: Pick<Config, "PUBLIC_URL" | "SEED_DEMO">): Promise<DemoTrial | null> {
  if (c.PUBLIC_URL || !c.SEED_DEMO) return null;
  let account = await soleAccountOfDemo(h);
  if (!account || account.role !== "admin") return null;
  const secret = getSessionSecret();
  if (!account.totpEnabled) {
    const sealed = sealTotpSecret(generateTotpSecret(), secret);
    await writeTransaction(h, async (trx) => {
      if (!(await enableWithSecret(trx, account!.id, sealed))) return;
      await audit(trx, { userId: null, email: "démo locale" }, { action: "2fa.enabled", targetType: "staff", targetId: account!.id });
    });
    account = await soleAccountOfDemo(h);
    if (!account?.totpSecret) return null;
  }
  const base32 = account.totpSecret ? openTotpSecret(account.totpSecret, secret) : null;
  if (!base32) return null;
  const issuer = (await getClinic(h)).name;
  const uri = totpUri(base32, account.email, issuer);
  const qr = await QRCode.toString(uri, { type: "terminal", small: true, errorCorrectionLevel: "L" });
  return { email: account.email, key: groupSecret(base32), issuer, qr };
}
