import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { AppointmentStatus, CancelledBy } from "~/lib/appointment-status";
import type { ActCategory } from "~/lib/acts";
import type { StoredPaymentMode } from "~/lib/payment-schema";
import type { Locale } from "~/i18n/locale";

/** A patient's or a trainee's language: the page's they asked from, or as staff set it (docs/decisions/029-arabic.md). */
export type Language = Locale;

/** Timestamps are ISO-8601 UTC text; booleans are 0/1; money is integer centimes. */
export interface AppointmentsTable {
  id: Generated<number>;
  name: string;
  /** null for a booking taken by phone without an e-mail (the public form requires one) */
  email: string | null;
  phone: string;
  /** the phone's national digits ("550123456"), for the search by number */
  phone_digits: string | null;
  service: string;
  date: string; // YYYY-MM-DD (clinic time zone)
  time: string; // HH:MM
  message: string | null;
  prixtotal: number | null; // centimes
  prixpay: number | null; // centimes
  progress: string | null;
  tips: string | null;
  submission_key: string | null;
  created_at: string;
  /** ~/lib/appointment-status */
  status: Generated<AppointmentStatus>;
  /** the chair it occupies (1-based); null for a row stored before the schedule existed */
  chair: number | null;
  /** minutes, copied from the service's setting when booked (a later change leaves it) */
  duration_minutes: number | null;
  buffer_minutes: number | null;
  /** 1: booked by staff over the schedule's rules (outside hours, a closed day, the past) */
  forced: Generated<number>;
  cancelled_by: CancelledBy | null;
  cancel_reason: string | null;
  updated_at: string | null;
  /** the patient record (app/.server/repos/patients.ts); null once erased or for an old import */
  patient_id: number | null;
  /** the personal link /rdv/<token>: a random salt and the SHA-256 of the token (app/.server/personal-link.ts) */
  link_salt: string | null;
  link_hash: string | null;
  /** when the patient confirmed their presence through the personal link */
  patient_confirmed_at: string | null;
  /** when staff last sent a WhatsApp or SMS reminder (who: the history) */
  reminded_at: string | null;
  /** when the reminder e-mail was queued */
  mail_reminder_at: string | null;
  /** set when the identity was removed (erasure or retention); date, service and amounts stay */
  anonymised_at: string | null;
  /** the language of the page it was made on, or as staff set it (migration 018) */
  language: Generated<Language>;
}

/** One patient: the identity that appointments share (matched by canonical phone and name). */
export interface PatientsTable {
  id: Generated<number>;
  name: string;
  phone: string | null;
  /** "+213550123456", null when the number typed is not a valid one */
  phone_e164: string | null;
  email: string | null;
  notes: string | null;
  /** canonical phone + normalised name; unique among live records, null once merged or erased */
  match_key: string | null;
  /** the normalised name the staff search compares (~/lib/name-key, migration 017); null once erased */
  name_key: Generated<string | null>;
  /** the day of the record's latest appointment, '' when none: the list's order (migration 019, kept by triggers on appointments) */
  last_date: Generated<string>;
  /** the day of its latest appointment marked 'Honoré' (migration 019, kept by triggers) */
  last_visit: Generated<string | null>;
  created_at: string;
  updated_at: string;
  merged_into: number | null;
  erased_at: string | null;
  /** 'Ne plus me rappeler' (migration 014): when, and who ("Patient" or the staff e-mail) */
  recall_opt_out_at: Generated<string | null>;
  recall_opt_out_by: Generated<string | null>;
  /** the language of the page it was made on, or as staff set it (migration 018) */
  language: Generated<Language>;
}

export type PatientEventAction = "created" | "merged" | "merged_into" | "export_json" | "export_csv" | "export_xlsx" | "erased" | "anonymised" | "notes" | "recall_opt_out" | "recall_opt_in" | "language";

/** Who did what to a patient record (append-only): merges, exports, erasure. No patient data. */
export interface PatientEventsTable {
  id: Generated<number>;
  patient_id: number;
  at: string;
  staff_user_id: number | null;
  actor: string;
  action: PatientEventAction;
  detail: string | null;
}

/** The staff-editable texts of the WhatsApp and SMS reminders. */
export interface MessageTemplatesTable {
  key: string;
  body: string;
  updated_at: string;
  updated_by: string | null;
}

