"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Controller } from "react-hook-form";
import { AuditHistory } from "@/components/admin/audit-history";
import { MediaPickerField } from "@/components/admin/media/media-picker";
import { Stars } from "@/components/site/testimonial-card";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable, FilterButtons, SearchBox, useTableUrl, type DataTableColumn } from "@/components/ui/data-table";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { SelectField, TextAreaField, TextField, type SelectOption } from "@/components/ui/form-field";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { FormModalFooter, Modal } from "@/components/ui/modal";
import { totalLabel } from "@/components/ui/plural";
import { notify } from "@/components/ui/toast";
import type { Paged } from "@/lib/list/paging";
import { formatDate } from "@/lib/format";
import { TESTIMONIAL_DEFAULTS, TESTIMONIAL_LIMITS, TESTIMONIAL_STATUS_LABELS, TESTIMONIAL_STATUSES, type TestimonialStatus } from "@/lib/testimonials/labels";
import type { TestimonialFormValues } from "@/lib/testimonials/schema";
import type { TestimonialContract } from "@/lib/testimonials/serialize";
import { createTestimonialAction, deleteTestimonialAction, updateTestimonialAction } from "@/lib/testimonials/actions";

const testimonialInputSchema = () => import("@/lib/testimonials/schema").then((schemas) => schemas.testimonialInputSchema);

const STATUS_TONES: Record<TestimonialStatus, BadgeTone> = { draft: "warning", published: "success", private: "neutral" };

export function TestimonialStatusBadge({ status }: { status: TestimonialStatus }) {
  return <Badge tone={STATUS_TONES[status] ?? "neutral"}>{TESTIMONIAL_STATUS_LABELS[status] ?? status}</Badge>;
}

