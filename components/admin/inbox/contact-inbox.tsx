"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
import { useHotkeys } from "react-hotkeys-hook";
import {
  bulkContactMessagesAction,
  deleteContactMessageAction,
  restoreContactMessagesAction,
  undoContactStatusAction,
  updateContactMessageAction,
} from "@/lib/contact/actions";
import { contactStatusLabel } from "@/components/admin/contact-status";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable, FilterButtons, SearchBox, useTableUrl, type DataTableColumn } from "@/components/ui/data-table";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toast";
import type { Paged } from "@/lib/list/paging";
import type { ContactMessageItem, ReplyTemplateItem } from "@/lib/contact/admin-serialize";
import { CONTACT_FILTERS, INBOX_FAILURES, replyDeliveryView, UNDO_SECONDS } from "@/lib/contact/inbox-rules";
import { countLabel, plural, totalLabel } from "@/components/ui/plural";
import { DateTimeText, EmailText } from "@/components/ui/email-text";
import { UNSAVED_CHANGES_TEXT, UnsavedChangesGuard } from "@/components/ui/unsaved-changes";
import { MessageModal, type AdminChoice } from "./message-modal";

// "Gestión de Contactos": the server-paged table with the filter buttons ("Mis conversaciones"
// among them), search, selection + bulk bar, CSV export of the current filter and search, the
// conversation modal (also opened by ?id=N, where the notification bell links), delete with
// confirmation, "Deshacer" for 10 s after a delete, a close or an archive (one, in bulk, or the
// `e` key), and keyboard shortcuts (j/k, Enter, e, r, ?). A reply being typed is never lost
// silently: closing the modal or moving to another message asks first.

const PREVIEW_CHARS = 60;

export const INBOX_SHORTCUTS = [
  { keys: "j", label: "Siguiente mensaje" },
  { keys: "k", label: "Mensaje anterior" },
  { keys: "Enter", label: "Abrir el mensaje seleccionado" },
  { keys: "e", label: "Archivar el mensaje" },
  { keys: "r", label: "Responder (enfoca la caja de respuesta)" },
  { keys: "?", label: "Mostrar estos atajos" },
  { keys: "Esc", label: "Cerrar la ventana" },
] as const;

