import { EnrollmentIsland } from "~/components/formation/EnrollmentDialog";
import { hydrateIslands } from "./hydrate";

hydrateIslands("enrolment", EnrollmentIsland);
