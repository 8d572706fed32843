import { formatDayFull, formatTime } from "./format";

/**
 * A certificate of attendance ('Attestation de présence', issue 31): what it says, the same on the
 * PDF, in the e-mail and on its public verification page (/attestation/<code>). Everything is a
 * copy taken when the certificate is issued, so a formation renamed or a session moved later never
 * changes a certificate already given.
 */
export interface CertificateView {
  /** 'Attestation n° 2026-0007' → "2026-0007" */
  number: string;
  /** the verification code of /attestation/<code> */
  code: string;
  holder: string;
  formationTitle: string;
  /** the session's first and last days, "YYYY-MM-DD" */
  startsOn: string;
  endsOn: string;
  startTime: string;
  endTime: string;
  place: string;
  trainer: string;
  /** the days the participant was marked present, "YYYY-MM-DD", in order */
  daysPresent: string[];
  /** the days attendance was taken for the session */
  daysHeld: number;
  /** ISO time of issue */
  issuedAt: string;
  /** set when the clinic withdrew it */
  revokedAt: string | null;
}

/** The verification code's alphabet: no 0/O, 1/I/L, so it can be read aloud or typed from paper. */
export const CERTIFICATE_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CERTIFICATE_CODE_LENGTH = 12;

/** A well-formed code (upper case, the alphabet above): anything else is answered 404 without a query. */
export function isCertificateCode(code: string): boolean {
  return code.length === CERTIFICATE_CODE_LENGTH && [...code].every((c) => CERTIFICATE_CODE_ALPHABET.includes(c));
}

/** "ABCD-EFGH-JKMN": the code in groups of four, as it is printed. */
export function groupCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** A typed code ("abcd efgh-jkmn") back to its stored form. */
export function normaliseCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "");
}

export function certificatePath(code: string): string {
  return `/attestation/${code}`;
}

/** 'du lundi 5 janvier 2026 au vendredi 9 janvier 2026', or 'le lundi 5 janvier 2026' for one day. */
export function certificatePeriod(v: Pick<CertificateView, "startsOn" | "endsOn">): string {
  return v.startsOn === v.endsOn ? `le ${formatDayFull(v.startsOn)}` : `du ${formatDayFull(v.startsOn)} au ${formatDayFull(v.endsOn)}`;
}

/** '3 journées sur 3' / '1 journée sur 2'. */
export function attendanceLabel(v: Pick<CertificateView, "daysPresent" | "daysHeld">): string {
  const n = v.daysPresent.length;
  return `${n} journée${n > 1 ? "s" : ""} sur ${v.daysHeld}`;
}

/** The certificate's body, as sentences (the PDF, the e-mail and the verification page say the same). */
export function certificateSentences(v: CertificateView, clinicName: string): string[] {
  return [
    `${v.trainer}, formateur, et la ${clinicName} attestent que ${v.holder} a suivi la formation « ${v.formationTitle} » ${certificatePeriod(v)}, de ${formatTime(v.startTime)} à ${formatTime(v.endTime)}, à ${v.place}.`,
    `Présence : ${attendanceLabel(v)}.`,
  ];
}
