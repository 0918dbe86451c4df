import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { expectPhoneCards } from "./helpers/data-table";
import { createThrowawayUser, deleteThrowawayClient, deleteThrowawayUser, signInAs, withDb, type SessionUser } from "./helpers/session";

// The admin billing screens: "Facturas" (issue with lines and a live IGV
// preview, detail, payments until "Pagada", "Anulada"), "Pagos" ("+ Registrar pago": client →
// pending invoice) and "Suscripciones" ("+ Nueva suscripción"), each list at desktop and 375 px
// with axe. Every test signs in as its own throw-away admin and bills its own throw-away client.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

const toast = (page: Page, text: string | RegExp) => page.getByRole("region", { name: /Notificaciones/ }).getByText(text);

async function createBilledClient(options: { billingName?: string; taxId?: string } = {}): Promise<SessionUser> {
  const client = await createThrowawayUser("client");
  if (options.taxId) {
    await withDb((db) => db.query("update users set billing_name = $1, tax_id = $2 where id = $3", [options.billingName ?? null, options.taxId, client.id]));
  }
  return client;
}

/** Fills the issue form's line `index` (0-based). */
async function fillLine(page: Page, index: number, description: string, quantity: string, unitPrice: string) {
  const line = page.getByRole("group", { name: `Línea ${index + 1}` });
  await line.getByLabel(`Descripción de la línea ${index + 1} *`).fill(description);
  await line.getByLabel("Cantidad *").fill(quantity);
  await line.getByLabel("Precio unitario *").fill(unitPrice);
}


