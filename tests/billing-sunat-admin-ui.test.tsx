// @vitest-environment jsdom
// The admin invoice screens with SUNAT: the state badge, the "SUNAT" block (what it offers in each
// state, the rejected rule, test mode, the problem), "Emitir nota de crédito" (when it is offered,
// its figures, its limits and what it sends), the notas de crédito list and totals, and why
// "Anular factura" is not possible. The server actions are replaced by recorders: this file is
// about what the screens show and send (the services behind them have their own tests).
import "./setup/dom";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CreditNoteContract, InvoiceDetailContract } from "@/lib/billing/serialize";
import type { SunatContract } from "@/lib/sunat/serialize";
import { SUNAT_STATUS_HINTS } from "@/lib/sunat/labels";
import { invoiceDetailContract } from "./helpers/invoice-contracts";

const calls = vi.hoisted(() => ({
  creditNote: [] as unknown[][],
  resend: [] as unknown[][],
  refresh: 0,
  toasts: [] as [string, string][],
  creditNoteAnswer: null as unknown,
  resendAnswer: null as unknown,
}));

vi.mock("next/navigation", () => ({
  useRouter: () => ({ refresh: () => void (calls.refresh += 1), push: () => undefined, replace: () => undefined }),
  usePathname: () => "/admin/invoices",
  useSearchParams: () => new URLSearchParams(),
}));
vi.mock("@/components/ui/toast", () => ({
  notify: {
    success: (message: string) => void calls.toasts.push(["success", message]),
    error: (message: string) => void calls.toasts.push(["error", message]),
    info: (message: string) => void calls.toasts.push(["info", message]),
    warning: (message: string) => void calls.toasts.push(["warning", message]),
  },
}));
vi.mock("@/lib/billing/actions", () => ({
  issueCreditNoteAction: async (...args: unknown[]) => {
    calls.creditNote.push(args);
    return calls.creditNoteAnswer;
  },
  resendSunatAction: async (...args: unknown[]) => {
    calls.resend.push(args);
    return calls.resendAnswer;
  },
  cancelInvoiceAction: async () => ({ ok: false, status: 409, message: "no" }),
  recordPaymentAction: async () => ({ ok: false, status: 409, message: "no" }),
  pendingInvoicesAction: async () => ({ ok: true, data: [] }),
}));

const { InvoicesScreen } = await import("@/components/admin/billing/invoices-screen");
const { SunatStatusBadge } = await import("@/components/admin/billing/billing-badges");
const { SunatPanel, SUNAT_REJECTED_RULE, SUNAT_TEST_MODE_TEXT } = await import("@/components/admin/billing/sunat-panel");
const { CreditNoteModal } = await import("@/components/admin/billing/credit-note-modal");
const { InvoiceDetailView } = await import("@/components/admin/billing/invoice-detail");
const { cancelBlockedReason, canIssueCreditNote } = await import("@/components/admin/billing/invoice-detail-actions");
const { creditNotePreview, splitIgvIncluded } = await import("@/components/admin/billing/credit-note-form");

beforeEach(() => {
  calls.creditNote.length = 0;
  calls.resend.length = 0;
  calls.toasts.length = 0;
  calls.refresh = 0;
});

function sunat(overrides: Partial<SunatContract> = {}): SunatContract {
  return {
    status: "accepted",
    status_label: "Aceptado",
    code: "0",
    description: "La Factura numero F001-00000007, ha sido aceptada",
    notes: [],
    hash: "qP3jE+0bG5cVd1tX2m8kYw/9sR4=",
    sent_at: "2026-11-20T15:00:00.000Z",
    answered_at: "2026-11-20T15:00:02.000Z",
    problem: null,
    voiding: false,
    ...overrides,
  };
}

function invoice(overrides: Partial<InvoiceDetailContract> = {}): InvoiceDetailContract {
  return invoiceDetailContract({ sunat: sunat(), ...overrides });
}

