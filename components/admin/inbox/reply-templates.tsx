"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  createReplyTemplateAction,
  deleteReplyTemplateAction,
  updateReplyTemplateAction,
} from "@/lib/contact/actions";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextAreaField, TextField } from "@/components/ui/form-field";
import { FormModalFooter, Modal } from "@/components/ui/modal";
import { EmptyState } from "@/components/ui/states";
import { notify } from "@/components/ui/toast";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import type { ReplyTemplateItem } from "@/lib/contact/admin-serialize";
import { INBOX_LIMITS } from "@/lib/contact/inbox-rules";
import { formatDate } from "@/lib/format";

const replyTemplateSchema = () => import("@/lib/contact/admin-schema").then((schemas) => schemas.replyTemplateSchema);

// Reply templates ("respuestas guardadas"): the inbox's reply box inserts them.

export function ReplyTemplates({ templates }: { templates: ReplyTemplateItem[] }) {
  const router = useRouter();
  const [editing, setEditing] = useState<ReplyTemplateItem | "new" | null>(null);
  const [deleting, setDeleting] = useState<ReplyTemplateItem | null>(null);
  const [pending, setPending] = useState(false);
  const form = useZodForm(replyTemplateSchema, { defaultValues: { name: "", body: "" } });

  function edit(template: ReplyTemplateItem | "new") {
    form.reset(template === "new" ? { name: "", body: "" } : { name: template.name, body: template.body });
    setEditing(template);
  }

  const save = useActionSubmit(
    form,
    (values) => {
      setPending(true);
      return (editing === "new" || editing === null ? createReplyTemplateAction(values) : updateReplyTemplateAction(editing.id, values))
        .catch(() => ({ ok: false as const, status: 0, message: "Error de conexión. Verifica tu conexión a internet.", errors: undefined }))
        .finally(() => setPending(false));
    },
    {
      success: "Plantilla guardada",
      onSuccess: () => {
        setEditing(null);
        router.refresh();
      },
      failureToast: (refusal, shownOnFields) => (shownOnFields ? null : { title: "No se pudo guardar la plantilla", description: refusal.message }),
    },
  );

  async function remove() {
    if (!deleting) return;
    setPending(true);
    const result = await deleteReplyTemplateAction(deleting.id)
      .catch(() => ({ ok: false as const, status: 0, message: "Error de conexión. Verifica tu conexión a internet." }))
      .finally(() => setPending(false));
    setDeleting(null);
    if (!result.ok) {
      notify.error("No se pudo eliminar la plantilla", { description: result.message });
      return;
    }
    notify.success("Plantilla eliminada");
    router.refresh();
  }

  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button onClick={() => edit("new")}>+ Nueva plantilla</Button>
      </div>
      {templates.length === 0 ? (
        <EmptyState>No hay plantillas todavía.</EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {templates.map((template) => (
            <li key={template.id} className="rounded-2xl border border-ink-200 bg-white p-4 shadow-card">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <h2 className="font-semibold text-ink-900">{template.name}</h2>
                  <p className="mt-1 line-clamp-3 text-sm whitespace-pre-wrap text-ink-700">{template.body}</p>
                  <p className="mt-1 text-xs text-ink-600">Actualizada el {formatDate(template.updated_at)}</p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button variant="outline" size="sm" onClick={() => edit(template)} aria-label={`Editar la plantilla ${template.name}`}>
                    Editar
                  </Button>
                  <Button variant="outline" size="sm" className="text-red-800" onClick={() => setDeleting(template)} aria-label={`Eliminar la plantilla ${template.name}`}>
                    Eliminar
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        busy={pending}
        title={editing === "new" ? "Nueva plantilla" : "Editar plantilla"}
        footer={<FormModalFooter formId="reply-template-form" saving={pending} submitLabel="Guardar" onCancel={() => setEditing(null)} />}
      >
        <form id="reply-template-form" noValidate onSubmit={form.handleSubmit(save)} className="flex flex-col gap-4">
          <TextField label="Nombre" maxLength={INBOX_LIMITS.templateName} error={form.formState.errors.name?.message} {...form.register("name")} />
          <TextAreaField label="Texto" rows={8} maxLength={INBOX_LIMITS.templateBody} error={form.formState.errors.body?.message} {...form.register("body")} />
        </form>
      </Modal>

      <ConfirmDialog
        open={deleting !== null}
        title="Eliminar plantilla"
        message={`¿Seguro que deseas eliminar la plantilla «${deleting?.name ?? ""}»?`}
        pending={pending}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
