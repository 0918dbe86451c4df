// @vitest-environment jsdom
// The contact inbox's conversation modal: the thread as the admin reads it (who and when, each
// reply's e-mail state and its own "Reenviar", the visitor's e-mailed answers with their warning,
// original and attachments, notes, one-line events), text never rendered as HTML, what each status
// offers (Responder, Reabrir, Desarchivar), the signature line, "Asignado a", notes joining the
// thread; and the list's "Deshacer" after a bulk close. The server actions are replaced by
// recorders: this file is about what the screen shows and sends (the services have their tests).
import "./setup/dom";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ContactEntryItem, ContactMessageDetail, ContactMessageItem } from "@/lib/contact/admin-serialize";

type Toast = { kind: string; title: string; action?: { label: string; onClick: () => void } };

const calls = vi.hoisted(() => ({
  open: [] as unknown[][],
  resend: [] as unknown[][],
  reopen: [] as unknown[][],
  unarchive: [] as unknown[][],
  assign: [] as unknown[][],
  note: [] as unknown[][],
  bulk: [] as unknown[][],
  undo: [] as unknown[][],
  toasts: [] as Toast[],
  refresh: 0,
  detail: null as unknown,
  answers: {} as Record<string, unknown>,
}));

vi.mock("next/navigation", () => ({
  useRouter: () => ({ refresh: () => void (calls.refresh += 1), push: () => undefined, replace: () => undefined }),
  usePathname: () => "/admin/contact-messages",
  useSearchParams: () => new URLSearchParams(),
}));
vi.mock("@/components/ui/toast", () => {
  const record = (kind: string) => (title: string, data?: { action?: Toast["action"] }) => void calls.toasts.push({ kind, title, action: data?.action });
  return { notify: Object.assign(record("default"), { success: record("success"), error: record("error"), info: record("info"), warning: record("warning") }) };
});
vi.mock("@/lib/audit/actions", () => ({ loadEntityHistoryAction: async () => ({ ok: true, data: [] }) }));
vi.mock("@/lib/contact/actions", () => {
  const recorder = (name: keyof typeof calls, answer: string) => async (...args: unknown[]) => {
    (calls[name] as unknown[][]).push(args);
    return calls.answers[answer];
  };
  return {
    openContactMessageAction: async (...args: unknown[]) => {
      calls.open.push(args);
      return { ok: true, data: calls.detail };
    },
    resendContactReplyAction: recorder("resend", "resend"),
    reopenContactMessageAction: recorder("reopen", "reopen"),
    unarchiveContactMessageAction: recorder("unarchive", "unarchive"),
    assignContactMessageAction: recorder("assign", "assign"),
    addContactNoteAction: recorder("note", "note"),
    bulkContactMessagesAction: recorder("bulk", "bulk"),
    undoContactStatusAction: recorder("undo", "undo"),
    updateContactMessageAction: async () => ({ ok: false, status: 409, message: "no" }),
    deleteContactMessageAction: async () => ({ ok: false, status: 409, message: "no" }),
    restoreContactMessagesAction: async () => ({ ok: false, status: 409, message: "no" }),
    mergeCandidatesAction: async () => ({ ok: true, data: [] }),
    mergeContactMessageAction: async () => ({ ok: false, status: 409, message: "no" }),
  };
});

const { MessageModal } = await import("@/components/admin/inbox/message-modal");
const { ContactInbox } = await import("@/components/admin/inbox/contact-inbox");
const { entryTime, eventLabel } = await import("@/components/admin/inbox/conversation-thread");

beforeEach(() => {
  for (const list of [calls.open, calls.resend, calls.reopen, calls.unarchive, calls.assign, calls.note, calls.bulk, calls.undo, calls.toasts]) list.length = 0;
  calls.refresh = 0;
  calls.answers = {};
});

const ANA = { id: "admin-ana", name: "Ana Torres" };
const LUIS = { id: "admin-luis", name: "Luis Rojas" };

function entry(id: number | "message", kind: ContactEntryItem["kind"], overrides: Partial<ContactEntryItem> = {}): ContactEntryItem {
  return {
    id: id === "message" ? "message" : `entry-${id}`,
    kind,
    body: null,
    author: null,
    created_at: "2026-11-20T15:00:00.000Z",
    delivery_status: null,
    attempted_at: null,
    sent_at: null,
    delivery_error: null,
    server_response: null,
    event: null,
    data: null,
    from_address: null,
    auth_warning: null,
    original_available: false,
    attachments: [],
    ...overrides,
  };
}

