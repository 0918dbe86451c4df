"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { COMPLAINT_CURRENCY_LABELS, type ComplaintCurrency, type ComplaintFormValues, type ComplaintReceipt } from "@/lib/complaints/form";
import { COMPLAINT_ANSWER_BUSINESS_DAYS, COMPLAINT_GOOD_TYPE_LABELS, COMPLAINT_KIND_LABELS } from "@/lib/complaints/labels";
import { formatCalendarDate } from "@/lib/dates";
import { formatLongDate } from "@/lib/format";
import { PERSONAL_DOCUMENT_LABELS, type PersonalDocumentType } from "@/lib/legal/personal-document";

const documentLabel = (type: string) => PERSONAL_DOCUMENT_LABELS[type as PersonalDocumentType] ?? type;

/**
 * The sheet once filed: its number, what was filed, the term to answer, the PDF and where its
 * copy goes. The copy is e-mailed after the answer to the browser, so this says it will be sent,
 * not that it was.
 */
export function ComplaintReceiptView({ receipt, values, onStartOver }: { receipt: ComplaintReceipt; values: ComplaintFormValues; onStartOver: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, []);

  const amount = values.amount_claimed.trim()
    ? `${values.amount_claimed.trim()} ${COMPLAINT_CURRENCY_LABELS[values.currency as ComplaintCurrency] ?? values.currency}`
    : "No indicado";
  const rows: [string, string][] = [
    ["Fecha y hora de registro", `${formatLongDate(receipt.submitted_at)} (hora de Lima)`],
    ["Consumidor", values.consumer_name.trim()],
    ["Documento", `${documentLabel(values.document_type)} ${values.document_number.trim()}`],
    ...(values.is_minor ? ([["Padre, madre o apoderado", values.guardian_name.trim()]] as [string, string][]) : []),
    ["Tipo", COMPLAINT_KIND_LABELS[values.kind as "reclamo" | "queja"] ?? values.kind],
    ["Bien contratado", COMPLAINT_GOOD_TYPE_LABELS[values.good_type as "product" | "service"] ?? values.good_type],
    ["Monto reclamado", amount],
  ];

  return (
    <section aria-labelledby="complaint-receipt-title" className="rounded-3xl border border-emerald-200 bg-white p-4 shadow-card sm:p-8 lg:p-10" data-testid="complaint-receipt">
      <p role="status" className="text-sm font-semibold text-emerald-800">
        Tu hoja quedó registrada en nuestro Libro de Reclamaciones.
      </p>
      <h2 id="complaint-receipt-title" ref={headingRef} tabIndex={-1} className="mt-2 scroll-mt-28 text-2xl font-bold tracking-tight text-ink-900 focus:outline-none">
        Hoja de reclamación N.° {receipt.number}
      </h2>

      <dl className="mt-6 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([term, detail]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-ink-900">{term}</dt>
            <dd className="text-ink-700">{detail}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-6 space-y-2 text-sm">
        <p className="font-semibold text-ink-900">Detalle</p>
        <p className="whitespace-pre-line text-ink-700">{values.detail.trim()}</p>
        <p className="pt-2 font-semibold text-ink-900">Pedido</p>
        <p className="whitespace-pre-line text-ink-700">{values.consumer_request.trim()}</p>
      </div>

      <p className="mt-6 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3.5 text-sm text-ink-800">
        Te responderemos en un plazo máximo de {COMPLAINT_ANSWER_BUSINESS_DAYS} días hábiles, hasta el{" "}
        <strong>{formatCalendarDate(receipt.due_date)}</strong>. Te enviaremos una copia de esta hoja a <strong className="break-all">{receipt.email}</strong>.
      </p>

      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <a href={receipt.pdf_path} download className="btn btn-primary btn-lg">
          Descargar PDF
        </a>
        <Button variant="outline" size="lg" onClick={onStartOver}>
          Registrar otra hoja
        </Button>
      </div>
    </section>
  );
}
