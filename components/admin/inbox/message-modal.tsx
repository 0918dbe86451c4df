"use client";

import { NO_MAIL_FIELDS } from "@/lib/conversations/thread";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import {
  addContactNoteAction,
  assignContactMessageAction,
  openContactMessageAction,
  reopenContactMessageAction,
  resendContactReplyAction,
  unarchiveContactMessageAction,
  updateContactMessageAction,
} from "@/lib/contact/actions";
import { contactStatusLabel } from "@/components/admin/contact-status";
import { AuditHistory } from "@/components/admin/audit-history";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SelectField, TextAreaField } from "@/components/ui/form-field";
import { Modal } from "@/components/ui/modal";
import { ErrorState } from "@/components/ui/states";
import { notify } from "@/components/ui/toast";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import type { ContactEntryItem, ContactMessageDetail, ContactNoteItem, ReplyTemplateItem } from "@/lib/contact/admin-serialize";
import {
  canArchive,
  canClose,
  canReopen,
  canReply,
  canUnarchive,
  INBOX_FAILURES,
  INBOX_LIMITS,
  REPLY_DELIVERY_MESSAGES,
  replyRefusal,
} from "@/lib/contact/inbox-rules";
import { formatDate } from "@/lib/format";
import { ConversationThread, entryNumber } from "./conversation-thread";
import { MergeDialog } from "./merge-dialog";

const contactReplySchema = () => import("@/lib/contact/admin-schema").then((schemas) => schemas.contactReplySchema);
const contactNoteSchema = () => import("@/lib/contact/admin-schema").then((schemas) => schemas.contactNoteSchema);

// The inbox's detail modal: the sender's fields, the conversation (conversation-thread.tsx), the
// reply box with the template picker, internal notes, "Asignado a" and "Unir con…", and the
// actions Responder / Reabrir / Desarchivar / Cerrar mensaje / Archivar / Eliminar. Each action
// shows only when its transition is allowed (lib/contact/inbox-rules.ts); the server enforces the
// same rules again. Closing, archiving, deleting, and leaving with an unsent reply are decided by
// the inbox (contact-inbox.tsx), which offers "Deshacer" and asks before losing typed text.

export type AdminChoice = { id: string; name: string };

type Props = {
  id: number | null;
  /** Whether the server has outgoing e-mail configured (SMTP_URL): "Reenviar" is useless without it. */
  mailConfigured: boolean;
  templates: ReplyTemplateItem[];
  /** The admins a conversation can be assigned to. */
  admins: AdminChoice[];
  /** The signed-in admin ("(tú)" beside their name). */
  viewerId: string;
  /** The signed-in admin has a signature, added under each reply they send. */
  hasSignature: boolean;
  /** Increments when "r" asks for the reply box. */
  focusReplyToken: number;
  /** Asks to close the modal (the inbox asks first when a reply is being written). */
  onClose: () => void;
  /** Shows another conversation in the modal (after a merge, or a merged one's link). */
  onOpen: (id: number) => void;
  /** Something changed: reload the list. */
  onChanged: () => void;
  onDelete: (message: ContactMessageDetail) => void;
  /** Archives or closes the conversation; the inbox closes the modal and offers "Deshacer". */
  onArchive: (id: number) => Promise<void>;
  onCloseConversation: (id: number) => Promise<void>;
  /** Whether a reply is typed and not sent (the inbox asks before it is lost). */
  onDirtyChange: (dirty: boolean) => void;
  /** Whether a dialog of the modal's own (Unir con…) is open: the inbox's shortcuts wait. */
  onDialogChange: (open: boolean) => void;
};

type Busy = "reply" | "close" | "archive" | "reopen" | "unarchive" | "resend" | "note" | "assign";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-ink-600 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-ink-900">{children}</dd>
    </div>
  );
}

/** A note just saved, as the thread shows it. */
function noteEntry(note: ContactNoteItem): ContactEntryItem {
  return {
    id: `entry-${note.id}`,
    kind: "note",
    body: note.body,
    author: note.author,
    created_at: note.created_at,
    ...NO_MAIL_FIELDS,
    event: null,
    data: null,
  };
}