function row(overrides: Partial<ContactMessageItem> = {}): ContactMessageItem {
  return {
    id: 41,
    name: "María Quispe",
    email: "maria@andina.pe",
    phone: null,
    company: null,
    sector: null,
    subject: "Cotización ERP",
    message: "Hola",
    status: "replied",
    created_at: "2026-11-20T14:00:00.000Z",
    read_at: "2026-11-20T14:05:00.000Z",
    replied_at: null,
    reply_text: null,
    reply_status: null,
    reply_attempted_at: null,
    reply_sent_at: null,
    reply_error: null,
    ip_address: null,
    user_agent: null,
    assigned_to: null,
    origin: "form",
    ...overrides,
  };
}

function detail(overrides: Partial<ContactMessageDetail> = {}): ContactMessageDetail {
  return {
    ...row(),
    reply_message_id: null,
    replied_by: null,
    previous_status: null,
    status_changed_at: null,
    merged_into_id: null,
    reply_address: null,
    notes: [],
    entries: [entry("message", "message", { body: "Hola, quisiera una cotización.\n<b>urgente</b>", from_address: "maria@andina.pe", created_at: "2026-11-20T14:00:00.000Z" })],
    ...overrides,
  };
}

function renderModal(message: ContactMessageDetail, props: { hasSignature?: boolean; mailConfigured?: boolean } = {}) {
  calls.detail = message;
  const handlers = { onClose: vi.fn(), onOpen: vi.fn(), onChanged: vi.fn(), onDelete: vi.fn(), onArchive: vi.fn(async () => undefined), onCloseConversation: vi.fn(async () => undefined) };
  render(
    <MessageModal
      id={message.id}
      mailConfigured={props.mailConfigured ?? true}
      templates={[]}
      admins={[ANA, LUIS]}
      viewerId={ANA.id}
      hasSignature={props.hasSignature ?? false}
      focusReplyToken={0}
      onDirtyChange={() => undefined}
      onDialogChange={() => undefined}
      {...handlers}
    />,
  );
  return handlers;
}

const thread = () => screen.getByRole("list", { name: "Conversación" });

