// @vitest-environment jsdom
// "Configuración › Cobros" as the admin sees it, and the subscription form taking the catalogue
// price: accounts added and removed as rows, the same rules checked before sending, the server's
// per-field errors on the row's own field, the QR uploaded at once as FormData with its preview,
// and "Editar suscripción" filled from a catalogue item with the next-period notice. The server
// actions are replaced by spies.
import "./setup/dom";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CollectionSettingsContract } from "@/lib/billing/collection-settings-schema";
import type { CatalogItemOption } from "@/lib/billing/admin-queries";
import type { SubscriptionContract } from "@/lib/billing/serialize";

const actions = vi.hoisted(() => ({
  updateCollectionSettingsAction: vi.fn(),
  uploadPaymentQrAction: vi.fn(),
  removePaymentQrAction: vi.fn(),
}));
const billingActions = vi.hoisted(() => ({ createSubscriptionAction: vi.fn(), updateSubscriptionAction: vi.fn(), billingFormOptionsAction: vi.fn() }));
vi.mock("@/lib/billing/actions/collection-settings", () => actions);
vi.mock("@/lib/billing/actions", () => billingActions);
vi.mock("@/components/admin/audit-history", () => ({ AuditHistory: () => null }));
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), back: vi.fn() }),
  usePathname: () => "/admin/settings",
  useSearchParams: () => new URLSearchParams(),
}));

const { CollectionSettings } = await import("@/components/admin/settings/collection-settings");
const { SubscriptionsScreen } = await import("@/components/admin/billing/subscriptions-screen");

const BASE: CollectionSettingsContract = {
  payment_instructions: {
    accounts: [{ bank: "BCP", currency: "PEN", account_number: "193-1234567-0-12", cci: "00219300123456701212" }],
    yape: "+51 987 654 321",
    plin: null,
    text: "Envía el voucher a pagos@lumenti.pe",
    qr_url: null,
  },
  payment_reminders: { enabled: true, days_before: 3, every_days: 7 },
};

beforeEach(() => {
  for (const spy of [...Object.values(actions), ...Object.values(billingActions)]) spy.mockReset();
});

const save = () => fireEvent.click(screen.getByRole("button", { name: "Guardar cobros" }));

