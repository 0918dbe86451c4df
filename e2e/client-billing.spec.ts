import { expect, test, type Page } from "@playwright/test";
import { formatMoney } from "../lib/format";
import { expectNoAxeViolations } from "./helpers/axe";
import { SEEDED_CLIENT, signInAs, withDb } from "./helpers/session";

// The client portal's billing screens: the demo client (María Quispe,
// prisma/seed-data/demo-account.ts) opens Mis productos, Suscripciones (asks to cancel one: the
// badge appears), Facturas (the detail shows Op. gravada, IGV and total) and Pagos, on a desktop
// and at 375 px, with an axe check of every screen. Expectations are read from the server's
// database.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;
const SUPPORT_PLAN = "Soporte TI Gestionado · Plan Anual 25 usuarios";
// Seeded payment of the BI workshop (prisma/seed-data/demo-account.ts); invoice numbers are read
// from the database, as the seed numbers every series in date order.
const WORKSHOP_PAYMENT = "BCP-OP-56630918";
// "Pendiente" (lib/billing/status-filter.ts): open, nothing paid, not past its due date in Lima.
const STILL_PENDING = "status = 'pending' and amount_paid = 0 and (due_date is null or due_date >= (now() at time zone 'America/Lima')::date)";

/** One value of the demo client's records (the first column of the first row). */
async function scalar(sql: string, params: unknown[]): Promise<string> {
  const { rows } = await withDb((db) => db.query<{ v: string }>(sql, params));
  return rows[0].v;
}

async function clientId(): Promise<string> {
  const { rows } = await withDb((db) => db.query<{ id: string }>("select id from users where email = $1", [SEEDED_CLIENT.email]));
  return rows[0].id;
}

/** The demo's support subscription, with no cancellation request (so each run starts alike). */
async function resetSupportSubscription(userId: string): Promise<number> {
  const { rows } = await withDb((db) =>
    db.query<{ id: number }>(
      "update subscriptions set cancel_requested_at = null, cancel_reason = null where user_id = $1 and plan_name = $2 returning id",
      [userId, SUPPORT_PLAN],
    ),
  );
  return rows[0].id;
}

const VIEWPORTS = [
  { name: "escritorio", width: 1280, height: 900 },
  { name: "375 px", width: 375, height: 800 },
] as const;

async function openFromMenu(page: Page, name: string, width: number) {
  if (width < 768) await page.getByRole("button", { name: "Menú de navegación" }).click();
  await page.getByRole("navigation", { name: "Menú de la zona cliente" }).getByRole("link", { name, exact: true }).click();
}

