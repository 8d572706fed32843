import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/** Timestamps are ISO-8601 UTC text; booleans are 0/1; money is integer centimes. */
export interface AppointmentsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
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
}

export interface BlogsTable {
  id: Generated<number>;
  title: string;
  content: string;
  image_url: string | null;
  created_at: string;
  updated_at: string | null;
}

export interface FormationsTable {
  id: Generated<number>;
  title: string;
  description: string;
  duration_months: number;
  max_participants: number;
  price: number | null; // centimes
  is_active: number; // 0/1
  syllabus: string | null; // JSON text, see app/lib/syllabus.ts
  created_at: string;
  updated_at: string;
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
}

export interface StaffUsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  role: string;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string; // absolute limit
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

export interface Database {
  backup_runs: BackupRunsTable;
  appointments: AppointmentsTable;
  blogs: BlogsTable;
  formations: FormationsTable;
  enrollments: EnrollmentsTable;
  staff_users: StaffUsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  login_throttle: LoginThrottleTable;
  outbox: OutboxTable;
  app_meta: AppMetaTable;
}

export type Appointment = Selectable<AppointmentsTable>;
export type NewAppointment = Insertable<AppointmentsTable>;
export type AppointmentUpdate = Updateable<AppointmentsTable>;
export type Blog = Selectable<BlogsTable>;
export type FormationRow = Selectable<FormationsTable>;
export type Enrollment = Selectable<EnrollmentsTable>;
export type StaffUser = Selectable<StaffUsersTable>;