describe("the conversation thread", () => {
  it("shows every entry oldest first with who, when and each reply's e-mail state; «Reenviar» resends that reply", async () => {
    calls.answers.resend = { ok: true, data: { message: detail(), delivery: { sent: true, status: "sent", error: null } } };
    renderModal(
      detail({
        entries: [
          entry("message", "message", { body: "Hola, quisiera una cotización.\n<b>urgente</b>", from_address: "maria@andina.pe", created_at: "2026-11-20T14:00:00.000Z" }),
          entry(11, "reply", { body: "Primera respuesta", author: ANA, delivery_status: "sent", sent_at: "2026-11-20T14:10:05.000Z", created_at: "2026-11-20T14:10:00.000Z" }),
          entry(12, "inbound", {
            body: "Gracias, ¿y el precio?",
            from_address: "maria@andina.pe",
            auth_warning: "El dominio del remitente no pudo verificarse (DKIM y SPF fallaron).",
            original_available: true,
            attachments: [{ id: 5, file_name: "requisitos.pdf", mime: "application/pdf", bytes: 24_576, url: "/api/v1/admin/contact-messages/41/attachments/5" }],
            created_at: "2026-11-20T14:20:00.000Z",
          }),
          entry(13, "note", { body: "Cliente grande: priorizar.", author: LUIS, created_at: "2026-11-20T14:25:00.000Z" }),
          entry(14, "reply", { body: "Segunda respuesta", author: LUIS, delivery_status: "failed", delivery_error: "Conexión rechazada.", created_at: "2026-11-20T14:30:00.000Z" }),
          entry(15, "event", { event: "closed", author: ANA, created_at: "2026-11-20T14:40:00.000Z" }),
        ],
      }),
    );
    const items = within(await waitFor(thread)).getAllByRole("listitem", { name: /./ }).filter((item) => item.parentElement === thread());
    expect(items.map((item) => item.getAttribute("aria-label")!.split(",")[0])).toEqual([
      "Mensaje de María Quispe",
      "Respuesta de Ana Torres",
      "Respuesta de María Quispe",
      "Nota interna de Luis Rojas",
      "Respuesta de Luis Rojas",
      "Cerrada por Ana Torres",
    ]);

    // Text, never HTML, line breaks kept.
    expect(items[0].querySelector("b")).toBeNull();
    expect(items[0].textContent).toContain("<b>urgente</b>");
    expect(within(items[0]).getByText(/Hola, quisiera/).className).toContain("whitespace-pre-wrap");

    expect(items[1].textContent).toContain("Enviado por correo el 20 nov 2026, 09:10");
    expect(within(items[1]).queryByRole("button", { name: /Reenviar/ })).toBeNull();

    // The e-mailed answer: received badge, the warning as a badge and its text, original in a new tab, attachment with its size.
    expect(within(items[2]).getByText("Recibido por correo")).toBeTruthy();
    expect(within(items[2]).getByText("Remitente no verificado")).toBeTruthy();
    expect(within(items[2]).getByRole("note").textContent).toBe("El dominio del remitente no pudo verificarse (DKIM y SPF fallaron).");
    const original = within(items[2]).getByRole("link", { name: /Ver original/ });
    expect(original.getAttribute("href")).toBe("/api/v1/admin/contact-messages/41/entries/12/original");
    expect(original.getAttribute("target")).toBe("_blank");
    const attachment = within(items[2]).getByRole("link", { name: "requisitos.pdf" });
    expect(attachment.getAttribute("href")).toBe("/api/v1/admin/contact-messages/41/attachments/5");
    expect(items[2].textContent).toContain("(24 KB)");

    expect(within(items[3]).getByText("Nota interna")).toBeTruthy();
    expect(items[3].getAttribute("data-kind")).toBe("note");

    expect(items[4].getAttribute("data-testid")).toBe("reply-failure");
    expect(items[4].textContent).toContain("No enviado: falló el envío");
    expect(items[4].textContent).toContain("Conexión rechazada.");
    expect(items[5].textContent).toBe(`Cerrada por Ana Torres · ${entryTime("2026-11-20T14:40:00.000Z")}`);

    await act(async () => fireEvent.click(within(items[4]).getByRole("button", { name: /^Reenviar/ })));
    expect(calls.resend).toEqual([[41, 14]]);
    expect(calls.toasts).toContainEqual({ kind: "success", title: "Respuesta enviada", action: undefined });
  });

  it("names every event in one line, the merged first message on expand", async () => {
    const at = "2026-11-20T15:00:00.000Z";
    const label = (event: string, data: Record<string, unknown> | null = null, author = ANA) => eventLabel({ event, data, author });
    expect(label("reopened")).toBe("Reabierta por Ana Torres");
    expect(label("archived")).toBe("Archivada por Ana Torres");
    expect(label("unarchived")).toBe("Desarchivada por Ana Torres");
    expect(label("restored")).toBe("Restaurada (deshacer) por Ana Torres");
    expect(label("assigned", { to_id: LUIS.id, to_name: LUIS.name })).toBe("Asignada a Luis Rojas por Ana Torres");
    expect(label("auto_reply", { reason: "Fuera de la oficina" })).toBe("Respuesta automática recibida: Fuera de la oficina");
    expect(label("bounce", { reason: "Buzón inexistente" })).toBe("Correo rebotado: Buzón inexistente");
    expect(eventLabel({ event: "reopened_by_email", data: null, author: null })).toBe("Reabierta por un correo del remitente");

    renderModal(
      detail({
        entries: [
          entry(20, "event", { event: "merged", author: ANA, data: { from_id: 12, subject: "Consulta anterior", message: "Mi primer mensaje\nen dos líneas", created_at: at }, created_at: at }),
          entry("message", "message", { body: "Hola", created_at: at }),
        ],
      }),
    );
    const merged = within(await waitFor(thread)).getByText(/Unida desde C-12 por Ana Torres/).closest("details")!;
    expect(merged.open).toBe(false);
    expect(merged.textContent).toContain("Mi primer mensaje\nen dos líneas");
    expect(merged.textContent).toContain("Consulta anterior");
  });

  it("«Sin respuesta aún» until a reply exists; the signature line when the admin has one", async () => {
    renderModal(detail({ status: "read" }), { hasSignature: true });
    await waitFor(thread);
    expect(screen.getByText("Sin respuesta aún")).toBeTruthy();
    expect(screen.getByLabelText("Tu respuesta")).toBeTruthy();
    expect(screen.getByText("Se añadirá tu firma")).toBeTruthy();
  });

  it("a replied conversation can be answered again; no signature line without a signature", async () => {
    renderModal(detail({ status: "replied", entries: [entry("message", "message", { body: "Hola" }), entry(3, "reply", { body: "Ya", author: ANA, delivery_status: "sent" })] }));
    await waitFor(thread);
    expect(screen.getByLabelText("Tu respuesta")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Responder" })).toBeTruthy();
    expect(screen.queryByText("Se añadirá tu firma")).toBeNull();
  });
});

describe("what each status offers", () => {
  it("closed: «Reabrir» instead of «Responder»; once reopened the reply box is back", async () => {
    calls.answers.reopen = { ok: true, data: detail({ status: "read" }) };
    renderModal(detail({ status: "closed" }));
    await waitFor(thread);
    expect(screen.queryByRole("button", { name: "Responder" })).toBeNull();
    expect(screen.queryByLabelText("Tu respuesta")).toBeNull();
    expect(screen.getByText("La conversación está cerrada: reábrela para responder.")).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Reabrir" })));
    expect(calls.reopen).toEqual([[41]]);
    expect(calls.toasts.map((toast) => toast.title)).toContain("Conversación reabierta");
    expect(screen.getByLabelText("Tu respuesta")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reabrir" })).toBeNull();
  });

  it("archived: «Desarchivar», no archive or close", async () => {
    calls.answers.unarchive = { ok: false, status: 409, message: "La conversación no está archivada." };
    renderModal(detail({ status: "archived" }));
    await waitFor(thread);
    expect(screen.queryByRole("button", { name: "Archivar" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cerrar mensaje" })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Desarchivar" })));
    expect(calls.unarchive).toEqual([[41]]);
    expect(calls.toasts).toContainEqual({ kind: "error", title: "No se pudo desarchivar la conversación", action: undefined });
  });
});

describe("Asignado a and notes", () => {
  it("assigns to the chosen admin (the viewer marked «tú») and back to nobody", async () => {
    calls.answers.assign = { ok: true, data: detail({ assigned_to: LUIS }) };
    renderModal(detail());
    await waitFor(thread);
    const select = screen.getByLabelText("Asignado a") as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual(["Sin asignar", "Ana Torres (tú)", "Luis Rojas"]);
    await act(async () => fireEvent.change(select, { target: { value: LUIS.id } }));
    expect(calls.assign).toEqual([[41, LUIS.id]]);
    expect(select.value).toBe(LUIS.id);
    expect(calls.toasts.map((toast) => toast.title)).toContain("Asignada a Luis Rojas");
    calls.answers.assign = { ok: true, data: detail({ assigned_to: null }) };
    await act(async () => fireEvent.change(select, { target: { value: "" } }));
    expect(calls.assign.at(-1)).toEqual([41, null]);
  });

  it("a new note joins the thread as «Nota interna»", async () => {
    calls.answers.note = { ok: true, data: { id: 77, body: "Llamar el lunes", created_at: "2026-11-20T16:00:00.000Z", author: ANA } };
    renderModal(detail());
    await waitFor(thread);
    fireEvent.change(screen.getByLabelText("Nueva nota interna"), { target: { value: "Llamar el lunes" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Agregar nota" })));
    await waitFor(() => expect(calls.note).toEqual([[41, { body: "Llamar el lunes" }]]));
    const note = await waitFor(() => within(thread()).getByRole("listitem", { name: /^Nota interna de Ana Torres/ }));
    expect(note.textContent).toContain("Llamar el lunes");
  });
});

describe("the list's bulk «Cerrar»", () => {
  it("closes the selection and «Deshacer» undoes exactly those messages", async () => {
    calls.answers.bulk = { ok: true, data: { affected: 2, ids: [41, 42] } };
    calls.answers.undo = { ok: true, data: { restored: 2, ids: [41, 42] } };
    const rows = [row({ id: 41 }), row({ id: 42, name: "Jorge Díaz" }), row({ id: 43, name: "Rosa Huamán" })];
    render(
      <ContactInbox
        result={{ data: rows, current_page: 1, per_page: 20, total: 3, last_page: 1, total_capped: false }}
        templates={[]}
        exportHref="/api/v1/admin/contact-messages/export"
        mailConfigured
        admins={[ANA]}
        viewerId={ANA.id}
        hasSignature={false}
      />,
    );
    const table = screen.getByRole("table", { name: "Mensajes de contacto" });
    fireEvent.click(within(table).getByLabelText("Seleccionar el mensaje de María Quispe"));
    fireEvent.click(within(table).getByLabelText("Seleccionar el mensaje de Jorge Díaz"));
    const bar = screen.getByRole("region", { name: "Acciones en lote" });
    await act(async () => fireEvent.click(within(bar).getByRole("button", { name: "Cerrar" })));
    expect(calls.bulk).toEqual([[{ ids: [41, 42], action: "close" }]]);
    const toast = calls.toasts.find((item) => item.title === "2 mensajes cerrados")!;
    expect(toast.action?.label).toBe("Deshacer");
    await act(async () => toast.action!.onClick());
    await waitFor(() => expect(calls.undo).toEqual([[[41, 42]]]));
    await waitFor(() => expect(calls.toasts.map((item) => item.title)).toContain("2 cambios deshechos"));
  });
});
