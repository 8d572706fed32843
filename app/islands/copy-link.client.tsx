import { CopyLinkButton } from "~/components/rdv/CopyLinkButton";
import { hydrateIslands } from "./hydrate";

hydrateIslands("copy-link", CopyLinkButton);
