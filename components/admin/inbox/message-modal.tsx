"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import {
  addContactNoteAction,
  openContactMessageAction,
  resendContactReplyAction,
  updateContactMessageAction,
} from "@/lib/contact/actions";
import { contactStatusLabel } from "@/components/admin/contact-status";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SelectField, TextAreaField } from "@/components/ui/form-field";
import { Modal } from "@/components/ui/modal";
import { AuditHistory } from "@/components/admin/audit-history";
import { notify } from "@/components/ui/toast";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { contactNoteSchema, contactReplySchema } from "@/lib/contact/admin-schema";
import type { ContactMessageDetail, ReplyTemplateItem } from "@/lib/contact/admin-serialize";
import { canArchive, canClose, canReply, INBOX_FAILURES, INBOX_LIMITS, REPLY_DELIVERY_MESSAGES, replyDeliveryView } from "@/lib/contact/inbox-rules";
import { formatDate } from "@/lib/format";

// The inbox's detail modal: every field, the reply (or "Sin respuesta aún"), the reply box with
// the template picker, the e-mail's outcome with "Reenviar", internal notes, and the actions
// Responder / Cerrar mensaje / Archivar / Eliminar. Each button shows only when its transition is
// allowed (lib/contact/inbox-rules.ts); the server enforces the same rules again. Stored text is
// rendered as text, never as HTML.

type Props = {
  id: number | null;
  /** Whether the server has outgoing e-mail configured (SMTP_URL): "Reenviar" is useless without it. */
  mailConfigured: boolean;
  templates: ReplyTemplateItem[];
  /** Increments when "r" asks for the reply box. */
  focusReplyToken: number;
  onClose: () => void;
  /** Something changed: reload the list. */
  onChanged: () => void;
  onDelete: (message: ContactMessageDetail) => void;
  /** Archives the message (the inbox also closes the modal on success). */
  onArchive: (id: number) => Promise<void>;
};

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-ink-600 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-ink-900">{children}</dd>
    </div>
  );
}

