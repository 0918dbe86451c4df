import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { bearerFor } from "./helpers/admin-api";
import { expectNoAxeViolations } from "./helpers/axe";
import { createThrowawayUser, deleteThrowawayClient, deleteThrowawayUser, signInAs, withDb, type SessionUser } from "./helpers/session";

// "Configuración › Cobros" in a real browser: the admin replaces the bank accounts, sets Yape and
// the text (checked before sending, normalised by the server), uploads the QR image (previewed
// from the private route) and removes it; the client sees "Cómo pagar" on a pending invoice in
// soles. And "Editar suscripción" fills the plan from a catalogue item and says the change counts
// from the next period. The settings' "Cobros" columns are put back afterwards.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

const toast = (page: Page, text: string) => page.getByRole("region", { name: /Notificaciones/ }).getByText(text);

const COLUMNS = "payment_accounts, yape_number, plin_number, payment_qr_key, payment_qr_mime, payment_note, reminders_enabled, reminder_days_before, reminder_every_days";

type Saved = Record<string, unknown>;

test.describe.configure({ timeout: 120_000 });

test.describe("Configuración › Cobros", () => {
  let admin: SessionUser;
  let client: SessionUser | null = null;
  let saved: Saved;

  test.beforeEach(async ({ context }) => {
    saved = (await withDb((db) => db.query<Saved>(`select ${COLUMNS} from site_settings where id = 1`))).rows[0];
    admin = await createThrowawayUser("admin");
    await signInAs(context, BASE_URL, admin);
  });

  test.afterEach(async () => {
    await withDb((db) =>
      db.query(
        `update site_settings set payment_accounts = $1::jsonb, yape_number = $2, plin_number = $3, payment_note = $4,
         reminders_enabled = $5, reminder_days_before = $6, reminder_every_days = $7, payment_qr_key = $8, payment_qr_mime = $9 where id = 1`,
        [
          JSON.stringify(saved.payment_accounts),
          saved.yape_number,
          saved.plin_number,
          saved.payment_note,
          saved.reminders_enabled,
          saved.reminder_days_before,
          saved.reminder_every_days,
          saved.payment_qr_key,
          saved.payment_qr_mime,
        ],
      ),
    );
    await deleteThrowawayUser(admin);
    if (client) await deleteThrowawayClient(client);
    client = null;
  });

  test("el administrador configura cuentas, Yape y el código QR; el cliente ve «Cómo pagar» en su factura pendiente", async ({ page, browser, request }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/settings#cobros");
    const section = page.getByRole("region", { name: "Cobros", exact: true });
    await expect(section.getByRole("heading", { level: 2, name: "Cobros" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Historial de cambios" }).getByText("Cargando...")).toHaveCount(0);

    // Replace whatever accounts there are with one in soles.
    const remove = section.getByRole("button", { name: /^Quitar\s?la cuenta/ });
    while ((await remove.count()) > 0) await remove.first().click();
    await expect(section.getByText("No hay cuentas bancarias registradas.")).toBeVisible();
    await section.getByRole("button", { name: "+ Agregar cuenta" }).click();
    const row = section.getByRole("group", { name: "Cuenta 1" });
    await row.getByLabel("Banco").fill("BCP");
    await row.getByLabel("Moneda").selectOption("PEN");
    await row.getByLabel("Número de cuenta").fill("193-1234567-0-12");
    await row.getByLabel("CCI (opcional)").fill("123");
    await section.getByRole("textbox", { name: "Yape", exact: true }).fill("987 654 321");
    await section.getByRole("textbox", { name: "Plin", exact: true }).fill("");
    await section.getByRole("textbox", { name: "Indicaciones para el cliente", exact: true }).fill("A nombre de Lumen Consultoría TI S.A.C.\nEnvía el voucher a pagos@lumenti.pe");
    await section.getByRole("button", { name: "Guardar cobros" }).click();
    // The same rules as the server, before anything is sent.
    await expect(row.getByText("El CCI debe tener exactamente 20 dígitos (por ejemplo, 00219300123456701212).")).toBeVisible();

    await row.getByLabel("CCI (opcional)").fill("002-193-001234567012-12");
    await section.getByRole("button", { name: "Guardar cobros" }).click();
    await expect(toast(page, "Configuración de cobros guardada")).toBeVisible();
    // The stored forms come back into the fields.
    await expect(row.getByLabel("CCI (opcional)")).toHaveValue("00219300123456701212");
    await expect(section.getByRole("textbox", { name: "Yape", exact: true })).toHaveValue("+51 987 654 321");

    // The QR image: uploaded at once, previewed from the private route.
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#1d4ed8" } }).png().toBuffer();
    await section.getByLabel("Código QR (opcional)").setInputFiles({ name: "qr-yape.png", mimeType: "image/png", buffer: png });
    await expect(toast(page, "Código QR guardado correctamente")).toBeVisible();
    const preview = section.getByRole("img", { name: "Código QR de pago actual" });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(200);
    await expectNoAxeViolations(page);

    // A pending invoice in soles, seen by its client.
    client = await createThrowawayUser("client");
    const token = await bearerFor(admin);
    const due = new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10);
    const issued = await request.post("/api/v1/admin/invoices", {
      headers: { authorization: `Bearer ${token}` },
      data: { user_id: client.id, currency: "PEN", due_date: due, lines: [{ description: "Soporte mensual", quantity: "1", unit_price: "100.00" }] },
    });
    expect(issued.status()).toBe(201);
    const invoice = ((await issued.json()) as { data: { id: number; invoice_number: string } }).data;

    const clientContext = await browser.newContext({ baseURL: BASE_URL, locale: "es-PE" });
    try {
      await signInAs(clientContext, BASE_URL, client);
      const clientPage = await clientContext.newPage();
      await clientPage.goto(`/client/invoices/${invoice.id}`);
      const howToPay = clientPage.getByRole("region", { name: "Cómo pagar", exact: true });
      await expect(howToPay).toContainText("BCP");
      await expect(howToPay).toContainText("193-1234567-0-12");
      await expect(howToPay).toContainText("00219300123456701212");
      await expect(howToPay).toContainText("+51 987 654 321");
      await expect(howToPay).toContainText("Envía el voucher a pagos@lumenti.pe");
      await expect(howToPay).toContainText(invoice.invoice_number);
      const qr = howToPay.getByRole("img", { name: "Código QR para pagar con Yape o Plin" });
      await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(200);
      await clientPage.setViewportSize({ width: 375, height: 812 });
      expect(await clientPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectNoAxeViolations(clientPage);
    } finally {
      await clientContext.close();
    }

    // Removing the QR asks first.
    await section.getByRole("button", { name: "Quitar código QR" }).click();
    await page.getByRole("alertdialog", { name: "Quitar código QR" }).getByRole("button", { name: "Quitar código QR" }).click();
    await expect(toast(page, "Código QR quitado")).toBeVisible();
    await expect(section.getByTestId("payment-qr-preview")).toContainText("Sin código QR");
  });

  test("«Editar suscripción» toma el plan del catálogo y avisa que el cambio rige desde el próximo periodo", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    client = await createThrowawayUser("client");
    const stamp = Date.now();
    const { item, subscription } = await withDb(async (db) => {
      const item = (
        await db.query<{ id: number; name: string }>(
          `insert into catalog_items (kind, name, slug, description, price_from, currency, billing_period, status, updated_at)
           values ('service', $1, $2, 'Plan de prueba', 249, 'PEN', 'monthly', 'draft', now()) returning id, name`,
          [`Soporte Pro ${stamp}`, `soporte-pro-${stamp}`],
        )
      ).rows[0];
      const subscription = (
        await db.query<{ id: number }>(
          `insert into subscriptions (user_id, plan_name, amount, currency, billing_period, status, next_billing_date, updated_at)
           values ($1, 'Soporte Básico', 149, 'PEN', 'monthly', 'active', current_date + 20, now()) returning id`,
          [client!.id],
        )
      ).rows[0];
      return { item, subscription };
    });
    try {
      await page.goto(`/admin/subscriptions?q=${encodeURIComponent(client.email)}`);
      const row = page.getByRole("table", { name: "Suscripciones" }).getByRole("row").filter({ hasText: client.email });
      await row.getByRole("button", { name: /^Editar/ }).click();
      const edit = page.getByRole("dialog", { name: "Editar suscripción" });
      await expect(edit.getByRole("note")).toContainText("El cambio se aplica desde el próximo periodo de facturación");
      await edit.getByLabel("Producto o servicio (opcional)").selectOption(String(item.id));
      await expect(edit.getByLabel("Plan *")).toHaveValue(item.name);
      await expect(edit.getByLabel("Importe sin IGV *")).toHaveValue("249.00");
      await edit.getByRole("button", { name: "Guardar cambios" }).click();
      await expect(toast(page, "Suscripción actualizada correctamente")).toBeVisible();
      await expect(row).toContainText(item.name);
      await expect(row).toContainText("S/ 249.00 / mes");
    } finally {
      await withDb(async (db) => {
        await db.query("delete from subscriptions where id = $1", [subscription.id]);
        await db.query("delete from catalog_items where id = $1", [item.id]);
      });
    }
  });
});