describe("the Cobros screen", () => {
  it("shows the saved accounts, Yape, text and reminders", () => {
    render(<CollectionSettings settings={BASE} />);
    const row = screen.getByRole("group", { name: "Cuenta 1" });
    expect(within(row).getByRole("textbox", { name: "Banco" })).toHaveProperty("value", "BCP");
    expect(within(row).getByRole("combobox", { name: "Moneda" })).toHaveProperty("value", "PEN");
    expect(within(row).getByRole("textbox", { name: "CCI (opcional)" })).toHaveProperty("value", "00219300123456701212");
    expect(screen.getByRole("textbox", { name: "Yape" })).toHaveProperty("value", "+51 987 654 321");
    expect(screen.getByRole("textbox", { name: "Indicaciones para el cliente" })).toHaveProperty("value", "Envía el voucher a pagos@lumenti.pe");
    expect(screen.getByRole("checkbox", { name: "Enviar recordatorios" })).toHaveProperty("checked", true);
    expect(screen.getByRole("spinbutton", { name: "Días antes del vencimiento" })).toHaveProperty("value", "3");
    expect(screen.getByTestId("payment-qr-preview").textContent).toContain("Sin código QR");
  });

  it("adds a row, checks it with the same rules before sending, then sends the parsed values", async () => {
    actions.updateCollectionSettingsAction.mockImplementation(async (values: CollectionSettingsContract) => ({ ok: true, data: { ...BASE, ...values } }));
    render(<CollectionSettings settings={BASE} />);
    fireEvent.click(screen.getByRole("button", { name: "+ Agregar cuenta" }));
    const row = screen.getByRole("group", { name: "Cuenta 2" });
    fireEvent.change(within(row).getByRole("textbox", { name: "Banco" }), { target: { value: "Interbank" } });
    fireEvent.change(within(row).getByRole("combobox", { name: "Moneda" }), { target: { value: "USD" } });
    fireEvent.change(within(row).getByRole("textbox", { name: "Número de cuenta" }), { target: { value: "200-ABC" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Plin" }), { target: { value: "01 640 2250" } });
    save();
    expect(await within(row).findByText(/El número de cuenta debe tener entre 6 y 30 caracteres/)).toBeTruthy();
    expect(screen.getByText(/El número de Plin debe ser un celular peruano/)).toBeTruthy();
    expect(actions.updateCollectionSettingsAction).not.toHaveBeenCalled();

    fireEvent.change(within(row).getByRole("textbox", { name: "Número de cuenta" }), { target: { value: "200-3001234567" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Plin" }), { target: { value: "912 345 678" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Enviar recordatorios" }));
    fireEvent.change(screen.getByRole("spinbutton", { name: "Cada cuántos días después del vencimiento" }), { target: { value: "10" } });
    save();
    await waitFor(() => expect(actions.updateCollectionSettingsAction).toHaveBeenCalledTimes(1));
    expect(actions.updateCollectionSettingsAction.mock.calls[0][0]).toEqual({
      payment_instructions: {
        accounts: [
          { bank: "BCP", currency: "PEN", account_number: "193-1234567-0-12", cci: "00219300123456701212" },
          { bank: "Interbank", currency: "USD", account_number: "200-3001234567", cci: null },
        ],
        yape: "+51 987 654 321",
        plin: "+51 912 345 678",
        text: "Envía el voucher a pagos@lumenti.pe",
      },
      payment_reminders: { enabled: false, days_before: 3, every_days: 10 },
    });
  });

  it("removes a row, and shows the server's refusal on the row's own field", async () => {
    const message = "Esta cuenta ya está en la lista.";
    actions.updateCollectionSettingsAction.mockResolvedValue({ ok: false, status: 422, message: "Revisa los campos marcados.", errors: { "payment_instructions.accounts.0.account_number": [message] } });
    render(<CollectionSettings settings={{ ...BASE, payment_instructions: { ...BASE.payment_instructions, accounts: [...BASE.payment_instructions.accounts, { bank: "BBVA", currency: "PEN", account_number: "0011-0123-45", cci: null }] } }} />);
    fireEvent.click(within(screen.getByRole("group", { name: "Cuenta 1" })).getByRole("button", { name: /^Quitar\s?la cuenta 1$/ }));
    expect(screen.queryByRole("group", { name: "Cuenta 2" })).toBeNull();
    const remaining = screen.getByRole("group", { name: "Cuenta 1" });
    expect(within(remaining).getByRole("textbox", { name: "Banco" })).toHaveProperty("value", "BBVA");
    save();
    const error = await within(remaining).findByText(message);
    const input = within(remaining).getByRole("textbox", { name: "Número de cuenta" });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toContain(error.id);
    expect(actions.updateCollectionSettingsAction.mock.calls[0][0].payment_instructions.accounts).toEqual([{ bank: "BBVA", currency: "PEN", account_number: "0011-0123-45", cci: null }]);
  });

  it("uploads the chosen QR image at once as FormData and previews it; refuses a file over 2 MB without sending it", async () => {
    actions.uploadPaymentQrAction.mockResolvedValue({ ok: true, data: { ...BASE, payment_instructions: { ...BASE.payment_instructions, qr_url: "/api/v1/payment-qr?v=abc" } } });
    render(<CollectionSettings settings={BASE} />);
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], "qr.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("Código QR (opcional)"), { target: { files: [big] } });
    expect(await screen.findByText("La imagen del código QR no puede superar los 2 MB.")).toBeTruthy();
    expect(actions.uploadPaymentQrAction).not.toHaveBeenCalled();

    const qr = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "qr.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("Código QR (opcional)"), { target: { files: [qr] } });
    await waitFor(() => expect(actions.uploadPaymentQrAction).toHaveBeenCalledTimes(1));
    const sent = actions.uploadPaymentQrAction.mock.calls[0][0] as FormData;
    expect((sent.get("image") as File).name).toBe("qr.png");
    const preview = await screen.findByRole("img", { name: "Código QR de pago actual" });
    expect(preview.getAttribute("src")).toBe("/api/v1/payment-qr?v=abc");
    expect(screen.getByRole("button", { name: "Quitar código QR" })).toBeTruthy();
  });
});

const ITEMS: CatalogItemOption[] = [
  { id: 7, kind: "service", name: "Soporte Pro", price_from: "249.00", currency: "USD", billing_period: "yearly" },
  { id: 8, kind: "product", name: "Licencia sin precio", price_from: null, currency: "PEN", billing_period: "monthly" },
];

const SUBSCRIPTION = {
  id: 42,
  user: { id: "u1", name: "Ana Pérez", email: "ana@empresa.pe" },
  catalog_item: null,
  plan_name: "Soporte Básico",
  amount: "149.00",
  currency: "PEN",
  billing_period: "monthly",
  status: "active",
  next_billing_date: "2027-02-10",
  cancel_requested_at: null,
  cancel_reason: null,
} as unknown as SubscriptionContract;

describe("Editar suscripción", () => {
  it("choosing a catalogue item fills plan, amount, currency and period; one without a price leaves the amount; the change counts from the next period", async () => {
    billingActions.updateSubscriptionAction.mockResolvedValue({ ok: true, data: SUBSCRIPTION });
    let answerOptions: (value: unknown) => void = () => {};
    billingActions.billingFormOptionsAction.mockReturnValue(new Promise((resolve) => (answerOptions = resolve)));
    render(<SubscriptionsScreen result={{ data: [SUBSCRIPTION], current_page: 1, per_page: 20, total: 1, last_page: 1, total_capped: false } as never} />);
    // The table and the narrow screen's cards each have the button.
    fireEvent.click(screen.getAllByRole("button", { name: /^Editar/ })[0]);
    // The products and services are read when the form opens: until then the modal says so.
    const loading = screen.getByRole("dialog", { name: "Editar suscripción" });
    expect(within(loading).getByRole("status").textContent).toBe("Cargando clientes y servicios…");
    expect(billingActions.billingFormOptionsAction).toHaveBeenCalledTimes(1);
    answerOptions({ ok: true, data: { clients: [], catalog_items: ITEMS } });
    await waitFor(() => expect(within(screen.getByRole("dialog", { name: "Editar suscripción" })).queryByRole("status")).toBeNull());
    const modal = screen.getByRole("dialog", { name: "Editar suscripción" });
    expect(within(modal).getByRole("note").textContent).toContain("El cambio se aplica desde el próximo periodo de facturación");

    fireEvent.change(within(modal).getByRole("combobox", { name: "Producto o servicio (opcional)" }), { target: { value: "7" } });
    await waitFor(() => expect(within(modal).getByRole("textbox", { name: "Plan *" })).toHaveProperty("value", "Soporte Pro"));
    expect(within(modal).getByRole("textbox", { name: "Importe sin IGV *" })).toHaveProperty("value", "249.00");
    expect(within(modal).getByRole("combobox", { name: "Moneda" })).toHaveProperty("value", "USD");
    expect(within(modal).getByRole("combobox", { name: "Periodo" })).toHaveProperty("value", "yearly");

    fireEvent.change(within(modal).getByRole("textbox", { name: "Importe sin IGV *" }), { target: { value: "230.00" } });
    fireEvent.change(within(modal).getByRole("combobox", { name: "Producto o servicio (opcional)" }), { target: { value: "8" } });
    await waitFor(() => expect(within(modal).getByRole("textbox", { name: "Plan *" })).toHaveProperty("value", "Licencia sin precio"));
    expect(within(modal).getByRole("textbox", { name: "Importe sin IGV *" })).toHaveProperty("value", "230.00");

    fireEvent.click(within(modal).getByRole("button", { name: "Guardar cambios" }));
    await waitFor(() => expect(billingActions.updateSubscriptionAction).toHaveBeenCalledTimes(1));
    expect(billingActions.updateSubscriptionAction.mock.calls[0]).toEqual([
      42,
      expect.objectContaining({ catalog_item_id: 8, plan_name: "Licencia sin precio", amount: "230.00", currency: "PEN", billing_period: "monthly" }),
    ]);
  });
  it("says why the form's options could not be read, and reads them again on «Reintentar»", async () => {
    billingActions.billingFormOptionsAction
      .mockResolvedValueOnce({ ok: false, status: 500, message: "Error interno del servidor. Inténtalo de nuevo más tarde." })
      .mockResolvedValueOnce({ ok: true, data: { clients: [], catalog_items: ITEMS } });
    render(<SubscriptionsScreen result={{ data: [SUBSCRIPTION], current_page: 1, per_page: 20, total: 1, last_page: 1, total_capped: false } as never} />);
    fireEvent.click(screen.getAllByRole("button", { name: /^Editar/ })[0]);
    const alert = await within(screen.getByRole("dialog", { name: "Editar suscripción" })).findByRole("alert");
    expect(alert.textContent).toContain("No se pudieron cargar los clientes y servicios: Error interno del servidor.");

    fireEvent.click(within(alert).getByRole("button", { name: "Reintentar" }));
    const field = await waitFor(() => within(screen.getByRole("dialog", { name: "Editar suscripción" })).getByRole("combobox", { name: "Producto o servicio (opcional)" }));
    expect(within(field).getAllByRole("option").map((option) => option.textContent)).toEqual(["Ninguno", "Servicio: Soporte Pro", "Producto: Licencia sin precio"]);
    expect(billingActions.billingFormOptionsAction).toHaveBeenCalledTimes(2);
  });
});
