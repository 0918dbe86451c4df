import Link from "next/link";
import { getCollectionSettings } from "@/lib/billing/collection-settings";
import { accountsFor, hasPaymentInstructions, type PaymentInstructions } from "@/lib/billing/collection-settings-schema";
import { CURRENCY_LABELS, isOpenInvoice, type CurrencyCode } from "@/lib/billing/labels";
import { getSiteSettings } from "@/lib/content/settings";

// "Cómo pagar" on an open invoice, the same in the client portal and the back office: the bank
// accounts in the invoice's currency, Yape and Plin with their QR (soles only: both move soles),
// and the free text of "Configuración › Cobros". Nothing configured for that currency: an
// invitation to write to the company. A paid or cancelled invoice shows nothing.

type InvoiceLike = { status: string; currency: string; invoice_number: string };

/**
 * The block for `invoice`, read from the settings (server component). In the back office it is
 * what the client sees, and where nothing is configured it points to the settings instead.
 */
export async function InvoicePaymentInstructions({ invoice, area = "client" }: { invoice: InvoiceLike; area?: "client" | "admin" }) {
  if (!isOpenInvoice(invoice.status)) return null;
  const [{ payment_instructions }, site] = await Promise.all([getCollectionSettings(), getSiteSettings()]);
  return (
    <PaymentInstructionsCard
      instructions={payment_instructions}
      currency={invoice.currency}
      reference={invoice.invoice_number}
      contactEmail={site.contactEmail}
      area={area}
    />
  );
}

function Row({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-ink-600">{label}:</dt>
      <dd className={mono ? "font-mono break-all text-ink-900" : "break-words text-ink-900"}>{value}</dd>
    </div>
  );
}

/** The block itself, from instructions already read. */
export function PaymentInstructionsCard({
  instructions,
  currency,
  reference,
  contactEmail,
  area = "client",
}: {
  instructions: PaymentInstructions;
  currency: string;
  /** The invoice number the client should quote with the transfer. */
  reference: string;
  contactEmail: string | null;
  area?: "client" | "admin";
}) {
  const headingId = "como-pagar";
  const accounts = accountsFor(instructions, currency);
  const soles = currency === "PEN";
  const wallets = soles
    ? ([
        ["Yape", instructions.yape],
        ["Plin", instructions.plin],
      ].filter(([, number]) => Boolean(number)) as [string, string][])
    : [];
  const qrUrl = soles ? instructions.qr_url : null;
  const configured = hasPaymentInstructions(instructions, currency) || Boolean(qrUrl);
  const currencyLabel = CURRENCY_LABELS[currency as CurrencyCode]?.toLocaleLowerCase("es-PE") ?? currency;

  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-2xl border border-ink-200 bg-white shadow-card" data-testid="invoice-how-to-pay">
      <h2 id={headingId} className="border-b border-ink-200 px-5 py-3 text-base font-semibold text-ink-900">
        Cómo pagar
      </h2>
      <div className="flex flex-col gap-4 px-5 py-4 text-sm text-ink-800">
        {!configured && area === "admin" ? (
          <p>
            No hay indicaciones de pago para facturas en {currencyLabel}: el cliente ve «Escríbenos para coordinar el pago». Agrégalas en{" "}
            <Link href="/admin/settings#cobros" className="font-semibold text-brand-700 hover:underline">
              Configuración › Cobros
            </Link>
            .
          </p>
        ) : !configured ? (
          <p>
            Escríbenos para coordinar el pago
            {contactEmail ? (
              <>
                {" "}
                a{" "}
                <a href={`mailto:${contactEmail}`} className="font-semibold break-all text-brand-700 hover:underline">
                  {contactEmail}
                </a>
              </>
            ) : null}
            , indicando la factura <span className="font-mono">{reference}</span>.
          </p>
        ) : (
          <>
            {accounts.length > 0 && (
              <div>
                <h3 className="font-semibold text-ink-900">Transferencia o depósito en {currencyLabel}</h3>
                <ul className="mt-2 grid gap-3 sm:grid-cols-2">
                  {accounts.map((account) => (
                    <li key={`${account.bank}-${account.account_number}`} className="rounded-xl border border-ink-200 bg-ink-50 px-4 py-3">
                      <p className="font-semibold text-ink-900">{account.bank}</p>
                      <dl className="mt-1 grid gap-0.5">
                        <Row label="Cuenta" value={account.account_number} mono />
                        {account.cci && <Row label="CCI" value={account.cci} mono />}
                      </dl>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {(wallets.length > 0 || qrUrl) && (
              <div className="flex flex-wrap items-start gap-4">
                {wallets.length > 0 && (
                  <div>
                    <h3 className="font-semibold text-ink-900">Yape o Plin (solo soles)</h3>
                    <dl className="mt-2 grid gap-0.5">
                      {wallets.map(([wallet, number]) => (
                        <Row key={wallet} label={wallet} value={number} mono />
                      ))}
                    </dl>
                  </div>
                )}
                {qrUrl && (
                  // eslint-disable-next-line @next/next/no-img-element -- a private image served to signed-in users, not a page image
                  <img src={qrUrl} alt="Código QR para pagar con Yape o Plin" width={160} height={160} className="size-40 rounded-lg border border-ink-200 bg-white object-contain p-1" />
                )}
              </div>
            )}
            {instructions.text && <p className="whitespace-pre-line">{instructions.text}</p>}
            <p className="text-ink-600">
              Indica el número de factura <span className="font-mono">{reference}</span> al pagar.
            </p>
          </>
        )}
      </div>
    </section>
  );
}
