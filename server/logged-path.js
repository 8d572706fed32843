/**
 * The path a log line may carry: never the query string (a name typed in a search box), and
 * never a secret link's token: a personal link (/rdv/<token>, docs/decisions/009-patients-and-links.md)
 * or a password-reset link (/reinitialiser-mot-de-passe/<token>, ADR 010). The token's segment is
 * written "[lien]", whatever follows it ("/rdv/[lien]/calendrier.ics", "/rdv/[lien].data").
 * Any spelling of the prefix counts (case, percent-encoding, doubled slashes).
 * @param {unknown} url
 * @returns {string}
 */
export function loggedPath(url) {
  const path = String(url ?? "").split(/[?#]/)[0];
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a malformed escape: judged as sent
  }
  for (const prefix of SECRET_PREFIXES) {
    const re = new RegExp(`^\\/+${prefix}(?:\\/+|$)`, "i");
    if (!re.test(path) && !re.test(decoded)) continue;
    const rest = decoded.replace(re, "");
    // the token's own segment goes; what follows it (a sub-path, React Router's ".data") is kept
    const tail = /^[^/]*?((?:\.data)?(?:\/.*)?)$/.exec(rest)?.[1] ?? "";
    return `/${prefix}/[lien]${/^[\w./-]*$/.test(tail) ? tail : ""}`;
  }
  return path;
}

/**
 * The first segment(s) of the paths whose next segment is a secret token; the personal pages'
 * Arabic twins (/ar/rdv/<token>, issue 32) too.
 */
const SECRET_PREFIXES = ["rdv", "devis", "offre", "offre-formation", "rappel", "reinitialiser-mot-de-passe", "attestation", "ar/rdv", "ar/devis", "ar/offre", "ar/offre-formation", "ar/rappel"];
