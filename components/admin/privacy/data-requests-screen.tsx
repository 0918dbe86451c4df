"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { AreaPageHeader } from "@/components/account/page-header";
import { formatShortDay, isoDay } from "@/components/account/dates";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable, FilterButtons, useTableUrl, type DataTableColumn } from "@/components/ui/data-table";
import { DateTimeText, EmailText } from "@/components/ui/email-text";
import { TextAreaField } from "@/components/ui/form-field";
import { Modal } from "@/components/ui/modal";
import { totalLabel } from "@/components/ui/plural";
import { notify } from "@/components/ui/toast";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { replyDeliveryView } from "@/lib/conversations/delivery";
import type { Paged } from "@/lib/list/paging";
import { resolveDataRequestAction } from "@/lib/privacy/actions/data-requests";
import {
  DATA_REQUEST_KIND_LABELS,
  DATA_REQUEST_KINDS,
  DATA_REQUEST_LIMITS,
  daysLeftLabel,
  ERASURE_KEEPS,
  ERASURE_REMOVES,
  type DataRequestStatusCode,
} from "@/lib/privacy/data-request-labels";
import type { DataRequestDetail, DataRequestEmail } from "@/lib/privacy/data-request-queries";
import type { DataRequestContract } from "@/lib/privacy/data-request-serialize";

const dataRequestResolveSchema = () => import("@/lib/privacy/data-request-schema").then((schemas) => schemas.dataRequestResolveSchema);

// "Solicitudes ARCO": the requests about personal data (the public form's and the clients'
// "Solicitar eliminación"), server-paged, pending first with the nearest due date on top. The
// "Plazo" column counts business days left; a late one reads in red. "Ver" (or the bell's link,
// ?id=) opens the request: the person's data, what an erasure deletes and keeps, the answer form
// and the state of the e-mails sent about it.

type StatusFilter = DataRequestStatusCode | "all";

const EMPTY_TEXT: Record<StatusFilter, string> = {
  pending: "No hay solicitudes pendientes.",
  completed: "Todavía no hay solicitudes atendidas.",
  rejected: "No hay solicitudes rechazadas.",
  all: "Todavía no hay solicitudes.",
};

const STATUS_TONES: Record<DataRequestStatusCode, BadgeTone> = { pending: "warning", completed: "success", rejected: "neutral" };

function StatusBadge({ request }: { request: Pick<DataRequestContract, "status" | "status_label"> }) {
  return <Badge tone={STATUS_TONES[request.status]}>{request.status_label}</Badge>;
}

/** The due date and, while pending, the business days left (red once late). */
function Term({ request }: { request: Pick<DataRequestContract, "due_date" | "days_left"> }) {
  const late = request.days_left !== null && request.days_left < 0;
  return (
    <div className="min-w-0">
      <time dateTime={isoDay(request.due_date)} className="whitespace-nowrap text-ink-900">
        {formatShortDay(request.due_date)}
      </time>
      {request.days_left !== null && (
        <p className={cn("text-xs", late ? "font-semibold text-red-700" : request.days_left <= 2 ? "text-amber-800" : "text-ink-600")} data-testid="data-request-days-left">
          {daysLeftLabel(request.days_left)}
        </p>
      )}
    </div>
  );
}

function OpenButton({ request }: { request: DataRequestContract }) {
  const url = useTableUrl();
  return (
    <Button size="sm" variant="outline" onClick={() => url.set({ id: String(request.id) }, { resetPage: false })}>
      Ver<span className="sr-only"> la solicitud n.º {request.id} de {request.name}</span>
    </Button>
  );
}

const columns: DataTableColumn<DataRequestContract>[] = [
  {
    id: "request",
    header: "Solicitud",
    cell: (row) => (
      <div className="min-w-0">
        <p className="font-semibold text-ink-900">
          N.º {row.id} · {row.kind_label}
        </p>
        <p className="text-xs text-ink-600">
          {row.user_id ? "Desde su cuenta" : "Formulario público"} · <DateTimeText value={row.submitted_at} />
        </p>
      </div>
    ),
  },
  {
    id: "person",
    header: "Titular",
    cell: (row) => (
      <div className="min-w-0">
        <p className="font-medium text-ink-900">{row.name}</p>
        <p className="text-xs text-ink-600">
          <EmailText email={row.email} />
        </p>
      </div>
    ),
  },
  { id: "term", header: "Plazo", cell: (row) => <Term request={row} /> },
  { id: "status", header: "Estado", cell: (row) => <StatusBadge request={row} /> },
];

