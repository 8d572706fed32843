import { FieldError, FieldShell, fieldIds } from "~/components/booking/fields";
import { SERVICES } from "~/lib/services";
import { HALF_DAYS, WEEKDAYS } from "~/lib/waitlist";
import { isoWeekdayAr } from "~/lib/waitlist-ar";
import { serviceName } from "~/lib/service-names";

/**
 * The fields of a waiting-list entry (issue 31, item 1), the same for the public form
 * (/liste-attente, plain HTML posted by the browser) and the staff one (/admin/liste-attente):
 * service, the half-days that suit (a checkbox per weekday and half-day, 44 px targets), until
 * when, name, phone, e-mail (optional). Every value posted comes back after a refusal.
 */

export interface WaitlistValues {
  service?: string;
  wishes?: string[];
  until?: string;
  name?: string;
  phone?: string;
  email?: string;
}

export type WaitlistErrors = Record<string, string[] | undefined>;

/** The fields' French texts (fr.ts `waitlistJoin` has the same; the Arabic page gives its own). */
export const WAITLIST_FIELD_TEXTS = {
  service: "Service",
  chooseService: "Choisir un service",
  wishes: "Les demi-journées qui vous conviennent",
  morning: "Matin",
  afternoon: "Après-midi",
  until: "Jusqu'à quand attendez-vous ?",
  untilHint: "Après ce jour, vous quittez la liste.",
  name: "Nom complet",
  phone: "Téléphone",
  phoneHint: "Nous vous écrivons par WhatsApp ou SMS quand un créneau se libère.",
  email: "E-mail",
  optional: "(facultatif)",
};
export type WaitlistFieldTexts = typeof WAITLIST_FIELD_TEXTS;

export function WaitlistFields({
  form,
  values = {},
  errors = {},
  minDate,
  maxDate,
  texts: T = WAITLIST_FIELD_TEXTS,
  locale = "fr",
}: {
  form: string;
  values?: WaitlistValues;
  errors?: WaitlistErrors;
  minDate: string;
  maxDate: string;
  /** the public page's language (/ar/liste-attente, issue 32): its texts, the services' and weekdays' names */
  texts?: WaitlistFieldTexts;
  locale?: "fr" | "ar";
}) {
  const dayLabel = (d: (typeof WEEKDAYS)[number]) => (locale === "ar" ? isoWeekdayAr(d.n) : d.label);
  const half = (h: (typeof HALF_DAYS)[number]) => (h.key === "am" ? T.morning : T.afternoon);
  const err = (name: string) => errors[name]?.[0];
  const f = (name: string, hint?: boolean) => fieldIds(form, name, err(name), hint);
  const wishes = new Set(values.wishes ?? []);
  const w = f("wishes");
  return (
    <div className="grid gap-5">
      <FieldShell id={f("service").id} label={T.service} required error={err("service")}>
        <select id={f("service").id} name="service" defaultValue={values.service ?? ""} className="field-input" required {...f("service").aria}>
          <option value="">{T.chooseService}</option>
          {SERVICES.map((s) => (
            <option key={s} value={s}>
              {locale === "ar" ? serviceName("ar", s) : s}
            </option>
          ))}
        </select>
      </FieldShell>
      <fieldset aria-describedby={w.aria["aria-describedby"]} aria-invalid={w.aria["aria-invalid"]}>
        <legend className="field-label">
          {T.wishes}
          <span className="ms-0.5 text-red-700" aria-hidden>
            *
          </span>
        </legend>
        <div className="mt-2 grid gap-2">
          {WEEKDAYS.map((d) => (
            <div key={d.n} className="grid grid-cols-[5.25rem_1fr_1fr] items-center gap-1.5">
              <span className="text-sm font-semibold text-slate-700">{dayLabel(d)}</span>
              {HALF_DAYS.map((h) => {
                const key = `${d.n}${h.key}`;
                return (
                  <label key={key} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 ring-1 ring-slate-300 has-[:checked]:bg-teal-50 has-[:checked]:ring-teal-600">
                    <input type="checkbox" name="wishes" value={key} defaultChecked={wishes.has(key)} className="h-5 w-5 accent-teal-700" />
                    <span className="text-sm">
                      {half(h)}
                      <span className="sr-only"> ({locale === "ar" ? dayLabel(d) : d.label.toLowerCase()})</span>
                    </span>
                  </label>
                );
              })}
            </div>
          ))}
        </div>
        <FieldError id={w.errorId} error={err("wishes")} />
      </fieldset>
      <FieldShell id={f("until", true).id} label={T.until} required hint={T.untilHint} error={err("until")}>
        <input id={f("until").id} type="date" name="until" min={minDate} max={maxDate} defaultValue={values.until ?? ""} className="field-input" required {...f("until", true).aria} />
      </FieldShell>
      <FieldShell id={f("name").id} label={T.name} required error={err("name")}>
        <input id={f("name").id} name="name" autoComplete="name" maxLength={120} defaultValue={values.name ?? ""} className="field-input" required {...f("name").aria} />
      </FieldShell>
      <FieldShell id={f("phone", true).id} label={T.phone} required hint={T.phoneHint} error={err("phone")}>
        <input id={f("phone").id} type="tel" name="phone" autoComplete="tel" maxLength={30} defaultValue={values.phone ?? ""} className="field-input" required {...f("phone", true).aria} />
      </FieldShell>
      <FieldShell id={f("email").id} label={T.email} optional optionalLabel={T.optional} error={err("email")}>
        <input id={f("email").id} type="email" name="email" autoComplete="email" maxLength={254} defaultValue={values.email ?? ""} className="field-input" {...f("email").aria} />
      </FieldShell>
    </div>
  );
}
