import type { ReactNode } from "react";
import { DEMO_LEGAL_AR } from "~/content/legal";
import { fillNodes } from "~/i18n/fill-nodes";
import type { ClinicWords } from "~/i18n/clinic";
import { DEMO_CLINIC, type Clinic } from "~/lib/clinic";

/** A text staff typed in 'Clinique' in Latin letters, on an Arabic page: its own direction. */
export const Typed = ({ children }: { children: string }) => <bdi>{children}</bdi>;

/** Left to right inside Arabic text: a phone number, an e-mail address, a URL. */
export const Ltr = ({ children }: { children: ReactNode }) => <bdi dir="ltr">{children}</bdi>;

/**
 * The legal facts as the Arabic legal pages write them: each in Arabic while it is the demo's,
 * else as staff typed it (no Arabic field for them in 'Clinique' yet), in <bdi>.
 */
export function legalFactsAr(clinic: Clinic, words: ClinicWords) {
  const { legal } = clinic;
  const d = DEMO_CLINIC.legal;
  const number = /n°\s*(.+)$/.exec(d.registration)?.[1] ?? DEMO_LEGAL_AR.registrationNumber;
  return {
    registration: legal.registration === d.registration ? fillNodes(DEMO_LEGAL_AR.registration, { number }) : <Typed>{legal.registration}</Typed>,
    order: legal.order === d.order ? DEMO_LEGAL_AR.order : <Typed>{legal.order}</Typed>,
    activity: legal.activity === d.activity ? DEMO_LEGAL_AR.activity : <Typed>{legal.activity}</Typed>,
    director: legal.director === clinic.doctor.name ? words.doctorName : <Typed>{legal.director}</Typed>,
    hostName: <Typed>{legal.host.name}</Typed>,
    hostAddress: legal.host.address === d.host.address ? DEMO_LEGAL_AR.hostAddress : <Typed>{legal.host.address}</Typed>,
  };
}
