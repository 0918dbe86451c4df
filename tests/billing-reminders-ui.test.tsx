// @vitest-environment jsdom
// The payment reminders as an admin sees them: the "Recordatorios" block of the invoice detail
// (date, step and days late; an empty line while the invoice is open; hidden on a settled invoice
// that never had one) and the reminder's entry in the invoice's history, in Spanish.
import "./setup/dom";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { InvoiceDetailContract } from "@/lib/billing/serialize";
import { invoiceDetailContract } from "./helpers/invoice-contracts";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ refresh: () => undefined, push: () => undefined, replace: () => undefined }),
  usePathname: () => "/admin/invoices/7",
  useSearchParams: () => new URLSearchParams(),
}));
vi.mock("@/lib/billing/actions", () => ({
  applyCustomerCreditAction: async () => ({ ok: false, status: 409, message: "no" }),
  refundCustomerCreditAction: async () => ({ ok: false, status: 409, message: "no" }),
  issueCreditNoteAction: async () => ({ ok: false, status: 409, message: "no" }),
  resendSunatAction: async () => ({ ok: false, status: 409, message: "no" }),
  cancelInvoiceAction: async () => ({ ok: false, status: 409, message: "no" }),
  recordPaymentAction: async () => ({ ok: false, status: 409, message: "no" }),
  pendingInvoicesAction: async () => ({ ok: true, data: [] }),
}));
vi.mock("@/lib/audit/actions", () => ({ loadEntityHistoryAction: async () => ({ ok: true, data: [] }) }));

const { InvoiceDetailView } = await import("@/components/admin/billing/invoice-detail");
const { AuditHistory } = await import("@/components/admin/audit-history");

function invoice(overrides: Partial<InvoiceDetailContract> = {}): InvoiceDetailContract {
  return invoiceDetailContract({ status: "overdue", issued_at: "2026-11-01", due_date: "2026-11-10", created_at: "2026-11-01T14:59:00.000Z", ...overrides });
}

const show = (target: InvoiceDetailContract) => render(<InvoiceDetailView invoice={target} testMode={false} today="2026-11-25" />);
const block = () => screen.getByRole("region", { name: "Recordatorios" });

describe("Recordatorios on the admin invoice detail", () => {
  it("lists each reminder sent with its date, its step in words and the days late", () => {
    show(
      invoice({
        reminders: [
          { step: "before", sent_on: "2026-11-07", days_late: -3 },
          { step: "due", sent_on: "2026-11-10", days_late: 0 },
          { step: "after", sent_on: "2026-11-17", days_late: 7 },
        ],
      }),
    );
    const items = within(block()).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("Antes del vencimiento"),
      expect.stringContaining("Día del vencimiento"),
      expect.stringContaining("Vencida"),
    ]);
    expect(items[0].querySelector("time")?.getAttribute("dateTime")).toBe("2026-11-07");
    expect(items[2].textContent).toContain("7 días de atraso");
    expect(items[0].textContent).not.toContain("atraso");
  });

  it("says none were sent yet on an open invoice, and is left out of a paid one that never had any", () => {
    show(invoice());
    expect(within(block()).getByText("Aún no se enviaron recordatorios de pago.")).toBeTruthy();
    document.body.innerHTML = "";
    show(invoice({ status: "paid", balance: "0.00", amount_paid: "118.00" }));
    expect(screen.queryByRole("region", { name: "Recordatorios" })).toBeNull();
  });
});

describe("the reminder in the invoice's history", () => {
  it("reads as a sent reminder, with its step and days late in Spanish", async () => {
    render(
      <AuditHistory
        entityType="invoice"
        entityId="7"
        currency="PEN"
        initialEntries={[
          {
            id: 1,
            action: "invoice.reminder",
            entity_type: "invoice",
            entity_id: "7",
            user: null,
            ip_address: null,
            before: null,
            after: { step: "after", days_late: 7, balance: "118.00" },
            created_at: "2026-11-17T11:00:00.000Z",
          },
        ]}
      />,
    );
    expect(await screen.findByText("Recordatorio de pago enviado")).toBeTruthy();
    const changes = screen.getByText(/Ver cambios/).closest("details")!;
    expect(within(changes).getByText("Paso").nextElementSibling?.textContent).toBe("Vencida");
    expect(within(changes).getByText("Días de atraso").nextElementSibling?.textContent).toBe("7");
    expect(within(changes).getByText("Saldo").nextElementSibling?.textContent).toBe("S/ 118.00");
  });
});
