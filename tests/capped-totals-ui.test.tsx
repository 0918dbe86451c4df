// @vitest-environment jsdom
// A list whose total the server stopped counting (`total_capped`, lib/list/paging.ts) says so on
// screen: the list's header and its pager read "más de …" (es-PE digits, as every count of the
// app), "Siguiente" stays enabled, and an exact total reads as before.
import "./setup/dom";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { PaymentsTable } from "@/components/client/payments-table";
import { totalLabel } from "@/components/ui/plural";
import type { PaymentContract } from "@/lib/billing/serialize";
import type { Paged } from "@/lib/list/paging";

const replace = vi.fn();
vi.mock("next/navigation", () => ({
  useRouter: () => ({ replace, push: () => undefined }),
  usePathname: () => "/client/payments",
  useSearchParams: () => new URLSearchParams("page=2"),
}));

const payment: PaymentContract = {
  id: 7,
  user: { id: "u1", name: "Ana Pérez", email: "ana@example.pe" },
  invoice: { id: 3, invoice_number: "F001-00000003" },
  amount: "150.00",
  currency: "PEN",
  method: "transferencia",
  reference: "OP-123",
  status: "completed",
  paid_at: "2026-11-20T15:00:00.000Z",
  created_at: "2026-11-20T15:00:00.000Z",
};

const result = (figures: Omit<Paged<PaymentContract>, "data">): Paged<PaymentContract> => ({ data: [payment], ...figures });

describe("totalLabel", () => {
  it("writes an exact total with es-PE digits and a capped one as a lower bound", () => {
    expect(totalLabel({ total: 1250, total_capped: false })).toBe("1,250");
    expect(totalLabel({ total: 1000, total_capped: true })).toBe("más de 1,000");
    expect(totalLabel({ total: 0, total_capped: false })).toBe("0");
  });
});

describe("a list screen with a capped total (client payments)", () => {
  it("says 'más de' in its header and its pager, and keeps Siguiente enabled", () => {
    render(<PaymentsTable result={result({ current_page: 2, per_page: 100, total: 1200, last_page: 12, total_capped: true })} />);
    const nav = screen.getByRole("navigation", { name: "Paginación" });
    const live = within(nav).getByText(/Mostrando/, { selector: "p" });
    expect(live.textContent).toBe("Total de pagos: más de 1,200Mostrando 101–200 de más de 1,200 resultados");
    expect(within(nav).getByText(/^Página/).textContent).toBe("Página 2 de más de 12");
    expect(within(nav).getByRole("button", { name: "Siguiente" })).toHaveProperty("disabled", false);
    expect(within(nav).getByRole("button", { name: "Anterior" })).toHaveProperty("disabled", false);
  });

  it("reads as before with an exact total: no 'más de', and Siguiente disabled on the last page", () => {
    render(<PaymentsTable result={result({ current_page: 2, per_page: 20, total: 21, last_page: 2, total_capped: false })} />);
    const nav = screen.getByRole("navigation", { name: "Paginación" });
    expect(within(nav).getByText(/Mostrando/, { selector: "p" }).textContent).toBe("Total de pagos: 21Mostrando 21–21 de 21 resultados");
    expect(within(nav).getByText(/^Página/).textContent).toBe("Página 2 de 2");
    expect(within(nav).getByRole("button", { name: "Siguiente" })).toHaveProperty("disabled", true);
  });

  it("past the last page: says the page is empty and how many there are, and Anterior goes to the last one", () => {
    render(<PaymentsTable result={{ data: [], current_page: 5, per_page: 20, total: 30, last_page: 2, total_capped: false }} />);
    const nav = screen.getByRole("navigation", { name: "Paginación" });
    expect(within(nav).getByText(/resultados en/, { selector: "p" }).textContent).toBe("Total de pagos: 30Esta página no tiene resultados: hay 30 resultados en 2 páginas");
    expect(within(nav).getByText(/^Página/).textContent).toBe("Página 5");
    expect(within(nav).getByRole("button", { name: "Siguiente" })).toHaveProperty("disabled", true);
    within(nav).getByRole("button", { name: "Anterior" }).click();
    expect(replace).toHaveBeenLastCalledWith("/client/payments?page=2", { scroll: false });
  });
});
