// @vitest-environment jsdom
// "Saldo a favor del cliente" on the admin's invoice detail: when it shows, what it offers
// ("Aplicar a esta factura" only on a pending invoice with credit in its currency, for the smaller
// of balance and credit), what the confirmation says and sends, and "Registrar devolución" (its
// fields, its refusals, what it sends). The server actions are replaced by recorders: the services
// behind them have their own tests (tests/billing-customer-credit.test.ts).
import "./setup/dom";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { InvoiceDetailContract } from "@/lib/billing/serialize";
import { invoiceDetailContract } from "./helpers/invoice-contracts";

const calls = vi.hoisted(() => ({
  apply: [] as unknown[][],
  refund: [] as unknown[][],
  refresh: 0,
  toasts: [] as [string, string][],
  applyAnswer: null as unknown,
  refundAnswer: null as unknown,
}));

vi.mock("next/navigation", () => ({
  useRouter: () => ({ refresh: () => void (calls.refresh += 1), push: () => undefined, replace: () => undefined }),
  usePathname: () => "/admin/invoices/7",
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
  applyCustomerCreditAction: async (...args: unknown[]) => {
    calls.apply.push(args);
    return calls.applyAnswer;
  },
  refundCustomerCreditAction: async (...args: unknown[]) => {
    calls.refund.push(args);
    return calls.refundAnswer;
  },
  issueCreditNoteAction: async () => ({ ok: false, status: 409, message: "no" }),
  resendSunatAction: async () => ({ ok: false, status: 409, message: "no" }),
  cancelInvoiceAction: async () => ({ ok: false, status: 409, message: "no" }),
  recordPaymentAction: async () => ({ ok: false, status: 409, message: "no" }),
  pendingInvoicesAction: async () => ({ ok: true, data: [] }),
}));

const { InvoiceDetailView } = await import("@/components/admin/billing/invoice-detail");
const { creditToApply } = await import("@/components/admin/billing/customer-credit-panel");

beforeEach(() => {
  calls.apply.length = 0;
  calls.refund.length = 0;
  calls.toasts.length = 0;
  calls.refresh = 0;
});

function invoice(overrides: Partial<InvoiceDetailContract> = {}): InvoiceDetailContract {
  return invoiceDetailContract(overrides);
}

type Balances = { currency: "PEN" | "USD" | "EUR"; amount: string }[];

function show(target: InvoiceDetailContract, credit: Balances) {
  return render(<InvoiceDetailView invoice={target} testMode={false} today="2026-11-22" customerCredit={credit} />);
}

const panel = () => screen.getByRole("region", { name: "Saldo a favor del cliente" });

describe("what 'Aplicar a esta factura' would pay", () => {
  it("is the smaller of the balance and the credit in the invoice's currency; nothing otherwise", () => {
    expect(creditToApply({ status: "pending", balance: "118.00", currency: "PEN" }, [{ currency: "PEN", amount: "50.00" }])).toBe("50.00");
    expect(creditToApply({ status: "pending", balance: "118.00", currency: "PEN" }, [{ currency: "PEN", amount: "200.00" }])).toBe("118.00");
    expect(creditToApply({ status: "pending", balance: "118.00", currency: "PEN" }, [{ currency: "USD", amount: "200.00" }])).toBeNull();
    expect(creditToApply({ status: "paid", balance: "0.00", currency: "PEN" }, [{ currency: "PEN", amount: "200.00" }])).toBeNull();
    expect(creditToApply({ status: "cancelled", balance: "118.00", currency: "PEN" }, [{ currency: "PEN", amount: "200.00" }])).toBeNull();
  });
});

