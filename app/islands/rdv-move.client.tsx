import { MoveForm } from "~/components/rdv/MoveForm";
import { hydrateIslands } from "./hydrate";

hydrateIslands("rdv-move", MoveForm);
