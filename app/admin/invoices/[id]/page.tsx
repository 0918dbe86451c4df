import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AreaPage } from "@/components/account/area-shell";
import { AuditHistory } from "@/components/admin/audit-history";
import { InvoiceDetailView } from "@/components/admin/billing/invoice-detail";
import { ApiError } from "@/lib/api/errors";
import { requireAdmin } from "@/lib/auth/guards";
import { getAdminInvoice } from "@/lib/billing/admin-queries";
import type { InvoiceDetailContract } from "@/lib/billing/serialize";
import { parseInvoiceId } from "@/lib/billing/service";

type Props = { params: Promise<{ id: string }> };

async function load(id: string): Promise<InvoiceDetailContract | null> {
  try {
    return await getAdminInvoice(parseInvoiceId(id));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await requireAdmin();
  const invoice = await load((await params).id);
  return { title: invoice ? `Factura ${invoice.invoice_number}` : "Factura no encontrada" };
}

/** One invoice (any client's) with its lines, totals, payments and actions; an unknown id → not-found.tsx. */
export default async function AdminInvoicePage({ params }: Props) {
  await requireAdmin();
  const invoice = await load((await params).id);
  if (!invoice) notFound();
  return (
    <AreaPage>
      <InvoiceDetailView invoice={invoice} />
      <div className="mt-6">
        <AuditHistory entityType="invoice" entityId={String(invoice.id)} refreshKey={`${invoice.status}:${invoice.amount_paid}`} />
      </div>
    </AreaPage>
  );
}
