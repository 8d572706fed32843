import { data, redirect } from "react-router";
import { staffActor } from "./actor";
import { guarded } from "./admin-action";
import { getDb } from "./db";
import { log } from "./log";
import { saveLanguage } from "./repos/patients";
import type { StaffSession } from "./session";
import { redirectWithToast } from "./toast";

/**
 * 'Langue des messages' of a patient record (issue 32; intent "language" of
 * /admin/patients/:id, permission patient:update): staff set the language of the messages the
 * patient is sent (français / arabe), recorded in the record's journal. From then on a booking
 * no longer changes it (linkPatient). A value other than fr/ar is a 400; a record gone, merged or
 * erased meanwhile a 409/404 with its French message.
 */
export async function patientLanguage(request: Request, form: FormData, id: number, staff: StaffSession) {
  const value = form.get("language");
  if (value !== "fr" && value !== "ar") return data({ intent: "language" as const, message: "Choisissez le français ou l'arabe." }, { status: 400 });
  return guarded(
    "patient",
    "language",
    async () => {
      const outcome = await saveLanguage(getDb(), id, value, staffActor(staff));
      if (!outcome.ok) {
        // the same language: nothing to record, the page as it is
        if (outcome.reason === "same") return redirect(`/admin/patients/${id}`);
        const status = outcome.reason === "not_found" ? 404 : 409;
        return data({ intent: "language" as const, message: "Ce dossier vient d'être fusionné ou effacé : la page est à jour." }, { status });
      }
      log.info({ event: "patient_language_saved", patientId: id, userId: staff.userId }, "patient language saved");
      return redirectWithToast(request, `/admin/patients/${id}`, { type: "success", description: "Langue des messages enregistrée." });
    },
    () => data({ intent: "language" as const, message: "La base de données n'a pas répondu : rien n'a été enregistré. Réessayez dans un instant." }, { status: 503 }),
  );
}
