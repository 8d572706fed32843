import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { type CaseFormValue, caseSchema, deletionDaysSchema, GALLERY_PATH, type GalleryActionResult, type GalleryIntent, type PatientOption, reviewSchema, rowSchema } from "~/lib/gallery-form";
import { formatCalendarDate, formatLongDate } from "~/lib/format";
import type { MediaRef } from "~/lib/media";
import { guarded, intentOf } from "./admin-action";
import { getDb } from "./db";
import { log } from "./log";
import { MEDIA_MESSAGES, saveMedia, scheduleMediaDeletion } from "./media";
import { staffActor, type Actor } from "./actor";
import { createCase, deleteCase, linkablePatient, moveCase, setPhotoDeletionDays, updateCase, withdrawConsent, type CaseInput } from "./repos/gallery";
import { listPatients } from "./repos/patient-list";
import { createReview, deleteReview, moveReview, setReviewPublished, updateReview } from "./repos/reviews";
import { PHOTO_FORM_BODY_MAX_BYTES } from "./request-limits";
import type { StaffSession } from "./session";
import { redirectWithToast } from "./toast";
import { PayloadTooLargeError, readFormWithLimit, uploadErrorHeaders, UploadError } from "./uploads";

/**
 * The action of 'Galerie et avis' (/admin/galerie; docs/product.md, "Staff: gallery and
 * reviews"): one switch on the intent (docs/architecture.md, "Staff actions"). The staff guard
 * has already checked `content:manage`. The form is read with the photo screens' limit (two
 * photos of 12 MB); each change is one transaction of repos/gallery.ts or repos/reviews.ts with
 * its audit entry; successes redirect with their toast, refusals answer the form's reply.
 */

const SCREEN = "gallery";
const STORE_FAILED = "La base de données n'a pas répondu : rien n'a été enregistré. Réessayez dans un instant.";
const TOO_LARGE = "L'envoi dépasse la taille permise : deux photos de 12 Mo au plus. Choisissez des photos plus légères.";

const answer = (body: GalleryActionResult, status = 200, headers?: HeadersInit) => data(body, { status, headers });
type Answer = Response | ReturnType<typeof answer>;

export async function galleryAction(request: Request, staff: StaffSession) {
  let form: FormData;
  try {
    form = await readFormWithLimit(request, PHOTO_FORM_BODY_MAX_BYTES);
  } catch (err) {
    if (err instanceof PayloadTooLargeError) return answer({ intent: "case-save", result: { status: "error", error: { before: [TOO_LARGE] } } }, 413);
    return answer({ intent: "unknown", message: "Requête invalide." }, 400);
  }
  const actor = staffActor(staff);
  // the case form's 'Chercher' posts the whole form without JavaScript: its intent comes last
  const intent = form.getAll("intent").includes("patient-search") ? "patient-search" : intentOf(form);
  switch (intent) {
    case "case-save":
      return saveCase(request, form, actor);
    case "case-withdraw":
    case "case-delete":
    case "case-move":
      return caseRow(request, intent, form, actor);
    case "settings":
      return settings(request, form, actor);
    case "patient-search":
      return patientSearch(form);
    case "review-save":
      return saveReview(request, form, actor);
    case "review-publish":
    case "review-unpublish":
    case "review-delete":
    case "review-move":
      return reviewRow(request, intent, form, actor);
    default:
      return answer({ intent: "unknown", message: "Action inconnue." }, 400);
  }
}

// ---- patients --------------------------------------------------------------------------------------

/** "Dossier n° 12 · 3 rendez-vous · dernier le 12/03/2026": enough to tell two namesakes apart. */
function optionOf(p: { id: number; name: string; appointments: number; lastDate: string | null }): PatientOption {
  const parts = [`Dossier n° ${p.id}`, `${p.appointments} rendez-vous`];
  if (p.lastDate) parts.push(`dernier le ${formatCalendarDate(p.lastDate)}`);
  return { id: p.id, name: p.name, detail: parts.join(" · ") };
}

/** The records found by the patient list's search (name, phone or e-mail), posted: never in a URL. */
async function patientSearch(form: FormData) {
  const raw = form.get("q");
  const q = typeof raw === "string" ? raw.trim().slice(0, 100) : "";
  // posted with the case form (no JavaScript): its texts come back as they were typed
  const typed: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && k !== "intent" && k !== "q") typed[k] = v;
  const result = form.has("treatment") ? { initialValue: typed } : undefined;
  if (q.length < 2) return answer({ intent: "patient-search", query: q, patients: [], result, message: "Tapez au moins deux lettres du nom (ou quelques chiffres du téléphone)." });
  return guarded<Answer>(
    SCREEN,
    "patient-search",
    async () => {
      const { rows } = await listPatients(getDb(), { q }, { limit: 8, offset: 0 });
      return answer({ intent: "patient-search", query: q, patients: rows.map(optionOf), result });
    },
    () => answer({ intent: "patient-search", query: q, patients: [], result, message: "La recherche n'a pas abouti. Réessayez dans un instant." }, 503),
  );
}

