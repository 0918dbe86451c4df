// @vitest-environment jsdom
// "Informar pago" on the client's invoice: when it is offered, what the form refuses before
// sending (more than is left to report, a day before the invoice, a voucher that is not an image
// or PDF or weighs over 5 MB), what it sends (multipart with the CSRF header), and "Pagos
// informados" with its note while a report is being checked. fetch is replaced by a recorder;
// the route behind it has its own tests (tests/billing-payment-reports.test.ts).
import "./setup/dom";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PaymentReportContract } from "@/lib/billing/payment-report-serialize";
import { addDays, businessDate } from "@/lib/dates";

const calls = vi.hoisted(() => ({ refresh: 0, toasts: [] as [string, string][] }));

vi.mock("next/navigation", () => ({
  useRouter: () => ({ refresh: () => void (calls.refresh += 1), push: () => undefined, replace: () => undefined }),
  usePathname: () => "/client/invoices/7",
  useSearchParams: () => new URLSearchParams(),
}));
vi.mock("@/components/ui/toast", () => ({
  notify: {
    success: (message: string) => void calls.toasts.push(["success", message]),
    error: (message: string) => void calls.toasts.push(["error", message]),
  },
}));

const { ReportPaymentButton } = await import("@/components/client/payment-report-form");
const { PaymentReportsPanel } = await import("@/components/client/payment-reports-panel");

const today = businessDate();
const issuedAt = addDays(today, -5);

function report(overrides: Partial<PaymentReportContract> = {}): PaymentReportContract {
  return {
    id: 1,
    invoice: { id: 7, invoice_number: "F001-00000007", currency: "PEN", balance: "118.00", status: "pending" },
    user: { id: "u1", name: "Ana Pérez", email: "ana@empresa.pe" },
    amount: "100.00",
    currency: "PEN",
    paid_at: "2026-11-27",
    method: "yape",
    method_label: "Yape",
    reference: "YP-1",
    voucher: null,
    status: "pending",
    status_label: "Por confirmar",
    reject_reason: null,
    reviewed_by: null,
    reviewed_at: null,
    payment_id: null,
    created_at: "2026-11-27T15:00:00.000Z",
    ...overrides,
  };
}

const invoice = (reports: PaymentReportContract[] = [], status: "pending" | "paid" = "pending") => ({
  id: 7,
  invoice_number: "F001-00000007",
  currency: "PEN" as const,
  balance: status === "paid" ? "0.00" : "118.00",
  issued_at: issuedAt,
  status,
  payment_reports: reports,
});

let sent: { url: string; init: RequestInit }[] = [];
let answer: { status: number; body: unknown } = { status: 201, body: { data: report() } };

