import { existsSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { formatMoney } from "../lib/format";
import { createThrowawayUser, deleteThrowawayUser, SEEDED_ADMIN, signInAs, withDb } from "./helpers/session";

// The admin dashboard: the five cards, the three charts with their tables, the pages of the
// other admin sections (none is a 404), and the bell taking an admin to the contact message it
// announces. Desktop and 375 px, axe on each screen.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

const CARDS = [
  { id: "stat-contacts", label: "Contactos", href: "/admin/contact-messages", page: "app/admin/contact-messages/page.tsx" },
  { id: "stat-users", label: "Usuarios", href: "/admin/users", page: "app/admin/users/page.tsx" },
  { id: "stat-subscriptions", label: "Suscripciones", href: "/admin/subscriptions", page: "app/admin/subscriptions/page.tsx" },
  { id: "stat-revenue", label: "Ingresos", href: "/admin/payments", page: "app/admin/payments/page.tsx" },
  { id: "stat-tickets", label: "Tickets", href: "/admin/tickets", page: "app/admin/tickets/(list)/page.tsx" },
];

const SECTIONS = [
  { href: "/admin/products", title: "Gestión de Productos", text: /Total de productos: \d+/ },
  { href: "/admin/services", title: "Gestión de Servicios", text: /Total de servicios: \d+/ },
  { href: "/admin/sitemap", title: "Mantenimiento Sitemap", text: /cifras medidas en el servidor/ },
  { href: "/admin/settings", title: "Configuración del sitio", text: "Guardar cambios" },
  // Real records of the seed; the empty-list texts are checked by the admin-billing and support specs.
  { href: "/admin/subscriptions", title: "Suscripciones", text: "Lumen ERP Pyme · Plan Pyme Plus" },
  { href: "/admin/invoices", title: "Facturas", text: /^F001-\d{8}$/ },
  { href: "/admin/tickets", title: "Tickets", text: "Lentitud al generar el kardex valorizado" },
  { href: "/admin/payments", title: "Pagos", text: /^F001-\d{8}$/ },
];

async function expectCharts(page: Page) {
  for (const card of CARDS) await expect(page.getByTestId(card.id)).toBeVisible();

  const contacts = page.getByRole("region", { name: "Mensajes de contacto por semana" });
  await expect(contacts).toBeVisible();
  // The drawing is hidden from assistive technology; its figures are in the table.
  await expect(contacts.getByTestId("chart-contacts-drawing").locator(".recharts-wrapper > svg.recharts-surface")).toBeVisible();
  await contacts.getByText("Ver datos en tabla").click();
  const contactsTable = contacts.getByRole("table", { name: "Mensajes de contacto por semana y estado" });
  await expect(contactsTable).toBeVisible();
  await expect(contactsTable.getByRole("columnheader")).toHaveText(["Semana", "Por leer", "Leído", "Respondido", "Cerrado", "Archivado", "Total"]);
  await expect(contactsTable.locator("tbody tr")).toHaveCount(12);

  const revenue = page.getByRole("region", { name: "Ingresos por mes" });
  await expect(revenue.getByTestId("chart-revenue-drawing-USD").locator(".recharts-wrapper > svg.recharts-surface")).toBeVisible();
  await expect(revenue.getByTestId("chart-revenue-drawing-PEN").locator(".recharts-wrapper > svg.recharts-surface")).toBeVisible();
  await revenue.getByText("Ver datos en tabla").click();
  const revenueTable = revenue.getByRole("table", { name: "Ingresos por mes y moneda (pagos recibidos)" });
  await expect(revenueTable.locator("tbody tr")).toHaveCount(12);
  await expect(revenueTable.getByRole("columnheader", { name: "USD" })).toBeVisible();
  await expect(revenueTable.getByRole("columnheader", { name: "PEN" })).toBeVisible();
  await expect(revenueTable.getByRole("cell").filter({ hasText: /^S\/ [\d,]+\.\d{2}$/ }).first()).toBeVisible();

  const firstResponse = page.getByRole("region", { name: "Tiempo de primera respuesta" });
  await expect(firstResponse.getByText("Mediana de primera respuesta")).toBeVisible();
  await expect(firstResponse.getByTestId("first-response-value")).toHaveText(/^(\d+ d( \d+ h)?|\d+ h( \d+ min)?|\d+ min|menos de 1 min|Sin datos)$/);
}

test.describe("Dashboard de administración: gráficos", () => {
  test("tarjetas y tres gráficos con sus tablas, en escritorio y a 375 px, sin fallos de accesibilidad", async ({ page, context }) => {
    test.slow();
    await signInAs(context, BASE_URL, SEEDED_ADMIN.email);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/dashboard");
    await expectCharts(page);
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await expectCharts(page);
    // Nothing is wider than the screen (the tables scroll inside their own box).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
  });

  test("Ingresos por mes suma el dinero recibido: los pagos completados de los últimos 12 meses, por moneda", async ({ page, context }) => {
    await signInAs(context, BASE_URL, SEEDED_ADMIN.email);
    // The chart's window: from the first day of the month 11 months ago (Lima) until now.
    const received = async () => {
      const { rows } = await withDb((db) =>
        db.query<{ currency: string; total: string }>(
          `select currency::text as currency, sum(amount)::text as total from payments
            where status = 'completed'
              and (paid_at at time zone 'UTC' at time zone 'America/Lima') >= date_trunc('month', now() at time zone 'America/Lima') - interval '11 months'
              and paid_at <= now() at time zone 'UTC'
            group by currency order by array_position(array['USD','PEN','EUR'], currency::text)`,
        ),
      );
      return rows;
    };
    // Other suites may record payments meanwhile: compare with the database read around the page load.
    await expect(async () => {
      const before = await received();
      await page.goto("/admin/dashboard");
      const revenue = page.getByRole("region", { name: "Ingresos por mes" });
      const headings = await revenue.getByRole("heading", { level: 3 }).allTextContents();
      const after = await received();
      expect(before).toEqual(after);
      expect(after.length).toBeGreaterThan(0);
      expect(headings).toEqual(after.map((row) => `${row.currency} · total ${formatMoney(row.total, row.currency)}`));
    }).toPass({ timeout: 20_000 });
  });

  test("la mediana de primera respuesta se basa en los mensajes respondidos de los últimos 30 días", async ({ page, context }) => {
    await signInAs(context, BASE_URL, SEEDED_ADMIN.email);
    const replied = async () => {
      const { rows } = await withDb((db) =>
        db.query<{ n: string }>(
          `select count(*) as n from contact_messages
            where deleted_at is null and first_response_at is not null and first_response_at > now() - interval '30 days' and first_response_at <= now() and first_response_at >= created_at`,
        ),
      );
      return Number(rows[0].n);
    };
    // Other suites may reply meanwhile: compare with the database read around the page load.
    await expect(async () => {
      const before = await replied();
      await page.goto("/admin/dashboard");
      const text = await page.getByTestId("first-response-count").textContent();
      const after = await replied();
      expect(before).toBe(after);
      expect(text).toBe(
        after === 0
          ? "Ningún mensaje respondido en los últimos 30 días."
          : `Basada en ${new Intl.NumberFormat("es-PE").format(after)} ${after === 1 ? "mensaje respondido" : "mensajes respondidos"}.`,
      );
    }).toPass({ timeout: 20_000 });
  });

  test("cada tarjeta enlaza a su sección, y ninguna sección del menú es un 404", async ({ page, context }) => {
    test.slow();
    await signInAs(context, BASE_URL, SEEDED_ADMIN.email);
    await page.goto("/admin/dashboard");
    for (const card of CARDS) {
      await expect(page.getByTestId(card.id)).toHaveAttribute("href", card.href);
      // The contact inbox and the users screen are other helpers' work in this issue: checked
      // here once their page is in the tree (after the merge, all five).
      if (existsSync(card.page)) expect((await page.request.get(card.href)).status(), card.href).toBe(200);
    }
    await page.getByTestId("stat-tickets").click();
    await expect(page).toHaveURL(/\/admin\/tickets$/);
    await expect(page.getByRole("heading", { level: 1, name: "Tickets" })).toBeVisible();

    for (const section of SECTIONS) {
      const response = await page.goto(section.href);
      expect(response?.status(), section.href).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: section.title })).toBeVisible();
      await expect(page.getByText(section.text).filter({ visible: true }).first()).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    for (const href of ["/admin/payments", "/admin/products"]) {
      await page.goto(href);
      // axe on a screen still showing its loading state finds no h1 (seen once in CI).
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
});

test.describe("Campana de notificaciones", () => {
  test("una notificación de contacto lleva a /admin/contact-messages?id=N y queda leída", async ({ page, context }) => {
    test.slow();
    const admin = await createThrowawayUser("admin");
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    try {
      const messageId = await withDb(async (db) => {
        const { rows } = await db.query<{ id: number }>(
          `insert into contact_messages (name, email, subject, message, status, updated_at)
           values ($1, $2, $3, $4, 'new', now()) returning id`,
          [`Remitente ${stamp}`, `remitente.${stamp}@ejemplo.pe`, `Consulta ${stamp}`, "Mensaje de la prueba de la campana."],
        );
        const id = rows[0].id;
        await db.query(
          `insert into notifications (user_id, type, title, body, link) values
             ($1, 'contact_message', 'Nuevo mensaje de contacto', $2, $3),
             ($1, 'ticket', 'Nuevo ticket de soporte', 'Otra notificación', '/admin/tickets'),
             ($1, 'system', 'Aviso sin enlace', 'Sin nada que abrir', null)`,
          [admin.id, `Remitente ${stamp}: Consulta ${stamp}`, `/admin/contact-messages?id=${id}`],
        );
        return id;
      });
      await signInAs(context, BASE_URL, admin);

      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto("/admin/dashboard");
        const bell = page.getByRole("button", { name: /^Notificaciones \(\d+ sin leer\)$/ });
        await expect(bell).toHaveAttribute("aria-label", width === 1280 ? "Notificaciones (3 sin leer)" : "Notificaciones (1 sin leer)");
        await bell.click();
        const panel = page.getByRole("region", { name: "Notificaciones", exact: true });
        await expect(panel).toBeVisible();
        await expectNoAxeViolations(page);
        // Escape closes the list and gives the focus back to the bell.
        await page.keyboard.press("Escape");
        await expect(panel).toBeHidden();
        await expect(bell).toBeFocused();
        if (width === 375) break;

        await bell.click();
        // An entry with nothing to open is a button that only marks it read; the list stays open.
        await panel.getByRole("button", { name: /Aviso sin enlace/ }).click();
        await expect(bell).toHaveAttribute("aria-label", "Notificaciones (2 sin leer)");
        await expect(panel).toBeVisible();
        await panel.getByRole("link", { name: /Nuevo mensaje de contacto/ }).click();
        await expect(page).toHaveURL(new RegExp(`/admin/contact-messages\\?id=${messageId}$`));
        await expect
          .poll(async () => {
            const { rows } = await withDb((db) =>
              db.query<{ read: boolean }>("select read_at is not null as read from notifications where user_id = $1 and type = 'contact_message'", [admin.id]),
            );
            return rows[0]?.read;
          })
          .toBe(true);
      }
    } finally {
      await withDb((db) => db.query("delete from contact_messages where email = $1", [`remitente.${stamp}@ejemplo.pe`]));
      await deleteThrowawayUser(admin);
    }
  });
});