async function patientChoice(id: number | null): Promise<PatientOption | null> {
  if (id === null) return null;
  try {
    const p = await linkablePatient(getDb(), id);
    return p ? { id: p.id, name: p.name, detail: `Dossier n° ${p.id}` } : null;
  } catch {
    return null;
  }
}

// ---- cases -----------------------------------------------------------------------------------------

const CASE_REFUSALS = {
  not_found: ["Ce cas n'existe plus : il a peut-être été supprimé entre-temps.", 404],
  withdrawn: ["Le consentement de ce cas a été retiré : il ne peut plus être modifié, seulement supprimé.", 409],
  no_patient: ["Ce dossier patient n'existe plus (effacé ou fusionné) : cherchez-le de nouveau.", 409],
} as const;

async function saveCase(request: Request, form: FormData, actor: Actor) {
  const submission = parseWithZod(form, { schema: caseSchema });
  if (submission.status !== "success") {
    const pid = Number(form.get("patient_id"));
    return answer({ intent: "case-save", result: submission.reply(), patientChoice: Number.isInteger(pid) && pid > 0 ? await patientChoice(pid) : null }, 400);
  }
  const v = submission.value;
  const refuse = async (status: number, error: Record<string, string[]>, formErrors?: string[], headers?: HeadersInit) =>
    answer({ intent: "case-save", id: v.id, result: submission.reply({ fieldErrors: error, formErrors }), patientChoice: await patientChoice(v.patient_id) }, status, headers);

  // the photos first (re-encoding takes a moment, one upload at a time per server): a refused one
  // is said beside its field; a full image queue is a 503 with Retry-After
  const saved: { before?: MediaRef; after?: MediaRef } = {};
  for (const side of ["before", "after"] as const) {
    const file = v[side];
    if (!file) continue;
    try {
      saved[side] = await saveMedia(getDb().db, file);
    } catch (err) {
      await discard(saved);
      if (!(err instanceof UploadError)) throw err;
      const message = err.status === 413 ? MEDIA_MESSAGES.tooLarge : err.message;
      if (err.status === 503) return refuse(503, { [side]: [message] }, undefined, uploadErrorHeaders(err));
      return refuse(err.status === 500 ? 503 : 400, { [side]: [message] }, err.status === 500 ? [err.message] : undefined);
    }
  }
  const input = caseInput(v);
  return guarded<Answer>(
    SCREEN,
    "case-save",
    async () => {
      const h = getDb();
      const outcome =
        v.id === undefined ? await createCase(h, actor, input, { before: saved.before!, after: saved.after! }) : await updateCase(h, actor, v.id, input, saved);
      if (!outcome.ok) {
        await discard(saved);
        const [message, status] = CASE_REFUSALS[outcome.reason];
        return outcome.reason === "no_patient" ? refuse(status, { patient_id: [message] }) : refuse(status, {}, [message]);
      }
      const id = v.id ?? ("id" in outcome ? outcome.id : undefined);
      log.info({ event: v.id === undefined ? "gallery_case_created" : "gallery_case_updated", caseId: id, staffId: actor.staffUserId }, "gallery case saved");
      return redirectWithToast(request, `${GALLERY_PATH}#cas`, {
        type: "success",
        description: v.id === undefined ? `Cas « ${v.treatment} » ajouté : il est visible sur la galerie.` : `Cas « ${v.treatment} » enregistré.`,
      });
    },
    () => {
      void discard(saved);
      return answer({ intent: "case-save", id: v.id, result: submission.reply({ formErrors: [STORE_FAILED] }) }, 503);
    },
  );
}

/** Photos stored for a case that was not saved: deleted by the media job's next run. */
async function discard(saved: { before?: MediaRef; after?: MediaRef }) {
  try {
    await scheduleMediaDeletion(getDb().db, [saved.before?.id, saved.after?.id]);
  } catch (err) {
    log.error({ event: "gallery_discard_failed", err: (err as Error).message }, "unused photos not scheduled for deletion");
  }
}

function caseInput(v: CaseFormValue): CaseInput {
  return {
    treatment: v.treatment,
    description: v.description,
    beforeAlt: v.before_alt,
    afterAlt: v.after_alt,
    ar: { description: v.description_ar, beforeAlt: v.before_alt_ar, afterAlt: v.after_alt_ar },
    consentDate: v.consent_date,
    consentScope: v.consent_scope,
    patientId: v.patient_id,
  };
}