function creditNote(overrides: Partial<CreditNoteContract> = {}): CreditNoteContract {
  return {
    id: 3,
    number: "FC01-00000001",
    invoice_id: 7,
    reason_code: "04",
    reason: "Descuento global",
    description: "Descuento por pronto pago",
    subtotal: "50.00",
    tax_amount: "9.00",
    amount: "59.00",
    currency: "PEN",
    issued_at: "2026-11-21",
    created_at: "2026-11-21T10:00:00.000Z",
    sunat: sunat({ status: "sent", status_label: "Enviado", code: null, description: null, answered_at: null }),
    ...overrides,
  };
}

describe("SunatStatusBadge", () => {
  it("says the state in Spanish with its colour, and a voiding in progress above all", () => {
    const { container } = render(
      <>
        <SunatStatusBadge status="pending" />
        <SunatStatusBadge status="sent" />
        <SunatStatusBadge status="accepted" />
        <SunatStatusBadge status="observed" />
        <SunatStatusBadge status="rejected" />
        <SunatStatusBadge status="voided" />
        <SunatStatusBadge status="accepted" voiding />
      </>,
    );
    const badges = [...container.querySelectorAll(".badge")].map((badge) => [badge.textContent, badge.className.match(/badge-(\w+)/)?.[1]]);
    expect(badges).toEqual([
      ["Pendiente", "neutral"],
      ["Enviado", "brand"],
      ["Aceptado", "success"],
      ["Aceptado con observaciones", "warning"],
      ["Rechazado", "danger"],
      ["Anulado", "neutral"],
      ["Anulación en proceso", "neutral"],
    ]);
  });
});

describe("the invoice list", () => {
  it("has a SUNAT column with each invoice's state", () => {
    const rows = [invoice(), invoice({ id: 8, invoice_number: "F001-00000008", sunat: sunat({ status: "rejected", status_label: "Rechazado" }) })];
    render(<InvoicesScreen result={{ data: rows, current_page: 1, per_page: 20, total: 2, last_page: 1, total_capped: false }} />);
    const table = screen.getByRole("table", { name: "Facturas" });
    expect(within(table).getByRole("columnheader", { name: "SUNAT" })).toBeTruthy();
    const [first, second] = within(table).getAllByRole("row").slice(1);
    expect(within(first).getByText("Aceptado")).toBeTruthy();
    expect(within(second).getByText("Rechazado")).toBeTruthy();
  });
});

