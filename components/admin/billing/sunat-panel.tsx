import { buttonClasses } from "@/components/ui/button";
import { formatDate } from "@/lib/format";
import { SUNAT_STATUS_HINTS } from "@/lib/sunat/labels";
import type { SunatContract } from "@/lib/sunat/serialize";
import { SunatStatusBadge } from "./billing-badges";
import { SunatResendButton } from "./sunat-resend-button";

// The "SUNAT" block of the admin's invoice detail: where its electronic document stands (state,
// what that means, SUNAT's code and observations, the signature's hash, when it was sent and
// answered), what stops it if anything does, and its files: the signed XML once signed, SUNAT's
// answer (CDR) once answered, and "Reenviar" while SUNAT has not answered.

export const SUNAT_TEST_MODE_TEXT = "Modo de prueba: los comprobantes se envían al simulador de SUNAT y no tienen validez legal.";
export const SUNAT_REJECTED_RULE = "Un comprobante rechazado no se corrige: emite uno nuevo.";

const ANSWERED = new Set(["accepted", "observed", "rejected", "voided"]);

/** What the panel offers for a document in this state. */
export function sunatPanelOffers(sunat: Pick<SunatContract, "status" | "hash" | "answered_at">) {
  return {
    xml: sunat.hash !== null,
    cdr: ANSWERED.has(sunat.status) && sunat.answered_at !== null,
    resend: sunat.status === "pending" || sunat.status === "sent",
  };
}

export function SunatPanel({ invoiceId, sunat, testMode }: { invoiceId: number; sunat: SunatContract; testMode: boolean }) {
  const offers = sunatPanelOffers(sunat);
  const base = `/api/v1/admin/invoices/${invoiceId}`;
  return (
    <section className="mt-4 rounded-2xl border border-ink-200 bg-white p-5 shadow-card sm:p-6" aria-labelledby="detalle-sunat" data-testid="sunat-panel">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="detalle-sunat" className="flex flex-wrap items-center gap-3 text-base font-semibold text-ink-900">
          SUNAT
          <SunatStatusBadge status={sunat.status} voiding={sunat.voiding} />
        </h2>
        {(offers.xml || offers.cdr || offers.resend) && (
          <div className="flex flex-wrap gap-2">
            {offers.xml && (
              <a href={`${base}/xml`} className={buttonClasses("outline", "sm")} download>
                Descargar XML
              </a>
            )}
            {offers.cdr && (
              <a href={`${base}/cdr`} className={buttonClasses("outline", "sm")} download>
                Ver CDR
              </a>
            )}
            {offers.resend && <SunatResendButton invoiceId={invoiceId} />}
          </div>
        )}
      </div>

      <div className="mt-3 flex flex-col gap-3 text-sm text-ink-800">
        {testMode && (
          <p className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-brand-900" data-testid="sunat-test-mode">
            {SUNAT_TEST_MODE_TEXT}
          </p>
        )}
        <p>{sunat.voiding ? "Se pidió a SUNAT anular este comprobante y aún no responde." : SUNAT_STATUS_HINTS[sunat.status]}</p>
        {sunat.status === "rejected" && <p className="font-semibold text-red-800">{SUNAT_REJECTED_RULE}</p>}

        {sunat.problem && (
          <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
            <p className="font-semibold">Hay un problema con el envío a SUNAT</p>
            <p className="mt-1 break-words">{sunat.problem}</p>
            <p className="mt-1 text-amber-900">
              {offers.resend
                ? "Corrige lo indicado (por ejemplo, la configuración de facturación electrónica) y pulsa «Reenviar», o espera el siguiente reintento automático."
                : "Revisa lo indicado; si el comprobante no es válido, emite uno nuevo."}
            </p>
          </div>
        )}

        <dl className="grid grid-cols-1 gap-x-6 gap-y-1.5 sm:grid-cols-[auto_1fr]">
          {sunat.code !== null && (
            <>
              <dt className="text-ink-700">Código de respuesta</dt>
              <dd className="font-medium text-ink-900">
                {sunat.code}
                {sunat.description && <span className="font-normal"> · {sunat.description}</span>}
              </dd>
            </>
          )}
          {sunat.hash && (
            <>
              <dt className="text-ink-700">Hash (resumen de la firma)</dt>
              <dd className="font-mono text-xs break-all text-ink-900">{sunat.hash}</dd>
            </>
          )}
          <dt className="text-ink-700">Enviado</dt>
          <dd>{sunat.sent_at ? <time dateTime={sunat.sent_at}>{formatDate(sunat.sent_at)}</time> : "Aún no"}</dd>
          <dt className="text-ink-700">Respondido</dt>
          <dd>{sunat.answered_at ? <time dateTime={sunat.answered_at}>{formatDate(sunat.answered_at)}</time> : "Aún no"}</dd>
        </dl>

        {sunat.notes.length > 0 && (
          <div>
            <h3 className="font-semibold text-ink-900">Observaciones de SUNAT</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {sunat.notes.map((note, index) => (
                <li key={`${note.code}-${index}`}>
                  <span className="font-medium">{note.code}</span>: {note.text}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
