/** What the patient's own page shows of their money (app/components/rdv/AccountSection.tsx; issue 29). */
export interface RdvAccount {
  quotes: { number: string; total: number; status: string; validUntil: string; href: string }[];
  /** what remains to pay; null when nothing was ever billed */
  balance: number | null;
  nextInstalment: { day: string; amount: number } | null;
}
