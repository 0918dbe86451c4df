import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { createThrowawayUser, SEEDED_ADMIN, signInAs, withDb } from "./helpers/session";

// The billing flow across both areas: an admin issues an invoice (REST, bearer token) →
// the client is told in the bell and sees it "Pendiente" with its IGV → the admin records the
// payment → the client sees "Pagada", the payment in "Pagos" and the PDF. A throwaway client
// with a RUC, so the seeded demo figures stay as they are.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

test("factura → pago → «Pagada», visto por el cliente en su portal", async ({ page, context, request }) => {
  test.slow();
  // The client keeps its invoice afterwards, as the product does (an invoiced client cannot be deleted).
  const client = await createThrowawayUser("client");
  await withDb((db) => db.query("update users set billing_name = $2, tax_id = $3 where id = $1", [client.id, "Textiles Gamarra S.A.C.", "20551234569"]));
  const login = await request.post(`${BASE_URL}/api/v1/auth/login`, {
    data: { email: SEEDED_ADMIN.email, password: SEEDED_ADMIN.password },
    headers: { "x-forwarded-for": `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  expect(login.status()).toBe(200);
  const auth = { authorization: `Bearer ${(await login.json()).token as string}` };

  const dueDate = new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10);
  const issued = await request.post(`${BASE_URL}/api/v1/admin/invoices`, {
    headers: auth,
    data: { user_id: client.id, currency: "PEN", due_date: dueDate, lines: [{ description: "Horas de soporte remoto", quantity: "3", unit_price: "33.33" }] },
  });
  expect(issued.status()).toBe(201);
  const invoice = (await issued.json()).data as { id: number; invoice_number: string; amount: string; tax_amount: string; subtotal: string };
  expect(invoice.invoice_number).toMatch(/^F001-\d{8}$/);
  expect([invoice.subtotal, invoice.tax_amount, invoice.amount]).toEqual(["99.99", "18.00", "117.99"]);

  await signInAs(context, BASE_URL, client);
  await page.goto("/client/dashboard");
  const bell = page.getByRole("button", { name: /^Notificaciones \(\d+ sin leer\)$/ });
  await expect(bell).toHaveAttribute("aria-label", "Notificaciones (1 sin leer)");
  await bell.click();
  await expect(page.getByRole("region", { name: "Notificaciones", exact: true }).getByText(`Nueva factura ${invoice.invoice_number}`)).toBeVisible();

  await page.goto(`/client/invoices/${invoice.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(invoice.invoice_number);
  const main = page.getByRole("main");
  await expect(main.getByText("Pendiente", { exact: true }).first()).toBeVisible();
  await expect(main.getByText("S/ 117.99").first()).toBeVisible();
  await expect(main.getByText("S/ 18.00").first()).toBeVisible();

  const paid = await request.post(`${BASE_URL}/api/v1/admin/payments`, {
    headers: auth,
    data: { invoice_id: invoice.id, amount: "117.99", method: "yape", reference: "YAPE-E2E-001" },
  });
  expect(paid.status()).toBe(201);

  await page.reload();
  await expect(main.getByText("Pagada", { exact: true }).first()).toBeVisible();
  await expect(main.getByText("Pendiente", { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto("/client/payments");
  await expect(main.getByText("YAPE-E2E-001").first()).toBeVisible();
  await expect(main.getByRole("link", { name: invoice.invoice_number }).first()).toBeVisible();

  const pdf = await page.request.get(`/api/v1/client/invoices/${invoice.id}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
});