async function caseRow(request: Request, intent: "case-withdraw" | "case-delete" | "case-move", form: FormData, actor: Actor) {
  const parsed = rowSchema.safeParse({ id: Number(form.get("id")) });
  if (!parsed.success) return answer({ intent, message: "Cas inconnu." }, 400);
  const id = parsed.data.id;
  return guarded<Answer>(
    SCREEN,
    intent,
    async () => {
      const h = getDb();
      if (intent === "case-withdraw") {
        const outcome = await withdrawConsent(h, actor, id);
        if (!outcome.ok) {
          if (outcome.reason === "already") return answer({ intent, id, message: "Le consentement de ce cas était déjà retiré." }, 409);
          return answer({ intent, id, message: CASE_REFUSALS.not_found[0] }, 404);
        }
        log.info({ event: "gallery_consent_withdrawn", caseId: id, staffId: actor.staffUserId }, "gallery consent withdrawn");
        return redirectWithToast(request, `${GALLERY_PATH}#cas`, {
          type: "success",
          description: `Consentement retiré : le cas n'est plus visible sur le site. Ses photos seront supprimées le ${formatLongDate(outcome.deleteAt)}.`,
          duration: 6000,
        });
      }
      if (intent === "case-delete") {
        const outcome = await deleteCase(h, actor, id);
        if (!outcome.ok) return answer({ intent, id, message: CASE_REFUSALS.not_found[0] }, 404);
        log.info({ event: "gallery_case_deleted", caseId: id, staffId: actor.staffUserId }, "gallery case deleted");
        return redirectWithToast(request, `${GALLERY_PATH}#cas`, { type: "success", description: "Cas supprimé ; ses photos sont effacées." });
      }
      const direction = form.get("direction") === "up" ? "up" : "down";
      const outcome = await moveCase(h, actor, id, direction);
      if (!outcome.ok) return answer({ intent, id, message: "Ce cas n'est plus sur le site : il ne peut pas être déplacé." }, 404);
      return redirectWithToast(request, `${GALLERY_PATH}#cas-${id}`, { description: outcome.moved ? "Ordre des cas enregistré." : "Ce cas est déjà à cette place." });
    },
    () => answer({ intent, id, message: STORE_FAILED }, 503),
  );
}

async function settings(request: Request, form: FormData, actor: Actor) {
  const submission = parseWithZod(form, { schema: deletionDaysSchema });
  if (submission.status !== "success") return answer({ intent: "settings", result: submission.reply() }, 400);
  return guarded<Answer>(
    SCREEN,
    "settings",
    async () => {
      const changed = await setPhotoDeletionDays(getDb(), actor, submission.value.days);
      return redirectWithToast(request, `${GALLERY_PATH}#delai`, changed ? { type: "success", description: "Délai avant suppression des photos enregistré." } : { description: "Le délai n'a pas changé." });
    },
    () => answer({ intent: "settings", result: submission.reply({ formErrors: [STORE_FAILED] }) }, 503),
  );
}

// ---- reviews ---------------------------------------------------------------------------------------

async function saveReview(request: Request, form: FormData, actor: Actor) {
  const submission = parseWithZod(form, { schema: reviewSchema });
  if (submission.status !== "success") return answer({ intent: "review-save", result: submission.reply() }, 400);
  const v = submission.value;
  const input = { name: v.name, ratingHalves: v.rating, comment: v.comment, date: v.date, published: v.published };
  return guarded<Answer>(
    SCREEN,
    "review-save",
    async () => {
      const h = getDb();
      if (v.id === undefined) {
        await createReview(h, actor, input);
      } else if (!(await updateReview(h, actor, v.id, input)).ok) {
        return answer({ intent: "review-save", id: v.id, result: submission.reply({ formErrors: ["Cet avis n'existe plus : il a peut-être été supprimé entre-temps."] }) }, 404);
      }
      const shown = v.published ? "il est visible sur la galerie." : "il n'est pas publié.";
      return redirectWithToast(request, `${GALLERY_PATH}#avis`, { type: "success", description: `Avis de ${v.name} enregistré : ${shown}` });
    },
    () => answer({ intent: "review-save", id: v.id, result: submission.reply({ formErrors: [STORE_FAILED] }) }, 503),
  );
}

async function reviewRow(request: Request, intent: Extract<GalleryIntent, `review-${string}`>, form: FormData, actor: Actor) {
  const parsed = rowSchema.safeParse({ id: Number(form.get("id")) });
  if (!parsed.success) return answer({ intent, message: "Avis inconnu." }, 400);
  const id = parsed.data.id;
  const gone = () => answer({ intent, id, message: "Cet avis n'existe plus : il a peut-être été supprimé entre-temps." }, 404);
  return guarded<Answer>(
    SCREEN,
    intent,
    async () => {
      const h = getDb();
      if (intent === "review-publish" || intent === "review-unpublish") {
        const publish = intent === "review-publish";
        const outcome = await setReviewPublished(h, actor, id, publish);
        if (!outcome.ok) return gone();
        return redirectWithToast(request, `${GALLERY_PATH}#avis-${id}`, {
          type: outcome.changed ? "success" : "message",
          description: publish ? "Avis publié : il est visible sur la galerie." : "Avis retiré du site.",
        });
      }
      if (intent === "review-delete") {
        if (!(await deleteReview(h, actor, id)).ok) return gone();
        return redirectWithToast(request, `${GALLERY_PATH}#avis`, { type: "success", description: "Avis supprimé." });
      }
      const outcome = await moveReview(h, actor, id, form.get("direction") === "up" ? "up" : "down");
      if (!outcome.ok) return gone();
      return redirectWithToast(request, `${GALLERY_PATH}#avis-${id}`, { description: outcome.moved ? "Ordre des avis enregistré." : "Cet avis est déjà à cette place." });
    },
    () => answer({ intent, id, message: STORE_FAILED }, 503),
  );
}
