"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { canReportPayment, type ReportInvoice } from "./payment-report-limits";

// "Informar pago" on the client's invoice: a modal form (amount, day, method, operation number
// and an optional voucher) checked here with the server's own schema and limits, then sent as
// multipart/form-data to POST /api/v1/client/invoices/{id}/payment-reports (a voucher of up to
// 5 MB is more than a server action takes). The payment changes nothing until we confirm it.
// The modal, its form and react-hook-form load when the client opens it, not with the invoice.

const PaymentReportModal = dynamic(() => import("./payment-report-modal").then((modal) => modal.PaymentReportModal), { ssr: false });

export { canReportPayment, reportLimits } from "./payment-report-limits";

/** "Informar pago" and its modal; nothing when the invoice takes no report. */
export function ReportPaymentButton({ invoice }: { invoice: ReportInvoice }) {
  const [open, setOpen] = useState(false);
  if (!canReportPayment(invoice)) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>Informar pago</Button>
      {open && <PaymentReportModal invoice={invoice} onClose={() => setOpen(false)} />}
    </>
  );
}