test.describe("Facturas, Pagos y Suscripciones", () => {
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

  test("emite una factura de 2 líneas con su IGV, registra un pago parcial y otro total: «Pagada»", async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    const client = await createBilledClient({ billingName: "Andina Tech S.A.C.", taxId: "20131312955" });
    clients.push(client);

    await page.goto("/admin/invoices/new");
    await page.getByLabel("Cliente *").selectOption(client.id);
    await expect(page.getByText("RUC 20131312955 · se emitirá una factura electrónica (serie F001).")).toBeVisible();
    await fillLine(page, 0, "Consultoría ERP", "2", "100");
    await page.getByRole("button", { name: "+ Agregar línea" }).click();
    await fillLine(page, 1, "Soporte mensual", "1", "50.50");
    // Live preview with the server's arithmetic: 200.00 + 50.50 = 250.50; IGV 45.09; total 295.59.
    await expect(page.getByTestId("preview-subtotal")).toHaveText("S/ 250.50");
    await expect(page.getByTestId("preview-igv")).toHaveText("S/ 45.09");
    await expect(page.getByTestId("preview-total")).toHaveText("S/ 295.59");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Emitir factura" }).click();
    await page.waitForURL(/\/admin\/invoices\/\d+$/);
    await expect(toast(page, /^Factura F001-\d{8} emitida correctamente$/)).toBeVisible();

    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toContainText(/F001-\d{8}/);
    await expect(heading).toContainText("Pendiente");
    const invoiceNumber = (await heading.textContent())!.match(/F001-\d{8}/)![0];
    const totals = page.getByRole("definition");
    await expect(page.getByText("Andina Tech S.A.C.")).toBeVisible();
    await expect(page.getByText("RUC 20131312955")).toBeVisible();
    await expect(totals.filter({ hasText: "S/ 295.59" }).first()).toBeVisible();
    await expect(page.getByTestId("invoice-balance")).toHaveText("S/ 295.59");
    await expect(page.getByRole("link", { name: "Descargar PDF" })).toHaveAttribute("href", /\/api\/v1\/admin\/invoices\/\d+\/pdf$/);

    // A partial payment from "Pagos": client → its pending invoice → amount prefilled with the balance.
    await page.goto("/admin/payments");
    await page.getByRole("button", { name: "+ Registrar pago" }).click();
    const modal = page.getByRole("dialog", { name: "Registrar pago" });
    await modal.getByLabel("Cliente *").selectOption(client.id);
    const invoiceSelect = modal.getByLabel("Factura pendiente *");
    await expect(invoiceSelect.locator("option", { hasText: invoiceNumber })).toHaveCount(1);
    await invoiceSelect.selectOption({ label: `${invoiceNumber} · saldo S/ 295.59` });
    await expect(modal.getByLabel(/^Importe/)).toHaveValue("295.59");
    await modal.getByLabel(/^Importe/).fill("95.59");
    await modal.getByLabel("Método *").selectOption("yape");
    await modal.getByLabel("Referencia").fill("YAPE-001");
    await expectNoAxeViolations(page);
    await modal.getByRole("button", { name: "Registrar pago" }).click();
    await expect(toast(page, "Pago registrado correctamente")).toBeVisible();
    await expect(modal).toBeHidden();
    await page.getByRole("searchbox", { name: "Buscar pagos" }).fill("YAPE-001");
    await expect(page).toHaveURL(/q=YAPE-001/);
    const paymentRow = page.getByRole("table", { name: "Pagos" }).getByRole("row").filter({ hasText: invoiceNumber });
    await expect(paymentRow).toContainText("S/ 95.59");
    await expect(paymentRow).toContainText("Yape");
    await expect(paymentRow).toContainText("Completado");

    // The rest from the invoice itself: "Anular factura" is not offered once it has payments.
    await paymentRow.getByRole("link", { name: invoiceNumber }).click();
    await page.waitForURL(/\/admin\/invoices\/\d+$/);
    await expect(page.getByTestId("invoice-balance")).toHaveText("S/ 200.00");
    await expect(page.getByRole("button", { name: "Anular factura" })).toBeDisabled();
    await expect(page.getByText("No puedes anular una factura con pagos registrados.")).toBeVisible();
    await page.getByRole("button", { name: "Registrar pago" }).click();
    const detailModal = page.getByRole("dialog", { name: "Registrar pago" });
    await expect(detailModal.getByLabel(/^Importe/)).toHaveValue("200.00");
    // Above the balance: refused with the server's Spanish message on the field.
    await detailModal.getByLabel(/^Importe/).fill("200.01");
    await detailModal.getByRole("button", { name: "Registrar pago" }).click();
    await expect(detailModal.getByText("El pago supera el saldo pendiente de la factura (S/ 200.00).")).toBeVisible();
    await detailModal.getByLabel(/^Importe/).fill("200.00");
    await detailModal.getByRole("button", { name: "Registrar pago" }).click();
    await expect(toast(page, "Pago registrado: la factura quedó pagada")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Pagada");
    await expect(page.getByTestId("invoice-balance")).toHaveText("S/ 0.00");
    await expect(page.getByRole("button", { name: "Registrar pago" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // In the list, filtered by status.
    await page.goto(`/admin/invoices?status=paid&q=${invoiceNumber}`);
    const invoiceRow = page.getByRole("table", { name: "Facturas" }).getByRole("row").filter({ hasText: invoiceNumber });
    await expect(invoiceRow).toContainText("Pagada");
    await expect(invoiceRow).toContainText("S/ 295.59");
  });

  test("anula una factura sin pagos con un motivo: queda «Anulada»; un cliente sin perfil recibe una boleta", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const client = await createBilledClient();
    clients.push(client);
    await page.goto("/admin/invoices/new");
    await page.getByLabel("Cliente *").selectOption(client.id);
    await expect(page.getByText(/no tiene perfil de facturación .*: se emitirá una boleta de venta \(serie B001\)/)).toBeVisible();
    await fillLine(page, 0, "Licencia anual", "1", "33.33");
    await page.getByRole("button", { name: "Emitir factura" }).click();
    await page.waitForURL(/\/admin\/invoices\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/B001-\d{8}/);
    await expect(page.getByText("Boleta de venta electrónica")).toBeVisible();

    await page.getByRole("button", { name: "Anular factura" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Anular factura" });
    await expect(dialog.getByRole("button", { name: "Cancelar" })).toBeFocused();
    await dialog.getByLabel("Motivo (opcional)").fill("Emitida por error");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Anular factura" }).click();
    await expect(toast(page, /anulada$/)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Anulada");
    await expect(page.getByText("Motivo: Emitida por error")).toBeVisible();
    await expect(page.getByRole("button", { name: "Registrar pago" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Anular factura" })).toHaveCount(0);

    // The detail at 375 px: nothing wider than the screen, still accessible.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Anulada");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
  });

  test("crea una suscripción con «+ Nueva suscripción» y la edita", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const client = await createBilledClient();
    clients.push(client);
    await page.goto("/admin/subscriptions");
    await expect(page.getByRole("heading", { level: 1, name: "Suscripciones" })).toBeVisible();
    await page.getByRole("button", { name: "+ Nueva suscripción" }).click();
    const modal = page.getByRole("dialog", { name: "Nueva suscripción" });
    await modal.getByLabel("Cliente *").selectOption(client.id);
    const item = modal.getByLabel("Producto o servicio (opcional)");
    // A seeded product that no spec deletes: the list's first option can be another spec's
    // throwaway item, gone by the time this one chooses it when specs run side by side.
    const itemName = "Lumen ERP Pyme";
    const itemLabel = `Producto: ${itemName}`;
    await expect(item.locator("option", { hasText: itemLabel })).toHaveCount(1);
    // A product priced in euros: choosing it fills the plan's name, price, currency and period.
    const stamp = Date.now();
    const priced = await withDb(async (db) => {
      const { rows } = await db.query<{ id: number; name: string }>(
        `insert into catalog_items (kind, name, slug, description, price_from, currency, billing_period, status, updated_at)
         values ('product', $1, $2, 'Borrador de prueba', 321.5, 'EUR', 'yearly', 'draft', now()) returning id, name`,
        [`Plan en euros ${stamp}`, `plan-en-euros-${stamp}`],
      );
      return rows[0];
    });
    try {
      await page.reload();
      await page.getByRole("button", { name: "+ Nueva suscripción" }).click();
      await modal.getByLabel("Cliente *").selectOption(client.id);
      await item.selectOption(String(priced.id));
      await expect(modal.getByLabel("Plan *")).toHaveValue(priced.name);
      await expect(modal.getByLabel("Importe sin IGV *")).toHaveValue("321.50");
      await expect(modal.getByLabel("Moneda")).toHaveValue("EUR");
      await expect(modal.getByLabel("Periodo")).toHaveValue("yearly");
    } finally {
      await withDb((db) => db.query("delete from catalog_items where id = $1", [priced.id]));
    }
    await item.selectOption({ label: itemLabel });
    await expect(modal.getByLabel("Plan *")).toHaveValue(itemName);
    await modal.getByLabel("Plan *").fill("Plan Pyme");
    await modal.getByLabel("Importe sin IGV *").fill("149.90");
    await modal.getByLabel("Moneda").selectOption("PEN");
    await modal.getByLabel("Periodo").selectOption("monthly");
    await expectNoAxeViolations(page);
    await modal.getByRole("button", { name: "Crear suscripción" }).click();
    await expect(toast(page, "Suscripción creada correctamente")).toBeVisible();

    await page.getByRole("searchbox", { name: "Buscar suscripciones" }).fill(client.email);
    await expect(page).toHaveURL(/q=/);
    const row = page.getByRole("table", { name: "Suscripciones" }).getByRole("row").filter({ hasText: client.email });
    await expect(row).toContainText("Plan Pyme");
    await expect(row).toContainText("S/ 149.90 / mes");
    await expect(row).toContainText("Activa");

    await row.getByRole("button", { name: /^Editar/ }).click();
    const edit = page.getByRole("dialog", { name: "Editar suscripción" });
    await edit.getByLabel("Periodo").selectOption("yearly");
    await edit.getByLabel("Estado").selectOption("paused");
    await edit.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(toast(page, "Suscripción actualizada correctamente")).toBeVisible();
    await expect(row).toContainText("S/ 149.90 / año");
    await expect(row).toContainText("Pausada");

    // Cancelling says what it does and names the button after it.
    await row.getByRole("button", { name: /^Editar/ }).click();
    await edit.getByLabel("Estado").selectOption("cancelled");
    await expect(edit.getByRole("alert")).toContainText("no se emitirán más facturas");
    await edit.getByRole("button", { name: "Cancelar suscripción" }).click();
    await expect(toast(page, "Suscripción actualizada correctamente").last()).toBeVisible();
    await expect(row).toContainText("Cancelada");

    // A client's cancellation request shows as its own badge.
    await withDb((db) => db.query("update subscriptions set cancel_requested_at = now() where user_id = $1", [client.id]));
    await page.reload();
    await expect(page.getByRole("table", { name: "Suscripciones" }).getByRole("row").filter({ hasText: client.email })).toContainText("Cancelación solicitada");
  });

  for (const list of [
    { path: "/admin/subscriptions", title: "Suscripciones", search: "Buscar suscripciones", empty: "No hay suscripciones para mostrar.", create: "+ Nueva suscripción" },
    { path: "/admin/invoices", title: "Facturas", search: "Buscar facturas", empty: "No hay facturas para mostrar.", create: null },
    { path: "/admin/payments", title: "Pagos", search: "Buscar pagos", empty: "No hay pagos para mostrar.", create: "+ Registrar pago" },
  ]) {
    test(`«${list.title}»: lista, texto vacío y CSV en escritorio y a 375 px, sin fallos de axe`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(list.path);
      await expect(page.getByRole("heading", { level: 1, name: list.title })).toBeVisible();
      await expect(page.getByRole("table", { name: list.title })).toBeVisible();
      await expect(page.getByRole("link", { name: "Exportar CSV" })).toHaveAttribute("href", `/api/v1${list.path}/export`);
      await expectNoAxeViolations(page);

      // Nothing matches: the empty-list text, and the export follows the search.
      await page.getByRole("searchbox", { name: list.search }).fill("zzz-sin-resultados-zzz");
      await expect(page).toHaveURL(/q=zzz-sin-resultados-zzz/);
      await expect(page.getByRole("table", { name: list.title }).getByText(list.empty, { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "Exportar CSV" })).toHaveAttribute("href", `/api/v1${list.path}/export?q=zzz-sin-resultados-zzz`);

      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(list.path);
      await expectPhoneCards(page, list.title);
      await expectNoAxeViolations(page);

      // Its "+" form opens as a sheet that fits the phone.
      if (list.create) {
        await page.getByRole("button", { name: list.create }).click();
        const dialog = page.getByRole("dialog", { name: list.create.replace("+ ", "").replace(/^./, (c) => c.toUpperCase()) });
        await expect(dialog).toBeVisible();
        expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
        await expectNoAxeViolations(page);
        await dialog.getByRole("button", { name: "Cancelar" }).click();
        await expect(dialog).toBeHidden();
      }
    });
  }

  test("una factura desconocida muestra «Factura no encontrada» con Volver; el formulario de emisión cabe en 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const missing = await page.goto("/admin/invoices/999999999");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Factura no encontrada" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver" })).toHaveAttribute("href", "/admin/invoices");

    await page.goto("/admin/invoices/new");
    await expect(page.getByRole("heading", { level: 1, name: "Emitir factura" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
  });
});
