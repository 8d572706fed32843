/** Name of the honeypot field of public forms (shared by the browser form and the server check). */
export const HONEYPOT_FIELD = "website";