/** One 15-minute unit of one chair held by one appointment; the primary key forbids double booking. */
export interface AppointmentSlotsTable {
  chair: number;
  unit_start: string; // "YYYY-MM-DDTHH:MM", clinic wall-clock time
  appointment_id: number;
}

export type WaitlistEntryStatus = "waiting" | "offered" | "booked" | "removed" | "expired";
export type WaitlistOfferStatus = "open" | "claimed" | "taken" | "expired" | "withdrawn";

/** One patient waiting for a slot (issue 31): service, half-days that suit, until a day. */
export interface WaitlistEntriesTable {
  id: Generated<number>;
  patient_id: number | null;
  name: string;
  phone: string;
  email: string | null;
  service: string;
  /** "1am,1pm,3am": ISO weekday (1 = Monday) and half-day (am: before 13:00) */
  wishes: string;
  until_date: string;
  status: WaitlistEntryStatus;
  /** "online" (the public form) or "staff" */
  source: string;
  /** the appointment obtained through an offer */
  appointment_id: number | null;
  submission_key: string | null;
  created_at: string;
  updated_at: string;
  /** the language of the page it was made on, or as staff set it (migration 018) */
  language: Generated<Language>;
}

/** One freed slot offered to one entry, through a personal link (hash of the token at rest). */
export interface WaitlistOffersTable {
  id: Generated<number>;
  entry_id: number;
  freed_appointment_id: number | null;
  service: string;
  date: string;
  time: string;
  chair: number;
  status: WaitlistOfferStatus;
  link_salt: string | null;
  link_hash: string | null;
  expires_at: string;
  appointment_id: number | null;
  created_at: string;
  closed_at: string | null;
}

/** What happened to an appointment, who did it and when (append-only). */
export interface AppointmentHistoryTable {
  id: Generated<number>;
  appointment_id: number;
  at: string;
  /** the staff account, null for the patient (public form, personal link) */
  staff_user_id: number | null;
  /** shown as is: the staff e-mail or "Patient" */
  actor: string;
  action: AppointmentHistoryAction;
  from_status: AppointmentStatus | null;
  to_status: AppointmentStatus | null;
  /** a reason, a move "2026-12-01 09:00 → 2026-12-02 10:30", "hors horaires" */
  detail: string | null;
}

export type AppointmentHistoryAction = "created" | "status" | "moved" | "edited" | "reminded" | "patient_confirmed" | "merged" | "anonymised" | "payment" | "waitlist";

/**
 * One amount collected (ADR 021): integer centimes above 0, its mode, when and on which clinic day,
 * by whom. The appointment's prixpay is raised by the same transaction.
 */
export type PaymentKind = "payment" | "cancellation" | "adjustment";

/**
 * Every amount that moved (ADR 021, ADR 026). `amount` is signed: a payment (> 0, with its receipt
 * number), a cancellation (< 0, reversing one receipt), an adjustment ('ajustement', either sign:
 * a hand edit of 'Prix payé'). An appointment's prixpay is the sum of its entries.
 */
export interface PaymentsTable {
  id: Generated<number>;
  /** null for a payment that belongs to no single visit (a quote, a plan, an account payment) */
  appointment_id: number | null;
  /** the patient record, copied from the appointment; follows merges, null once erased */
  patient_id: number | null;
  quote_id: number | null;
  kind: Generated<PaymentKind>;
  amount: number;
  mode: StoredPaymentMode;
  /** the cheque's number, for mode 'cheque' */
  cheque_number: string | null;
  /** ISO-8601 UTC */
  paid_at: string;
  /** YYYY-MM-DD, the clinic day (Africa/Algiers) of paid_at */
  paid_day: string;
  /** null only for the entries migration 011 wrote */
  taken_by: number | null;
  note: string | null;
  /** 'Reçu n° 2026-000123' of a payment; null for cancellations and adjustments */
  receipt_year: number | null;
  receipt_seq: number | null;
  receipt_no: string | null;
  /** a cancellation: the payment whose receipt it reverses (once) */
  cancels_payment_id: number | null;
  /** a cancellation's or an adjustment's reason */
  reason: string | null;
  created_at: string;
  /** a trainee's payment for an enrolment (migration 015): no patient, no appointment */
  enrollment_id: Generated<number | null>;
}

export interface ActsTable {
  id: Generated<number>;
  code: string;
  label: string;
  /** centimes */
  price: number;
  category: ActCategory;
  active: Generated<number>; // 0/1
  /** 1: from the seeded demo list (go-live checklist) */
  demo: Generated<number>; // 0/1
  created_at: string;
  updated_at: string;
}