export function MessageModal({ id, mailConfigured, templates, focusReplyToken, onClose, onChanged, onDelete, onArchive }: Props) {
  const [loaded, setLoaded] = useState<{ message: ContactMessageDetail; at: number } | null>(null);
  // When the message was read from the server: how long a send has been unconfirmed is measured from it.
  const setMessage = (next: ContactMessageDetail) => setLoaded({ message: next, at: Date.now() });
  // What is shown belongs to the id asked for (an earlier message never flashes in).
  const message = loaded && loaded.message.id === id ? loaded.message : null;
  const [busy, setBusy] = useState<null | "reply" | "close" | "archive" | "resend" | "note">(null);
  const replyRef = useRef<HTMLTextAreaElement | null>(null);
  const request = useRef(0);

  const replyForm = useZodForm(contactReplySchema, { defaultValues: { reply: "" } });
  const noteForm = useZodForm(contactNoteSchema, { defaultValues: { body: "" } });
  const replyText = replyForm.watch("reply") ?? "";

  useEffect(() => {
    if (id === null) return;
    const current = ++request.current;
    replyForm.reset({ reply: "" });
    noteForm.reset({ body: "" });
    void openContactMessageAction(id).then((result) => {
      if (current !== request.current) return;
      if (!result.ok) {
        notify.error(INBOX_FAILURES.load, { description: result.message });
        onClose();
        return;
      }
      setMessage(result.data);
      if (result.data.read_at && result.data.status === "read") onChanged();
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per opened id
  }, [id]);

  // "r": focus the reply box once the message is shown.
  useEffect(() => {
    if (focusReplyToken > 0 && message) replyRef.current?.focus();
  }, [focusReplyToken, message]);

  const open = id !== null;
  const status = message?.status ?? "new";
  const replyAllowed = message ? canReply(status) : false;
  const { ref: registerReplyRef, ...replyField } = replyForm.register("reply");

  type Busy = NonNullable<typeof busy>;

  /**
   * Runs one action of the modal: busy while it runs (buttons disabled, "…ando" labels), and a
   * call that never comes back (network down, server restarting) ends in the action's failure toast.
   */
  async function run<T>(kind: Busy, failure: string, work: () => Promise<T>): Promise<T | null> {
    setBusy(kind);
    try {
      return await work();
    } catch (error) {
      console.error(`[inbox] ${kind}`, error);
      notify.error(failure, { description: "Error de conexión. Verifica tu conexión a internet." });
      return null;
    } finally {
      setBusy(null);
    }
  }

  const sendReply = useActionSubmit(
    replyForm,
    async (values) => (message ? run("reply", INBOX_FAILURES.reply, () => updateContactMessageAction(message.id, { status: "replied", reply: values.reply })) : null),
    {
      // Stored, but not e-mailed (failed, or no outgoing mail configured): no success to tell.
      success: (result) => (result.delivery && !result.delivery.sent ? null : "Respuesta enviada"),
      onSuccess: (result) => {
        onChanged();
        if (result.delivery && !result.delivery.sent) {
          // Stay open to show the notice and "Reenviar".
          setMessage(result.message);
          notify.error(INBOX_FAILURES.reply, { description: REPLY_DELIVERY_MESSAGES[result.delivery.status] });
          return;
        }
        onClose();
      },
      failureToast: (refusal, shownOnFields) => (shownOnFields ? { title: INBOX_FAILURES.reply } : { title: INBOX_FAILURES.reply, description: refusal.message }),
    },
  );

  async function closeMessage() {
    if (!message) return;
    const result = await run("close", INBOX_FAILURES.close, () => updateContactMessageAction(message.id, { status: "closed" }));
    if (!result) return;
    if (!result.ok) {
      notify.error(INBOX_FAILURES.close, { description: result.message });
      return;
    }
    notify.success("Mensaje cerrado");
    onChanged();
    onClose();
  }

  async function archiveMessage() {
    if (!message) return;
    await run("archive", INBOX_FAILURES.archive, () => onArchive(message.id));
  }

  async function resend() {
    if (!message) return;
    const result = await run("resend", INBOX_FAILURES.reply, () => resendContactReplyAction(message.id));
    if (!result) return;
    if (!result.ok) {
      notify.error(INBOX_FAILURES.reply, { description: result.message });
      return;
    }
    setMessage(result.data.message);
    onChanged();
    if (result.data.delivery?.sent) notify.success("Respuesta enviada");
    else notify.error(INBOX_FAILURES.reply, { description: result.data.delivery?.error ?? (result.data.delivery ? REPLY_DELIVERY_MESSAGES[result.data.delivery.status] : undefined) });
  }

  const addNote = useActionSubmit(noteForm, async (values) => (message ? run("note", "No se pudo guardar la nota", () => addContactNoteAction(message.id, values)) : null), {
    success: "Nota agregada",
    onSuccess: (note) => {
      if (message) setMessage({ ...message, notes: [...message.notes, note] });
      noteForm.reset({ body: "" });
    },
    failureToast: (refusal, shownOnFields) => (shownOnFields ? null : { title: "No se pudo guardar la nota", description: refusal.message }),
  });

  function insertTemplate(templateId: string) {
    const template = templates.find((item) => String(item.id) === templateId);
    if (!template) return;
    const current = replyForm.getValues("reply") ?? "";
    replyForm.setValue("reply", current.trim() ? `${current.trimEnd()}\n\n${template.body}` : template.body, { shouldValidate: true, shouldDirty: true });
    replyRef.current?.focus();
  }

  const label = contactStatusLabel(status);
  const working = busy !== null;
  const delivery = message ? replyDeliveryView(message.reply_status, message.reply_attempted_at, loaded?.at) : null;
  const resendButton = (
    <Button variant="outline" size="sm" onClick={resend} disabled={working || !mailConfigured} className="shrink-0">
      {busy === "resend" ? "Reenviando..." : "Reenviar"}
    </Button>
  );
  const resendHint = mailConfigured ? null : " Configura SMTP_URL en el servidor para poder reenviarla.";

  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={working}
      size="xl"
      testId="contact-message-modal"
      title={message ? message.subject || "Sin asunto" : "Cargando..."}
      description={
        message && (
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Badge tone={label.tone}>{label.label}</Badge>
            <span>N.º {message.id}</span>
            <span>Enviado el {formatDate(message.created_at)}</span>
          </span>
        )
      }
      footer={
        message && (
          <>
            <Button variant="outline" onClick={() => onDelete(message)} disabled={working} className="text-red-800">
              Eliminar
            </Button>
            <Button variant="outline" onClick={() => void archiveMessage()} disabled={working || !canArchive(status)}>
              {busy === "archive" ? "Archivando..." : "Archivar"}
            </Button>
            <Button variant="outline" onClick={closeMessage} disabled={working || !canClose(status)}>
              {busy === "close" ? "Cerrando..." : "Cerrar mensaje"}
            </Button>
            <Button type="submit" form="contact-reply-form" disabled={working || !replyAllowed || replyText.trim() === ""}>
              {busy === "reply" ? "Enviando..." : "Responder"}
            </Button>
          </>
        )
      }
    >
      {!message ? (
        <p role="status" className="py-10 text-center text-sm text-ink-600">
          Cargando...
        </p>
      ) : (
        <div className="flex flex-col gap-6">
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label="Nombre">{message.name}</Field>
            <Field label="Correo electrónico">
              <a href={`mailto:${message.email}`} className="text-brand-800 underline underline-offset-2">
                {message.email}
              </a>
            </Field>
            <Field label="Empresa">{message.company ?? "—"}</Field>
            <Field label="Teléfono">
              {message.phone ? (
                <a href={`tel:${message.phone.replace(/[^\d+]/g, "")}`} className="text-brand-800 underline underline-offset-2">
                  {message.phone}
                </a>
              ) : (
                "—"
              )}
            </Field>
            <Field label="Sector">{message.sector?.name ?? "Sin sector"}</Field>
            <Field label="Leído el">{message.read_at ? formatDate(message.read_at) : "—"}</Field>
            <Field label="Dirección IP">{message.ip_address ?? "—"}</Field>
            <Field label="Navegador">
              <span className="break-all">{message.user_agent ?? "—"}</span>
            </Field>
          </dl>

          <section aria-labelledby="contact-message-body">
            <h3 id="contact-message-body" className="text-sm font-semibold text-ink-900">
              Mensaje
            </h3>
            <p className="mt-2 rounded-xl bg-ink-50 p-4 text-sm whitespace-pre-wrap text-ink-900">{message.message}</p>
          </section>

          <section aria-labelledby="contact-message-reply">
            <h3 id="contact-message-reply" className="text-sm font-semibold text-ink-900">
              Respuesta
            </h3>
            {message.reply_text ? (
              <>
                <p className="mt-2 rounded-xl border border-emerald-200 bg-emerald-50/50 p-4 text-sm whitespace-pre-wrap text-ink-900">{message.reply_text}</p>
                <p className="mt-2 text-xs text-ink-600">
                  {message.replied_by ? `Respondido por ${message.replied_by.name}` : "Respondido"}
                  {message.replied_at ? ` el ${formatDate(message.replied_at)}` : ""}
                  {message.reply_status === "sent" && message.reply_sent_at ? ` · Enviado por correo el ${formatDate(message.reply_sent_at)}` : ""}
                </p>
                {message.reply_status === "failed" && (
                  <div data-testid="reply-failure" className="mt-3 flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 sm:flex-row sm:items-center sm:justify-between">
                    <p className="text-sm text-red-900">
                      <strong className="font-semibold">{delivery?.label}.</strong> El correo con la respuesta no se pudo enviar. {message.reply_error} La
                      respuesta está guardada.{resendHint}
                    </p>
                    {resendButton}
                  </div>
                )}
                {message.reply_status === "not_configured" && (
                  <div data-testid="reply-not-configured" className="mt-3 flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 sm:flex-row sm:items-center sm:justify-between">
                    <p className="text-sm text-red-900">
                      <strong className="font-semibold">{delivery?.label}.</strong> La respuesta está guardada, pero no se envió al remitente.
                      {resendHint ?? " El correo ya está configurado: usa «Reenviar» para enviarla."}
                    </p>
                    {resendButton}
                  </div>
                )}
                {message.reply_status === "sending" && (
                  // `sending` is written before the mail server is called; one that stays for minutes lost its process on the way.
                  <div data-testid="reply-sending" className="mt-3 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
                    <p className="text-sm text-amber-950">
                      <strong className="font-semibold">{delivery?.label}</strong>{" "}
                      {delivery?.resendable
                        ? `El envío empezó${message.reply_attempted_at ? ` el ${formatDate(message.reply_attempted_at)}` : ""} y el servidor de correo nunca lo confirmó: puede que el remitente no la haya recibido. Usa «Reenviar» si hace falta.`
                        : "El servidor de correo aún no confirma el envío."}
                    </p>
                    {delivery?.resendable && resendButton}
                  </div>
                )}
              </>
            ) : (
              <p className="mt-2 text-sm text-ink-600">Sin respuesta aún</p>
            )}
          </section>

          {!message.reply_text && (
            <form id="contact-reply-form" noValidate onSubmit={replyForm.handleSubmit(sendReply)} className="flex flex-col gap-3">
              {templates.length > 0 && (
                <SelectField
                  label="Insertar plantilla"
                  options={templates.map((template) => ({ value: String(template.id), label: template.name }))}
                  placeholder="Elige una plantilla…"
                  value=""
                  disabled={!replyAllowed || working}
                  onChange={(event) => insertTemplate(event.target.value)}
                />
              )}
              <TextAreaField
                label="Tu respuesta"
                hint={replyAllowed ? "Se envía por correo al remitente." : "Este mensaje ya no admite respuestas."}
                rows={6}
                maxLength={INBOX_LIMITS.reply}
                disabled={!replyAllowed || working}
                error={replyForm.formState.errors.reply?.message}
                {...replyField}
                ref={(element) => {
                  registerReplyRef(element);
                  replyRef.current = element;
                }}
              />
              <p className="text-xs text-ink-600">
                <Link href="/admin/contact-messages/templates" className="text-brand-800 underline underline-offset-2">
                  Gestionar plantillas de respuesta
                </Link>
              </p>
            </form>
          )}

          <section aria-labelledby="contact-message-notes" className="border-t border-ink-200 pt-5">
            <h3 id="contact-message-notes" className="text-sm font-semibold text-ink-900">
              Notas internas
            </h3>
            <p className="text-xs text-ink-600">Solo las ven los administradores; nunca se envían por correo.</p>
            {message.notes.length === 0 ? (
              <p className="mt-3 text-sm text-ink-600">Sin notas.</p>
            ) : (
              <ul className="mt-3 flex flex-col gap-3">
                {message.notes.map((note) => (
                  <li key={note.id} className="rounded-xl bg-amber-50/60 p-3 ring-1 ring-amber-200">
                    <p className="text-sm whitespace-pre-wrap text-ink-900">{note.body}</p>
                    <p className="mt-1 text-xs text-ink-600">
                      {note.author?.name ?? "Usuario eliminado"} · {formatDate(note.created_at)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            <form noValidate onSubmit={noteForm.handleSubmit(addNote)} className="mt-3 flex flex-col gap-2">
              <TextAreaField
                label="Nueva nota interna"
                rows={2}
                maxLength={INBOX_LIMITS.note}
                error={noteForm.formState.errors.body?.message}
                {...noteForm.register("body")}
              />
              <div>
                <Button type="submit" variant="secondary" size="sm" disabled={working}>
                  {busy === "note" ? "Guardando..." : "Agregar nota"}
                </Button>
              </div>
            </form>
          </section>

          <div className="border-t border-ink-200 pt-5">
            <AuditHistory
              entityType="contact_message"
              entityId={String(message.id)}
              refreshKey={`${message.status}:${message.read_at ?? ""}:${message.reply_status ?? ""}:${message.reply_attempted_at ?? ""}:${message.notes.length}`}
            />
          </div>
        </div>
      )}
    </Modal>
  );
}
