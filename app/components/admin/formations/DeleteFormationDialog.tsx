import { Trash2 } from "~/components/admin/icons";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useToast } from "~/components/toaster";
import { Dialog } from "~/components/ui/Dialog";
import type { FormationAdminItem } from "~/lib/formation";
import { ADMIN_FORMATION_TEXTS, type FormationActionResult } from "./admin-formations";

/** 'Supprimer la formation': the confirmation, then the toast of the action's result. */
export function DeleteFormationDialog({ formation, onClose }: { formation: FormationAdminItem | null; onClose: () => void }) {
  const fetcher = useFetcher<FormationActionResult>();
  useToast(fetcher.data?.toast);
  useEffect(() => {
    if (fetcher.data?.ok) onClose();
  }, [fetcher.data, onClose]);

  return (
    <Dialog open={Boolean(formation)} onClose={onClose} title="Supprimer la formation">
      <p className="font-medium text-navy-900">{ADMIN_FORMATION_TEXTS.confirmDelete}</p>
      {formation && (
        <p className="mt-2 text-sm text-slate-600">
          « {formation.title} » sera retirée du site. Ses inscriptions sont conservées, avec le titre de la formation, dans « Inscriptions sans session ».
        </p>
      )}
      <fetcher.Form method="post" action="/admin/formations" className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={formation?.id ?? ""} />
        <button type="button" onClick={onClose} className="btn border border-slate-300 text-slate-700 hover:bg-slate-50">
          Annuler
        </button>
        <button type="submit" disabled={fetcher.state !== "idle" || !formation} className="btn bg-red-700 text-white hover:bg-red-800">
          <Trash2 aria-hidden className="h-4 w-4" />
          Supprimer
        </button>
      </fetcher.Form>
    </Dialog>
  );
}
