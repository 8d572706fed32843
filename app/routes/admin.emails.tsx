import { Mail, MailWarning } from "~/components/admin/icons";
import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/admin.emails";
import { guarded, intentOf, readForm } from "~/.server/admin-action";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { flushOutbox, MAX_ATTEMPTS } from "~/.server/mail";
import { smtpConfigured } from "~/.server/mail-status";
import { staffActor } from "~/.server/actor";
import { listOutbox, outboxCounts, retryOutboxMessage } from "~/.server/repos/outbox";
import { getStaff } from "~/.server/staff-guard";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { AppointmentPagination } from "~/components/admin/appointments/AppointmentPagination";
import { OUTBOX_FILTERS, OUTBOX_PATH, OUTBOX_TEXTS, paramOfStatus, plural, statusOfParam } from "~/components/admin/outbox/labels";
import { OutboxList, type OutboxActionResult } from "~/components/admin/outbox/OutboxList";
import { makeToast } from "~/lib/toast";
import { parseId } from "~/lib/rules";

export const meta: Route.MetaFunction = () => [{ title: "E-mails | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * 'E-mails' (docs/product.md, "Staff: e-mails"), administrators only (the staff guard checks
 * `outbox:manage` for the page and every intent): whether sending is configured, the counts, and
 * the outbox newest first, 25 a page, filtered by state (`?statut=`). Recipients are masked and
 * bodies never leave the server. 'Réessayer' hands a failed message back to the worker.
 */
export async function loader({ url }: Route.LoaderArgs) {
    const status = statusOfParam(url.searchParams.get("statut"));
  const page = Number(url.searchParams.get("page")) || 1;
  const h = getDb();
  const [list, counts] = await Promise.all([listOutbox(h, { status, page }), outboxCounts(h)]);
  return { ...list, counts, status, configured: smtpConfigured(), maxAttempts: MAX_ATTEMPTS };
}

/** A retry changes the list: read it again after every post. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return true;
  return defaultShouldRevalidate;
}

const answer = (status: number, ok: boolean, message: string) =>
  data<OutboxActionResult>({ ok, toast: makeToast({ type: ok ? "success" : "error", description: message }) }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const form = await readForm(request);
  const intent = intentOf(form);
  switch (intent) {
    case "retry":
      return retry(form, staff);
    default:
      return answer(400, false, OUTBOX_TEXTS.invalid);
  }
}

async function retry(form: FormData, staff: ReturnType<typeof getStaff>) {
  const id = parseId(form.get("id"));
  if (id === null) return answer(400, false, OUTBOX_TEXTS.invalid);
  return guarded(
    "emails",
    "retry",
    async () => {
      const h = getDb();
      const r = await retryOutboxMessage(h, id, staffActor(staff));
      if (!r.ok) return r.reason === "not_found" ? answer(404, false, OUTBOX_TEXTS.notFound) : answer(409, false, OUTBOX_TEXTS.notRetryable);
      log.info({ event: "outbox_retry", outboxId: id, kind: r.kind, staffId: staff.userId }, "outbox message handed back to the worker");
      // try at once, as after a request; the page does not wait for SMTP
      void flushOutbox(h, [id]);
      return answer(200, true, smtpConfigured() ? OUTBOX_TEXTS.retried : OUTBOX_TEXTS.retriedNoSmtp);
    },
    () => answer(500, false, OUTBOX_TEXTS.failed),
  );
}

const pageLink = (status: string | null, page: number) => {
  const q = new URLSearchParams();
  if (status) q.set("statut", status);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `${OUTBOX_PATH}?${s}` : OUTBOX_PATH;
};

export default function AdminEmails({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pages, counts, status, configured, maxAttempts } = loaderData;
  const param = paramOfStatus(status);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="flex items-center gap-3 text-3xl font-bold md:text-4xl">
          <Mail aria-hidden className="h-8 w-8 text-teal-600" />
          E-mails
        </h1>
        <p className="mt-2 max-w-3xl text-slate-600">
          Chaque e-mail du site (accusés de réception, confirmations, rappels, notifications à la clinique) passe par cette file : il est gardé jusqu'à son
          envoi, et réessayé en cas d'échec ({plural(maxAttempts, "essai", "essais")} au plus). Le texte des messages n'est pas affiché, et l'adresse du destinataire
          est masquée.
        </p>
      </div>

      {configured ? (
        <p className="rounded-xl bg-teal-50 px-4 py-3 text-sm font-medium text-teal-900 ring-1 ring-teal-100">Envoi configuré : les e-mails partent par le serveur d'envoi (SMTP) du site.</p>
      ) : (
        <div className="flex items-start gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200">
          <MailWarning aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
          <p className="min-w-0 [overflow-wrap:anywhere]">
            <strong>Envoi des e-mails non configuré :</strong> rien ne part, tout est gardé ici. Pour envoyer, renseignez <code>SMTP_URL</code> (par exemple{" "}
            <code>smtps://utilisateur:motdepasse@smtp.exemple.dz:465</code>) et <code>MAIL_FROM</code> dans la configuration du serveur, puis redémarrez le
            site : les e-mails en attente partiront alors d'eux-mêmes.
          </p>
        </div>
      )}

      <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
        <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">En attente</dt>
          <dd className="mt-1 text-2xl font-bold text-navy-900">{counts.pending}</dd>
        </div>
        <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">En échec</dt>
          <dd className={`mt-1 text-2xl font-bold ${counts.failed > 0 ? "text-red-700" : "text-navy-900"}`}>{counts.failed}</dd>
        </div>
      </dl>

      <nav aria-label="Filtrer par état" className="flex flex-wrap gap-2">
        {OUTBOX_FILTERS.map((f) => (
          <Link
            key={f.label}
            to={pageLink(f.param, 1)}
            aria-current={f.param === param ? "page" : undefined}
            className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ring-1 transition ${
              f.param === param ? "bg-navy-900 text-white ring-navy-900" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
            }`}
          >
            {f.label}
          </Link>
        ))}
      </nav>

      <p className="text-sm text-slate-600">{plural(total, "message", "messages")}</p>
      {items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center font-medium text-slate-700">
          {status ? "Aucun message dans cet état." : "Aucun e-mail pour le moment."}
        </div>
      ) : (
        <OutboxList items={items} />
      )}
      <AppointmentPagination page={page} pageCount={pages} pageLink={(p) => pageLink(param, p)} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StaffScreenError
      error={error}
      path={OUTBOX_PATH}
      title="Impossible de charger les e-mails."
      text="La file des e-mails n'a pas pu être lue. Vérifiez la connexion puis réessayez ; si le problème persiste, prévenez la personne qui gère le site."
    />
  );
}
