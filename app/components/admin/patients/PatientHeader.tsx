import { ArrowLeft, Mail, MessageCircle, Phone, UserRound, ListOrdered } from "~/components/admin/icons";
import { Link } from "react-router";
import { formatDateTime } from "~/lib/format";
import { LanguageForm } from "./LanguageForm";
import type { PatientHeaderView } from "./types";

const LINK =
  "inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg bg-white px-3 text-sm font-semibold text-navy-900 ring-1 ring-inset ring-slate-300 transition hover:bg-slate-50 focus-visible:outline-offset-2";

/**
 * The top of a patient record: back to the list, the name, the record's number and age, the
 * contacts with one-tap 'Appeler' (tel:), 'WhatsApp' (wa.me, the number in international form)
 * and 'E-mail', and the records merged into this one.
 */
export function PatientHeader({ patient, merged }: { patient: PatientHeaderView; merged: { id: number }[] }) {
  return (
    <header className="space-y-4">
      <Link to="/admin/patients" className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-teal-700 hover:text-navy-900">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        Tous les patients
      </Link>
      <div className="flex flex-wrap items-start gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <span className="hidden h-14 w-14 shrink-0 items-center justify-center rounded-2xl bg-teal-50 text-teal-700 sm:flex">
          <UserRound aria-hidden className="h-7 w-7" />
        </span>
        <div className="min-w-0 flex-1 space-y-3">
          <div>
            <h1 className="break-words text-2xl font-bold text-navy-900 md:text-3xl">{patient.name}</h1>
            <p className="mt-1 text-sm text-slate-600">
              Dossier n° {patient.id} · créé le {formatDateTime(patient.createdAt)}
              {merged.length > 0 && <> · regroupe aussi {merged.map((m) => `n° ${m.id}`).join(", ")}</>}
            </p>
          </div>
          {!patient.erasedAt && (
            <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
              <dt className="text-slate-500">Téléphone</dt>
              <dd className="font-medium text-navy-900">{patient.phoneDisplay ?? <span className="font-normal text-slate-500">Non renseigné</span>}</dd>
              <dt className="text-slate-500">E-mail</dt>
              <dd className="min-w-0 break-all font-medium text-navy-900">
                {patient.email ?? <span className="font-normal text-slate-500">Non renseigné</span>}
              </dd>
              <dt className="self-center text-slate-500">Langue des messages</dt>
              <dd>
                <LanguageForm patientId={patient.id} language={patient.language} />
              </dd>
            </dl>
          )}
          {!patient.erasedAt && (
            <Link to={`/admin/liste-attente?patient=${patient.id}`} className={LINK}>
              <ListOrdered aria-hidden className="h-4 w-4 text-teal-600" />
              Ajouter à la liste d'attente
            </Link>
          )}
          {!patient.erasedAt && (
            <div className="flex flex-wrap gap-2" role="group" aria-label={`Contacter ${patient.name}`}>
              {patient.telHref && (
                <a href={patient.telHref} className={LINK} aria-label={`Appeler ${patient.name} au ${patient.phoneDisplay ?? ""}`}>
                  <Phone aria-hidden className="h-4 w-4 text-teal-600" />
                  Appeler
                </a>
              )}
              {patient.whatsappHref && (
                <a href={patient.whatsappHref} target="_blank" rel="noopener noreferrer" className={LINK} aria-label={`Écrire à ${patient.name} sur WhatsApp`}>
                  <MessageCircle aria-hidden className="h-4 w-4 text-emerald-700" />
                  WhatsApp
                </a>
              )}
              {patient.email && (
                <a href={`mailto:${patient.email}`} className={LINK} aria-label={`Écrire à ${patient.name} par e-mail`}>
                  <Mail aria-hidden className="h-4 w-4 text-navy-700" />
                  E-mail
                </a>
              )}
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
