/**
 * The path a log line may carry: never the query string (a name typed in a search box), and
 * never a personal link's token (/rdv/<token>, docs/decisions/009-patients-and-links.md): its
 * segment is written "[lien]", whatever follows it ("/rdv/[lien]/calendrier.ics", "/rdv/[lien].data").
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
  const rdv = /^\/+rdv(?:\/+|$)/i;
  if (!rdv.test(path) && !rdv.test(decoded)) return path;
  const rest = decoded.replace(rdv, "");
  // the token's own segment goes; what follows it (a sub-path, React Router's ".data") is kept
  const tail = /^[^/]*?((?:\.data)?(?:\/.*)?)$/.exec(rest)?.[1] ?? "";
  return `/rdv/[lien]${/^[\w./-]*$/.test(tail) ? tail : ""}`;
}
