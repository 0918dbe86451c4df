import { expect, test } from "@playwright/test";
import { formatMoney } from "../lib/format";
import { expectNoAxeViolations } from "./helpers/axe";
import { createThrowawayUser, SEEDED_ADMIN, signInAs, withDb, type SessionUser } from "./helpers/session";

// Invoice states as people see them: a throwaway client with an invoice 10 days past its due
// date (S/) and a partly paid one not yet due (US$), written straight into the server's
// database. The admin sees "Vencida" with how late it is, filters the list to the overdue
// invoices (the filter counts them) and finds the overdue soles on the dashboard; the client sees
// "Vencida", the total due per currency and the next due date on Mi Portal.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;
const LIMA_TODAY = "(now() at time zone 'America/Lima')::date";
const OVERDUE_SQL = `status = 'pending' and due_date < ${LIMA_TODAY}`;

type Fixture = { client: SessionUser; overdue: string; partly: string; partlyDue: string };

/** One invoice of 100.00 + IGV (118.00) issued `issuedDaysAgo` and due `dueInDays` from today in Lima. */
async function insertInvoice(client: SessionUser, currency: "PEN" | "USD", issuedDaysAgo: number, dueInDays: number, amountPaid: string): Promise<string> {
  const sequence = Math.floor(Math.random() * 90_000_000) + 1;
  const number = `TE2E-${String(sequence).padStart(8, "0")}`;
  await withDb(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      `insert into invoices (invoice_number, series, sequence, user_id, description, subtotal, tax_amount, amount, amount_paid, currency, status,
                             issuer_name, customer_name, customer_email, issued_at, due_date, updated_at)
       values ($1, 'TE2E', $2, $3, 'Soporte mensual', 100.00, 18.00, 118.00, $4, $5::currency, 'pending',
               'Lumen Consultoría TI S.A.C.', $6, $7, ${LIMA_TODAY} - $8::int, ${LIMA_TODAY} + $9::int, now())
       returning id`,
      [number, sequence, client.id, amountPaid, currency, client.name, client.email, issuedDaysAgo, dueInDays],
    );
    await db.query("insert into invoice_lines (invoice_id, position, description, quantity, unit_price, line_total) values ($1, 1, 'Soporte mensual', 1, 100.00, 100.00)", [rows[0].id]);
  });
  return number;
}

async function scalar(sql: string, params: unknown[] = []): Promise<string> {
  const { rows } = await withDb((db) => db.query<{ v: string }>(sql, params));
  return rows[0].v;
}

let fixture: Fixture;

test.beforeAll(async () => {
  const client = await createThrowawayUser("client");
  const overdue = await insertInvoice(client, "PEN", 25, -10, "0.00");
  const partly = await insertInvoice(client, "USD", 3, 7, "50.00");
  const partlyDue = await scalar(`select to_char(due_date, 'DD/MM/YYYY') as v from invoices where invoice_number = $1`, [partly]);
  fixture = { client, overdue, partly, partlyDue };
});

test.afterAll(async () => {
  // Fixture rows only: written here, removed here (lines go with their invoice).
  await withDb(async (db) => {
    await db.query("delete from invoices where user_id = $1", [fixture.client.id]);
    await db.query("delete from users where id = $1", [fixture.client.id]);
  });
});

