import { z } from "~/lib/zod";
import { ENROLLMENT_NAME_MAX } from "./enrollment-schema";
import { consent, email, parseId, personName, phone, singleLine } from "./rules";

/** 'Rejoindre la liste d'attente' of a full session (issue 31, item 4): the enrolment's fields and the session. */
export const waitlistSchema = z.object({
  session_id: singleLine()
    .optional()
    .transform((v, ctx): number => {
      const id = parseId((v ?? "").trim());
      if (id === null) {
        ctx.addIssue({ code: "custom", message: "Session invalide : revenez à la page de la formation." });
        return z.NEVER;
      }
      return id;
    }),
  user_name: personName({ missing: "Indiquez votre nom.", max: ENROLLMENT_NAME_MAX, tooLong: "Le nom ne doit pas dépasser 100 caractères." }),
  user_surname: personName({ missing: "Indiquez votre prénom.", max: ENROLLMENT_NAME_MAX, tooLong: "Le prénom ne doit pas dépasser 100 caractères." }),
  email: email({ missing: "Indiquez votre adresse e-mail.", invalid: "Adresse e-mail invalide (exemple : nom@domaine.com)." }),
  phone: phone({ missing: "Indiquez votre numéro de téléphone." }),
  consent: consent("Cochez cette case pour nous permettre de traiter votre demande."),
});
