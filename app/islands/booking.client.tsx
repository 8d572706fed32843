import { BookingForm } from "~/components/booking/BookingForm";
import { hydrateIslands } from "./hydrate";

hydrateIslands("booking", BookingForm);
