import type { ReactNode } from "react";
import { formatLongDay, isoDay } from "@/components/account/dates";
import { AreaPageHeader } from "@/components/account/page-header";
import { buttonClasses, ButtonLink } from "@/components/ui/button";
import type { ComplaintDetailContract } from "@/lib/complaints/admin-queries";
import { ANSWER_EMAIL_STATUS_LABELS } from "@/lib/complaints/admin-labels";
import { formatDate, formatMoney } from "@/lib/format";
import { ComplaintAnswerForm, ResendAnswerButton } from "./complaint-answer-form";
import { ComplaintDeadlineText, ComplaintStateBadge } from "./complaint-badges";

// One sheet of the Libro de Reclamaciones as the back office reads it: every field the consumer
// filled in, the deadline, then the answer form (while unanswered) or the answer with where its
// e-mail stands ("Reenviar" when it did not go out), and "Descargar PDF". Nothing here edits or
// deletes the sheet.

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-sm font-medium text-ink-600">{label}</dt>
      <dd className="mt-1 text-base break-words whitespace-pre-wrap text-ink-900">{children}</dd>
    </div>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-ink-200 bg-white p-4 shadow-card sm:p-5">
      <h2 id={id} className="text-lg font-semibold text-ink-900">
        {title}
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">{children}</dl>
    </section>
  );
}

/** Whether "Reenviar" can help: the answer's e-mail did not go out (or died on the way). */
const resendable = (sheet: ComplaintDetailContract) => sheet.answered_at !== null && sheet.answer_email.status !== "sent";

export function ComplaintDetailView({ sheet }: { sheet: ComplaintDetailContract }) {
  const email = sheet.answer_email;
  return (
    <>
      <AreaPageHeader
        title={`Hoja de reclamación N.° ${sheet.number}`}
        description={
          <>
            {sheet.kind_label} presentado el <time dateTime={sheet.submitted_at}>{formatDate(sheet.submitted_at)}</time>.
          </>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <a href={sheet.pdf_url} download className={buttonClasses("outline", "md")}>
              Descargar PDF
            </a>
            <ButtonLink href="/admin/complaints" variant="ghost">
              Volver al libro
            </ButtonLink>
          </div>
        }
      />
      <div className="mt-6 flex flex-col gap-6">
        <div className="flex flex-col gap-3 rounded-2xl border border-ink-200 bg-white p-4 shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-5">
          <div className="flex flex-wrap items-center gap-3">
            <ComplaintStateBadge state={sheet.state} />
            <ComplaintDeadlineText sheet={sheet} className="text-base" />
          </div>
          <p className="text-sm text-ink-700">
            Fecha límite de respuesta: <time dateTime={isoDay(sheet.due_date)}>{formatLongDay(sheet.due_date)}</time>
          </p>
        </div>

        <Section title="Consumidor" id="complaint-consumer">
          <Field label="Nombre">{sheet.consumer.name}</Field>
          <Field label="Documento">
            {sheet.consumer.document_type_label} {sheet.consumer.document_number}
          </Field>
          <Field label="Domicilio" wide>
            {sheet.address}
          </Field>
          <Field label="Teléfono">{sheet.phone ?? "—"}</Field>
          <Field label="Correo electrónico">{sheet.consumer.email}</Field>
          <Field label="Menor de edad">{sheet.is_minor ? "Sí" : "No"}</Field>
          {sheet.guardian && (
            <Field label="Padre, madre o apoderado">
              {sheet.guardian.name} ({sheet.guardian.document_type_label} {sheet.guardian.document_number})
            </Field>
          )}
        </Section>

        <Section title="Bien contratado y reclamo" id="complaint-claim">
          <Field label="Bien contratado">{sheet.good_type_label}</Field>
          <Field label="Monto reclamado">{sheet.amount_claimed ? formatMoney(sheet.amount_claimed, sheet.currency) : "—"}</Field>
          <Field label="Descripción" wide>
            {sheet.good_description}
          </Field>
          <Field label="Tipo">{sheet.kind_label}</Field>
          <Field label="Política de privacidad aceptada">
            Versión {sheet.privacy_version}, el {formatDate(sheet.privacy_accepted_at)}
          </Field>
          <Field label="Detalle" wide>
            {sheet.detail}
          </Field>
          <Field label="Pedido del consumidor" wide>
            {sheet.consumer_request}
          </Field>
        </Section>

        {sheet.answered_at ? (
          <section aria-labelledby="complaint-answer" className="rounded-2xl border border-ink-200 bg-white p-4 shadow-card sm:p-5">
            <h2 id="complaint-answer" className="text-lg font-semibold text-ink-900">
              Respuesta
            </h2>
            <p className="mt-1 text-sm text-ink-700">
              Respondida el <time dateTime={sheet.answered_at}>{formatDate(sheet.answered_at)}</time>
              {sheet.answered_by?.name ? ` por ${sheet.answered_by.name}` : ""}.
            </p>
            <p className="mt-4 text-base break-words whitespace-pre-wrap text-ink-900">{sheet.answer}</p>
            <div
              data-testid="answer-email"
              data-status={email.status}
              className="mt-4 flex flex-col gap-2 rounded-xl border border-ink-200 bg-ink-50 px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <p className={email.status === "sent" ? "text-ink-800" : "font-medium text-red-700"}>
                Correo al consumidor: {ANSWER_EMAIL_STATUS_LABELS[email.status]}
                {email.at ? ` (${formatDate(email.at)})` : ""}
                {email.error ? `. ${email.error}` : ""}
              </p>
              {resendable(sheet) && <ResendAnswerButton complaintId={sheet.id} />}
            </div>
          </section>
        ) : (
          <section aria-labelledby="complaint-answer-form" className="flex flex-col gap-3">
            <h2 id="complaint-answer-form" className="text-lg font-semibold text-ink-900">
              Responder
            </h2>
            <ComplaintAnswerForm complaintId={sheet.id} consumerEmail={sheet.consumer.email} />
          </section>
        )}
      </div>
    </>
  );
}