for (const viewport of VIEWPORTS) {
  test.describe(`Facturación del cliente (${viewport.name})`, () => {
    test.beforeEach(async ({ page, context }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signInAs(context, BASE_URL, SEEDED_CLIENT.email);
    });

    test("Mis productos muestra lo contratado con enlaces a sus páginas públicas", async ({ page }) => {
      await page.goto("/client/dashboard");
      await openFromMenu(page, "Productos", viewport.width);
      await expect(page).toHaveURL(/\/client\/products$/);
      await expect(page.getByRole("heading", { level: 1, name: "Mis productos" })).toBeVisible();
      const active = await scalar("select count(*)::text as v from subscriptions s join users u on u.id = s.user_id where u.email = $1 and s.status = 'active'", [SEEDED_CLIENT.email]);
      const cards = page.getByTestId("client-products").getByRole("listitem");
      await expect(cards).toHaveCount(Number(active));
      const erp = cards.filter({ hasText: "Lumen ERP Pyme" });
      await expect(erp).toContainText("Producto");
      await expect(erp).toContainText("Activa");
      await expect(erp.getByRole("link", { name: /Ver producto/ })).toHaveAttribute("href", "/productos/lumen-erp-pyme");
      const support = cards.filter({ hasText: SUPPORT_PLAN });
      await expect(support).toContainText("Servicio");
      await expect(support.getByRole("link", { name: /Ver servicio/ })).toHaveAttribute("href", "/servicios/soporte-ti-gestionado");
      // The cancelled CRM subscription is not something the client has any more.
      await expect(page.getByTestId("client-products")).not.toContainText("Lumen CRM Ventas");
      await expectNoAxeViolations(page);
    });

    test("Suscripciones: la lista, el detalle y la solicitud de cancelación con su insignia", async ({ page }) => {
      const userId = await clientId();
      const id = await resetSupportSubscription(userId);
      const supportInvoice = await scalar("select invoice_number as v from invoices where subscription_id = $1 order by issued_at desc limit 1", [id]);
      try {
        await page.goto("/client/dashboard");
        await openFromMenu(page, "Suscripciones", viewport.width);
        await expect(page.getByRole("heading", { level: 1, name: "Suscripciones" })).toBeVisible();
        const main = page.getByRole("main");
        await expect(main).toContainText(`${formatMoney("16800.00", "PEN")} / año`);
        await expect(main).toContainText(`${formatMoney("149.00", "USD")} / mes`);
        await expect(main).toContainText("Cancelada");
        await expectNoAxeViolations(page);

        await main.getByRole("link", { name: /Ver detalle de Soporte TI Gestionado/ }).click();
        await expect(page).toHaveURL(new RegExp(`/client/subscriptions/${id}$`));
        await expect(page.getByRole("heading", { level: 1, name: "Soporte TI Gestionado" })).toBeVisible();
        await expect(main.getByRole("link", { name: supportInvoice, exact: true })).toBeVisible();
        await expectNoAxeViolations(page);

        await main.getByRole("button", { name: "Solicitar cancelación" }).click();
        const dialog = page.getByRole("dialog", { name: "Solicitar cancelación" });
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText("seguirá activa hasta el final del periodo");
        await dialog.getByLabel("Motivo (opcional)").fill("Vamos a internalizar el soporte.");
        await expectNoAxeViolations(page);
        await dialog.getByRole("button", { name: "Enviar solicitud" }).click();
        await expect(page.getByText("Solicitud de cancelación enviada")).toBeVisible();
        await expect(dialog).toBeHidden();
        await expect(main.getByText("Cancelación solicitada", { exact: true })).toBeVisible();
        await expect(page.getByTestId("cancel-request-note")).toContainText("Motivo: Vamos a internalizar el soporte.");
        await expect(main.getByRole("button", { name: "Solicitar cancelación" })).toHaveCount(0);

        const { rows } = await withDb((db) => db.query<{ reason: string | null }>("select cancel_reason as reason from subscriptions where id = $1", [id]));
        expect(rows[0].reason).toBe("Vamos a internalizar el soporte.");

        await page.getByRole("link", { name: "← Suscripciones" }).click();
        await expect(page.getByRole("main").getByText("Cancelación solicitada", { exact: true }).filter({ visible: true })).toBeVisible();
      } finally {
        await resetSupportSubscription(userId);
      }
    });

    test("Facturas: filtro por estado y detalle con Op. gravada, IGV, total y PDF", async ({ page }) => {
      const userId = await clientId();
      const PENDING_INVOICE = await scalar(
        `select invoice_number as v from invoices where user_id = $1 and ${STILL_PENDING} order by issued_at, id limit 1`,
        [userId],
      );
      const paidInvoice = await scalar("select invoice_number as v from invoices where user_id = $1 and status = 'paid' order by issued_at limit 1", [userId]);
      const { rows } = await withDb((db) =>
        db.query<{ id: number; subtotal: string; tax: string; total: string; currency: string; issuer: string; issuer_tax_id: string | null; customer: string }>(
          `select id, subtotal::text as subtotal, tax_amount::text as tax, amount::text as total, currency::text as currency,
                  issuer_name as issuer, issuer_tax_id, customer_name as customer
             from invoices where user_id = $1 and invoice_number = $2`,
          [userId, PENDING_INVOICE],
        ),
      );
      const invoice = rows[0];
      const pending = await withDb((db) =>
        db.query<{ n: string }>(`select count(*)::text as n from invoices where user_id = $1 and ${STILL_PENDING}`, [userId]),
      );

      await page.goto("/client/dashboard");
      await openFromMenu(page, "Facturas", viewport.width);
      await expect(page.getByRole("heading", { level: 1, name: "Facturas" })).toBeVisible();
      const main = page.getByRole("main");
      await main.getByRole("button", { name: `Pendientes (${pending.rows[0].n})`, exact: true }).click();
      await expect(page).toHaveURL(/status=pending/);
      await expect(main.getByRole("link", { name: /^F001-/ })).toHaveCount(Number(pending.rows[0].n));
      await expect(main.getByRole("link", { name: paidInvoice, exact: true })).toHaveCount(0);
      await expectNoAxeViolations(page);

      await main.getByRole("link", { name: PENDING_INVOICE, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/client/invoices/${invoice.id}$`));
      await expect(page.getByRole("heading", { level: 1, name: PENDING_INVOICE })).toBeVisible();
      const totals = page.getByTestId("invoice-totals");
      await expect(totals).toContainText("Op. gravada");
      await expect(totals).toContainText(formatMoney(invoice.subtotal, invoice.currency));
      await expect(totals).toContainText("IGV (18 %)");
      await expect(totals).toContainText(formatMoney(invoice.tax, invoice.currency));
      await expect(totals).toContainText(`Total${formatMoney(invoice.total, invoice.currency)}`);
      await expect(main).toContainText(invoice.issuer);
      if (invoice.issuer_tax_id) await expect(main).toContainText(`RUC: ${invoice.issuer_tax_id}`);
      await expect(main).toContainText(invoice.customer);
      await expect(main).toContainText("Pendiente");
      await expect(main).toContainText("Todavía no hay pagos registrados para esta factura.");
      await expect(main.getByRole("link", { name: /Descargar PDF/ })).toHaveAttribute("href", `/api/v1/client/invoices/${invoice.id}/pdf`);
      await expectNoAxeViolations(page);
    });

    test("Pagos: el historial con fecha, factura, método, referencia e importe", async ({ page }) => {
      const { rows } = await withDb((db) =>
        db.query<{ amount: string; currency: string; invoice: string }>(
          "select p.amount::text as amount, p.currency::text as currency, i.invoice_number as invoice from payments p join invoices i on i.id = p.invoice_id where p.reference = $1",
          [WORKSHOP_PAYMENT],
        ),
      );
      await page.goto("/client/dashboard");
      await openFromMenu(page, "Pagos", viewport.width);
      await expect(page.getByRole("heading", { level: 1, name: "Pagos" })).toBeVisible();
      const main = page.getByRole("main");
      // The newest payment of the demo: the BI workshop, by bank transfer.
      await expect(main).toContainText(WORKSHOP_PAYMENT);
      await expect(main).toContainText("Transferencia");
      await expect(main).toContainText(formatMoney(rows[0].amount, rows[0].currency));
      await expect(main).toContainText("Yape");
      await expectNoAxeViolations(page);
      await main.getByRole("link", { name: rows[0].invoice, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: rows[0].invoice })).toBeVisible();
      await expect(page.getByRole("main")).toContainText("Pagada");
    });

    test("un id ajeno o inexistente muestra la pantalla de no encontrado", async ({ page }) => {
      const { rows } = await withDb((db) =>
        db.query<{ id: number }>("select i.id from invoices i join users u on u.id = i.user_id where u.email <> $1 limit 1", [SEEDED_CLIENT.email]),
      );
      if (rows[0]) {
        await page.goto(`/client/invoices/${rows[0].id}`);
        await expect(page.getByRole("heading", { level: 1, name: "Factura no encontrada" })).toBeVisible();
      }
      await page.goto("/client/subscriptions/999999999");
      await expect(page.getByRole("heading", { level: 1, name: "Suscripción no encontrada" })).toBeVisible();
      await page.goto("/client/invoices/abc");
      await expect(page.getByRole("heading", { level: 1, name: "Factura no encontrada" })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
