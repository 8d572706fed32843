import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/admin.photos";
import { guarded, intentOf } from "~/.server/admin-action";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { staffActor, type Actor } from "~/.server/actor";
import { listSitePhotos, removeSitePhoto, setSitePhoto, updateSitePhotoAlt } from "~/.server/repos/site-photos";
import { PHOTO_FORM_BODY_MAX_BYTES } from "~/.server/request-limits";
import { getStaff } from "~/.server/staff-guard";
import { readFormWithLimit, retryAfterHeaders, uploadErrorHeaders, UploadError } from "~/.server/uploads";
import { pageAnchor, PhotoFilterLinks, PhotoSlotGrid, TO_REPLACE_PARAM, TO_REPLACE_VALUE, type PhotoFilter } from "~/components/admin/photos/PhotoSlotGrid";
import { PHOTO_TEXTS as T, type PhotoActionResult, type PhotoIntent, type SlotPhotoView } from "~/components/admin/photos/types";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { photoAltSchema, photoRemoveSchema, photoUploadSchema } from "~/lib/photo-form";
import { findPhotoSlot, groupSlotsByPage, PHOTO_SLOTS } from "~/lib/photo-slot-list";
import { makeToast } from "~/lib/toast";

const SCREEN = "admin_photos";

export const meta: Route.MetaFunction = () => [{ title: "Photos du site | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * docs/product.md, "Staff: photos": every slot's current photo (uploads whose files are gone are
 * left out), and the filter of the address ('Encore à remplacer': `?filtre=a-remplacer`).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const photos: Record<string, SlotPhotoView> = {};
  for (const e of await listSitePhotos(getDb())) photos[e.slot] = { photo: e.photo, updatedAt: e.updatedAt };
  const filter: PhotoFilter = new URL(request.url).searchParams.get(TO_REPLACE_PARAM) === TO_REPLACE_VALUE ? "to-replace" : "all";
  return { photos, filter };
}

/** After any post the list is read again (another member's change shows too). */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return true;
  return defaultShouldRevalidate;
}

/** A refused upload's Retry-After (the image queue was full) reaches the response. */
export const headers: Route.HeadersFunction = retryAfterHeaders;

const answer = (status: number, result: PhotoActionResult, headers?: HeadersInit) => data(result, { status, headers });
const success = (intent: PhotoIntent, slot: string, description: string, reply?: PhotoActionResult["reply"]) =>
  answer(200, { intent, slot, ok: true, reply, toast: makeToast({ type: "success", description }) });

/** One action, one switch (docs/architecture.md, "Staff actions"); the form is multipart (the upload). */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = staffActor(getStaff(context));
  let form: FormData;
  try {
    form = await readFormWithLimit(request, PHOTO_FORM_BODY_MAX_BYTES);
  } catch (err) {
    if (err instanceof UploadError) return answer(err.status, { intent: "upload", slot: null, ok: false, message: err.message });
    return answer(400, { intent: null, slot: null, ok: false, message: T.unexpected });
  }
  switch (intentOf(form)) {
    case "upload":
      return upload(form, actor);
    case "alt":
      return changeAlt(form, actor);
    case "remove":
      return remove(form, actor);
    default:
      return answer(400, { intent: null, slot: null, ok: false, message: T.unexpected });
  }
}

async function upload(form: FormData, actor: Actor) {
  const submission = parseWithZod(form, { schema: photoUploadSchema });
  const posted = typeof form.get("slot") === "string" ? String(form.get("slot")) : null;
  if (submission.status !== "success") return answer(400, { intent: "upload", slot: posted, ok: false, reply: submission.reply() });
  const { slot: key, alt, altAr, photo } = submission.value;
  const slot = findPhotoSlot(key);
  if (!slot) return answer(400, { intent: "upload", slot: key, ok: false, reply: submission.reply({ formErrors: [T.unknownSlot] }) });
  return guarded(
    SCREEN,
    "upload",
    async () => {
      try {
        const { photo: stored, replaced } = await setSitePhoto(getDb(), key, photo, { alt, altAr }, actor);
        log.info({ event: replaced ? "site_photo_replaced" : "site_photo_set", slot: key, mediaId: stored.id, staffId: actor.staffUserId }, "site photo saved");
        return success("upload", key, T.uploaded, submission.reply({ resetForm: true }));
      } catch (err) {
        if (!(err instanceof UploadError)) throw err;
        // refused, not stored or the image queue full: said beside the file field, the alt text typed kept
        const status = err.status >= 500 ? 503 : err.status;
        return answer(status, { intent: "upload", slot: key, ok: false, reply: submission.reply({ fieldErrors: { photo: [err.message] } }) }, uploadErrorHeaders(err));
      }
    },
    () => answer(503, { intent: "upload", slot: key, ok: false, reply: submission.reply({ formErrors: [T.storeFailed] }) }),
  );
}

