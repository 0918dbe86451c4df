// @vitest-environment jsdom
// The invoice lists as they show states (admin "Facturas", the client's "Facturas", Mi Portal's
// "Por pagar", the admin dashboard's "Cobranza"): the "Vence" column with how late an overdue
// invoice is, "Saldo" ("—" when cancelled), the state filters with their counts, and the amounts
// per currency with the ageing table. Rendered in jsdom from contract rows.
import "./setup/dom";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { InvoiceContract } from "@/lib/billing/serialize";
import type { ReceivablesByCurrency } from "@/lib/billing/receivables";
import { broadSearchCounts, countInvoicesByState, STATE_COUNT_CAP, type InvoiceStateCounts } from "@/lib/billing/status-filter";
import { invoiceContract } from "./helpers/invoice-contracts";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ refresh: () => undefined, push: () => undefined, replace: () => undefined }),
  usePathname: () => "/admin/invoices",
  useSearchParams: () => new URLSearchParams("status=overdue"),
}));

const { InvoicesScreen } = await import("@/components/admin/billing/invoices-screen");
const { InvoicesTable } = await import("@/components/client/invoices-table");
const { AmountDue } = await import("@/components/client/dashboard");
const { ReceivablesSection } = await import("@/components/admin/dashboard");

const TODAY = "2026-11-29";

function invoice(overrides: Partial<InvoiceContract>): InvoiceContract {
  return invoiceContract({ id: 1, invoice_number: "F001-00000001", issued_at: "2026-11-01", due_date: "2026-12-15", ...overrides });
}

const ROWS = [
  invoice({ id: 1, invoice_number: "F001-00000001", status: "overdue", due_date: "2026-11-28" }),
  invoice({ id: 2, invoice_number: "F001-00000002", status: "overdue", due_date: "2026-10-30", amount_paid: "18.00", balance: "100.00" }),
  invoice({ id: 3, invoice_number: "F001-00000003", status: "cancelled", due_date: "2026-10-30", balance: "0.00" }),
  invoice({ id: 4, invoice_number: "F001-00000004", status: "partially_paid", currency: "USD", amount_paid: "18.00", balance: "100.00" }),
  invoice({ id: 5, invoice_number: "F001-00000005", status: "pending", due_date: null }),
];
const COUNTS = { all: 9, pending: 3, partially_paid: 1, overdue: 2, paid: 2, cancelled: 1, capped: [] };
const page = { data: ROWS, current_page: 1, per_page: 20, total: ROWS.length, last_page: 1, total_capped: false };

/** The text of a row's cell under `header`. */
function cellText(table: HTMLElement, invoiceNumber: string, header: string): string {
  const headers = within(table).getAllByRole("columnheader").map((cell) => cell.textContent);
  const row = within(table).getAllByRole("row").find((candidate) => candidate.textContent?.includes(invoiceNumber))!;
  return within(row).getAllByRole("cell")[headers.indexOf(header)].textContent ?? "";
}