beforeEach(() => {
  sent = [];
  answer = { status: 201, body: { data: report() } };
  calls.refresh = 0;
  calls.toasts.length = 0;
  document.cookie = "XSRF-TOKEN=token-de-prueba";
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Opens the modal, which loads when asked for (components/client/payment-report-form.tsx). */
async function openForm(target = invoice()) {
  render(<ReportPaymentButton invoice={target} />);
  fireEvent.click(screen.getByRole("button", { name: "Informar pago" }));
  return screen.findByRole("dialog", { name: "Informar pago" });
}

const submit = async (dialog: HTMLElement) => {
  await act(async () => {
    fireEvent.click(within(dialog).getByRole("button", { name: "Informar pago" }));
  });
};

describe("Informar pago", () => {
  it("is offered on an open invoice with something left to report, not on a paid one nor one fully reported", () => {
    const { unmount } = render(<ReportPaymentButton invoice={invoice([], "paid")} />);
    expect(screen.queryByRole("button", { name: "Informar pago" })).toBeNull();
    unmount();
    const again = render(<ReportPaymentButton invoice={invoice([report({ amount: "118.00" })])} />);
    expect(screen.queryByRole("button", { name: "Informar pago" })).toBeNull();
    again.unmount();
    render(<ReportPaymentButton invoice={invoice([report({ amount: "100.00" }), report({ id: 2, amount: "50.00", status: "rejected" })])} />);
    expect(screen.getByRole("button", { name: "Informar pago" })).toBeTruthy();
  });

  it("starts with what is left to report and refuses more, or a day before the invoice, without sending", async () => {
    const dialog = await openForm(invoice([report({ amount: "100.00" })]));
    const amount = within(dialog).getByLabelText("Monto (PEN) *") as HTMLInputElement;
    expect(amount.value).toBe("18.00");
    fireEvent.change(amount, { target: { value: "18.01" } });
    fireEvent.change(within(dialog).getByLabelText("Fecha de pago *"), { target: { value: addDays(issuedAt, -1) } });
    await submit(dialog);
    await waitFor(() => expect(within(dialog).getByText(/supera lo que queda por informar de la factura \(S\/ 18\.00\)/)).toBeTruthy());
    expect(within(dialog).getByText(/no puede ser anterior a la fecha de emisión/)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it("refuses a voucher that is not an image or PDF, or weighs over 5 MB, without sending", async () => {
    const dialog = await openForm();
    const input = within(dialog).getByLabelText("Comprobante (opcional, imagen o PDF, máx. 5 MB)");
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(["hola"], "notas.docx")] } });
    });
    await waitFor(() => expect(within(dialog).getByText("El comprobante debe ser una imagen (PNG, JPEG, WebP o GIF) o un PDF.")).toBeTruthy());
    const heavy = new File(["x"], "captura.png", { type: "image/png" });
    Object.defineProperty(heavy, "size", { value: 5 * 1024 * 1024 + 1 });
    await act(async () => {
      fireEvent.change(input, { target: { files: [heavy] } });
    });
    await waitFor(() => expect(within(dialog).getByText(/El comprobante pesa 5\.1 MB; el máximo es 5 MB\./)).toBeTruthy());
    await submit(dialog);
    expect(sent).toHaveLength(0);
  });

  it("sends the fields and the voucher as multipart with the CSRF header, then closes and refreshes", async () => {
    const dialog = await openForm();
    fireEvent.change(within(dialog).getByLabelText("Monto (PEN) *"), { target: { value: "50" } });
    fireEvent.change(within(dialog).getByLabelText("Medio de pago *"), { target: { value: "plin" } });
    fireEvent.change(within(dialog).getByLabelText("Número de operación"), { target: { value: "PL-889" } });
    const voucher = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "pago.png", { type: "image/png" });
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText("Comprobante (opcional, imagen o PDF, máx. 5 MB)"), { target: { files: [voucher] } });
    });
    await submit(dialog);
    await waitFor(() => expect(sent).toHaveLength(1));
    const { url, init } = sent[0];
    expect(url).toBe("/api/v1/client/invoices/7/payment-reports");
    expect((init.headers as Record<string, string>)["X-XSRF-TOKEN"]).toBe("token-de-prueba");
    const body = init.body as FormData;
    expect([body.get("amount"), body.get("paid_at"), body.get("method"), body.get("reference")]).toEqual(["50", today, "plin", "PL-889"]);
    expect((body.get("voucher") as File).name).toBe("pago.png");
    await waitFor(() => expect(calls.toasts).toContainEqual(["success", "Pago informado. Te avisaremos cuando lo confirmemos."]));
    expect(calls.refresh).toBe(1);
    expect(screen.queryByRole("dialog", { name: "Informar pago" })).toBeNull();
  });

  it("shows the server's refusal of the voucher on its field", async () => {
    answer = { status: 422, body: { message: "Revisa los campos marcados.", errors: { voucher: ["El comprobante debe ser una imagen (PNG, JPEG, WebP o GIF) o un PDF."] } } };
    const dialog = await openForm();
    await submit(dialog);
    await waitFor(() => expect(within(dialog).getByText("El comprobante debe ser una imagen (PNG, JPEG, WebP o GIF) o un PDF.")).toBeTruthy());
    expect(screen.getByRole("dialog", { name: "Informar pago" })).toBeTruthy();
  });
});

describe("Pagos informados", () => {
  it("says a pending payment is being checked, and shows each state with a rejection's reason", () => {
    render(
      <PaymentReportsPanel
        invoice={{
          currency: "PEN",
          payment_reports: [
            report({ id: 3, amount: "50.00", paid_at: "2026-11-27" }),
            report({ id: 2, amount: "20.00", status: "rejected", status_label: "Rechazado", reject_reason: "No encontramos la operación." }),
            report({ id: 1, amount: "10.00", status: "confirmed", status_label: "Confirmado", payment_id: 9 }),
          ],
        }}
      />,
    );
    expect(screen.getByRole("status").textContent).toBe("Informaste un pago de S/ 50.00 el 27 de noviembre de 2026; lo estamos verificando.");
    const panel = screen.getByRole("region", { name: "Pagos informados" });
    expect(within(panel).getByText("Por confirmar")).toBeTruthy();
    expect(within(panel).getByText("Confirmado")).toBeTruthy();
    expect(within(panel).getByText("Rechazado")).toBeTruthy();
    expect(within(panel).getByText("Motivo: No encontramos la operación.")).toBeTruthy();
  });

  it("is not shown when nothing was reported", () => {
    render(<PaymentReportsPanel invoice={{ currency: "PEN", payment_reports: [] }} />);
    expect(screen.queryByRole("region", { name: "Pagos informados" })).toBeNull();
  });
});
