import { expect, test, type Page } from "@playwright/test";
import { createThrowawayUser, deleteThrowawayClient, deleteThrowawayUser, signInAs, withDb, type SessionUser } from "./helpers/session";

// Electronic invoicing as people use it, against the SUNAT stand-in that `npm start` runs when no
// SUNAT_ENDPOINT is set: a factura goes from "Pendiente" to "Aceptado" and its client downloads
// the printed copy (with the QR), the signed XML and the CDR; a nota de crédito lowers the
// balance; a boleta reaches "Aceptado" through the resumen diario; a voiding ends in "Anulado".

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

const toast = (page: Page, text: string | RegExp) => page.getByRole("region", { name: /Notificaciones/ }).getByText(text);
const sunatPanel = (page: Page) => page.getByTestId("sunat-panel");

async function billedClient(taxId: string | null, billingName: string | null): Promise<SessionUser> {
  const client = await createThrowawayUser("client");
  await withDb((db) => db.query("update users set billing_name = $1, tax_id = $2 where id = $3", [billingName, taxId, client.id]));
  return client;
}

/** Issues an invoice from the admin form; returns its id and number. */
async function issue(page: Page, client: SessionUser, unitPrice: string): Promise<{ id: string; number: string }> {
  await page.goto("/admin/invoices/new");
  await page.getByLabel("Cliente *").selectOption(client.id);
  const line = page.getByRole("group", { name: "Línea 1" });
  await line.getByLabel("Descripción de la línea 1 *").fill("Consultoría en facturación electrónica");
  await line.getByLabel("Cantidad *").fill("1");
  await line.getByLabel("Precio unitario *").fill(unitPrice);
  await page.getByRole("button", { name: "Emitir factura" }).click();
  await page.waitForURL(/\/admin\/invoices\/\d+$/);
  const id = page.url().match(/\/admin\/invoices\/(\d+)$/)![1];
  const number = (await page.getByRole("heading", { level: 1 }).textContent())!.match(/[FB]001-\d{8}/)![0];
  return { id, number };
}

/** Reloads until the SUNAT panel's state reads `label` (the send queue works in the background). */
async function waitForSunat(page: Page, label: string) {
  await expect(async () => {
    await page.reload();
    await expect(sunatPanel(page).getByRole("heading", { name: /SUNAT/ })).toContainText(label, { timeout: 1_000 });
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000, 3_000] });
}

test.describe("Facturación electrónica (modo de prueba)", () => {
  let admin: SessionUser;
  const clients: SessionUser[] = [];

  test.beforeEach(async ({ context }) => {
    admin = await createThrowawayUser("admin");
    await signInAs(context, BASE_URL, admin);
  });

  test.afterEach(async () => {
    await deleteThrowawayUser(admin);
    while (clients.length) await deleteThrowawayClient(clients.pop()!);
  });

  test("una factura llega a «Aceptado» y el cliente descarga el PDF con QR, el XML y el CDR; una nota de crédito baja el saldo", async ({ page, browser }) => {
    test.slow();
    const client = await billedClient("20131312955", "Andina Tech S.A.C.");
    clients.push(client);
    const { id, number } = await issue(page, client, "500");
    await expect(toast(page, `Factura ${number} emitida correctamente`)).toBeVisible();
    await expect(page.getByTestId("sunat-test-mode")).toContainText("Modo de prueba");
    await waitForSunat(page, "Aceptado");
    await expect(sunatPanel(page).getByRole("link", { name: "Descargar XML" })).toHaveAttribute("href", `/api/v1/admin/invoices/${id}/xml`);
    await expect(sunatPanel(page).getByRole("link", { name: "Ver CDR" })).toHaveAttribute("href", `/api/v1/admin/invoices/${id}/cdr`);

    // The client's portal: the state and the three downloads.
    const clientContext = await browser.newContext();
    await signInAs(clientContext, BASE_URL, client);
    const clientPage = await clientContext.newPage();
    await clientPage.goto(`/client/invoices/${id}`);
    await expect(clientPage.getByText(/aceptado por SUNAT/i).first()).toBeVisible();
    for (const [name, path, type] of [
      ["Descargar PDF", "pdf", "application/pdf"],
      ["Descargar XML", "xml", "application/xml"],
      ["Descargar CDR", "cdr", "application/zip"],
    ] as const) {
      const link = clientPage.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", `/api/v1/client/invoices/${id}/${path}`);
      const response = await clientPage.request.get(`/api/v1/client/invoices/${id}/${path}`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain(type);
      const body = await response.body();
      if (path === "pdf") {
        // The printed copy of the electronic document: its QR is an embedded image.
        expect(body.subarray(0, 5).toString()).toBe("%PDF-");
        expect(body.includes(Buffer.from("/Subtype /Image"))).toBe(true);
      }
      if (path === "xml") expect(body.toString("utf8")).toContain('<ds:Signature Id="SignatureSP"');
      if (path === "cdr") expect(body.subarray(0, 2).toString()).toBe("PK");
    }
    await clientContext.close();

    // A partial nota de crédito: 118.00 of 590.00 → the balance is 472.00.
    await page.getByRole("button", { name: "Emitir nota de crédito" }).click();
    const dialog = page.getByRole("dialog", { name: "Emitir nota de crédito" });
    await dialog.getByLabel("Motivo *").selectOption("04");
    await dialog.getByLabel("Descripción *").fill("Descuento por pronto pago");
    await dialog.getByLabel("Parcial").check();
    await dialog.getByLabel(/Importe a acreditar/).fill("118");
    await dialog.getByRole("button", { name: "Emitir nota de crédito" }).click();
    await expect(toast(page, /^Nota de crédito FC01-\d{8} emitida/)).toBeVisible();
    await expect(page.getByTestId("invoice-balance")).toHaveText("S/ 472.00");
    const notes = page.getByRole("region", { name: "Notas de crédito" });
    await expect(notes).toContainText(/FC01-\d{8}/);
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("region", { name: "Notas de crédito" })).toContainText("Aceptado", { timeout: 1_000 });
    }).toPass({ timeout: 90_000, intervals: [1_000, 2_000, 3_000] });
  });

  test("una boleta llega a «Aceptado» por el resumen diario, y al anularla queda «Anulado»", async ({ page }) => {
    test.slow();
    const client = await billedClient("45678912", "Rosa Quispe Mamani");
    clients.push(client);
    const { number } = await issue(page, client, "80");
    expect(number).toMatch(/^B001-/);
    await waitForSunat(page, "Aceptado");

    await page.getByRole("button", { name: "Anular factura" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("resumen diario");
    await confirm.getByRole("button", { name: /Anular/ }).click();
    await expect(sunatPanel(page)).toContainText("Anulación en proceso");
    await waitForSunat(page, "Anulado");
  });

  test("una factura anulada por comunicación de baja queda «Anulado»", async ({ page }) => {
    test.slow();
    const client = await billedClient("20131312955", "Andina Tech S.A.C.");
    clients.push(client);
    await issue(page, client, "120");
    await waitForSunat(page, "Aceptado");
    await page.getByRole("button", { name: "Anular factura" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("comunicación de baja");
    await confirm.getByRole("button", { name: /Anular/ }).click();
    await waitForSunat(page, "Anulado");
  });
});
