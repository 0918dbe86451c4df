import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AreaPage } from "@/components/account/area-shell";
import { AuditHistory } from "@/components/admin/audit-history";
import { InvoiceDetailView } from "@/components/admin/billing/invoice-detail";
import { InvoicePaymentInstructions } from "@/components/billing/payment-instructions";
import { cache } from "react";
import { strictId } from "@/lib/ids";
import { requireAdmin } from "@/lib/auth/guards";
import { customerCreditBalances } from "@/lib/billing/customer-credit";
import { findInvoiceDetail } from "@/lib/billing/invoice-reader";
import type { InvoiceDetailContract } from "@/lib/billing/serialize";
import { sunatConfig } from "@/lib/sunat/config";

type Props = { params: Promise<{ id: string }> };

/** The invoice, or null for an unknown id; once per request for the title and the page (React cache). */
const load = cache(async (raw: string): Promise<InvoiceDetailContract | null> => {
  const id = strictId(raw);
  return id === null ? null : findInvoiceDetail(id);
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await requireAdmin();
  const invoice = await load((await params).id);
  return { title: invoice ? `Factura ${invoice.invoice_number}` : "Factura no encontrada" };
}

/**
 * One invoice (any client's) with its lines, totals, payments, notas de crédito, SUNAT state and
 * actions, and its client's credit (saldo a favor); an unknown id → not-found.tsx.
 */
export default async function AdminInvoicePage({ params }: Props) {
  await requireAdmin();
  const invoice = await load((await params).id);
  if (!invoice) notFound();
  const customerCredit = await customerCreditBalances(invoice.user.id);
  return (
    <AreaPage>
      <InvoiceDetailView invoice={invoice} testMode={sunatConfig().testMode} customerCredit={customerCredit} />
      <InvoicePaymentInstructions invoice={invoice} area="admin" />
      <div className="mt-6">
        <AuditHistory
          entityType="invoice"
          entityId={String(invoice.id)}
          refreshKey={`${invoice.status}:${invoice.amount_paid}:${invoice.amount_credited}:${invoice.sunat.status}`}
          currency={invoice.currency}
        />
      </div>
    </AreaPage>
  );
}