describe("Saldo a favor del cliente", () => {
  it("is not shown when the client has no credit", () => {
    show(invoice(), []);
    expect(screen.queryByRole("region", { name: "Saldo a favor del cliente" })).toBeNull();
  });

  it("lists the credit per currency and offers both actions on a pending invoice with credit in its currency", () => {
    show(invoice(), [
      { currency: "PEN", amount: "50.00" },
      { currency: "USD", amount: "20.00" },
    ]);
    const block = panel();
    const list = block.querySelector('dl[aria-label="Saldo a favor por moneda"]')!;
    expect(list.textContent).toContain("Soles (S/)");
    expect(list.textContent).toContain("S/ 50.00");
    expect(list.textContent).toContain("Dólares (US$)");
    expect(list.textContent).toContain("US$ 20.00");
    expect(within(block).getByRole("button", { name: "Aplicar a esta factura" })).toBeTruthy();
    expect(within(block).getByRole("button", { name: "Registrar devolución" })).toBeTruthy();
  });

  it("offers only the refund when the credit is in another currency or the invoice is paid", () => {
    const { unmount } = show(invoice(), [{ currency: "USD", amount: "20.00" }]);
    expect(within(panel()).queryByRole("button", { name: "Aplicar a esta factura" })).toBeNull();
    expect(within(panel()).getByRole("button", { name: "Registrar devolución" })).toBeTruthy();
    unmount();
    show(invoice({ status: "paid", amount_paid: "118.00", balance: "0.00" }), [{ currency: "PEN", amount: "20.00" }]);
    expect(within(panel()).queryByRole("button", { name: "Aplicar a esta factura" })).toBeNull();
  });

  it("confirms with the amount (the credit, smaller than the balance) and what stays pending, then applies it", async () => {
    calls.applyAnswer = { ok: true, data: invoice({ amount_paid: "50.00", balance: "68.00" }) };
    show(invoice(), [{ currency: "PEN", amount: "50.00" }]);
    fireEvent.click(within(panel()).getByRole("button", { name: "Aplicar a esta factura" }));
    const dialog = screen.getByRole("alertdialog", { name: "Aplicar saldo a favor" });
    expect(dialog.textContent).toContain("Se aplicarán S/ 50.00 del saldo a favor del cliente a la factura F001-00000007");
    expect(dialog.textContent).toContain("quedará un saldo pendiente de S/ 68.00");
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Aplicar saldo a favor" })));
    await waitFor(() => expect(calls.refresh).toBe(1));
    expect(calls.apply).toEqual([[7, {}]]);
    expect(calls.toasts).toEqual([["success", "Saldo a favor aplicado a la factura"]]);
  });

  it("says the invoice will be paid when the credit covers it, and shows the server's refusal", async () => {
    calls.applyAnswer = { ok: false, status: 422, message: "El cliente no tiene saldo a favor en la moneda de esta factura." };
    show(invoice({ amount_paid: "18.00", balance: "100.00" }), [{ currency: "PEN", amount: "250.00" }]);
    fireEvent.click(within(panel()).getByRole("button", { name: "Aplicar a esta factura" }));
    const dialog = screen.getByRole("alertdialog", { name: "Aplicar saldo a favor" });
    expect(dialog.textContent).toContain("Se aplicarán S/ 100.00");
    expect(dialog.textContent).toContain("que quedará pagada");
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Aplicar saldo a favor" })));
    await waitFor(() => expect(calls.refresh).toBe(1));
    expect(calls.toasts).toEqual([["error", "Error al aplicar el saldo a favor: El cliente no tiene saldo a favor en la moneda de esta factura."]]);
  });
});

describe("Registrar devolución", () => {
  function openRefund(credit: Balances, target = invoice()) {
    show(target, credit);
    fireEvent.click(within(panel()).getByRole("button", { name: "Registrar devolución" }));
    return screen.getByRole("dialog", { name: "Registrar devolución" });
  }

  it("starts with the invoice's currency and its whole credit; changing the currency takes that credit", async () => {
    const dialog = openRefund([
      { currency: "PEN", amount: "50.00" },
      { currency: "USD", amount: "20.00" },
    ], invoice({ currency: "USD" }));
    const currency = within(dialog).getByLabelText("Moneda *") as HTMLSelectElement;
    const amount = within(dialog).getByLabelText("Importe devuelto *") as HTMLInputElement;
    expect(currency.value).toBe("USD");
    expect(amount.value).toBe("20.00");
    expect(within(dialog).getByText("Saldo a favor: US$ 20.00")).toBeTruthy();
    // Only the currencies the client has credit in.
    expect([...currency.options].map((option) => option.value)).toEqual(["PEN", "USD"]);
    fireEvent.change(currency, { target: { value: "PEN" } });
    await waitFor(() => expect(amount.value).toBe("50.00"));
    expect(within(dialog).getByText("Saldo a favor: S/ 50.00")).toBeTruthy();
  });

  it("requires a reference, then sends amount, currency and reference and closes", async () => {
    calls.refundAnswer = { ok: true, data: { entry: { id: 1, kind: "refund", amount: "-30.00", currency: "PEN" }, balances: [{ currency: "PEN", amount: "20.00" }] } };
    const dialog = openRefund([{ currency: "PEN", amount: "50.00" }]);
    fireEvent.change(within(dialog).getByLabelText("Importe devuelto *"), { target: { value: "30" } });
    await act(async () => fireEvent.submit(dialog.querySelector("form")!));
    const reference = within(dialog).getByLabelText("Referencia *");
    await waitFor(() => expect(reference.getAttribute("aria-invalid")).toBe("true"));
    expect(calls.refund).toEqual([]);

    fireEvent.change(reference, { target: { value: "Transferencia BCP 0042" } });
    await act(async () => fireEvent.submit(dialog.querySelector("form")!));
    await waitFor(() => expect(calls.refresh).toBe(1));
    expect(calls.refund).toEqual([["u1", { amount: "30", currency: "PEN", reference: "Transferencia BCP 0042" }]]);
    expect(calls.toasts).toEqual([["success", "Devolución registrada: S/ 30.00"]]);
    expect(screen.queryByRole("dialog", { name: "Registrar devolución" })).toBeNull();
  });

  it("shows the server's refusal on the amount and stays open", async () => {
    calls.refundAnswer = {
      ok: false,
      status: 422,
      message: "La devolución supera el saldo a favor del cliente en esa moneda (S/ 50.00).",
      errors: { amount: ["La devolución supera el saldo a favor del cliente en esa moneda (S/ 50.00)."] },
    };
    const dialog = openRefund([{ currency: "PEN", amount: "50.00" }]);
    fireEvent.change(within(dialog).getByLabelText("Referencia *"), { target: { value: "OP-1" } });
    await act(async () => fireEvent.submit(dialog.querySelector("form")!));
    await waitFor(() => expect(within(dialog).getByText("La devolución supera el saldo a favor del cliente en esa moneda (S/ 50.00).")).toBeTruthy());
    expect(screen.getByRole("dialog", { name: "Registrar devolución" })).toBeTruthy();
    expect(calls.refresh).toBe(0);
  });
});
