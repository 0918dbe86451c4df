import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "./helpers/axe";
import { createThrowawayUser, SEEDED_ADMIN, signInAs, withDb } from "./helpers/session";

// "Informar pago" across both areas: an admin issues an invoice (REST, bearer token) → the client
// reports its payment with a voucher (a PNG made here) → the invoice is still "Pendiente", the
// payment "Por confirmar" → an admin sees the voucher in "Pagos por confirmar" and confirms it →
// both see the invoice "Pagada". A throwaway client, so the seeded demo figures stay as they are.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

test("informar pago con comprobante → «Pagos por confirmar» → «Pagada» para ambos", async ({ browser, page, context, request }) => {
  test.slow();
  const client = await createThrowawayUser("client");
  await withDb((db) => db.query("update users set billing_name = $2, tax_id = $3 where id = $1", [client.id, "Ferretería Los Andes S.A.C.", "20551234569"]));
  const login = await request.post(`${BASE_URL}/api/v1/auth/login`, {
    data: { email: SEEDED_ADMIN.email, password: SEEDED_ADMIN.password },
    headers: { "x-forwarded-for": `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  expect(login.status()).toBe(200);
  const auth = { authorization: `Bearer ${(await login.json()).token as string}` };
  const dueDate = new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10);
  const issued = await request.post(`${BASE_URL}/api/v1/admin/invoices`, {
    headers: auth,
    data: { user_id: client.id, currency: "PEN", due_date: dueDate, lines: [{ description: "Implementación de red Wi-Fi", quantity: "1", unit_price: "100.00" }] },
  });
  expect(issued.status()).toBe(201);
  const invoice = (await issued.json()).data as { id: number; invoice_number: string; amount: string };
  expect(invoice.amount).toBe("118.00");
  const voucher = await sharp({ create: { width: 240, height: 320, channels: 3, background: { r: 120, g: 40, b: 160 } } }).png().toBuffer();

  // The client reports the payment.
  await signInAs(context, BASE_URL, client);
  await page.goto(`/client/invoices/${invoice.id}`);
  const main = page.getByRole("main");
  await page.getByRole("button", { name: "Informar pago" }).click();
  const dialog = page.getByRole("dialog", { name: "Informar pago" });
  await expect(dialog.getByLabel("Monto (PEN) *")).toHaveValue("118.00");
  await dialog.getByLabel("Medio de pago *").selectOption("yape");
  await dialog.getByLabel("Número de operación").fill("YP-E2E-4471");
  await dialog.getByLabel("Comprobante (opcional, imagen o PDF, máx. 5 MB)").setInputFiles({ name: "yape-e2e.png", mimeType: "image/png", buffer: voucher });
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Informar pago" }).click();
  await expect(page.getByText("Pago informado. Te avisaremos cuando lo confirmemos.")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const reports = main.getByRole("region", { name: "Pagos informados" });
  await expect(reports.getByRole("status")).toContainText("Informaste un pago de S/ 118.00 el");
  await expect(reports.getByRole("status")).toContainText("lo estamos verificando.");
  await expect(reports.getByText("Por confirmar", { exact: true })).toBeVisible();
  // Reported, not paid: the balance is whole and no more can be reported.
  await expect(main.getByText("Pendiente", { exact: true }).first()).toBeVisible();
  await expect(main.getByTestId("invoice-balance")).toContainText("S/ 118.00");
  await expect(page.getByRole("button", { name: "Informar pago" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // An admin sees it with its voucher and confirms it.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminContext, BASE_URL, SEEDED_ADMIN.email);
  await adminPage.goto(`${BASE_URL}/admin/payment-reports?invoice_id=${invoice.id}`);
  await expect(adminPage.getByRole("heading", { level: 1, name: "Pagos por confirmar" })).toBeVisible();
  const row = adminPage.getByRole("row").filter({ hasText: invoice.invoice_number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("YP-E2E-4471");
  const preview = row.getByRole("img", { name: "Comprobante del pago de S/ 118.00" });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(240);
  await expectNoAxeViolations(adminPage);
  await row.getByRole("button", { name: /^Confirmar/ }).click();
  const confirmDialog = adminPage.getByRole("alertdialog", { name: "Confirmar pago" });
  await expect(confirmDialog).toContainText("el saldo de la factura quedará en S/ 0.00");
  await confirmDialog.getByRole("button", { name: "Confirmar pago" }).click();
  await expect(adminPage.getByText("Pago confirmado: la factura quedó pagada")).toBeVisible();
  await expect(adminPage.getByRole("row").filter({ hasText: invoice.invoice_number })).toHaveCount(0);

  await adminPage.goto(`${BASE_URL}/admin/invoices/${invoice.id}`);
  await expect(adminPage.getByRole("heading", { level: 1 })).toContainText("Pagada");
  await expect(adminPage.getByTestId("invoice-payment-reports")).toContainText("Confirmado");
  await adminContext.close();

  // The client sees it paid.
  await page.reload();
  await expect(main.getByText("Pagada", { exact: true }).first()).toBeVisible();
  await expect(reports.getByText("Confirmado", { exact: true })).toBeVisible();
  await expect(reports.getByRole("status")).toHaveCount(0);
  await expect(main.getByTestId("invoice-balance")).toContainText("S/ 0.00");
});