/** Numbers without gaps: the last number given per kind and year, taken in the numbered row's transaction. */
export interface MoneyCountersTable {
  kind: "receipt" | "quote";
  year: number;
  last: number;
}

/** A counted table's rows (migration 021: 'appointments'), kept by triggers. */
export interface RowCountsTable {
  name: string;
  n: number;
}

export type QuoteStatus = "draft" | "proposed" | "accepted" | "refused" | "expired";

export interface QuotesTable {
  id: Generated<number>;
  year: number;
  seq: number;
  /** 'Devis n° 2026-0042' */
  number: string;
  patient_id: number | null;
  title: string | null;
  status: Generated<QuoteStatus>;
  /** YYYY-MM-DD: proposed and unanswered after this day, it expires */
  valid_until: string;
  note: string | null;
  /** the overall discount, centimes */
  discount: Generated<number>;
  /** the accepted option's total, else the first option's (app/lib/money.ts quoteTotals) */
  total: Generated<number>;
  link_salt: string | null;
  link_hash: string | null;
  replaces_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  proposed_at: string | null;
  decided_at: string | null;
  accepted_option: string | null;
  accepted_name: string | null;
  accepted_ip: string | null;
  accepted_hash: string | null;
  refusal_reason: string | null;
}

export interface QuoteLinesTable {
  id: Generated<number>;
  quote_id: number;
  position: number;
  phase: string | null;
  /** null: the line belongs to every option */
  option: string | null;
  act_id: number | null;
  label: string;
  /** FDI teeth '11,12,21', or 'arcade-sup' / 'arcade-inf' / 'bouche'; null: none */
  teeth: string | null;
  quantity: number;
  unit_price: number;
  discount: Generated<number>;
  total: number;
}

export interface QuoteEventsTable {
  id: Generated<number>;
  quote_id: number;
  action: string;
  from_status: string | null;
  to_status: string | null;
  actor: "staff" | "patient" | "system";
  staff_user_id: number | null;
  detail: string | null;
  at: string;
}