export function DataRequestsScreen({
  result,
  status,
  pendingCount,
  detail,
  missingId,
}: {
  result: Paged<DataRequestContract>;
  status: StatusFilter;
  pendingCount: number;
  detail: DataRequestDetail | null;
  missingId: string | null;
}) {
  return (
    <>
      <AreaPageHeader
        title="Solicitudes ARCO"
        description="Pedidos de acceso, rectificación, cancelación, oposición y portabilidad de datos personales (Ley N.° 29733). Respóndelos antes de su plazo: 20 días hábiles el acceso y la portabilidad, 10 los demás."
      />
      <div className="mt-6">
        <DataTable
          caption="Solicitudes ARCO"
          rows={result.data}
          page={result}
          columns={columns}
          getRowId={(row) => String(row.id)}
          rowLabel={(row) => `Solicitud ${row.id}`}
          rowActions={(row) => <OpenButton request={row} />}
          emptyText={EMPTY_TEXT[status]}
          summary={`Total: ${totalLabel(result)}`}
          toolbar={
            <div className="flex flex-col gap-3">
              <FilterButtons
                label="Filtrar por estado"
                param="status"
                options={[
                  { value: "pending", label: `Pendientes (${pendingCount.toLocaleString("es-PE")})` },
                  { value: "completed", label: "Atendidas" },
                  { value: "rejected", label: "Rechazadas" },
                  { value: "all", label: "Todas" },
                ]}
              />
              <FilterButtons
                label="Filtrar por derecho"
                param="kind"
                options={[{ value: "all", label: "Todos los derechos" }, ...DATA_REQUEST_KINDS.map((kind) => ({ value: kind, label: DATA_REQUEST_KIND_LABELS[kind] }))]}
              />
            </div>
          }
        />
      </div>
      <DetailModal detail={detail} missingId={missingId} />
    </>
  );
}

/** The request named by ?id=; closing it removes the parameter. */
function DetailModal({ detail, missingId }: { detail: DataRequestDetail | null; missingId: string | null }) {
  const url = useTableUrl();
  const [busy, setBusy] = useState(false);
  const warned = useRef<string | null>(null);
  useEffect(() => {
    if (missingId && warned.current !== missingId) {
      warned.current = missingId;
      notify.error("La solicitud no existe o ya no está disponible.");
    }
  }, [missingId]);
  if (!detail) return null;
  const close = () => url.set({ id: null }, { resetPage: false });
  return (
    <Modal open onClose={close} busy={busy} size="lg" title={`Solicitud n.º ${detail.id}: ${detail.kind_label}`} description={<StatusBadge request={detail} />} testId="data-request-detail">
      <div className="flex flex-col gap-6">
        <PersonData detail={detail} />
        {detail.kind === "cancellation" && detail.user_id && <ErasureExplanation detail={detail} />}
        {detail.status === "pending" ? (
          <ResolveForm key={detail.id} detail={detail} onBusy={setBusy} />
        ) : (
          <section aria-labelledby="data-request-answer">
            <h3 id="data-request-answer" className="text-base font-semibold text-ink-900">
              Respuesta
            </h3>
            <p className="mt-1 text-sm text-ink-600">
              {detail.status_label}
              {detail.resolved_by && ` por ${detail.resolved_by.name}`}
              {detail.resolved_at && (
                <>
                  , <DateTimeText value={detail.resolved_at} />
                </>
              )}
            </p>
            <p className="mt-2 text-sm whitespace-pre-wrap text-ink-800">{detail.resolution}</p>
          </section>
        )}
        <Emails detail={detail} />
      </div>
    </Modal>
  );
}

function PersonData({ detail }: { detail: DataRequestDetail }) {
  const rows: [string, ReactNode][] = [
    ["Titular", detail.name],
    ["Correo", <EmailText key="email" email={detail.email} />],
    ["Documento", detail.document_type_label ? `${detail.document_type_label} ${detail.document_number ?? ""}` : "— (desde su cuenta, ya identificado)"],
    ["Origen", detail.user_id ? (detail.account_erased_at ? "Su cuenta (ya eliminada)" : "Su cuenta de cliente") : "Formulario público «Derechos ARCO»"],
    ["Recibida", <DateTimeText key="submitted" value={detail.submitted_at} />],
    ["Plazo", <Term key="term" request={detail} />],
    [
      "Consentimiento",
      detail.privacy_version ? (
        <>
          Política de privacidad versión {detail.privacy_version}
          {detail.privacy_accepted_at && (
            <>
              , aceptada el <DateTimeText value={detail.privacy_accepted_at} />
            </>
          )}
        </>
      ) : (
        "No aplica (titular identificado por su sesión)"
      ),
    ],
  ];
  return (
    <section aria-labelledby="data-request-person">
      <h3 id="data-request-person" className="text-base font-semibold text-ink-900">
        Datos del titular
      </h3>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-ink-700">{label}</dt>
            <dd className="min-w-0 break-words text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>
      {detail.detail && (
        <>
          <h4 className="mt-4 text-sm font-medium text-ink-700">Detalle de la solicitud</h4>
          <p className="mt-1 rounded-lg bg-ink-50 px-3 py-2 text-sm whitespace-pre-wrap text-ink-900">{detail.detail}</p>
        </>
      )}
    </section>
  );
}