async function changeAlt(form: FormData, actor: Actor) {
  const submission = parseWithZod(form, { schema: photoAltSchema });
  const posted = typeof form.get("slot") === "string" ? String(form.get("slot")) : null;
  if (submission.status !== "success") return answer(400, { intent: "alt", slot: posted, ok: false, reply: submission.reply() });
  const { slot: key, alt, altAr } = submission.value;
  if (!findPhotoSlot(key)) return answer(400, { intent: "alt", slot: key, ok: false, reply: submission.reply({ formErrors: [T.unknownSlot] }) });
  return guarded(
    SCREEN,
    "alt",
    async () => {
      if (!(await updateSitePhotoAlt(getDb(), key, { alt, altAr }, actor))) return answer(404, { intent: "alt", slot: key, ok: false, reply: submission.reply({ formErrors: [T.alreadyRemoved] }) });
      log.info({ event: "site_photo_alt_changed", slot: key, staffId: actor.staffUserId }, "site photo alt text changed");
      return success("alt", key, T.altSaved, submission.reply());
    },
    () => answer(503, { intent: "alt", slot: key, ok: false, reply: submission.reply({ formErrors: [T.saveFailed] }) }),
  );
}

async function remove(form: FormData, actor: Actor) {
  const submission = parseWithZod(form, { schema: photoRemoveSchema });
  if (submission.status !== "success" || !findPhotoSlot(submission.value.slot)) return answer(400, { intent: "remove", slot: null, ok: false, message: T.unknownSlot });
  const key = submission.value.slot;
  return guarded(
    SCREEN,
    "remove",
    async () => {
      if (!(await removeSitePhoto(getDb(), key, actor))) return answer(404, { intent: "remove", slot: key, ok: false, message: T.alreadyRemoved });
      log.info({ event: "site_photo_removed", slot: key, staffId: actor.staffUserId }, "site photo removed");
      return success("remove", key, T.removed);
    },
    () => answer(503, { intent: "remove", slot: key, ok: false, message: T.saveFailed }),
  );
}

const GROUPS = groupSlotsByPage(PHOTO_SLOTS);
/** The slots still showing their drawing. */
const toReplace = (photos: Record<string, SlotPhotoView>) => PHOTO_SLOTS.filter((s) => !photos[s.key]).map((s) => s.key);

export default function AdminPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { photos, filter } = loaderData;
  const act = actionData as PhotoActionResult | undefined;
  const withPhoto = PHOTO_SLOTS.filter((s) => photos[s.key]).length;
  // 'Encore à remplacer' lists the slots still drawn when it was chosen: a slot given its photo
  // meanwhile stays in view (its card shows 'Photo' and the toast is said) until the filter changes
  const [shown, setShown] = useState({ filter, keys: toReplace(photos) });
  if (shown.filter !== filter) setShown({ filter, keys: toReplace(photos) });
  const keys = new Set(filter === "to-replace" ? (shown.filter === filter ? shown.keys : toReplace(photos)) : PHOTO_SLOTS.map((s) => s.key));
  const groups = GROUPS.map((g) => ({ ...g, slots: g.slots.filter((s) => keys.has(s.key)) })).filter((g) => g.slots.length > 0);
  return (
    <div className="space-y-8">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold">{T.title}</h1>
        <p className="max-w-3xl text-slate-600">{T.intro}</p>
        <p className="text-sm font-semibold text-navy-900">
          {withPhoto === 0 ? "Aucun emplacement n'a encore de photo" : `${withPhoto} emplacement${withPhoto > 1 ? "s" : ""} sur ${PHOTO_SLOTS.length} avec une photo`}
          {withPhoto === 0 && ` (${PHOTO_SLOTS.length} emplacements)`}
        </p>
        {act && !act.slot && act.message && <p className="field-error">{act.message}</p>}
        <PhotoFilterLinks filter={filter} total={PHOTO_SLOTS.length} toReplace={PHOTO_SLOTS.length - withPhoto} />
        <nav aria-label="Pages du site">
          {/* one row that scrolls sideways on a phone, wrapped from 768 px */}
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 md:mx-0 md:flex-wrap md:overflow-visible md:px-0">
            {GROUPS.filter((g) => groups.some((shownGroup) => shownGroup.page.path === g.page.path)).map((g) => (
              <li key={g.page.path} className="shrink-0">
                <a href={`#${pageAnchor(g.page.path)}`} className="inline-flex min-h-11 shrink-0 items-center whitespace-nowrap rounded-full bg-white px-4 text-sm font-medium text-navy-900 ring-1 ring-inset ring-slate-200 hover:ring-teal-600">
                  {g.page.title}
                  <span className="ml-2 rounded-full bg-slate-100 px-2 text-xs text-slate-600">
                    {g.slots.filter((s) => photos[s.key]).length}/{g.slots.length}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>

      {groups.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center font-medium text-slate-700">Chaque emplacement a sa photo : plus rien à remplacer.</p>
      ) : (
        <PhotoSlotGrid groups={groups} photos={photos} actionData={act} />
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StaffScreenError error={error} path="/admin/photos" title="Les photos du site n'ont pas pu être chargées" text="La base de données n'a pas répondu. Réessayez dans un instant." />
  );
}
