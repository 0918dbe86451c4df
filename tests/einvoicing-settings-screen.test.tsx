// @vitest-environment jsdom
// "Configuración › Facturación electrónica" as the admin sees it: the test-mode notice, the
// certificate's summary (expiry, source, the reason it cannot sign), "Quitar certificado" only for
// an uploaded one, and the upload form sending the file and password as FormData, with the
// server's refusal shown on the file field. The server actions are replaced by spies.
import "./setup/dom";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { EinvoicingSettingsContract } from "@/lib/sunat/settings-schema";

const actions = vi.hoisted(() => ({
  updateEinvoicingSettingsAction: vi.fn(),
  uploadCertificateAction: vi.fn(),
  removeCertificateAction: vi.fn(),
}));
vi.mock("@/lib/sunat/actions", () => actions);
vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), refresh: vi.fn(), back: vi.fn() }), usePathname: () => "/admin/settings" }));

const { EinvoicingSettings } = await import("@/components/admin/settings/einvoicing-settings");

const BASE: EinvoicingSettingsContract = {
  fiscal_ubigeo: "150131",
  fiscal_district: "San Isidro",
  fiscal_province: "Lima",
  fiscal_department: "Lima",
  fiscal_establishment: "0000",
  detraction_account: "00-068-123456",
  detraction_code: "037",
  exchange_rate_usd: "3.752",
  exchange_rate_eur: null,
  certificate: {
    subject: "C=PE, O=Lumen Consultoría TI S.A.C., OU=RUC 20601234565, serialNumber=20601234565, CN=Lumen",
    // 12:00 in Lima on 30 Nov 2027.
    not_after: "2027-11-30T17:00:00.000Z",
    uploaded_at: "2026-11-20T15:30:00.000Z",
    source: "settings",
    problem: null,
  },
  test_mode: true,
};

beforeEach(() => {
  for (const spy of Object.values(actions)) spy.mockReset();
});

describe("the e-invoicing settings screen", () => {
  it("shows the saved values, the test-mode notice, the certificate's expiry and source, and 'Quitar certificado'", () => {
    render(<EinvoicingSettings settings={BASE} />);
    expect(screen.getByRole("textbox", { name: "Ubigeo" })).toHaveProperty("value", "150131");
    expect(screen.getByRole("combobox", { name: "Código del servicio (catálogo 54)" })).toHaveProperty("value", "037");
    expect(screen.getByText(/Modo de prueba:/)).toBeTruthy();
    const summary = screen.getByTestId("certificate-summary");
    expect(summary.textContent).toContain("Vence el 30 nov 2027");
    expect(summary.textContent).toContain("Subido en esta pantalla");
    expect(summary.textContent).toContain("Listo para firmar");
    expect(screen.getByRole("button", { name: "Quitar certificado" })).toBeTruthy();
  });

  it("a certificate from the server's environment with a problem: the reason in red, no removal; no notice outside test mode", () => {
    const problem = "El certificado venció el 01/01/2026.";
    render(<EinvoicingSettings settings={{ ...BASE, test_mode: false, certificate: { ...BASE.certificate, source: "environment", uploaded_at: null, problem } }} />);
    const reason = screen.getByText(problem);
    expect(reason.className).toContain("text-red-700");
    expect(screen.queryByText(/Modo de prueba:/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Quitar certificado" })).toBeNull();
    expect(screen.getByTestId("certificate-summary").textContent).toContain("Configurado en el servidor");
  });

  it("uploading without a file says so and calls nothing", async () => {
    render(<EinvoicingSettings settings={BASE} />);
    fireEvent.click(screen.getByRole("button", { name: "Subir certificado" }));
    expect(await screen.findByText("Elige el archivo del certificado (.pfx o .p12).")).toBeTruthy();
    expect(actions.uploadCertificateAction).not.toHaveBeenCalled();
  });

  it("sends the file and the password as FormData and shows the server's refusal on the file field", async () => {
    const message = "La contraseña del certificado no es correcta.";
    actions.uploadCertificateAction.mockResolvedValue({ ok: false, status: 422, message, errors: { certificate: [message] } });
    render(<EinvoicingSettings settings={BASE} />);
    const pfx = new File([new Uint8Array([0x30, 0x82, 0x01, 0x00])], "empresa.pfx", { type: "application/x-pkcs12" });
    fireEvent.change(screen.getByLabelText("Archivo del certificado"), { target: { files: [pfx] } });
    fireEvent.change(screen.getByLabelText("Contraseña del certificado", { selector: "input" }), { target: { value: "equivocada" } });
    fireEvent.click(screen.getByRole("button", { name: "Subir certificado" }));

    await waitFor(() => expect(actions.uploadCertificateAction).toHaveBeenCalledTimes(1));
    const sent = actions.uploadCertificateAction.mock.calls[0][0] as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent.get("file") as File).name).toBe("empresa.pfx");
    expect(sent.get("password")).toBe("equivocada");
    const error = await screen.findByText(message);
    const input = screen.getByLabelText("Archivo del certificado");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toContain(error.id);
  });

  it("the fiscal form checks with the same rules before sending, then sends the parsed values", async () => {
    actions.updateEinvoicingSettingsAction.mockImplementation(async (values: Record<string, unknown>) => ({ ok: true, data: { ...BASE, ...values } }));
    render(<EinvoicingSettings settings={BASE} />);
    const ubigeo = screen.getByRole("textbox", { name: "Ubigeo" });
    fireEvent.change(ubigeo, { target: { value: "15013" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar datos de facturación" }));
    expect(await screen.findByText("El ubigeo debe tener 6 dígitos (por ejemplo, 150131 para San Isidro, Lima).")).toBeTruthy();
    expect(actions.updateEinvoicingSettingsAction).not.toHaveBeenCalled();

    fireEvent.change(ubigeo, { target: { value: "150101" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Euro (S/ por €)" }), { target: { value: "4,0815" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar datos de facturación" }));
    await waitFor(() => expect(actions.updateEinvoicingSettingsAction).toHaveBeenCalledTimes(1));
    expect(actions.updateEinvoicingSettingsAction.mock.calls[0][0]).toMatchObject({ fiscal_ubigeo: "150101", exchange_rate_eur: "4.0815", exchange_rate_usd: "3.752", detraction_code: "037" });
  });
});
