import { data } from "react-router";
import type { Route } from "./+types/devis.$token";
import { devisAction, openQuoteLink, quotePageData, type DevisReply } from "~/.server/devis-actions";
import { personalLinkHeaders, RDV_HEADERS } from "~/.server/rdv-actions";
import { requestInfo } from "~/context";
import { QuoteDocument } from "~/components/admin/quotes/QuoteDocument";
import { QuoteAnswer } from "~/components/devis/QuoteAnswer";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RdvBlockedPage, RdvNotFoundPage } from "~/components/rdv/RdvErrorPages";
import { Alert } from "~/components/ui/Alert";
import { formatDateTime } from "~/lib/format";
import { CONTENT_PAGE } from "~/lib/page-handle";
import { personalPageMeta } from "~/lib/personal-meta";

/**
 * /devis/<token>: the patient reads a quote and answers it (docs/product.md, "Patients: answering
 * a quote"; ADR 026). A content page (not hydrated): its two forms are posted by the browser. A
 * wrong or malformed token is a 404 like /rdv's; too many from one address, a 429.
 */
export const handle = CONTENT_PAGE;

export const meta: Route.MetaFunction = ({ error, matches }) => personalPageMeta(matches, error, { title: "Votre devis", description: (name) => `Votre devis de ${name} : le détail des soins, les montants et votre réponse en ligne.` });

export const headers: Route.HeadersFunction = personalLinkHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await openQuoteLink(params.token, context.get(requestInfo).clientIp);
  return data(await quotePageData(found), { headers: RDV_HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ip = context.get(requestInfo).clientIp;
  const found = await openQuoteLink(params.token, ip);
  return devisAction(found, params.token, request, ip);
}

export default function DevisPage({ loaderData, actionData }: Route.ComponentProps) {
  const { clinic, quote, open, expiredDay, patientName, groups, totals, options } = loaderData;
  const reply = actionData as DevisReply | undefined;
  return (
    <>
      <section className="relative overflow-hidden bg-navy-900 text-white">
        <div aria-hidden className="-end-56 -top-56 glow text-teal-600 opacity-25" />
        <div className="container-site relative py-8 md:py-12">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-400">{clinic.name}</p>
          <p className="mt-3 text-3xl font-bold text-white md:text-4xl">Votre devis</p>
        </div>
      </section>
      <section className="bg-ivory py-6 md:py-12">
        <div className="container-site space-y-6">
          {reply?.message && (
            <Alert tone={reply.status === "done" ? "success" : "info"} role="status" focusKey={reply}>
              <p className="text-base">{reply.message}</p>
            </Alert>
          )}
          {quote.status === "accepted" && (
            <p className="rounded-2xl bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-600/30">
              Accepté le {quote.decidedAt ? formatDateTime(quote.decidedAt) : ""} par « {quote.acceptedName} »{quote.acceptedOption ? ` : ${quote.acceptedOption}` : ""}.
            </p>
          )}
          {quote.status === "refused" && <p className="rounded-2xl bg-slate-100 p-4 text-slate-800 ring-1 ring-slate-300">Vous avez refusé ce devis. Pour en parler, appelez-nous.</p>}
          {(quote.status === "expired" || (quote.status === "proposed" && !open)) && (
            <p className="rounded-2xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-600/30">Ce devis a expiré le {expiredDay} : appelez-nous pour en recevoir un nouveau.</p>
          )}
          <QuoteDocument clinic={clinic} number={quote.number} title={quote.title} patientName={patientName} createdDay={quote.createdDay} validUntil={quote.validUntil} note={quote.note} groups={groups} totals={totals} signature={false} />
          {open && <QuoteAnswer options={options} fields={reply?.fields} errors={reply?.errors} intent={reply?.intent} />}
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <RdvNotFoundPage />, 429: () => <RdvBlockedPage /> }} />;
}
