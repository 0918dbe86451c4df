// @vitest-environment jsdom
// The ticket screens with e-mail: the admin's thread (what came by e-mail, the sender's warning,
// "Ver original", the attachments, each staff reply's e-mail state and "Reenviar" only where it
// applies), the reply box's signature preview, the "Asignado a" field, and the client's thread,
// which says what came by e-mail and nothing of delivery. The server actions are recorders: the
// services behind them have their own tests.
import "./setup/dom";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffReplyResult, TicketConversationEntry, TicketThreadEntry } from "@/lib/support/serialize";

const calls = vi.hoisted(() => ({
  resend: [] as unknown[][],
  update: [] as unknown[][],
  refresh: 0,
  toasts: [] as [string, string, string | undefined][],
  resendAnswer: null as unknown,
  reply: [] as unknown[][],
  replyAnswer: null as unknown,
}));

vi.mock("next/navigation", () => ({
  useRouter: () => ({ refresh: () => void (calls.refresh += 1), push: () => undefined, replace: () => undefined }),
  usePathname: () => "/admin/tickets/7",
  useSearchParams: () => new URLSearchParams(),
}));
vi.mock("@/components/ui/toast", () => ({
  notify: {
    success: (message: string) => void calls.toasts.push(["success", message, undefined]),
    error: (message: string, options?: { description?: string }) => void calls.toasts.push(["error", message, options?.description]),
    info: (message: string) => void calls.toasts.push(["info", message, undefined]),
    warning: (message: string) => void calls.toasts.push(["warning", message, undefined]),
  },
}));
vi.mock("@/lib/support/actions", () => ({
  resendTicketReplyAction: async (...args: unknown[]) => {
    calls.resend.push(args);
    return calls.resendAnswer;
  },
  updateTicketAction: async (...args: unknown[]) => {
    calls.update.push(args);
    return { ok: true, data: { status: "open", priority: "medium", assigned_to: { id: "adm-2", name: "Carla Ríos" } } };
  },
  replyToTicketAction: async (...args: unknown[]) => {
    calls.reply.push(args);
    return calls.replyAnswer;
  },
}));

const { AdminTicketThread } = await import("@/components/admin/support/ticket-thread");
const { StaffReplyForm, TicketStatusForm } = await import("@/components/admin/support/ticket-admin-forms");
const { TicketConversation } = await import("@/components/account/ticket-conversation");

const NOW = Date.parse("2026-11-29T12:00:00Z");
const base: TicketThreadEntry = {
  id: "x",
  kind: "reply",
  body: "",
  author: { id: "adm-1", name: "Equipo Lumen" },
  created_at: "2026-11-29T10:00:00Z",
  delivery_status: null,
  attempted_at: null,
  sent_at: null,
  delivery_error: null,
  server_response: null,
  event: null,
  via: null,
  from_address: null,
  auth_warning: null,
  original_available: false,
  reply_id: null,
  attachments: [],
  data: null,
};

const entries: TicketThreadEntry[] = [
  {
    ...base,
    id: "description",
    kind: "message",
    body: "No puedo emitir facturas.",
    author: { id: "cli-1", name: "Ana Torres" },
    via: "email",
    from_address: "ana@cliente.pe",
    auth_warning: "DKIM y SPF fallaron: el remitente no está verificado.",
    original_available: true,
    reply_id: 30,
    attachments: [{ id: 5, file_name: "captura.png", mime: "image/png", bytes: 2048, url: "/api/v1/admin/tickets/7/attachments/5" }],
  },
  { ...base, id: "reply-31", body: "Ya lo revisamos.", reply_id: 31, delivery_status: "sent", attempted_at: "2026-11-29T10:00:00Z", sent_at: "2026-11-29T10:00:02Z" },
  { ...base, id: "reply-32", body: "Falló este.", reply_id: 32, delivery_status: "failed", attempted_at: "2026-11-29T11:00:00Z", delivery_error: "No se pudo enviar el correo: conexión rechazada" },
  { ...base, id: "reply-33", body: "Enviándose.", reply_id: 33, delivery_status: "sending", attempted_at: "2026-11-29T11:59:30Z" },
  { ...base, id: "reply-34", body: "Perdido.", reply_id: 34, delivery_status: "sending", attempted_at: "2026-11-29T11:50:00Z" },
  { ...base, id: "reply-35", kind: "inbound", body: "Desde el portal.", author: { id: "cli-1", name: "Ana Torres" }, via: "portal", reply_id: 35 },
  { ...base, id: "event-3", kind: "event", body: null, event: "status_changed", data: { from: "open", to: "in_progress" } },
];