test("el administrador ve «Vencida», filtra las facturas vencidas y encuentra lo vencido en el panel", async ({ page, context }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(context, BASE_URL, SEEDED_ADMIN.email);
  await page.goto("/admin/invoices");
  const main = page.getByRole("main");
  const table = page.getByRole("table", { name: "Facturas" });
  await expect(table.getByRole("columnheader", { name: "Vence" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Saldo" })).toBeVisible();

  // "Vencidas (n)": n counted as the database has them (other specs may add invoices meanwhile).
  const overdueButton = main.getByRole("group", { name: "Filtrar por estado" }).getByRole("button", { name: /^Vencidas \(\d+\)$/ });
  await expect(async () => {
    await page.reload();
    const shown = Number((await overdueButton.textContent())!.replace(/\D/g, ""));
    expect(shown).toBe(Number(await scalar(`select count(*)::text as v from invoices where ${OVERDUE_SQL}`)));
  }).toPass({ timeout: 20_000 });
  await overdueButton.click();
  await expect(page).toHaveURL(/status=overdue/);
  await expect(overdueButton).toHaveAttribute("aria-pressed", "true");
  const rows = table.getByRole("row").filter({ has: page.getByRole("cell") });
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row.locator(".badge").first()).toHaveText("Vencida");

  // The client's overdue invoice: 10 days late, its whole balance owed; its partly paid one is not overdue.
  await page.getByRole("searchbox", { name: "Buscar facturas" }).fill(fixture.client.email);
  await expect(page).toHaveURL(/q=/);
  await expect(rows).toHaveCount(1);
  const row = rows.filter({ hasText: fixture.overdue });
  await expect(row).toContainText("Vencida hace 10 días");
  await expect(row).toContainText("S/ 118.00");
  await expect(row.locator(".badge").first()).toHaveText("Vencida");
  await expectNoAxeViolations(page);

  await main.getByRole("button", { name: /^Parcialmente pagadas \(1\)$/ }).click();
  await expect(page).toHaveURL(/status=partially_paid/);
  await expect(rows.filter({ hasText: fixture.partly })).toContainText("Parcialmente pagada");
  await expect(rows.filter({ hasText: fixture.partly })).toContainText("US$ 68.00");

  // The dashboard: "Vencido" in soles, and the ageing row of soles leads to the overdue soles invoices.
  await page.goto("/admin/dashboard");
  const overdueCard = page.getByTestId("stat-overdue");
  await expect(overdueCard).toHaveAttribute("href", "/admin/invoices?status=overdue&sort=due_date");
  await expect(async () => {
    await page.reload();
    const soles = await scalar(`select coalesce(sum(greatest(amount - amount_paid - amount_credited, 0)), 0)::text as v from invoices where ${OVERDUE_SQL} and currency = 'PEN'`);
    await expect(page.getByTestId("stat-overdue-value")).toContainText(formatMoney(soles, "PEN"), { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const ageing = page.getByTestId("ageing-table");
  await expect(ageing.getByRole("columnheader")).toHaveText(["Moneda", "0–30 días", "31–60 días", "61–90 días", "Más de 90 días", "Total"]);
  await expectNoAxeViolations(page);
  await ageing.getByRole("link", { name: /Soles/ }).click();
  await expect(page).toHaveURL(/\/admin\/invoices\?status=overdue&currency=PEN&sort=due_date$/);
  await expect(page.getByRole("heading", { level: 1, name: "Facturas" })).toBeVisible();
  await expect(page.getByLabel("Moneda")).toHaveValue("PEN");
  await expect(page.getByLabel("Ordenar por")).toHaveValue("due_date");
});

test("el cliente ve «Vencida», el total por pagar por moneda y el próximo vencimiento en Mi Portal", async ({ page, context }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(context, BASE_URL, fixture.client);
  await page.goto("/client/dashboard");

  const due = page.getByTestId("amount-due");
  await expect(due.getByRole("heading", { name: "Por pagar" })).toBeVisible();
  const soles = due.locator('[data-currency="PEN"]');
  await expect(soles.getByTestId("amount-due-total")).toHaveText("S/ 118.00");
  await expect(soles.getByTestId("amount-due-overdue")).toContainText("Vencido: S/ 118.00");
  const dollars = due.locator('[data-currency="USD"]');
  await expect(dollars.getByTestId("amount-due-total")).toHaveText("US$ 68.00");
  await expect(dollars.getByTestId("amount-due-overdue")).toHaveCount(0);
  await expect(due.getByTestId("next-due")).toHaveText(`Próximo vencimiento: ${fixture.partlyDue} · ${fixture.partly} (US$ 68.00)`);
  const recent = page.getByTestId("recent-invoices");
  await expect(recent.getByRole("listitem").filter({ hasText: fixture.overdue })).toContainText("Vencida");
  await expect(recent.getByRole("listitem").filter({ hasText: fixture.partly })).toContainText("Parcialmente pagada");
  await expectNoAxeViolations(page);

  await soles.getByRole("link", { name: "1 factura vencida" }).click();
  await expect(page).toHaveURL(/\/client\/invoices\?status=overdue$/);
  const main = page.getByRole("main");
  await expect(main.getByRole("button", { name: "Vencidas (1)" })).toHaveAttribute("aria-pressed", "true");
  const row = page.getByRole("table", { name: "Mis facturas" }).getByRole("row").filter({ hasText: fixture.overdue });
  await expect(row).toContainText("Vencida hace 10 días");
  await expect(row).toContainText("S/ 118.00");
  await expect(main.getByRole("link", { name: fixture.partly })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