describe("the SUNAT block", () => {
  it("for an accepted document: its hint, code, hash and both files, no resend", () => {
    render(<SunatPanel invoiceId={7} sunat={sunat()} testMode={false} />);
    const panel = screen.getByRole("region", { name: /SUNAT/ });
    expect(within(panel).getByText(SUNAT_STATUS_HINTS.accepted)).toBeTruthy();
    expect(within(panel).getByText("qP3jE+0bG5cVd1tX2m8kYw/9sR4=").className).toContain("break-all");
    expect(within(panel).getByRole("link", { name: "Descargar XML" }).getAttribute("href")).toBe("/api/v1/admin/invoices/7/xml");
    expect(within(panel).getByRole("link", { name: "Ver CDR" }).getAttribute("href")).toBe("/api/v1/admin/invoices/7/cdr");
    expect(within(panel).queryByRole("button", { name: "Reenviar" })).toBeNull();
    expect(within(panel).queryByText(SUNAT_TEST_MODE_TEXT)).toBeNull();
  });

  it("for a pending, unsigned document with a problem: no files, the problem as an alert, and Reenviar", () => {
    const problem = "Falta el certificado digital: cárgalo en Configuración › Facturación electrónica.";
    render(<SunatPanel invoiceId={7} sunat={sunat({ status: "pending", status_label: "Pendiente", code: null, description: null, hash: null, sent_at: null, answered_at: null, problem })} testMode />);
    expect(screen.queryByRole("link", { name: "Descargar XML" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Ver CDR" })).toBeNull();
    expect(screen.getByRole("alert").textContent).toContain(problem);
    expect(screen.getByRole("button", { name: "Reenviar" })).toBeTruthy();
    expect(screen.getByText(SUNAT_TEST_MODE_TEXT)).toBeTruthy();
  });

  it("a sent document without an answer offers its XML and Reenviar, not a CDR", () => {
    render(<SunatPanel invoiceId={7} sunat={sunat({ status: "sent", status_label: "Enviado", code: null, answered_at: null })} testMode={false} />);
    expect(screen.getByRole("link", { name: "Descargar XML" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Ver CDR" })).toBeNull();
    expect(screen.getByRole("button", { name: "Reenviar" })).toBeTruthy();
  });

  it("a rejected document states that it is not corrected, shows SUNAT's code and cannot be resent", () => {
    render(
      <SunatPanel
        invoiceId={7}
        sunat={sunat({ status: "rejected", status_label: "Rechazado", code: "2017", description: "El numero de documento de identidad del receptor debe ser RUC" })}
        testMode={false}
      />,
    );
    expect(screen.getByText(SUNAT_REJECTED_RULE)).toBeTruthy();
    expect(screen.getByText("2017")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ver CDR" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reenviar" })).toBeNull();
  });

  it("lists SUNAT's observations of an observed document", () => {
    render(
      <SunatPanel
        invoiceId={7}
        sunat={sunat({ status: "observed", status_label: "Aceptado con observaciones", code: "0", notes: [{ code: "4287", text: "El precio unitario no coincide" }] })}
        testMode={false}
      />,
    );
    const list = screen.getByRole("heading", { name: "Observaciones de SUNAT" }).parentElement!;
    expect(within(list).getByRole("listitem").textContent).toBe("4287: El precio unitario no coincide");
  });

  it("Reenviar calls the action, tells SUNAT's answer and reloads the page", async () => {
    calls.resendAnswer = { ok: true, data: invoice({ sunat: sunat() }) };
    render(<SunatPanel invoiceId={7} sunat={sunat({ status: "pending", status_label: "Pendiente", hash: null, answered_at: null })} testMode={false} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Reenviar" })));
    await waitFor(() => expect(calls.refresh).toBe(1));
    expect(calls.resend).toEqual([[7]]);
    expect(calls.toasts).toEqual([["success", "Enviado a SUNAT: Aceptado"]]);
  });

  it("Reenviar shows what still stops the document when SUNAT could not be reached", async () => {
    calls.resendAnswer = { ok: true, data: invoice({ sunat: sunat({ status: "pending", status_label: "Pendiente", problem: "SUNAT no respondió a tiempo; se reintentará." }) }) };
    render(<SunatPanel invoiceId={7} sunat={sunat({ status: "pending", status_label: "Pendiente", hash: null, answered_at: null })} testMode={false} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Reenviar" })));
    await waitFor(() => expect(calls.refresh).toBe(1));
    expect(calls.toasts).toEqual([["error", "No se pudo completar el envío a SUNAT: SUNAT no respondió a tiempo; se reintentará."]]);
  });
});

describe("the figures of a nota de crédito", () => {
  it("splits an amount IGV included into its value without IGV (rounded half up) and the IGV as the rest", () => {
    // 59.00 / 1.18 = 50.00 exactly; 100.00 / 1.18 = 84.7457… → 84.75, and 100.00 − 84.75 = 15.25.
    expect(splitIgvIncluded("59.00", "18.00")).toEqual({ subtotal: "50.00", tax: "9.00", total: "59.00" });
    expect(splitIgvIncluded("100", "18.00")).toEqual({ subtotal: "84.75", tax: "15.25", total: "100.00" });
  });

  it("the whole of an invoice nothing was credited from is its own figures; after a partial note, what is left", () => {
    expect(creditNotePreview(invoice(), "total", "")).toEqual({ subtotal: "100.00", tax: "18.00", total: "118.00" });
    expect(creditNotePreview(invoice({ amount_credited: "59.00" }), "total", "")).toEqual({ subtotal: "50.00", tax: "9.00", total: "59.00" });
    expect(creditNotePreview(invoice(), "partial", "abc")).toBeNull();
    expect(creditNotePreview(invoice(), "partial", "0")).toBeNull();
  });
});

describe("Emitir nota de crédito", () => {
  function openModal(target = invoice()) {
    const onSaved = vi.fn();
    render(<CreditNoteModal invoice={target} onClose={() => undefined} onSaved={onSaved} />);
    return { dialog: screen.getByRole("dialog", { name: "Emitir nota de crédito" }), onSaved };
  }

  it("previews the whole invoice and sends no amount for a total note; the toast names the note", async () => {
    calls.creditNoteAnswer = { ok: true, data: creditNote({ number: "FC01-00000001", amount: "118.00" }) };
    const { dialog, onSaved } = openModal();
    expect(within(dialog).getByText(/hasta S\/ 118\.00/)).toBeTruthy();
    const preview = within(dialog).getByRole("heading", { name: "Vista previa de la nota" }).parentElement!;
    expect(preview.textContent).toContain("S/ 100.00");
    expect(preview.textContent).toContain("S/ 18.00");
    expect(preview.textContent).toContain("S/ 118.00");
    fireEvent.change(within(dialog).getByLabelText("Descripción *"), { target: { value: "Servicio no prestado" } });
    await act(async () => fireEvent.submit(dialog.querySelector("form")!));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(calls.creditNote).toEqual([[7, { reason_code: "01", description: "Servicio no prestado" }]]);
    expect(calls.toasts).toEqual([["success", "Nota de crédito FC01-00000001 emitida"]]);
  });

  it("a reason that takes back the whole document does not allow a partial amount", () => {
    const { dialog } = openModal();
    for (const code of ["01", "02", "06"]) {
      fireEvent.change(within(dialog).getByLabelText("Motivo *"), { target: { value: code } });
      expect((within(dialog).getByLabelText("Parcial") as HTMLInputElement).disabled).toBe(true);
    }
    fireEvent.change(within(dialog).getByLabelText("Motivo *"), { target: { value: "04" } });
    expect((within(dialog).getByLabelText("Parcial") as HTMLInputElement).disabled).toBe(false);
  });

  it("a partial note previews its IGV split, refuses more than what is left and sends the amount", async () => {
    calls.creditNoteAnswer = { ok: true, data: creditNote() };
    const { dialog } = openModal(invoice({ amount_credited: "18.00" }));
    fireEvent.change(within(dialog).getByLabelText("Motivo *"), { target: { value: "04" } });
    fireEvent.click(within(dialog).getByLabelText("Parcial"));
    const amount = await within(dialog).findByLabelText(/Importe a acreditar/);
    expect(within(dialog).getByText("Máximo S/ 100.00.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Descripción *"), { target: { value: "Descuento por pronto pago" } });

    fireEvent.change(amount, { target: { value: "100.01" } });
    await act(async () => fireEvent.submit(dialog.querySelector("form")!));
    expect(await within(dialog).findByText("El importe no puede superar lo que queda por acreditar (S/ 100.00).")).toBeTruthy();
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(calls.creditNote).toEqual([]);

    fireEvent.change(amount, { target: { value: "59" } });
    const preview = within(dialog).getByRole("heading", { name: "Vista previa de la nota" }).parentElement!;
    await waitFor(() => expect(preview.textContent).toContain("S/ 50.00"));
    expect(preview.textContent).toContain("S/ 9.00");
    await act(async () => fireEvent.submit(dialog.querySelector("form")!));
    await waitFor(() => expect(calls.creditNote).toEqual([[7, { reason_code: "04", description: "Descuento por pronto pago", amount: "59" }]]));
  });

  it("the server's refusal of a field is shown on that field", async () => {
    calls.creditNoteAnswer = { ok: false, status: 422, message: "Revisa los campos marcados.", errors: { description: ["Describe el motivo de la nota de crédito."] } };
    const { dialog } = openModal();
    fireEvent.change(within(dialog).getByLabelText("Descripción *"), { target: { value: "abc" } });
    await act(async () => fireEvent.submit(dialog.querySelector("form")!));
    expect(await within(dialog).findByText("Describe el motivo de la nota de crédito.")).toBeTruthy();
    expect(calls.toasts).toEqual([]);
  });
});

describe("what the invoice detail offers", () => {
  it("Emitir nota de crédito only once SUNAT accepted it, while not cancelled nor being voided and something is left", () => {
    expect(canIssueCreditNote(invoice())).toBe(true);
    expect(canIssueCreditNote(invoice({ sunat: sunat({ status: "observed" }) }))).toBe(true);
    expect(canIssueCreditNote(invoice({ sunat: sunat({ status: "sent" }) }))).toBe(false);
    expect(canIssueCreditNote(invoice({ sunat: sunat({ status: "rejected" }) }))).toBe(false);
    expect(canIssueCreditNote(invoice({ sunat: sunat({ voiding: true }) }))).toBe(false);
    expect(canIssueCreditNote(invoice({ status: "cancelled" }))).toBe(false);
    expect(canIssueCreditNote(invoice({ amount_credited: "118.00" }))).toBe(false);
    expect(canIssueCreditNote(invoice({ status: "paid", amount_paid: "118.00" }))).toBe(true);
  });

  it("Anular factura: refused with payments, with notas de crédito, while voiding, once voided and after the voiding window (unless rejected)", () => {
    // Issued on 2026-11-20: the 22nd is inside the voiding window, the 30th past it.
    const inside = "2026-11-22";
    const past = "2026-11-30";
    expect(cancelBlockedReason(invoice(), inside)).toBeNull();
    expect(cancelBlockedReason(invoice({ amount_paid: "10.00" }), inside)).toBe("No puedes anular una factura con pagos registrados.");
    expect(cancelBlockedReason(invoice({ amount_credited: "10.00" }), inside)).toMatch(/ya tiene notas de crédito/);
    expect(cancelBlockedReason(invoice({ sunat: sunat({ voiding: true }) }), inside)).toMatch(/espera su respuesta/);
    expect(cancelBlockedReason(invoice({ sunat: sunat({ status: "voided" }) }), inside)).toMatch(/ya fue anulado/);
    expect(cancelBlockedReason(invoice(), past)).toMatch(/Pasaron más de 7 días/);
    expect(cancelBlockedReason(invoice({ sunat: sunat({ status: "rejected" }) }), past)).toBeNull();
    // Never sent and past SUNAT's sending window: it never reached SUNAT, so it can just be cancelled.
    expect(cancelBlockedReason(invoice({ sunat: sunat({ status: "pending", sent_at: null }) }), past)).toBeNull();
  });

  it("the detail shows the SUNAT block, the notas de crédito with their totals, and the disabled cancel with its reason", () => {
    const note = creditNote();
    render(<InvoiceDetailView invoice={invoice({ amount_credited: "59.00", balance: "59.00", credit_notes: [note] })} testMode today="2026-11-22" />);
    expect(screen.getByTestId("sunat-panel")).toBeTruthy();
    expect(screen.getByText(SUNAT_TEST_MODE_TEXT)).toBeTruthy();
    const notes = screen.getByRole("region", { name: "Notas de crédito" });
    const item = within(notes).getByRole("listitem");
    expect(item.textContent).toContain("FC01-00000001");
    expect(item.textContent).toContain("S/ 59.00");
    expect(item.textContent).toContain("04 Descuento global");
    expect(item.textContent).toContain("Descuento por pronto pago");
    expect(within(item).getByText("Enviado")).toBeTruthy();
    expect(within(notes).getByTestId("invoice-credited").textContent).toBe("S/ 59.00");
    const cancel = screen.getByRole("button", { name: "Anular factura" }) as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    expect(document.getElementById(cancel.getAttribute("aria-describedby")!)?.textContent).toMatch(/ya tiene notas de crédito/);
    expect(screen.getByRole("button", { name: "Emitir nota de crédito" })).toBeTruthy();
  });

  it("the cancel confirmation says how SUNAT learns of it: comunicación de baja for a factura, resumen diario for a boleta", () => {
    const { unmount } = render(<InvoiceDetailView invoice={invoice({ sunat: sunat() })} testMode={false} today="2026-11-22" />);
    fireEvent.click(screen.getByRole("button", { name: "Anular factura" }));
    expect(screen.getByRole("alertdialog").textContent).toContain("comunicación de baja");
    unmount();
    render(<InvoiceDetailView invoice={invoice({ series: "B001", invoice_number: "B001-00000002", document_type: "Boleta de venta electrónica" })} testMode={false} today="2026-11-22" />);
    fireEvent.click(screen.getByRole("button", { name: "Anular factura" }));
    expect(screen.getByRole("alertdialog").textContent).toContain("resumen diario");
  });
});