const message = (id: string) => screen.getAllByTestId("ticket-message").find((item) => within(item).queryByText(id)) as HTMLElement;

beforeEach(() => {
  calls.resend = [];
  calls.update = [];
  calls.reply = [];
  calls.toasts = [];
  calls.refresh = 0;
});

describe("the admin's ticket thread", () => {
  it("shows what came by e-mail with its warning, original and attachments, and each staff reply's e-mail state with «Reenviar» only where it applies", () => {
    render(<AdminTicketThread ticketId={7} entries={entries} originals={new Map([[30, "No puedo emitir facturas.\n\n> cita"]])} now={NOW} mailConfigured />);

    const opening = message("No puedo emitir facturas.");
    expect(within(opening).getByText("Recibido por correo")).toBeTruthy();
    expect(within(opening).getByText("de ana@cliente.pe")).toBeTruthy();
    expect(within(opening).getByTestId("auth-warning").textContent).toContain("Remitente no verificado");
    expect(within(opening).getByTestId("auth-warning").textContent).toContain("DKIM y SPF fallaron");
    expect(within(opening).getByText("Ver original").closest("details")?.textContent).toContain("> cita");
    expect(within(opening).getByRole("link", { name: "captura.png" }).getAttribute("href")).toBe("/api/v1/admin/tickets/7/attachments/5");
    expect(within(opening).queryByRole("button", { name: "Reenviar" })).toBeNull();

    expect(within(message("Ya lo revisamos.")).getByText("Enviado por correo")).toBeTruthy();
    expect(within(message("Ya lo revisamos.")).queryByRole("button", { name: "Reenviar" })).toBeNull();
    const failed = message("Falló este.");
    expect(within(failed).getByText("No enviado: falló el envío")).toBeTruthy();
    expect(within(failed).getByText("No se pudo enviar el correo: conexión rechazada")).toBeTruthy();
    expect(within(failed).getByRole("button", { name: "Reenviar" })).toBeTruthy();
    expect(within(message("Enviándose.")).getByText("Enviando…")).toBeTruthy();
    expect(within(message("Enviándose.")).queryByRole("button", { name: "Reenviar" })).toBeNull();
    expect(within(message("Perdido.")).getByText("Enviando… (sin confirmar)")).toBeTruthy();
    expect(within(message("Perdido.")).getByRole("button", { name: "Reenviar" })).toBeTruthy();

    const portal = message("Desde el portal.");
    expect(within(portal).queryByText("Recibido por correo")).toBeNull();
    expect(within(portal).queryByText("Ver original")).toBeNull();
    expect(screen.getByTestId("ticket-status-change").textContent).toContain("Estado cambiado de Abierto a En progreso por Equipo Lumen");
  });

  it("«Reenviar» calls the action for that reply and says how it went; without outgoing mail it is disabled and says why", async () => {
    const delivery: StaffReplyResult["delivery"] = { sent: true, status: "sent", error: null };
    calls.resendAnswer = { ok: true, data: { ticket: {}, delivery } };
    const { unmount } = render(<AdminTicketThread ticketId={7} entries={entries} originals={new Map()} now={NOW} mailConfigured />);
    await act(async () => fireEvent.click(within(message("Falló este.")).getByRole("button", { name: "Reenviar" })));
    await waitFor(() => expect(calls.resend).toEqual([[7, 32]]));
    expect(calls.toasts).toEqual([["success", "Respuesta enviada por correo", undefined]]);
    expect(calls.refresh).toBe(1);

    calls.resendAnswer = { ok: false, status: 409, message: "La respuesta ya se está enviando por correo. Espera unos segundos." };
    await act(async () => fireEvent.click(within(message("Perdido.")).getByRole("button", { name: "Reenviar" })));
    await waitFor(() => expect(calls.toasts.at(-1)).toEqual(["error", "La respuesta no se envió por correo", "La respuesta ya se está enviando por correo. Espera unos segundos."]));
    unmount();

    render(<AdminTicketThread ticketId={7} entries={entries} originals={new Map()} now={NOW} mailConfigured={false} />);
    const failed = message("Falló este.");
    expect((within(failed).getByRole("button", { name: "Reenviar" }) as HTMLButtonElement).disabled).toBe(true);
    expect(failed.textContent).toContain("Configura SMTP_URL en el servidor para poder reenviarla.");
  });

  it("the reply box previews the signature that will be added, or points to the profile when there is none", () => {
    const { unmount } = render(<StaffReplyForm ticketId={7} signature={"Carla Ríos\nMesa de ayuda"} />);
    const preview = screen.getByTestId("signature-preview");
    expect(preview.textContent).toContain("Se añadirá tu firma:");
    expect(preview.textContent).toContain("Carla Ríos\nMesa de ayuda");
    unmount();
    render(<StaffReplyForm ticketId={7} signature={null} />);
    expect(screen.queryByTestId("signature-preview")).toBeNull();
    expect(screen.getByRole("link", { name: "tu perfil" }).getAttribute("href")).toBe("/admin/profile");
  });

  it("a reply stored but not e-mailed is announced as sent to the portal and as a failed e-mail, with the reason", async () => {
    const delivery: StaffReplyResult["delivery"] = { sent: false, status: "failed", error: "No se pudo enviar el correo: conexión rechazada" };
    calls.replyAnswer = { ok: true, data: { ticket: {}, delivery } };
    render(<StaffReplyForm ticketId={7} signature={null} />);
    fireEvent.change(screen.getByLabelText("Respuesta al cliente"), { target: { value: "Ya lo revisamos." } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Enviar respuesta" })));
    await waitFor(() => expect(calls.reply).toEqual([[7, { body: "Ya lo revisamos." }]]));
    await waitFor(() =>
      expect(calls.toasts).toEqual([
        ["success", "Respuesta enviada", undefined],
        ["error", "La respuesta no se envió por correo", "No se pudo enviar el correo: conexión rechazada"],
      ]),
    );

    calls.toasts = [];
    calls.replyAnswer = { ok: true, data: { ticket: {}, delivery: { sent: true, status: "sent", error: null } } };
    fireEvent.change(screen.getByLabelText("Respuesta al cliente"), { target: { value: "Otra." } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Enviar respuesta" })));
    await waitFor(() => expect(calls.toasts).toEqual([["success", "Respuesta enviada", undefined]]));
  });

  it("«Asignado a» lists «Sin asignar» and the admins, and saves the one chosen", async () => {
    render(
      <TicketStatusForm
        ticketId={7}
        status="open"
        priority="medium"
        assignedTo={null}
        assignees={[
          { id: "adm-1", name: "Equipo Lumen" },
          { id: "adm-2", name: "Carla Ríos" },
        ]}
      />,
    );
    const select = screen.getByLabelText("Asignado a") as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(["Sin asignar", "Equipo Lumen", "Carla Ríos"]);
    expect(select.value).toBe("");
    const save = screen.getByRole("button", { name: "Guardar cambios" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await act(async () => fireEvent.change(select, { target: { value: "adm-2" } }));
    await waitFor(() => expect(save.disabled).toBe(false));
    await act(async () => fireEvent.click(save));
    await waitFor(() => expect(calls.update).toEqual([[7, { status: "open", priority: "medium", assigned_to: "adm-2" }]]));
  });
});

describe("the client's ticket thread", () => {
  it("marks what came by e-mail and shows nothing of delivery", () => {
    const conversation: TicketConversationEntry[] = [
      { type: "message", id: "description", body: "Abierto por correo.", from_staff: false, via_email: true, author: { name: "Ana" }, created_at: "2026-11-29T10:00:00Z" },
      { type: "message", id: "reply-2", body: "Respuesta del equipo.", from_staff: true, via_email: false, author: { name: "Equipo" }, created_at: "2026-11-29T11:00:00Z" },
    ];
    render(<TicketConversation entries={conversation} viewer="client" />);
    expect(within(message("Abierto por correo.")).getByText("Recibido por correo")).toBeTruthy();
    expect(within(message("Respuesta del equipo.")).queryByText("Recibido por correo")).toBeNull();
    expect(document.body.textContent).not.toMatch(/Enviado por correo|No enviado|Reenviar/);
  });
});
