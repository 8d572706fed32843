/**
 * LIKE patterns for a case-insensitive search that also works for accented letters.
 * lower() folds ASCII on both engines, but SQLite (and PostgreSQL with a C locale) leaves
 * 'É' as it is, so the accented letters are tried lower-case, upper-case and capitalised
 * at word starts ("élodie" finds "Élodie"). Wildcards typed by a person are escaped; SQLite
 * has no default LIKE escape character, so the queries name it.
 */
export function searchPatterns(input: string): string[] {
  const escape = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return searchSpellings(input).map(escape);
}

/** The spellings searchPatterns looks for, unescaped (the substring index looks them up: ./substring-index). */
export function searchSpellings(input: string): string[] {
  const lower = input.toLowerCase();
  const nonAsciiUpper = lower.replace(/[^\p{ASCII}]/gu, (c) => c.toUpperCase());
  const wordStarts = lower.replace(/(^|[\s'’-])([^\p{ASCII}])/gu, (_m, sep: string, c: string) => sep + c.toUpperCase());
  return [...new Set([lower, nonAsciiUpper, wordStarts])];
}
