/**
 * The normalised form of a person's name that links bookings to one patient record (the name part
 * of `patients.match_key`, app/.server/db/migrations.ts) and that the staff patient search compares
 * (`patients.name_key`, app/.server/repos/patient-list.ts). Two spellings of the same name typed
 * by a patient or by staff give the same key; nothing is transliterated (an Arabic name and its
 * Latin spelling give two keys).
 *
 * Latin names: accents and case ignored, the titles M., Mme, Mlle, Dr, Mr, Mrs dropped, any run
 * of other characters (hyphen, apostrophe, dot) a space, the words sorted ("Bénali Amina" and
 * "Mme amina BENALI" give "amina benali"). The keys stored before Arabic was folded stay the same.
 *
 * Arabic names: what Algerian patients and staff type differently for the same name, with or
 * without the marks a keyboard offers, is folded (see ARABIC_FOLDS and the steps below).
 */

/** Arabic letters, marks, digits and presentation forms: a name holding one has an Arabic key. */
export const ARABIC_CHARACTERS = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFC]/u;

/**
 * Letter folds, applied after the marks are removed. The precomposed hamza letters would also
 * lose their hamza through NFD (أ = ا + U+0654); they are listed so that the rule does not rest on
 * the order of the steps.
 */
const ARABIC_FOLDS: Record<string, string> = {
  // alef with hamza above/below, with madda, and alef wasla: written or left out at will in
  // names (أحمد / احمد, إيمان / ايمان, آمنة / امنة); bare alef
  "\u0623": "\u0627",
  "\u0625": "\u0627",
  "\u0622": "\u0627",
  "\u0671": "\u0627",
  // taa marbuta: the final of feminine names (فاطمة) is very often typed as haa (فاطمه)
  "\u0629": "\u0647",
  // alef maksura: typed as yaa and yaa without dots at the end of a word (مصطفى / مصطفي, as in Egypt and the Maghreb)
  "\u0649": "\u064A",
  // hamza on waw and on yaa: the hamza is often dropped (مؤمن / مومن, هانئ / هاني)
  "\u0624": "\u0648",
  "\u0626": "\u064A",
};

/** Arabic-Indic (U+0660–0669) and Eastern Arabic-Indic (U+06F0–06F9) digits as Western ones. */
function westernDigits(s: string): string {
  return s.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.codePointAt(0) ?? 0) & 0xf));
}

/** A name folded as its key is, before the titles are dropped and the words sorted. */
function foldName(name: string): string {
  return westernDigits(
    name
      // presentation forms (ﻓﺎﻃﻤﺔ, the ligature ﷲ) as the letters they draw; only those
      // characters, so that NFKC never touches a Latin name
      .replace(/[\uFB50-\uFDFF\uFE70-\uFEFC]/g, (c) => c.normalize("NFKC"))
      .normalize("NFD")
      // accents of Latin letters; Arabic tashkeel (fatha, damma, kasra, tanwin, shadda, sukun:
      // U+064B–U+065F) and the dagger alef (U+0670), which vowel a name and are mostly left out
      .replace(/\p{M}/gu, "")
      // tatweel (kashida): a stretch of the line for the look, no letter
      .replace(/\u0640/g, "")
      .replace(/[\u0622\u0623\u0625\u0671\u0629\u0649\u0624\u0626]/g, (c) => ARABIC_FOLDS[c] ?? c),
  ).toLowerCase();
}

/** The words of a folded text: runs of letters and digits. */
function wordsOf(folded: string): string[] {
  return folded
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
}

export function nameKey(name: string): string {
  return wordsOf(foldName(name).replace(/\b(m|mme|mlle|dr|mr|mrs)\b\.?/g, " "))
    .sort()
    .join(" ");
}

/**
 * The words a staff search looks for in `patients.name_key`, each a part of it: the query's key
 * words, or, when the query is only a title ('M', 'Dr', which the key drops), its folded words, so
 * that a one-letter search still finds the names holding that letter.
 */
export function nameSearchWords(query: string): string[] {
  const words = nameKey(query).split(" ").filter(Boolean);
  return words.length > 0 ? words : wordsOf(foldName(query));
}

/**
 * The key that links appointments to one patient record (app/.server/repos/patients.ts, unique
 * among live records): the canonical phone (or its digits) and the name's key, or null when it
 * has neither.
 */
export function patientMatchKey(phoneE164: string | null, phone: string, name: string): string | null {
  const phonePart = phoneE164 ?? (phone.replace(/\D/g, "") ? `raw:${phone.replace(/\D/g, "")}` : "");
  const namePart = nameKey(name);
  if (!phonePart || !namePart) return null;
  return `${phonePart}|${namePart}`;
}