function preview(text: string) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS)}…` : flat;
}

/** Keys typed on a control (a button's Enter, a link) belong to that control. */
function onControl(event: KeyboardEvent) {
  return (event.target as HTMLElement | null)?.closest?.("a,button,input,select,textarea,summary") != null;
}

/** What the bulk bar says of each action. */
const BULK_TEXT = {
  read: { failure: "No se pudieron marcar como leídos", none: "Ningún mensaje cambió: los seleccionados ya estaban leídos.", done: ["marcado como leído", "marcados como leídos"] },
  close: { failure: INBOX_FAILURES.close, none: "Ningún mensaje cambió: los seleccionados ya estaban cerrados o archivados.", done: ["cerrado", "cerrados"] },
  archive: { failure: INBOX_FAILURES.archive, none: "Ningún mensaje cambió: los seleccionados ya estaban archivados.", done: ["archivado", "archivados"] },
} as const;

/** `clearSelection`: the bulk bar's selection, cleared once the delete is confirmed and done (a cancel keeps it). */
type PendingDelete = { ids: number[]; label: string; clearSelection?: () => void };

/** Where the modal was going when an unsent reply made us ask: closed, or another message. */
type PendingLeave = { to: number | null };

/** "Mis conversaciones": the conversations assigned to the signed-in admin (?assigned_to=me). */
function MineFilter() {
  const url = useTableUrl();
  const pressed = url.params.get("assigned_to") === "me";
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => url.set({ assigned_to: pressed ? null : "me" })}
      className={cn(
        "h-11 rounded-full px-4 text-sm font-semibold transition-colors sm:h-9",
        pressed ? "bg-brand-700 text-white" : "border border-ink-300 bg-white text-ink-700 hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800",
      )}
    >
      Mis conversaciones
    </button>
  );
}

export function ContactInbox({
  result,
  templates,
  exportHref,
  mailConfigured,
  admins,
  viewerId,
  hasSignature,
}: {
  result: Paged<ContactMessageItem>;
  templates: ReplyTemplateItem[];
  exportHref: string;
  /** Whether outgoing e-mail is configured on the server (SMTP_URL). */
  mailConfigured: boolean;
  /** The admins a conversation can be assigned to. */
  admins: AdminChoice[];
  /** The signed-in admin. */
  viewerId: string;
  /** The signed-in admin has a signature (added under their replies). */
  hasSignature: boolean;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const openId = useMemo(() => {
    const value = searchParams.get("id");
    return value && /^\d{1,10}$/.test(value) ? Number(value) : null;
  }, [searchParams]);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const [focusReplyToken, setFocusReplyToken] = useState(0);
  const [replyDirty, setReplyDirty] = useState(false);
  const [modalDialogOpen, setModalDialogOpen] = useState(false);
  const [pendingLeave, setPendingLeave] = useState<PendingLeave | null>(null);
  // How long a reply has been `sending` is measured from when the list was first shown.
  const [shownAt] = useState(() => Date.now());

  const rows = result.data;
  const refresh = useCallback(() => router.refresh(), [router]);

  const setOpenId = useCallback(
    (id: number | null) => {
      const next = new URLSearchParams(searchParams.toString());
      if (id === null) next.delete("id");
      else next.set("id", String(id));
      const query = next.toString();
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [router, pathname, searchParams],
  );

  const openMessage = (id: number) => {
    setActiveId(id);
    setOpenId(id);
  };

  /** Closes the modal (to: null) or shows another message, asking first when a reply would be lost. */
  const leaveModal = (to: number | null) => {
    if (replyDirty && openId !== null) {
      setPendingLeave({ to });
      return;
    }
    if (to === null) setOpenId(null);
    else openMessage(to);
  };

  function confirmLeave() {
    const target = pendingLeave;
    setPendingLeave(null);
    if (!target) return;
    setReplyDirty(false);
    if (target.to === null) setOpenId(null);
    else openMessage(target.to);
  }

  /** "Deshacer" for a close or an archive: the messages return to the status they had. */
  function offerStatusUndo(title: string, ids: number[]) {
    notify(title, {
      duration: UNDO_SECONDS * 1000,
      action: {
        label: "Deshacer",
        onClick: () => {
          undoContactStatusAction(ids).then(
            (undone) => {
              if (undone.ok && undone.data.restored > 0) {
                notify.success(undone.data.restored === 1 ? "Cambio deshecho" : `${undone.data.restored} cambios deshechos`);
                refresh();
              } else {
                notify.error(INBOX_FAILURES.undo, { description: undone.ok ? "Ya no se puede deshacer este cambio." : undone.message });
              }
            },
            () => notify.error(INBOX_FAILURES.undo, { description: "Error de conexión. Verifica tu conexión a internet." }),
          );
        },
      },
    });
  }

  // ── Delete with confirmation, then "Deshacer" ─────────────────────────────────────
  async function confirmDelete() {
    if (!pendingDelete) return;
    setDeleting(true);
    const { ids } = pendingDelete;
    const outcome =
      ids.length === 1
        ? await deleteContactMessageAction(ids[0]).then((r) => (r.ok ? { ok: true as const, ids } : r))
        : await bulkContactMessagesAction({ ids, action: "delete" }).then((r) => (r.ok ? { ok: true as const, ids: r.data.ids } : r));
    setDeleting(false);
    setPendingDelete(null);
    if (!outcome.ok) {
      notify.error(INBOX_FAILURES.delete, { description: outcome.message });
      return;
    }
    if (openId !== null && outcome.ids.includes(openId)) setOpenId(null);
    pendingDelete.clearSelection?.();
    refresh();
    const deletedIds = outcome.ids;
    notify(deletedIds.length === 1 ? "Mensaje eliminado" : `${countLabel(deletedIds.length, "mensaje", "mensajes")} eliminados`, {
      duration: UNDO_SECONDS * 1000,
      action: {
        label: "Deshacer",
        onClick: () => {
          void restoreContactMessagesAction(deletedIds).then((restored) => {
            if (restored.ok && restored.data.restored > 0) {
              notify.success(restored.data.restored === 1 ? "Mensaje restaurado" : `${restored.data.restored} mensajes restaurados`);
              refresh();
            } else {
              notify.error("No se pudo deshacer la eliminación", { description: restored.ok ? undefined : restored.message });
            }
          });
        },
      },
    });
  }

  /** Archivar or Cerrar mensaje (the modal's buttons, the `e` key), then "Deshacer". */
  async function changeStatus(id: number, status: "archived" | "closed") {
    const failure = status === "archived" ? INBOX_FAILURES.archive : INBOX_FAILURES.close;
    const outcome = await updateContactMessageAction(id, { status }).catch(() => null);
    if (!outcome || !outcome.ok) {
      notify.error(failure, { description: outcome ? outcome.message : "Error de conexión. Verifica tu conexión a internet." });
      return;
    }
    if (openId === id) setOpenId(null);
    refresh();
    offerStatusUndo(status === "archived" ? "Mensaje archivado" : "Mensaje cerrado", [id]);
  }
  const archive = (id: number) => changeStatus(id, "archived");
  const closeConversation = (id: number) => changeStatus(id, "closed");

  async function bulk(ids: string[], action: "read" | "close" | "archive", clear: () => void) {
    const text = BULK_TEXT[action];
    const outcome = await bulkContactMessagesAction({ ids: ids.map(Number), action }).catch(() => null);
    if (!outcome || !outcome.ok) {
      notify.error(text.failure, { description: outcome ? outcome.message : "Error de conexión. Verifica tu conexión a internet." });
      return;
    }
    const n = outcome.data.affected;
    clear();
    refresh();
    if (n === 0) {
      notify.info(text.none);
      return;
    }
    const title = `${countLabel(n, "mensaje", "mensajes")} ${plural(n, text.done[0], text.done[1])}`;
    if (action === "read") notify.success(title);
    else offerStatusUndo(title, outcome.data.ids);
  }

  // ── Keyboard shortcuts (never while typing: react-hotkeys-hook ignores form fields) ───
  const modalOpen = openId !== null;
  const dialogOpen = pendingDelete !== null || showShortcuts || pendingLeave !== null || modalDialogOpen;
  const move = (step: number) => {
    if (rows.length === 0) return;
    const index = rows.findIndex((row) => row.id === activeId);
    const next = index === -1 ? (step > 0 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, index + step));
    const id = rows[next].id;
    setActiveId(id);
    document.querySelector(`[data-row-id="${id}"]`)?.scrollIntoView({ block: "nearest" });
  };
  const moveOpen = (by: number) => {
    const index = rows.findIndex((row) => row.id === openId);
    const next = rows[index + by];
    if (index === -1 || !next) return;
    leaveModal(next.id);
  };
  // Inside an open message, j/k open the next or previous message of the list.
  const step = (by: number) => (modalOpen ? moveOpen(by) : move(by));
  useHotkeys("j", () => step(1), { enabled: !dialogOpen }, [rows, activeId, openId, modalOpen, dialogOpen]);
  useHotkeys("k", () => step(-1), { enabled: !dialogOpen }, [rows, activeId, openId, modalOpen, dialogOpen]);
  useHotkeys("enter", () => activeId !== null && openMessage(activeId), { enabled: !modalOpen && !dialogOpen && activeId !== null, ignoreEventWhen: onControl }, [activeId, modalOpen, dialogOpen]);
  useHotkeys("e", () => {
    const id = openId ?? activeId;
    if (id !== null) void archive(id);
  }, { enabled: !dialogOpen }, [openId, activeId, dialogOpen]);
  useHotkeys("r", () => {
    const id = openId ?? activeId;
    if (id === null) return;
    if (openId === null) openMessage(id);
    setFocusReplyToken((token) => token + 1);
  }, { enabled: !dialogOpen, preventDefault: true }, [openId, activeId, dialogOpen]);
  // "?" is Shift+/ on a US keyboard and another key elsewhere (Spanish layouts): match the character too.
  useHotkeys("shift+slash", () => setShowShortcuts(true), { enabled: !dialogOpen }, [dialogOpen]);
  useHotkeys("?", () => setShowShortcuts(true), { enabled: !dialogOpen, useKey: true }, [dialogOpen]);

  // ── Columns ───────────────────────────────────────────────────────────────────────
  const columns: DataTableColumn<ContactMessageItem>[] = [
    {
      id: "name",
      header: "Nombre",
      cell: (row) => (
        <div className="min-w-0">
          <p className={row.status === "new" ? "font-bold text-ink-900" : "font-medium text-ink-900"}>{row.name}</p>
          {row.company && <p className="text-xs text-ink-600">{row.company}</p>}
        </div>
      ),
    },
    {
      id: "contact",
      header: "Contacto",
      cell: (row) => (
        <div className="flex min-w-0 flex-col gap-0.5">
          <a href={`mailto:${row.email}`} className="text-brand-800 underline underline-offset-2">
            <EmailText email={row.email} />
          </a>
          {row.phone && (
            <a href={`tel:${row.phone.replace(/[^\d+]/g, "")}`} className="text-xs text-brand-800 underline underline-offset-2">
              {row.phone}
            </a>
          )}
        </div>
      ),
    },
    { id: "sector", header: "Sector", cell: (row) => row.sector?.name ?? <span className="text-ink-600">Sin sector</span> },
    {
      id: "subject",
      header: "Asunto",
      className: "w-[180px] max-w-[180px]",
      cell: (row) => (
        <div className="w-full max-w-[180px] min-w-0 md:w-[180px]">
          <p className="truncate font-medium text-ink-900">{row.subject || "Sin asunto"}</p>
          <p className="line-clamp-2 text-xs break-words text-ink-600">{preview(row.message)}</p>
        </div>
      ),
    },
    {
      id: "status",
      header: "Estado",
      cell: (row) => {
        const label = contactStatusLabel(row.status);
        const delivery = replyDeliveryView(row.reply_status, row.reply_attempted_at, shownAt);
        return (
          <div className="flex flex-col items-start gap-1">
            {/* The assignee, small, under the status. */}
            <Badge tone={label.tone} className="whitespace-nowrap">{label.label}</Badge>
            {delivery && delivery.tone !== "success" && (
              <span title={delivery.label}>
                <Badge tone={delivery.tone} className="whitespace-nowrap">
                  <span aria-hidden="true">{delivery.short}</span>
                  <span className="sr-only">{delivery.label}</span>
                </Badge>
              </span>
            )}
            {row.assigned_to && (
              <span className="text-xs text-ink-600">
                Asignado a {row.assigned_to.id === viewerId ? `${row.assigned_to.name} (tú)` : row.assigned_to.name}
              </span>
            )}
          </div>
        );
      },
    },
    { id: "date", header: "Fecha", cell: (row) => <DateTimeText value={row.created_at} /> },
  ];

  return (
    <>
      <DataTable
        caption="Mensajes de contacto"
        rows={rows}
        page={result}
        columns={columns}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => `el mensaje de ${row.name}`}
        activeRowId={activeId === null ? null : String(activeId)}
        onRowClick={(row) => openMessage(row.id)}
        selectable
        summary={`Total: ${totalLabel(result)}`}
        toolbar={
          <>
            <div className="flex flex-wrap items-center gap-2">
              <FilterButtons label="Filtrar por estado" param="status" options={CONTACT_FILTERS.map((filter) => ({ ...filter }))} />
              <MineFilter />
            </div>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <SearchBox label="Buscar mensajes" placeholder="Nombre, correo, empresa o asunto" />
              <a href={exportHref} download className={buttonClasses("outline", "md", "shrink-0")}>
                Exportar CSV
              </a>
              <Button variant="ghost" onClick={() => setShowShortcuts(true)} className="shrink-0">
                Atajos <kbd className="rounded border border-ink-300 px-1.5 text-xs">?</kbd>
              </Button>
            </div>
          </>
        }
        rowActions={(row) => (
          <>
            <Button variant="ghost" size="sm" onClick={() => openMessage(row.id)} aria-label={`Ver el mensaje de ${row.name}`}>
              Ver
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-red-800"
              onClick={() => setPendingDelete({ ids: [row.id], label: row.name })}
              aria-label={`Eliminar el mensaje de ${row.name}`}
            >
              Eliminar
            </Button>
          </>
        )}
        bulkActions={(ids, clear) => (
          <>
            <Button
              size="sm"
              variant="outline"
              // Only new messages can be marked as read.
              disabled={!ids.some((id) => rows.find((row) => String(row.id) === id)?.status === "new")}
              onClick={() => void bulk(ids, "read", clear)}
            >
              Marcar como leídos
            </Button>
            <Button size="sm" variant="outline" onClick={() => void bulk(ids, "close", clear)}>
              Cerrar
            </Button>
            <Button size="sm" variant="outline" onClick={() => void bulk(ids, "archive", clear)}>
              Archivar
            </Button>
            <Button
              size="sm"
              variant="outline"
              className="text-red-800"
              onClick={() => {
                const only = ids.length === 1 ? rows.find((row) => String(row.id) === ids[0]) : undefined;
                setPendingDelete({ ids: ids.map(Number), label: only?.name ?? "", clearSelection: clear });
              }}
            >
              Eliminar
            </Button>
          </>
        )}
      />

      <MessageModal
        id={openId}
        mailConfigured={mailConfigured}
        templates={templates}
        admins={admins}
        viewerId={viewerId}
        hasSignature={hasSignature}
        focusReplyToken={focusReplyToken}
        onClose={() => leaveModal(null)}
        onOpen={openMessage}
        onChanged={refresh}
        onDelete={(message) => setPendingDelete({ ids: [message.id], label: message.name })}
        onArchive={archive}
        onCloseConversation={closeConversation}
        onDirtyChange={setReplyDirty}
        onDialogChange={setModalDialogOpen}
      />

      {/* Reloading or following a link to another page while a reply is typed asks too. */}
      <UnsavedChangesGuard dirty={replyDirty} />
      <ConfirmDialog
        open={pendingLeave !== null}
        title={UNSAVED_CHANGES_TEXT.title}
        message="Tu respuesta aún no se ha enviado. Si sales, se perderá."
        confirmLabel="Descartar respuesta"
        cancelLabel={UNSAVED_CHANGES_TEXT.stay}
        onConfirm={confirmLeave}
        onCancel={() => setPendingLeave(null)}
      />

      <ConfirmDialog
        open={pendingDelete !== null}
        title={pendingDelete && pendingDelete.ids.length > 1 ? "Eliminar mensajes" : "Eliminar mensaje"}
        message={`¿Seguro que deseas eliminar ${
          pendingDelete && (pendingDelete.ids.length > 1 || !pendingDelete.label)
            ? countLabel(pendingDelete.ids.length, "mensaje", "mensajes")
            : `el mensaje de ${pendingDelete?.label ?? ""}`
        }? Podrás deshacerlo durante ${UNDO_SECONDS} segundos.`}
        pending={deleting}
        pendingLabel="Eliminando..."
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />

      <Modal open={showShortcuts} onClose={() => setShowShortcuts(false)} title="Atajos de teclado" size="sm" testId="shortcuts-dialog">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {INBOX_SHORTCUTS.map((shortcut) => (
            <div key={shortcut.keys} className="contents">
              <dt>
                <kbd className="rounded border border-ink-300 bg-ink-50 px-2 py-0.5 font-mono text-xs">{shortcut.keys}</kbd>
              </dt>
              <dd className="text-ink-800">{shortcut.label}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-xs text-ink-600">Los atajos no actúan mientras escribes en un campo.</p>
      </Modal>
    </>
  );
}