describe("the admin invoice list", () => {
  it("shows Vence with how late an overdue invoice is, Saldo, and state filters with their counts", () => {
    render(<InvoicesScreen result={page} counts={COUNTS} today={TODAY} />);
    const table = screen.getByRole("table", { name: "Facturas" });
    expect(cellText(table, "F001-00000001", "Vence")).toBe("28 nov 2026Vencida hace 1 día");
    expect(cellText(table, "F001-00000002", "Vence")).toBe("30 oct 2026Vencida hace 30 días");
    expect(within(table).getByText("Vencida hace 30 días").className).toContain("text-red-700");
    // Cancelled: past its due date but not overdue, and it owes nothing.
    expect(cellText(table, "F001-00000003", "Vence")).toBe("30 oct 2026");
    expect(cellText(table, "F001-00000003", "Saldo")).toBe("—");
    expect(cellText(table, "F001-00000002", "Saldo")).toBe("S/ 100.00");
    expect(cellText(table, "F001-00000004", "Saldo")).toBe("US$ 100.00");
    expect(cellText(table, "F001-00000005", "Vence")).toBe("—");
    expect(cellText(table, "F001-00000001", "Estado")).toBe("Vencida");
    expect(cellText(table, "F001-00000004", "Estado")).toBe("Parcialmente pagada");

    const filters = screen.getByRole("group", { name: "Filtrar por estado" });
    expect(within(filters).getAllByRole("button").map((button) => button.textContent)).toEqual([
      "Todas (9)",
      "Vencidas (2)",
      "Pendientes (3)",
      "Parcialmente pagadas (1)",
      "Pagadas (2)",
      "Anuladas (1)",
    ]);
    expect(within(filters).getByRole("button", { name: "Vencidas (2)" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByLabelText("Ordenar por")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Exportar CSV" }).getAttribute("href")).toBe("/api/v1/admin/invoices/export?status=overdue");
  });
});

describe("state counts that stopped at their bound", () => {
  it("say «más de» on the capped state and on Todas, the exact figure on the others", () => {
    const counts: InvoiceStateCounts = { all: 1006, pending: 3, partially_paid: 0, overdue: 2, paid: 1000, cancelled: 1, capped: ["paid", "all"] };
    render(<InvoicesScreen result={page} counts={counts} today={TODAY} />);
    const filters = screen.getByRole("group", { name: "Filtrar por estado" });
    expect(within(filters).getAllByRole("button").map((button) => button.textContent)).toEqual([
      "Todas (más de 1,006)",
      "Vencidas (2)",
      "Pendientes (3)",
      "Parcialmente pagadas (0)",
      "Pagadas (más de 1,000)",
      "Anuladas (1)",
    ]);
    expect(screen.queryByText(/afina la búsqueda/)).toBeNull();
  });

  it("after a search too broad to split, say «más de 1,000» on Todas and no figure on the states", () => {
    render(<InvoicesScreen result={page} counts={broadSearchCounts()} today={TODAY} />);
    const filters = screen.getByRole("group", { name: "Filtrar por estado" });
    expect(within(filters).getAllByRole("button").map((button) => button.textContent)).toEqual([
      "Todas (más de 1,000)",
      "Vencidas",
      "Pendientes",
      "Parcialmente pagadas",
      "Pagadas",
      "Anuladas",
    ]);
    expect(screen.getByText("Coinciden más de 1,000 facturas: afina la búsqueda para ver cuántas hay en cada estado.")).toBeTruthy();
  });

  it("are read at most one row past the bound, in SQL, for each state", async () => {
    const takes: number[] = [];
    const counts = await countInvoicesByState(
      async ({ where, take }) => {
        takes.push(take);
        // Every state but "paid" holds 4 invoices; "paid" holds far more than the bound.
        return Math.min(take, JSON.stringify(where).includes('"status":"paid"') ? 50_000 : 4);
      },
      {},
      TODAY,
    );
    expect(takes).toEqual(Array(5).fill(STATE_COUNT_CAP + 1));
    expect(counts).toEqual({ pending: 4, partially_paid: 4, overdue: 4, paid: STATE_COUNT_CAP, cancelled: 4, all: STATE_COUNT_CAP + 16, capped: ["paid", "all"] });
  });
});

describe("the client's invoice list", () => {
  it("has Vence and Saldo and the five-state filter", () => {
    render(<InvoicesTable result={page} counts={COUNTS} today={TODAY} emptyText="Sin facturas." />);
    const table = screen.getByRole("table", { name: "Mis facturas" });
    expect(cellText(table, "F001-00000001", "Vence")).toBe("28 nov 2026Vencida hace 1 día");
    expect(cellText(table, "F001-00000003", "Saldo")).toBe("—");
    expect(cellText(table, "F001-00000002", "Saldo")).toBe("S/ 100.00");
    const filters = screen.getByRole("group", { name: "Filtrar por estado" });
    expect(within(filters).getAllByRole("button")).toHaveLength(6);
    expect(within(filters).getByRole("button", { name: "Vencidas (2)" })).toBeTruthy();
  });
});

const receivable = (currency: ReceivablesByCurrency["currency"], receivableAmount: string, overdue: string, overdueCount: number, ageing: string[]): ReceivablesByCurrency => ({
  currency,
  receivable: receivableAmount,
  overdue,
  open_count: overdueCount + 1,
  overdue_count: overdueCount,
  ageing: { d0_30: ageing[0], d31_60: ageing[1], d61_90: ageing[2], d90_plus: ageing[3] },
});

describe("Mi Portal's Por pagar", () => {
  it("shows the total due per currency, the overdue part with its link, and the next due date", () => {
    render(
      <AmountDue
        amountsDue={[receivable("PEN", "336.00", "118.00", 1, ["118.00", "0.00", "0.00", "0.00"]), receivable("USD", "295.00", "0.00", 0, ["0.00", "0.00", "0.00", "0.00"])]}
        nextDue={{ id: 33, invoice_number: "F001-00000033", due_date: "2026-12-02", balance: "100.00", currency: "PEN" }}
      />,
    );
    const section = screen.getByRole("region", { name: "Por pagar" });
    expect(within(section).getAllByTestId("amount-due-total").map((node) => node.textContent)).toEqual(["S/ 336.00", "US$ 295.00"]);
    expect(within(section).getAllByTestId("amount-due-overdue")).toHaveLength(1);
    expect(within(section).getByRole("link", { name: "1 factura vencida" }).getAttribute("href")).toBe("/client/invoices?status=overdue");
    expect(within(section).getByTestId("next-due").textContent).toBe("Próximo vencimiento: 02/12/2026 · F001-00000033 (S/ 100.00)");
    expect(within(section).getByRole("link", { name: "F001-00000033" }).getAttribute("href")).toBe("/client/invoices/33");
  });

  it("says the client is up to date when nothing is owed", () => {
    render(<AmountDue amountsDue={[]} nextDue={null} />);
    expect(screen.getByText("Estás al día: no tienes facturas por pagar.")).toBeTruthy();
  });
});

describe("the admin dashboard's Cobranza", () => {
  it("shows Por cobrar and Vencido per currency, never added up, and the ageing table linking to each currency's overdue invoices", () => {
    render(<ReceivablesSection receivables={[receivable("PEN", "1265.40", "1215.40", 6, ["129.80", "259.60", "354.00", "472.00"]), receivable("EUR", "118.00", "0.00", 0, ["0.00", "0.00", "0.00", "0.00"])]} />);
    expect(screen.getByTestId("stat-receivable-value").textContent).toBe("S/ 1,265.40 · € 118.00");
    expect(screen.getByTestId("stat-overdue-value").textContent).toBe("S/ 1,215.40");
    const table = screen.getByTestId("ageing-table");
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Moneda", "0–30 días", "31–60 días", "61–90 días", "Más de 90 días", "Total"]);
    // Only currencies with something overdue get a row.
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ["Soles (S/): ver las facturas vencidas", "S/ 129.80", "S/ 259.60", "S/ 354.00", "S/ 472.00", "S/ 1,215.40"],
    ]);
    expect(within(rows[0]).getByRole("link").getAttribute("href")).toBe("/admin/invoices?status=overdue&currency=PEN&sort=due_date");
  });
});
