import { Island } from "~/components/Island";
import { useClinic } from "~/hooks/use-clinic";
import type { FormationLandingItem, FormationOption } from "~/lib/formation";
import { EnrollmentIsland } from "./EnrollmentDialog";

/**
 * The enrolment island of a page (/formation, the syllabus pages), rendered once, where its cards
 * go on /formation (`sessions`; elsewhere it shows only when opened). Its props are the page's:
 * the formations and their places, the clinic's phone.
 */
export function Enrollment({ options, sessions = null }: { options: FormationOption[]; sessions?: FormationLandingItem[] | null }) {
  const { tel, display } = useClinic().phones[0];
  const props = { options: options.map(({ id, title, taken, max_participants, sessions }) => ({ id, title, taken, max_participants, sessions })), sessions, phone: { tel, display } };
  return <Island name="enrolment" component={EnrollmentIsland} props={props} />;
}
