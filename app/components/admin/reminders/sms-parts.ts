/**
 * How many SMS a text takes, as a phone counts it: the GSM 7-bit alphabet (which has é, è, à, ù
 * but not ê, â, î, ô, û, ç or ’) gives 160 characters, 153 per part when split; anything else is
 * sent in UCS-2: 70, 67 per part. A few GSM signs ({ } [ ] ~ \ | ^ €) count twice.
 */
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "^{}\\[~]|€";

export function smsParts(text: string): { parts: number; unicode: boolean; length: number } {
  let septets = 0;
  let unicode = false;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) septets += 1;
    else if (GSM_EXTENDED.includes(ch)) septets += 2;
    else unicode = true;
  }
  if (unicode) {
    const length = [...text].reduce((n, ch) => n + (ch.codePointAt(0)! > 0xffff ? 2 : 1), 0);
    return { parts: length <= 70 ? 1 : Math.ceil(length / 67), unicode, length };
  }
  return { parts: septets <= 160 ? 1 : Math.ceil(septets / 153), unicode, length: septets };
}