const STATUS_OPTIONS: SelectOption[] = TESTIMONIAL_STATUSES.map((status) => ({ value: status, label: TESTIMONIAL_STATUS_LABELS[status] }));
const RATING_OPTIONS: SelectOption[] = [5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} de 5` }));

const columns: DataTableColumn<TestimonialContract>[] = [
  {
    id: "client",
    header: "Cliente",
    cell: (row) => (
      <div className="min-w-0">
        <p className="font-semibold text-ink-900">{row.client_name}</p>
        {row.client_position && <p className="text-xs text-ink-600">{row.client_position}</p>}
      </div>
    ),
  },
  { id: "company", header: "Empresa", cell: (row) => row.client_company ?? "—" },
  { id: "rating", header: "Calificación", cell: (row) => <Stars rating={row.rating} /> },
  { id: "status", header: "Estado", cell: (row) => <TestimonialStatusBadge status={row.status} /> },
  {
    id: "featured",
    header: "Destacado",
    cell: (row) =>
      row.is_featured ? (
        <span className="inline-flex items-center gap-1 font-semibold text-emerald-800">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
            <path fillRule="evenodd" d="M16.7 5.3a1 1 0 010 1.4l-8 8a1 1 0 01-1.4 0l-4-4a1 1 0 111.4-1.4L8 12.58l7.3-7.3a1 1 0 011.4 0z" clipRule="evenodd" />
          </svg>
          <span className="sr-only">Sí</span>
        </span>
      ) : (
        <span className="text-ink-500">
          <span aria-hidden="true">—</span>
          <span className="sr-only">No</span>
        </span>
      ),
  },
  { id: "date", header: "Fecha", cell: (row) => <time dateTime={row.created_at}>{formatDate(row.created_at)}</time> },
];

type Editing = { mode: "create" } | { mode: "edit"; testimonial: TestimonialContract };

export function TestimonialsScreen({
  result,
  sectors,
  opened,
}: {
  result: Paged<TestimonialContract>;
  sectors: SelectOption[];
  /** Opened from a link (?id=N). */
  opened: TestimonialContract | null;
}) {
  const router = useRouter();
  const url = useTableUrl();
  const [editing, setEditing] = useState<Editing | null>(opened ? { mode: "edit", testimonial: opened } : null);
  const [deleting, setDeleting] = useState<TestimonialContract | null>(null);
  const [deletePending, startDelete] = useTransition();

  const closeEditor = () => {
    setEditing(null);
    // Leave the link's ?id=N behind, so a refresh does not open it again.
    if (url.params.has("id")) url.set({ id: null }, { resetPage: false });
  };

  const confirmDelete = () => {
    const target = deleting;
    if (!target) return;
    startDelete(async () => {
      const outcome = await deleteTestimonialAction(target.id);
      if (outcome.ok) {
        notify.success("Testimonio eliminado correctamente");
        setDeleting(null);
        router.refresh();
      } else {
        notify.error(`Error al eliminar testimonio: ${outcome.message}`);
        if (outcome.status === 404) {
          setDeleting(null);
          router.refresh();
        }
      }
    });
  };

  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">Gestión de Testimonios</h1>
          <p className="mt-1.5 max-w-2xl text-base text-ink-600">
            Lo que los clientes dicen de nosotros. Solo los publicados y activos se ven en el sitio.
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button onClick={() => setEditing({ mode: "create" })}>+ Nuevo Testimonio</Button>
        </div>
      </div>

      <div className="mt-6">
        <DataTable
          caption="Testimonios"
          rows={result.data}
          page={result}
          columns={columns}
          getRowId={(row) => String(row.id)}
          rowLabel={(row) => row.client_name}
          summary={`Total de testimonios: ${totalLabel(result)}`}
          toolbar={
            <>
              <FilterButtons
                label="Filtrar por estado"
                param="status"
                options={[{ value: "all", label: "Todos" }, ...STATUS_OPTIONS]}
              />
              <SearchBox label="Buscar testimonios" placeholder="Buscar por cliente, empresa o texto" />
            </>
          }
          rowActions={(row) => (
            <>
              <Button variant="ghost" size="sm" onClick={() => setEditing({ mode: "edit", testimonial: row })}>
                Editar<span className="sr-only"> el testimonio de {row.client_name}</span>
              </Button>
              <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => setDeleting(row)}>
                Eliminar<span className="sr-only"> el testimonio de {row.client_name}</span>
              </Button>
            </>
          )}
        />
      </div>

      {editing && (
        <TestimonialEditor
          key={editing.mode === "edit" ? editing.testimonial.id : "new"}
          editing={editing}
          sectors={sectors}
          onClose={closeEditor}
          onSaved={() => {
            closeEditor();
            router.refresh();
          }}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        title="Eliminar testimonio"
        message={deleting ? `¿Seguro que deseas eliminar el testimonio de ${deleting.client_name}? Esta acción no se puede deshacer.` : ""}
        pending={deletePending}
        pendingLabel="Eliminando..."
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

function formDefaults(editing: Editing): TestimonialFormValues {
  if (editing.mode === "create") {
    return {
      client_name: "",
      client_position: "",
      client_company: "",
      content: "",
      rating: String(TESTIMONIAL_DEFAULTS.rating),
      image: null,
      sector_id: "",
      is_active: TESTIMONIAL_DEFAULTS.is_active,
      is_featured: TESTIMONIAL_DEFAULTS.is_featured,
      status: TESTIMONIAL_DEFAULTS.status,
    };
  }
  const t = editing.testimonial;
  return {
    client_name: t.client_name,
    client_position: t.client_position ?? "",
    client_company: t.client_company ?? "",
    content: t.content,
    rating: String(t.rating),
    image: t.image_id,
    sector_id: t.sector_id === null ? "" : String(t.sector_id),
    is_active: t.is_active,
    is_featured: t.is_featured,
    status: t.status,
  };
}

function TestimonialEditor({
  editing,
  sectors,
  onClose,
  onSaved,
}: {
  editing: Editing;
  sectors: SelectOption[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useZodForm(testimonialInputSchema, { defaultValues: formDefaults(editing) });
  const errors = form.formState.errors;
  const saving = form.formState.isSubmitting;
  const isEdit = editing.mode === "edit";
  const formId = isEdit ? `testimonio-${editing.testimonial.id}` : "testimonio-nuevo";

  const save = useActionSubmit(form, (values) => (isEdit ? updateTestimonialAction(editing.testimonial.id, values) : createTestimonialAction(values)), {
    success: isEdit ? "Testimonio actualizado correctamente" : "Testimonio creado correctamente",
    onSuccess: () => onSaved(),
  });
  const submit = form.handleSubmit(save);

  return (
    <Modal
      open
      onClose={onClose}
      busy={saving}
      size="lg"
      title={isEdit ? "Editar Testimonio" : "Nuevo Testimonio"}
      testId="testimonial-modal"
      footer={<FormModalFooter formId={formId} saving={saving} submitLabel={isEdit ? "Actualizar Testimonio" : "Crear Testimonio"} onCancel={onClose} />}
    >
      <form id={formId} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Nombre del cliente *"
          autoComplete="off"
          maxLength={TESTIMONIAL_LIMITS.clientName}
          error={errors.client_name?.message}
          {...form.register("client_name")}
        />
        <TextField
          label="Cargo"
          autoComplete="off"
          maxLength={TESTIMONIAL_LIMITS.clientPosition}
          error={errors.client_position?.message}
          {...form.register("client_position")}
        />
        <TextField
          label="Empresa"
          autoComplete="off"
          maxLength={TESTIMONIAL_LIMITS.clientCompany}
          error={errors.client_company?.message}
          {...form.register("client_company")}
        />
        <SelectField label="Sector" placeholder="Sin sector" options={sectors} error={errors.sector_id?.message} {...form.register("sector_id")} />
        <TextAreaField
          label="Testimonio *"
          className="sm:col-span-2"
          rows={5}
          maxLength={TESTIMONIAL_LIMITS.content}
          error={errors.content?.message}
          {...form.register("content")}
        />
        <SelectField label="Calificación" options={RATING_OPTIONS} error={errors.rating?.message} {...form.register("rating")} />
        <SelectField label="Estado" options={STATUS_OPTIONS} error={errors.status?.message} {...form.register("status")} />
        <div className="sm:col-span-2">
          <Controller
            control={form.control}
            name="image"
            render={({ field }) => (
              <MediaPickerField
                label="Foto del cliente"
                value={typeof field.value === "number" ? field.value : null}
                onChange={(id) => field.onChange(id)}
                onBlur={field.onBlur}
                fieldRef={field.ref}
                hint="Se elige en la Biblioteca de medios y necesita un texto alternativo."
                error={errors.image?.message}
              />
            )}
          />
        </div>
        <CheckboxField label="Activo" error={errors.is_active?.message} {...form.register("is_active")} />
        <CheckboxField label="Destacado" error={errors.is_featured?.message} {...form.register("is_featured")} />
      </form>
      {isEdit && (
        <div className="mt-6">
          <AuditHistory entityType="testimonial" entityId={String(editing.testimonial.id)} />
        </div>
      )}
    </Modal>
  );
}
