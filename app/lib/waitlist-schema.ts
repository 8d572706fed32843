import { z } from "~/lib/zod";
import { ENROLLMENT_FIELD_MESSAGES as M, ENROLLMENT_NAME_MAX } from "./enrollment-schema";
import { consent, email, KEYED_RULE_MESSAGES as R, parseId, personName, phone, singleLine } from "./rules";

/** 'Rejoindre la liste d'attente' of a full session (issue 31, item 4): the enrolment's fields and the session; messages by key (app/i18n/messages.ts). */
export const waitlistSchema = z.object({
  session_id: singleLine({ messages: R })
    .optional()
    .transform((v, ctx): number => {
      const id = parseId((v ?? "").trim());
      if (id === null) {
        ctx.addIssue({ code: "custom", message: "enrolment.errWaitlistSession" });
        return z.NEVER;
      }
      return id;
    }),
  user_name: personName({ missing: M.name, max: ENROLLMENT_NAME_MAX, tooLong: M.nameTooLong, messages: R }),
  user_surname: personName({ missing: M.surname, max: ENROLLMENT_NAME_MAX, tooLong: M.surnameTooLong, messages: R }),
  email: email({ missing: M.emailMissing, invalid: M.emailInvalid, messages: R }),
  phone: phone({ missing: M.phone, messages: R }),
  consent: consent("enrolment.errWaitlistConsent"),
});
