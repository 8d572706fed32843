import { STATUS_LABELS } from "~/lib/appointment-status";
import { balanceDue } from "~/lib/money";
import { todayInClinic } from "~/lib/clinic-time";
import { toCsv, type CsvCell } from "../csv";
import { toXlsx, XLSX_CONTENT_TYPE, type XlsxKind, type XlsxValue } from "../xlsx";
import type { Db } from "../db";
import { auditStaff } from "../audit";
import { writeTransaction } from "../db";
import type { Actor } from "../actor";
import { addEvent, lockedPatient, stateOf } from "./patients";

/** A record's export, law 18-07 right of access: JSON, CSV or XLSX, written in the record's history. */

// ---- export (law 18-07: access) ---------------------------------------------------------------------

export type ExportFormat = "json" | "csv" | "xlsx";

export interface PatientExport<Body extends string | Uint8Array<ArrayBuffer> = string | Uint8Array<ArrayBuffer>> {
  fileName: string;
  contentType: string;
  body: Body;
}

/** The record's event of each export. */
const EXPORT_EVENTS = { json: "export_json", csv: "export_csv", xlsx: "export_xlsx" } as const satisfies Record<ExportFormat, string>;
const EXPORT_LABELS: Record<ExportFormat, string> = { json: "JSON", csv: "CSV", xlsx: "XLSX" };

const da = (centimes: number | null) => (centimes === null ? null : Number(centimes) / 100);

/**
 * Everything held on a live record: the record, its appointments with their history, the staff
 * notes, the record's events and the e-mails about its appointments (address, subject, kind,
 * status, dates; not their bodies, which repeat the appointment). The export is recorded in the
 * record's events (who, when) in the same transaction, before the file is returned; so the file
 * lists its own export. Undefined for an unknown, merged or erased record. The link's salt and
 * hash are keys, not data about the person: left out.
 */
export async function exportPatient(h: Db, id: number, actor: Actor, format: "json" | "csv", now?: Date): Promise<PatientExport<string> | undefined>;
export async function exportPatient(h: Db, id: number, actor: Actor, format: "xlsx", now?: Date): Promise<PatientExport<Uint8Array<ArrayBuffer>> | undefined>;
export async function exportPatient(h: Db, id: number, actor: Actor, format: ExportFormat, now?: Date): Promise<PatientExport | undefined>;
export async function exportPatient(h: Db, id: number, actor: Actor, format: ExportFormat, now: Date = new Date()): Promise<PatientExport | undefined> {
  const data = await writeTransaction(h, async (trx) => {
    const row = await lockedPatient(trx, h.engine, id);
    if (stateOf(row)) return undefined;
    await addEvent(trx, id, actor, EXPORT_EVENTS[format], null, now.toISOString());
    await auditStaff(trx, actor, { action: "patient.export", targetType: "patient", targetId: id, detail: EXPORT_LABELS[format] });
    const appointments = await trx.selectFrom("appointments").selectAll().where("patient_id", "=", id).orderBy("date").orderBy("time").orderBy("id").execute();
    const ids = appointments.map((a) => Number(a.id));
    const [history, events, messages] = await Promise.all([
      ids.length
        ? trx.selectFrom("appointment_history").selectAll().where("appointment_id", "in", ids).orderBy("appointment_id").orderBy("id").execute()
        : Promise.resolve([]),
      trx.selectFrom("patient_events").selectAll().where("patient_id", "=", id).orderBy("id").execute(),
      ids.length
        ? trx
            .selectFrom("outbox")
            .select(["id", "appointment_id", "to_address", "subject", "kind", "status", "created_at", "sent_at"])
            .where("appointment_id", "in", ids)
            .orderBy("id")
            .execute()
        : Promise.resolve([]),
    ]);
    return { row: row!, appointments, history, events, messages };
  });
  if (!data) return undefined;
  const { row, appointments, history, events, messages } = data;
  const document = {
    export: {
      fait_le: now.toISOString(),
      par: actor.label,
      cadre: "Loi n° 18-07 du 10 juin 2018 (protection des données à caractère personnel) : droit d'accès",
      montants: "en DA",
    },
    patient: {
      numero: Number(row.id),
      nom: row.name,
      telephone: row.phone,
      telephone_e164: row.phone_e164,
      email: row.email,
      cree_le: row.created_at,
      modifie_le: row.updated_at,
    },
    notes_equipe: row.notes,
    rendez_vous: appointments.map((a) => ({
      numero: Number(a.id),
      date: a.date,
      heure: a.time,
      soin: a.service,
      statut: STATUS_LABELS[a.status] ?? a.status,
      nom: a.name,
      telephone: a.phone,
      email: a.email,
      message: a.message,
      prix_total: da(a.prixtotal),
      prix_paye: da(a.prixpay),
      reste_a_payer: da(
        balanceDue({ prixtotal: a.prixtotal === null ? null : Number(a.prixtotal), prixpay: a.prixpay === null ? null : Number(a.prixpay), status: a.status }),
      ),
      avancement: a.progress,
      remarques: a.tips,
      annule_par: a.cancelled_by,
      motif_annulation: a.cancel_reason,
      duree_minutes: a.duration_minutes === null ? null : Number(a.duration_minutes),
      fauteuil: a.chair === null ? null : Number(a.chair),
      presence_confirmee_le: a.patient_confirmed_at,
      rappel_le: a.reminded_at,
      rappel_email_le: a.mail_reminder_at,
      cree_le: a.created_at,
      modifie_le: a.updated_at,
      historique: history
        .filter((e) => Number(e.appointment_id) === Number(a.id))
        .map((e) => ({ le: e.at, par: e.actor, action: e.action, de: e.from_status, vers: e.to_status, detail: e.detail })),
    })),
    messages: messages.map((m) => ({
      rendez_vous: Number(m.appointment_id),
      destinataire: m.to_address,
      objet: m.subject,
      type: m.kind,
      etat: m.status,
      cree_le: m.created_at,
      envoye_le: m.sent_at,
    })),
    evenements_du_dossier: events.map((e) => ({ le: e.at, par: e.actor, action: e.action, detail: e.detail })),
  };
  const stamp = todayInClinic(now);
  if (format === "json") {
    return { fileName: `patient-${id}-donnees-${stamp}.json`, contentType: "application/json; charset=utf-8", body: `${JSON.stringify(document, null, 2)}\n` };
  }
  if (format === "xlsx") {
    return { fileName: `patient-${id}-donnees-${stamp}.xlsx`, contentType: XLSX_CONTENT_TYPE, body: await exportXlsx(document) };
  }
  return { fileName: `patient-${id}-donnees-${stamp}.csv`, contentType: "text/csv; charset=utf-8", body: exportCsv(document) };
}

