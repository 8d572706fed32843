import { MonitorSmartphone } from "~/components/admin/icons";
import { Form, useNavigation } from "react-router";
import { formatDateTime } from "~/lib/format";
import { Section } from "./Section";
import type { SessionView } from "~/lib/account-view";

/** 'Sessions actives': where this account is signed in now; the others can be closed at once. */
export function SessionsSection({ sessions }: { sessions: SessionView[] }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "sessions-end-others";
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Section id="sessions" icon={MonitorSmartphone} title="Sessions actives">
      <p className="mt-3 text-sm text-slate-600">
        Les navigateurs où votre compte est ouvert en ce moment. Une session se ferme seule après 30 minutes sans activité, et au plus tard 12 heures après la
        connexion.
      </p>
      <ul className="mt-5 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
        {sessions.map((s, i) => (
          <li key={i} className="p-4">
            <p className="font-semibold text-navy-900">
              {s.label}
              {s.current && <span className="ml-2 rounded-full bg-teal-50 px-2 py-0.5 text-xs font-semibold text-teal-800 ring-1 ring-teal-200">Cette session</span>}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {s.ip ? `Adresse IP ${s.ip} · ` : ""}ouverte le {formatDateTime(s.createdAt)} · dernière activité le {formatDateTime(s.lastSeenAt)}
            </p>
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="sessions-end-others" />
          <button type="submit" className="btn-primary" disabled={busy}>
            Fermer les autres sessions ({others})
          </button>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-slate-600">Aucune autre session ouverte.</p>
      )}
    </Section>
  );
}
