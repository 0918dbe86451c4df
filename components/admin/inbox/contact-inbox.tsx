"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
import { useHotkeys } from "react-hotkeys-hook";
import {
  bulkContactMessagesAction,
  deleteContactMessageAction,
  restoreContactMessagesAction,
  updateContactMessageAction,
} from "@/lib/contact/actions";
import { contactStatusLabel } from "@/components/admin/contact-status";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable, FilterButtons, SearchBox, type DataTableColumn } from "@/components/ui/data-table";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toast";
import type { Paged } from "@/lib/list/paging";
import type { ContactMessageItem, ReplyTemplateItem } from "@/lib/contact/admin-serialize";
import { CONTACT_FILTERS, INBOX_FAILURES, replyDeliveryView, UNDO_SECONDS } from "@/lib/contact/inbox-rules";
import { countLabel, plural } from "@/components/ui/plural";
import { DateTimeText, EmailText } from "@/components/ui/email-text";
import { MessageModal } from "./message-modal";

// "Gestión de Contactos": the server-paged table with the filter buttons,
// search, selection + bulk bar, CSV export of the current filter and search, the detail modal
// (also opened by ?id=N, where the notification bell links), delete with confirmation and
// "Deshacer" for 10 s, and keyboard shortcuts (j/k, Enter, e, r, ?).

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

/** `clearSelection`: the bulk bar's selection, cleared once the delete is confirmed and done (a cancel keeps it). */
type PendingDelete = { ids: number[]; label: string; clearSelection?: () => void };

export function ContactInbox({
  result,
  templates,
  exportHref,
  mailConfigured,
}: {
  result: Paged<ContactMessageItem>;
  templates: ReplyTemplateItem[];
  exportHref: string;
  /** Whether outgoing e-mail is configured on the server (SMTP_URL). */
  mailConfigured: boolean;
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

  async function archive(id: number) {
    const outcome = await updateContactMessageAction(id, { status: "archived" });
    if (!outcome.ok) {
      notify.error(INBOX_FAILURES.archive, { description: outcome.message });
      return;
    }
    notify.success("Mensaje archivado");
    if (openId === id) setOpenId(null);
    refresh();
  }

  async function bulk(ids: string[], action: "read" | "archive", clear: () => void) {
    const outcome = await bulkContactMessagesAction({ ids: ids.map(Number), action });
    if (!outcome.ok) {
      notify.error(action === "archive" ? INBOX_FAILURES.archive : "No se pudieron marcar como leídos", { description: outcome.message });
      return;
    }
    const n = outcome.data.affected;
    if (n === 0) {
      notify.info(action === "read" ? "Ningún mensaje cambió: los seleccionados ya estaban leídos." : "Ningún mensaje cambió: los seleccionados ya estaban archivados.");
    } else {
      notify.success(`${countLabel(n, "mensaje", "mensajes")} ${action === "read" ? plural(n, "marcado como leído", "marcados como leídos") : plural(n, "archivado", "archivados")}`);
    }
    clear();
    refresh();
  }

  // ── Keyboard shortcuts (never while typing: react-hotkeys-hook ignores form fields) ───
  const modalOpen = openId !== null;
  const dialogOpen = pendingDelete !== null || showShortcuts;
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
    openMessage(next.id);
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
            <Badge tone={label.tone} className="whitespace-nowrap">{label.label}</Badge>
            {delivery && delivery.tone !== "success" && (
              <span title={delivery.label}>
                <Badge tone={delivery.tone} className="whitespace-nowrap">
                  <span aria-hidden="true">{delivery.short}</span>
                  <span className="sr-only">{delivery.label}</span>
                </Badge>
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
        summary={`Total: ${result.total.toLocaleString("es-PE")}`}
        toolbar={
          <>
            <FilterButtons label="Filtrar por estado" param="status" options={CONTACT_FILTERS.map((filter) => ({ ...filter }))} />
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
        focusReplyToken={focusReplyToken}
        onClose={() => setOpenId(null)}
        onChanged={refresh}
        onDelete={(message) => setPendingDelete({ ids: [message.id], label: message.name })}
        onArchive={archive}
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