export const PATIENT_CSV_HEADER = ["Rubrique", "Référence", "Champ", "Valeur"];

/** The JSON document as one table: one line per value (section, item, field, value). */
function exportCsv(document: Record<string, unknown>): string {
  const rows: CsvCell[][] = [];
  const cell = (v: unknown): CsvCell => (v === null || v === undefined ? "" : typeof v === "number" ? v : String(v));
  const flat = (section: string, ref: string, obj: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(obj)) {
      if (Array.isArray(v)) continue;
      rows.push([section, ref, k, cell(v)]);
    }
  };
  const d = document as {
    export: Record<string, unknown>;
    patient: Record<string, unknown>;
    notes_equipe: string | null;
    rendez_vous: (Record<string, unknown> & { numero: number; historique: Record<string, unknown>[] })[];
    messages: Record<string, unknown>[];
    evenements_du_dossier: Record<string, unknown>[];
  };
  flat("Export", "", d.export);
  flat("Patient", `#${String(d.patient.numero)}`, d.patient);
  rows.push(["Notes de l'équipe", "", "notes", cell(d.notes_equipe)]);
  for (const a of d.rendez_vous) {
    flat("Rendez-vous", `RDV #${a.numero}`, a);
    a.historique.forEach((e, i) => flat("Historique", `RDV #${a.numero} / ${i + 1}`, e));
  }
  d.messages.forEach((m, i) => flat("E-mails", `${i + 1}`, m));
  d.evenements_du_dossier.forEach((e, i) => flat("Événements du dossier", `${i + 1}`, e));
  return toCsv(PATIENT_CSV_HEADER, rows);
}

const PATIENT_FIELDS: Record<string, [string, XlsxKind]> = {
  fait_le: ["Export fait le", "datetime"],
  par: ["Par", "text"],
  cadre: ["Cadre", "text"],
  montants: ["Montants", "text"],
  numero: ["Dossier n°", "integer"],
  nom: ["Nom", "text"],
  telephone: ["Téléphone", "text"],
  telephone_e164: ["Téléphone (format international)", "text"],
  email: ["E-mail", "text"],
  cree_le: ["Créé le", "datetime"],
  modifie_le: ["Modifié le", "datetime"],
};