export interface PaymentPlansTable {
  id: Generated<number>;
  quote_id: number;
  patient_id: number | null;
  total: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface PlanInstalmentsTable {
  id: Generated<number>;
  plan_id: number;
  /** 0: the down payment, then 1..N */
  position: number;
  due_day: string;
  amount: number;
}

export interface CashClosingsTable {
  day: string;
  expected_cash: number;
  counted_cash: number;
  difference: number;
  note: string | null;
  closed_by: number;
  closed_at: string;
}

export interface OpeningHoursTable {
  id: Generated<number>;
  weekday: number; // 0 = Sunday … 6 = Saturday
  opens: string; // HH:MM
  closes: string; // HH:MM
}

export interface ScheduleExceptionsTable {
  id: Generated<number>;
  start_date: string; // YYYY-MM-DD, included
  end_date: string; // YYYY-MM-DD, included
  label: string;
  /** JSON [{"opens":"10:00","closes":"15:00"}]; "[]" = closed */
  ranges: string;
  created_at: string;
}

export interface ServiceSettingsTable {
  service: string;
  duration_minutes: number;
  buffer_minutes: number;
  online: number; // 0/1
  /** the act this service stands for in quotes (migration 011); null: none */
  act_id: Generated<number | null>;
}

/** The recall interval of a booking service (migration 014), in months; null: no recall. */
export interface RecallIntervalsTable {
  service: string;
  months: number | null;
  updated_at: string;
  updated_by: string | null;
}

/** One patient's recall for one service (migration 014): the last honoured visit and the next due day. */
export interface RecallsTable {
  id: Generated<number>;
  patient_id: number;
  service: string;
  visit_date: string;
  appointment_id: number | null;
  due_date: string;
  link_salt: string;
  link_hash: string;
  sent_at: string | null;
  sent_by: string | null;
  sent_channel: "whatsapp" | "sms" | "appel" | null;
  created_at: string;
  updated_at: string;
}

/** One row (id = 1). */
export interface ScheduleSettingsTable {
  id: number;
  min_notice_minutes: number;
  horizon_days: number;
  chairs: number;
  updated_at: string;
  /** the personal link's cancel and move cut-off, hours before the appointment */
  cancel_cutoff_hours: Generated<number>;
  /** the reminder e-mail, hours before the appointment */
  reminder_hours: Generated<number>;
  /** requests never confirmed are anonymised this many months after their day */
  retention_months: Generated<number>;
}

export interface BlogsTable {
  id: Generated<number>;
  title: string;
  content: string;
  image_url: string | null;
  created_at: string;
  updated_at: string | null;
  /** the Arabic version, empty until staff write it (migration 018) */
  title_ar: Generated<string | null>;
  content_ar: Generated<string | null>;
}

export interface FormationsTable {
  id: Generated<number>;
  title: string;
  description: string;
  duration_months: number;
  max_participants: number;
  /** where the sessions take place (migration 012) */
  place: Generated<string>;
  price: number | null; // centimes
  is_active: number; // 0/1
  syllabus: string | null; // JSON text, see app/lib/syllabus.ts
  created_at: string;
  updated_at: string;
  /** the Arabic version, empty until staff write it (migration 018; syllabus_ar: the same JSON as syllabus) */
  title_ar: Generated<string | null>;
  description_ar: Generated<string | null>;
  syllabus_ar: Generated<string | null>;
}

export type EnrollmentStatus = "pending" | "confirmed" | "cancelled" | "completed";

export interface EnrollmentsTable {
  id: Generated<number>;
  formation_id: number | null;
  user_name: string;
  user_surname: string;
  email: string;
  phone: string;
  formation_chosen: string | null;
  enrollment_date: string;
  status: EnrollmentStatus;
  submission_key: string | null;
  /** the dated session (migration 015); null: an enrolment on a formation without sessions, or made before them */
  session_id: Generated<number | null>;
  /** ISO-8601 UTC: 'En attente de paiement' until this moment, then a reminder, then the place is released */
  payment_due_at: Generated<string | null>;
  /** when the payment reminder was queued (once) */
  payment_reminded_at: Generated<string | null>;
  /** when a payment recorded by staff confirmed it (its receipt: payments.enrollment_id) */
  paid_at: Generated<string | null>;
  /** when the unpaid place was given back (status 'cancelled') */
  released_at: Generated<string | null>;
  /** the language of the page it was made on, or as staff set it (migration 018) */
  language: Generated<Language>;
}

/** What staff decide (migration 015); 'complet' and 'terminée' are derived (app/lib/formation-session.ts). */
export type FormationSessionStoredStatus = "open" | "cancelled";

/** A dated session of a formation (issue 31, item 3). */
export interface FormationSessionsTable {
  id: Generated<number>;
  formation_id: number;
  /** YYYY-MM-DD, clinic days */
  start_date: string;
  end_date: string;
  /** HH:MM, the hours of each day */
  day_start: string;
  day_end: string;
  place: string;
  capacity: number;
  /** centimes; null: on request */
  price: number | null;
  status: Generated<FormationSessionStoredStatus>;
  /** the payment deadline, in days after the enrolment */
  payment_days: Generated<number>;
  /** how long a waiting-list offer stays valid */
  offer_hours: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type FormationWaitlistStatus = "waiting" | "offered" | "claimed" | "expired" | "withdrawn";

/** The waiting list of a full session and its offers (issue 31, item 4). */
export interface FormationWaitlistTable {
  id: Generated<number>;
  session_id: number;
  user_name: string;
  user_surname: string;
  email: string;
  phone: string;
  status: Generated<FormationWaitlistStatus>;
  /** the offer link: salt and sha-256 of the token (app/.server/link-tokens.ts), never the token */
  link_salt: string | null;
  link_hash: string | null;
  offered_at: string | null;
  offer_expires_at: string | null;
  claimed_at: string | null;
  enrollment_id: number | null;
  submission_key: string | null;
  created_at: string;
  /** the language of the page it was made on, or as staff set it (migration 018) */
  language: Generated<Language>;
}

export interface StaffUsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  role: string;
  created_at: string;
  updated_at: string;
  display_name: string | null;
  disabled_at: string | null;
  must_change_password: Generated<number>;
  totp_secret: string | null;
  totp_enabled_at: string | null;
  totp_last_step: number | null;
}

export interface SessionsTable {
  id_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string; // absolute limit
  device_label: string | null;
  ip: string | null;
}

export interface StaffRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export interface TrustedDevicesTable {
  id_hash: string;
  user_id: number;
  label: string | null;
  created_at: string;
  last_used_at: string;
  expires_at: string;
}

export interface LoginChallengesTable {
  id_hash: string;
  user_id: number;
  redirect_to: string | null;
  created_at: string;
  expires_at: string;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface TeamSettingsTable {
  id: number;
  require_2fa_all: Generated<number>;
  assistant_can_edit_prices: Generated<number>;
  audit_retention_months: Generated<number>;
  updated_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  staff_user_id: number | null;
  actor: string;
  ip: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  detail: string | null;
  /** the entry's place in the hash chain (1, 2, 3…), its predecessor's hash and its own (app/.server/audit-chain.ts) */
  seq: number;
  prev_hash: string;
  hash: string;
}

/** One row (id 1), updated by each append to the audit log before it reads the chain's end (a lock). */
export interface AuditChainTable {
  id: number;
  appends: Generated<number>;
}

/** Signed places in the audit log's chain (ADR 019). */
export interface AuditCheckpointsTable {
  id: Generated<number>;
  kind: "purge" | "seal";
  seq: number;
  entry_id: number;
  entry_at: string;
  hash: string;
  created_at: string;
  key_id: string;
  mac: string;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: string;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  blocked_until: string | null;
  updated_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body_text: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  body_html: string | null;
  /** JSON [{ filename, contentType, content }] (content as text) */
  attachments: string | null;
  /** "booking_received", "appointment_confirmed", "reminder", … (app/.server/appointment-mail.ts) */
  kind: string | null;
  /** the appointment a patient message is about (erased with the patient's data) */
  appointment_id: number | null;
  /** unique: a message that must go once (a reminder) is queued once, by whichever server */
  dedupe_key: string | null;
  /** not before (the retry backoff) */
  next_attempt_at: string | null;
  /** the worker that claimed the row, until lease_until */
  lease_owner: string | null;
  lease_until: string | null;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

/** One row per clinic day whose daily backup was claimed (app/.server/backup.ts). */
export interface BackupRunsTable {
  day: string; // YYYY-MM-DD (clinic time zone)
  started_at: string;
  finished_at: string | null;
  backup_name: string | null;
}

export interface ClinicSettingsTable {
  id: number;
  /** the clinic's identity as JSON (app/lib/clinic.ts); null: the defaults */
  data: string | null;
  photo_deletion_days: Generated<number>;
  updated_at: string;
}

export interface MediaTable {
  id: string;
  width: number;
  height: number;
  /** "480,960,1600" */
  widths: string;
  created_at: string;
  delete_after: string | null;
  deleted_at: string | null;
}

export interface SitePhotosTable {
  slot: string;
  media_id: string;
  alt: string;
  /** the Arabic alternative text, empty until staff write it (migration 018) */
  alt_ar: Generated<string | null>;
  updated_at: string;
}

export interface GalleryCasesTable {
  id: Generated<number>;
  treatment: string;
  description: string;
  before_media_id: string | null;
  before_alt: string;
  after_media_id: string | null;
  after_alt: string;
  /** the Arabic texts, empty until staff write them (migration 018) */
  description_ar: Generated<string | null>;
  before_alt_ar: Generated<string | null>;
  after_alt_ar: Generated<string | null>;
  /** YYYY-MM-DD */
  consent_date: string;
  consent_scope: "site" | "site_social";
  patient_id: number | null;
  withdrawn_at: string | null;
  position: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ReviewsTable {
  id: Generated<number>;
  name: string;
  /** 1–10 half-stars */
  rating_halves: number;
  comment: string;
  /** YYYY-MM-DD */
  review_date: string;
  published: Generated<number>;
  position: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface Database {
  backup_runs: BackupRunsTable;
  appointments: AppointmentsTable;
  patients: PatientsTable;
  patient_events: PatientEventsTable;
  message_templates: MessageTemplatesTable;
  appointment_slots: AppointmentSlotsTable;
  appointment_history: AppointmentHistoryTable;
  waitlist_entries: WaitlistEntriesTable;
  waitlist_offers: WaitlistOffersTable;
  payments: PaymentsTable;
  acts: ActsTable;
  money_counters: MoneyCountersTable;
  row_counts: RowCountsTable;
  quotes: QuotesTable;
  quote_lines: QuoteLinesTable;
  quote_events: QuoteEventsTable;
  payment_plans: PaymentPlansTable;
  plan_instalments: PlanInstalmentsTable;
  cash_closings: CashClosingsTable;
  opening_hours: OpeningHoursTable;
  schedule_exceptions: ScheduleExceptionsTable;
  service_settings: ServiceSettingsTable;
  recall_intervals: RecallIntervalsTable;
  recalls: RecallsTable;
  schedule_settings: ScheduleSettingsTable;
  blogs: BlogsTable;
  formations: FormationsTable;
  enrollments: EnrollmentsTable;
  formation_sessions: FormationSessionsTable;
  formation_waitlist: FormationWaitlistTable;
  staff_users: StaffUsersTable;
  sessions: SessionsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  trusted_devices: TrustedDevicesTable;
  login_challenges: LoginChallengesTable;
  password_resets: PasswordResetsTable;
  team_settings: TeamSettingsTable;
  audit_log: AuditLogTable;
  audit_chain: AuditChainTable;
  audit_checkpoints: AuditCheckpointsTable;
  rate_limits: RateLimitsTable;
  login_throttle: LoginThrottleTable;
  outbox: OutboxTable;
  clinic_settings: ClinicSettingsTable;
  media: MediaTable;
  site_photos: SitePhotosTable;
  gallery_cases: GalleryCasesTable;
  reviews: ReviewsTable;
  app_meta: AppMetaTable;
  content_version: ContentVersionTable;
  session_attendance: SessionAttendanceTable;
  certificate_counters: CertificateCountersTable;
  certificates: CertificatesTable;
}

/** One participant's presence on one day of a course session (migration 016). */
export interface SessionAttendanceTable {
  session_id: number;
  enrollment_id: number;
  day: string; // YYYY-MM-DD
  present: number; // 0/1
  marked_by: number | null;
  marked_at: string;
}

export interface CertificateCountersTable {
  year: number;
  last: number;
}

/** A certificate of attendance: a copy of what it says (migration 016). */
export interface CertificatesTable {
  id: Generated<number>;
  number: string;
  code: string;
  enrollment_id: number | null;
  session_id: number | null;
  holder: string;
  email: string | null;
  formation_title: string;
  starts_on: string;
  ends_on: string;
  start_time: string;
  end_time: string;
  place: string;
  trainer: string;
  days_present: string; // JSON array of YYYY-MM-DD
  days_held: number;
  issued_at: string;
  issued_by: number | null;
  revoked_at: string | null;
}

export type Appointment = Selectable<AppointmentsTable>;
export type NewAppointment = Insertable<AppointmentsTable>;
export type AppointmentUpdate = Updateable<AppointmentsTable>;
export type AppointmentHistoryEntry = Selectable<AppointmentHistoryTable>;
export type WaitlistEntry = Selectable<WaitlistEntriesTable>;
export type WaitlistOffer = Selectable<WaitlistOffersTable>;
export type Payment = Selectable<PaymentsTable>;
export type Act = Selectable<ActsTable>;
export type Quote = Selectable<QuotesTable>;
export type QuoteLine = Selectable<QuoteLinesTable>;
export type QuoteEvent = Selectable<QuoteEventsTable>;
export type PaymentPlan = Selectable<PaymentPlansTable>;
export type PlanInstalment = Selectable<PlanInstalmentsTable>;
export type CashClosing = Selectable<CashClosingsTable>;
export type Patient = Selectable<PatientsTable>;
export type PatientEvent = Selectable<PatientEventsTable>;
export type Blog = Selectable<BlogsTable>;
export type FormationRow = Selectable<FormationsTable>;
export type Enrollment = Selectable<EnrollmentsTable>;
export type FormationSessionRow = Selectable<FormationSessionsTable>;
export type FormationWaitlistRow = Selectable<FormationWaitlistTable>;
export type StaffUser = Selectable<StaffUsersTable>;
export type AuditEntry = Selectable<AuditLogTable>;
export type TeamSettings = Selectable<TeamSettingsTable>;
export type MediaRow = Selectable<MediaTable>;
export type GalleryCaseRow = Selectable<GalleryCasesTable>;
export type ReviewRow = Selectable<ReviewsTable>;

/**
 * One row (id 1): a counter the database itself raises, by trigger, with every committed change to
 * a table that a public page shows (migration 007, PUBLIC_CONTENT_TABLES). The page cache serves a
 * stored page only while the counter is the one it was rendered at.
 */
export interface ContentVersionTable {
  id: number;
  version: number;
}
