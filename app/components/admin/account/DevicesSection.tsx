import { Laptop } from "~/components/admin/icons";
import { Form } from "react-router";
import { formatDateTime, formatLongDate } from "~/lib/format";
import { Section } from "./Section";
import type { DeviceView } from "~/lib/account-view";

const FORGET =
  "inline-flex min-h-11 items-center justify-center rounded-full px-4 text-sm font-semibold text-red-700 ring-1 ring-inset ring-red-200 hover:bg-red-50";

/** 'Appareils de confiance': the browsers where the code is not asked (30 days), each to forget. */
export function DevicesSection({ devices }: { devices: DeviceView[] }) {
  return (
    <Section id="appareils" icon={Laptop} title="Appareils de confiance">
      <p className="mt-3 text-sm text-slate-600">
        Sur ces navigateurs, le code n'est pas demandé pendant 30 jours (case « Se souvenir de cet appareil » cochée à la connexion). Oubliez un appareil perdu,
        vendu ou partagé : le code y sera de nouveau demandé.
      </p>
      {devices.length === 0 ? (
        <p className="mt-5 rounded-lg bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-slate-200">Aucun appareil de confiance pour le moment.</p>
      ) : (
        <>
          <ul className="mt-5 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
            {devices.map((d) => (
              <li key={d.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-semibold text-navy-900">
                    {d.label}
                    {d.current && <span className="ml-2 rounded-full bg-teal-50 px-2 py-0.5 text-xs font-semibold text-teal-800 ring-1 ring-teal-200">Cet appareil</span>}
                  </p>
                  <p className="mt-1 text-sm text-slate-600">
                    Ajouté le {formatLongDate(d.createdAt)} · dernière utilisation le {formatDateTime(d.lastUsedAt)} · jusqu'au {formatLongDate(d.expiresAt)}
                  </p>
                </div>
                <Form method="post" className="shrink-0">
                  <input type="hidden" name="intent" value="device-forget" />
                  <input type="hidden" name="device" value={d.id} />
                  <button type="submit" className={FORGET} aria-label={`Oublier cet appareil : ${d.label}, ajouté le ${formatLongDate(d.createdAt)}`}>
                    Oublier cet appareil
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          {devices.length > 1 && (
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="devices-forget-all" />
              <button type="submit" className={FORGET}>
                Oublier tous les appareils
              </button>
            </Form>
          )}
        </>
      )}
    </Section>
  );
}
