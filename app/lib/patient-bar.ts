/**
 * The patients' bottom bar ('Appeler', 'E-mail', 'RDV'; docs/product.md, "Frame of every page")
 * is for visitors. The staff's screens leave it out: the staff area, the sign-in with its
 * two-factor step, the forgotten password and the reset link — where it would cover the form's
 * last links ('Utiliser un code de secours') and offer a patient's booking to a staff member.
 */
const STAFF_SCREENS = [/^\/admin(\/|$)/, /^\/login\/?$/, /^\/logout\/?$/, /^\/mot-de-passe-oublie\/?$/, /^\/reinitialiser-mot-de-passe(\/|$)/];

export function showsPatientBar(pathname: string): boolean {
  return !STAFF_SCREENS.some((re) => re.test(pathname));
}