function ErasureExplanation({ detail }: { detail: DataRequestDetail }) {
  if (detail.account_erased_at) {
    return (
      <p className="rounded-lg bg-ink-50 px-3 py-2 text-sm text-ink-800">
        Los datos personales de esta cuenta se eliminaron el <DateTimeText value={detail.account_erased_at} />.
      </p>
    );
  }
  const preview = detail.erasure_preview;
  return (
    <section aria-labelledby="data-request-erasure" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <h3 id="data-request-erasure" className="text-base font-semibold">
        Al completarla se elimina la cuenta
      </h3>
      <p className="mt-2 font-medium">Se elimina o anonimiza:</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {ERASURE_REMOVES.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {preview && (
        <p className="mt-2" data-testid="erasure-preview">
          En esta cuenta: {preview.tickets} ticket(s), {preview.contact_messages} mensaje(s) de contacto, {preview.payment_reports} pago(s) informado(s) y{" "}
          {preview.subscriptions_to_cancel} suscripción(es) por cancelar.
        </p>
      )}
      <p className="mt-3 font-medium">Se conserva:</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {ERASURE_KEEPS.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {preview && (
        <p className="mt-2">
          En esta cuenta: {preview.invoices_kept} comprobante(s), {preview.credit_notes_kept} nota(s) de crédito y {preview.payments_kept} pago(s), sin cambios.
        </p>
      )}
    </section>
  );
}

function EmailLine({ label, mail }: { label: string; mail: DataRequestEmail | null }) {
  if (!mail) {
    return (
      <li>
        <span className="font-medium text-ink-800">{label}:</span> <span className="text-ink-600">no se envió</span>
      </li>
    );
  }
  const view = replyDeliveryView(mail.status, mail.created_at);
  return (
    <li>
      <span className="font-medium text-ink-800">{label}:</span>{" "}
      {view && (
        <Badge tone={view.tone} className="align-middle">
          {view.label}
        </Badge>
      )}{" "}
      <span className="text-ink-600">
        «{mail.subject}», <DateTimeText value={mail.created_at} />
      </span>
      {mail.error && <p className="text-xs text-red-800">{mail.error}</p>}
    </li>
  );
}

function Emails({ detail }: { detail: DataRequestDetail }) {
  return (
    <section aria-labelledby="data-request-mails" data-testid="data-request-mails">
      <h3 id="data-request-mails" className="text-base font-semibold text-ink-900">
        Correos al titular
      </h3>
      <ul className="mt-2 space-y-2 text-sm">
        <EmailLine label="Acuse de recibo" mail={detail.receipt_email} />
        {detail.status !== "pending" && <EmailLine label="Respuesta" mail={detail.reply_email} />}
      </ul>
    </section>
  );
}

function ResolveForm({ detail, onBusy }: { detail: DataRequestDetail; onBusy: (busy: boolean) => void }) {
  const router = useRouter();
  const form = useZodForm(dataRequestResolveSchema, { defaultValues: { outcome: "completed", resolution: "" } });
  const [confirming, setConfirming] = useState(false);
  const saving = form.formState.isSubmitting;
  const erases = detail.kind === "cancellation" && !!detail.user_id && !detail.account_erased_at;

  useEffect(() => onBusy(saving), [saving, onBusy]);

  const save = useActionSubmit(form, (values) => resolveDataRequestAction(detail.id, values), {
    success: (data, values) =>
      values.outcome === "rejected" ? "Solicitud rechazada. Le enviamos la respuesta al titular." : data.erasure ? "Cuenta eliminada y solicitud atendida." : "Solicitud atendida. Le enviamos la respuesta al titular.",
    onSuccess: () => {
      setConfirming(false);
      router.refresh();
    },
    onFailure: () => setConfirming(false),
    onStale: () => router.refresh(),
  });

  const submitAs = (outcome: "completed" | "rejected") => {
    form.setValue("outcome", outcome);
    void form.handleSubmit(save)();
  };

  const complete = async () => {
    if (!erases) return submitAs("completed");
    // The text first: the confirmation only asks about what cannot be undone.
    if (await form.trigger("resolution")) setConfirming(true);
  };

  return (
    <section aria-labelledby="data-request-resolve">
      <h3 id="data-request-resolve" className="text-base font-semibold text-ink-900">
        Responder
      </h3>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void complete();
        }}
        className="mt-2 flex flex-col gap-3"
      >
        <TextAreaField
          label="Respuesta al titular *"
          hint="Se le envía por correo. Al completar: qué se hizo. Al rechazar: el motivo (por ejemplo, no pudimos verificar su identidad)."
          maxLength={DATA_REQUEST_LIMITS.resolution}
          rows={4}
          error={form.formState.errors.resolution?.message}
          {...form.register("resolution")}
        />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" disabled={saving} className={erases ? "bg-red-700 hover:bg-red-800 active:bg-red-900" : undefined}>
            {saving && form.getValues("outcome") === "completed" ? "Guardando..." : erases ? "Completar y eliminar la cuenta" : "Completar"}
          </Button>
          <Button variant="outline" disabled={saving} onClick={() => submitAs("rejected")}>
            {saving && form.getValues("outcome") === "rejected" ? "Guardando..." : "Rechazar"}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title="Eliminar los datos personales"
        message={`Se eliminarán los datos personales de ${detail.name}. Esta acción no se puede deshacer.`}
        confirmLabel="Eliminar datos"
        pendingLabel="Eliminando..."
        pending={saving}
        onConfirm={() => submitAs("completed")}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