const CONNECTION_ERROR = "Error de conexión. Verifica tu conexión a internet.";

export function MessageModal({
  id,
  mailConfigured,
  templates,
  admins,
  viewerId,
  hasSignature,
  focusReplyToken,
  onClose,
  onOpen,
  onChanged,
  onDelete,
  onArchive,
  onCloseConversation,
  onDirtyChange,
  onDialogChange,
}: Props) {
  const [loaded, setLoaded] = useState<{ message: ContactMessageDetail; at: number } | null>(null);
  const [failure, setFailure] = useState<{ id: number; message: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  // When the message was read from the server: how long a send has been unconfirmed is measured from it.
  const setMessage = (next: ContactMessageDetail) => setLoaded({ message: next, at: Date.now() });
  // What is shown belongs to the id asked for (an earlier message never flashes in).
  const message = loaded && loaded.message.id === id ? loaded.message : null;
  const loadError = failure && failure.id === id && !message ? failure.message : null;
  const [busy, setBusy] = useState<Busy | null>(null);
  const [resending, setResending] = useState<string | null>(null);
  const [merging, setMerging] = useState(false);
  const replyRef = useRef<HTMLTextAreaElement | null>(null);
  const request = useRef(0);

  const replyForm = useZodForm(contactReplySchema, { defaultValues: { reply: "" } });
  const noteForm = useZodForm(contactNoteSchema, { defaultValues: { body: "" } });
  const replyText = replyForm.watch("reply") ?? "";
  const dirty = message !== null && replyText.trim() !== "";

  useEffect(() => {
    if (id === null) return;
    const current = ++request.current;
    replyForm.reset({ reply: "" });
    noteForm.reset({ body: "" });
    openContactMessageAction(id).then(
      (result) => {
        if (current !== request.current) return;
        if (!result.ok) {
          setFailure({ id, message: result.message });
          return;
        }
        setFailure(null);
        setMessage(result.data);
        if (result.data.read_at && result.data.status === "read") onChanged();
      },
      () => current === request.current && setFailure({ id, message: CONNECTION_ERROR }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per opened id (or "Reintentar")
  }, [id, attempt]);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => onDialogChange(merging), [merging, onDialogChange]);

  // "r": focus the reply box once the message is shown.
  useEffect(() => {
    if (focusReplyToken > 0 && message) replyRef.current?.focus();
  }, [focusReplyToken, message]);

  const open = id !== null;
  const status = message?.status ?? "new";
  const replyAllowed = message ? canReply(status) : false;
  const { ref: registerReplyRef, ...replyField } = replyForm.register("reply");

  /**
   * Runs one action of the modal: busy while it runs (buttons disabled, "…ando" labels), and a
   * call that never comes back (network down, server restarting) ends in the action's failure toast.
   */
  async function run<T>(kind: Busy, failureText: string, work: () => Promise<T>): Promise<T | null> {
    setBusy(kind);
    try {
      return await work();
    } catch (error) {
      console.error(`[inbox] ${kind}`, error);
      notify.error(failureText, { description: CONNECTION_ERROR });
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
        // The reply joins the thread; the box is ready for the next one.
        setMessage(result.message);
        replyForm.reset({ reply: "" });
        onChanged();
        if (result.delivery && !result.delivery.sent) {
          notify.error(INBOX_FAILURES.reply, { description: REPLY_DELIVERY_MESSAGES[result.delivery.status] });
        }
      },
      failureToast: (refusal, shownOnFields) => (shownOnFields ? { title: INBOX_FAILURES.reply } : { title: INBOX_FAILURES.reply, description: refusal.message }),
    },
  );

  /** Reabrir / Desarchivar: the conversation stays in the modal with its new status. */
  async function changeStatus(kind: "reopen" | "unarchive") {
    if (!message) return;
    const action = kind === "reopen" ? reopenContactMessageAction : unarchiveContactMessageAction;
    const result = await run(kind, INBOX_FAILURES[kind], () => action(message.id));
    if (!result) return;
    if (!result.ok) {
      notify.error(INBOX_FAILURES[kind], { description: result.message });
      return;
    }
    setMessage(result.data);
    onChanged();
    notify.success(kind === "reopen" ? "Conversación reabierta" : "Conversación desarchivada");
  }

  async function resend(entry: ContactEntryItem) {
    if (!message) return;
    const entryId = entryNumber(entry);
    setResending(entry.id);
    const result = await run("resend", INBOX_FAILURES.reply, () => resendContactReplyAction(message.id, entryId ?? undefined));
    setResending(null);
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

  async function assign(adminId: string) {
    if (!message) return;
    const result = await run("assign", INBOX_FAILURES.assign, () => assignContactMessageAction(message.id, adminId || null));
    if (!result) return;
    if (!result.ok) {
      notify.error(INBOX_FAILURES.assign, { description: result.message });
      return;
    }
    setMessage(result.data);
    onChanged();
    notify.success(result.data.assigned_to ? `Asignada a ${result.data.assigned_to.name}` : "Conversación sin asignar");
  }

  const addNote = useActionSubmit(noteForm, async (values) => (message ? run("note", "No se pudo guardar la nota", () => addContactNoteAction(message.id, values)) : null), {
    success: "Nota agregada",
    onSuccess: (note) => {
      if (message) setLoaded((current) => (current && current.message.id === message.id ? { ...current, message: { ...current.message, entries: [...current.message.entries, noteEntry(note)], notes: [...current.message.notes, note] } } : current));
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
  // An assignee who is no longer an admin still shows as the current choice.
  const assignees = message?.assigned_to && !admins.some((admin) => admin.id === message.assigned_to?.id) ? [...admins, message.assigned_to] : admins;

  return (
    <>
      <Modal
        open={open}
        onClose={onClose}
        busy={working}
        size="xl"
        testId="contact-message-modal"
        title={message ? message.subject || "Sin asunto" : loadError ? "No se pudo cargar" : "Cargando..."}
        description={
          message && (
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Badge tone={label.tone}>{label.label}</Badge>
              <span>N.º {message.id}</span>
              <span>Enviado el {formatDate(message.created_at)}</span>
              {message.assigned_to && <span>Asignado a {message.assigned_to.name}</span>}
            </span>
          )
        }
        footer={
          message && (
            <>
              <Button variant="outline" onClick={() => onDelete(message)} disabled={working} className="text-red-800">
                Eliminar
              </Button>
              {canUnarchive(status) ? (
                <Button variant="outline" onClick={() => void changeStatus("unarchive")} disabled={working}>
                  {busy === "unarchive" ? "Desarchivando..." : "Desarchivar"}
                </Button>
              ) : (
                <Button variant="outline" onClick={() => void run("archive", INBOX_FAILURES.archive, () => onArchive(message.id))} disabled={working || !canArchive(status)}>
                  {busy === "archive" ? "Archivando..." : "Archivar"}
                </Button>
              )}
              {canClose(status) && (
                <Button variant="outline" onClick={() => void run("close", INBOX_FAILURES.close, () => onCloseConversation(message.id))} disabled={working}>
                  {busy === "close" ? "Cerrando..." : "Cerrar mensaje"}
                </Button>
              )}
              {canReopen(status) && (
                <Button onClick={() => void changeStatus("reopen")} disabled={working}>
                  {busy === "reopen" ? "Reabriendo..." : "Reabrir"}
                </Button>
              )}
              {replyAllowed && (
                <Button type="submit" form="contact-reply-form" disabled={working || replyText.trim() === ""}>
                  {busy === "reply" ? "Enviando..." : "Responder"}
                </Button>
              )}
            </>
          )
        }
      >
        {!message ? (
          loadError ? (
            <ErrorState
              action={
                <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
                  Reintentar
                </Button>
              }
            >
              {INBOX_FAILURES.load}: {loadError}
            </ErrorState>
          ) : (
            <p role="status" className="py-10 text-center text-sm text-ink-600">
              Cargando...
            </p>
          )
        ) : (
          <div className="flex flex-col gap-6">
            {message.merged_into_id !== null && (
              <div role="note" className="flex flex-col gap-2 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900 sm:flex-row sm:items-center sm:justify-between">
                <p>Esta conversación se unió a C-{message.merged_into_id}: sus mensajes están allí.</p>
                <Button variant="outline" size="sm" className="shrink-0" onClick={() => onOpen(message.merged_into_id!)} disabled={working}>
                  Ver C-{message.merged_into_id}
                </Button>
              </div>
            )}

            <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <SelectField
                className="sm:w-72"
                label="Asignado a"
                placeholder="Sin asignar"
                options={assignees.map((admin) => ({ value: admin.id, label: admin.id === viewerId ? `${admin.name} (tú)` : admin.name }))}
                value={message.assigned_to?.id ?? ""}
                disabled={working}
                onChange={(event) => void assign(event.target.value)}
              />
              <Button variant="outline" onClick={() => setMerging(true)} disabled={working || message.merged_into_id !== null} className="shrink-0">
                Unir con…
              </Button>
            </div>

            <ConversationThread
              messageId={message.id}
              senderName={message.name}
              entries={message.entries}
              loadedAt={loaded?.at ?? 0}
              mailConfigured={mailConfigured}
              resending={resending}
              disabled={working}
              onResend={(entry) => void resend(entry)}
            />

            {replyAllowed ? (
              <form id="contact-reply-form" noValidate onSubmit={replyForm.handleSubmit(sendReply)} className="flex flex-col gap-3">
                {templates.length > 0 && (
                  <SelectField
                    label="Insertar plantilla"
                    options={templates.map((template) => ({ value: String(template.id), label: template.name }))}
                    placeholder="Elige una plantilla…"
                    value=""
                    disabled={working}
                    onChange={(event) => insertTemplate(event.target.value)}
                  />
                )}
                <TextAreaField
                  label="Tu respuesta"
                  hint={`Se envía por correo al remitente${message.reply_address ? "; sus respuestas llegarán a esta conversación" : ""}.`}
                  rows={5}
                  maxLength={INBOX_LIMITS.reply}
                  disabled={working}
                  error={replyForm.formState.errors.reply?.message}
                  {...replyField}
                  ref={(element) => {
                    registerReplyRef(element);
                    replyRef.current = element;
                  }}
                />
                {hasSignature && <p className="text-xs text-ink-600">Se añadirá tu firma</p>}
                <p className="text-xs text-ink-600">
                  <Link href="/admin/contact-messages/templates" className="text-brand-800 underline underline-offset-2">
                    Gestionar plantillas de respuesta
                  </Link>
                </p>
              </form>
            ) : (
              <p className="rounded-xl border border-ink-200 bg-ink-50 p-3 text-sm text-ink-700">{replyRefusal(status)}</p>
            )}

            <section aria-labelledby="contact-message-sender" className="border-t border-ink-200 pt-5">
              <h3 id="contact-message-sender" className="mb-3 text-sm font-semibold text-ink-900">
                Datos del remitente
              </h3>
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
            </section>

            <section aria-labelledby="contact-message-notes" className="border-t border-ink-200 pt-5">
              <h3 id="contact-message-notes" className="text-sm font-semibold text-ink-900">
                Notas internas
              </h3>
              <p className="text-xs text-ink-600">Solo las ven los administradores; nunca se envían por correo. Aparecen en la conversación.</p>
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
                refreshKey={`${message.status}:${message.read_at ?? ""}:${message.assigned_to?.id ?? ""}:${message.entries.length}:${message.reply_status ?? ""}:${message.reply_attempted_at ?? ""}`}
              />
            </div>
          </div>
        )}
      </Modal>
      {/* Beside the modal, not inside it: its Esc must not reach the modal's own. */}
      {merging && message && (
        <MergeDialog
          message={message}
          onClose={() => setMerging(false)}
          onMerged={(target) => {
            setMerging(false);
            onChanged();
            setMessage(target);
            onOpen(target.id);
          }}
        />
      )}
    </>
  );
}