const APPOINTMENT_COLUMNS: [key: string, header: string, kind: XlsxKind, width: number][] = [
  ["numero", "RDV n°", "integer", 8],
  ["date", "Date", "date", 12],
  ["heure", "Heure", "text", 8],
  ["soin", "Soin", "text", 22],
  ["statut", "Statut", "text", 14],
  ["nom", "Nom", "text", 22],
  ["telephone", "Téléphone", "text", 16],
  ["email", "E-mail", "text", 28],
  ["message", "Message", "text", 40],
  ["prix_total", "Prix total", "amount", 14],
  ["prix_paye", "Payé", "amount", 14],
  ["reste_a_payer", "Reste à payer", "amount", 14],
  ["avancement", "Avancement", "text", 30],
  ["remarques", "Conseils et remarques", "text", 30],
  ["annule_par", "Annulé par", "text", 12],
  ["motif_annulation", "Motif d'annulation", "text", 30],
  ["duree_minutes", "Durée (min)", "integer", 11],
  ["fauteuil", "Fauteuil", "integer", 9],
  ["presence_confirmee_le", "Présence confirmée le", "datetime", 18],
  ["rappel_le", "Rappel le", "datetime", 18],
  ["rappel_email_le", "Rappel e-mail le", "datetime", 18],
  ["cree_le", "Créé le", "datetime", 18],
  ["modifie_le", "Modifié le", "datetime", 18],
];

type Doc = Record<string, unknown>;
const value = (v: unknown): XlsxValue => (v === null || v === undefined ? null : typeof v === "number" ? v : String(v));

/**
 * The same document as an Excel workbook: 'Patient' (field, value), 'Rendez-vous' (one line per
 * appointment, dates as dates, amounts in DA as numbers), 'Historique', 'E-mails' and 'Journal du
 * dossier'.
 */
function exportXlsx(document: Doc): Promise<Uint8Array<ArrayBuffer>> {
  const d = document as { export: Doc; patient: Doc; notes_equipe: string | null; rendez_vous: (Doc & { numero: number; historique: Doc[] })[]; messages: Doc[]; evenements_du_dossier: Doc[] };
  const fields = (obj: Doc) => Object.entries(obj).map(([k, v]) => [PATIENT_FIELDS[k]?.[0] ?? k, { kind: PATIENT_FIELDS[k]?.[1] ?? "text", value: value(v) }] as XlsxValue[]);
  const pick = (obj: Doc, keys: string[]) => keys.map((k) => value(obj[k]));
  return toXlsx([
    {
      name: "Patient",
      columns: [
        { header: "Champ", kind: "text", width: 30 },
        { header: "Valeur", kind: "text", width: 60 },
      ],
      rows: [...fields(d.export), ...fields(d.patient), ["Notes de l'équipe", d.notes_equipe]],
    },
    {
      name: "Rendez-vous",
      columns: APPOINTMENT_COLUMNS.map(([, header, kind, width]) => ({ header, kind, width })),
      rows: d.rendez_vous.map((a) => pick(a, APPOINTMENT_COLUMNS.map(([k]) => k))),
    },
    {
      name: "Historique",
      columns: [
        { header: "RDV n°", kind: "integer", width: 8 },
        { header: "Le", kind: "datetime", width: 18 },
        { header: "Par", kind: "text", width: 28 },
        { header: "Action", kind: "text", width: 16 },
        { header: "De", kind: "text", width: 14 },
        { header: "Vers", kind: "text", width: 14 },
        { header: "Détail", kind: "text", width: 40 },
      ],
      rows: d.rendez_vous.flatMap((a) => a.historique.map((e) => [a.numero, ...pick(e, ["le", "par", "action", "de", "vers", "detail"])])),
    },
    {
      name: "E-mails",
      columns: [
        { header: "RDV n°", kind: "integer", width: 8 },
        { header: "Destinataire", kind: "text", width: 28 },
        { header: "Objet", kind: "text", width: 40 },
        { header: "Type", kind: "text", width: 20 },
        { header: "État", kind: "text", width: 10 },
        { header: "Créé le", kind: "datetime", width: 18 },
        { header: "Envoyé le", kind: "datetime", width: 18 },
      ],
      rows: d.messages.map((m) => pick(m, ["rendez_vous", "destinataire", "objet", "type", "etat", "cree_le", "envoye_le"])),
    },
    {
      name: "Journal du dossier",
      columns: [
        { header: "Le", kind: "datetime", width: 18 },
        { header: "Par", kind: "text", width: 28 },
        { header: "Action", kind: "text", width: 16 },
        { header: "Détail", kind: "text", width: 40 },
      ],
      rows: d.evenements_du_dossier.map((e) => pick(e, ["le", "par", "action", "detail"])),
    },
  ]);
}
