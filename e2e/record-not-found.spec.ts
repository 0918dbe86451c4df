import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createThrowawayUser, deleteThrowawayUser, findUserByEmail, SEEDED_CLIENT, signInAs, withDb, type SessionUser } from "./helpers/session";

// A record page of /admin and /client that names no record answers a real HTTP 404 with the
// record's "no encontrado" screen, never a 200: an unknown id, one that cannot be an id at all,
// another kind's id (a service under /admin/products), and, in the client portal, another
// client's record, which must look exactly like one that does not exist. A real record still
// answers 200 with its page. The status is what a crawler, a monitor or a script reads, so it is
// checked on the HTTP response itself (with the signed-in session's cookies), not only on screen.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

/** Ids that name nothing: out of range but well-formed, then malformed in several ways. */
const MISSING_IDS = ["2147483647", "0", "abc", "1e2", "-1", "1.5", "%20"];

type RecordPage = {
  /** The page's path for an id. */
  path: (id: string) => string;
  /** The not-found screen's heading. */
  notFound: string;
};

const ADMIN_PAGES = {
  productView: { path: (id: string) => `/admin/products/view/${id}`, notFound: "Producto no encontrado" },
  productEdit: { path: (id: string) => `/admin/products/edit/${id}`, notFound: "Producto no encontrado" },
  serviceView: { path: (id: string) => `/admin/services/view/${id}`, notFound: "Servicio no encontrado" },
  serviceEdit: { path: (id: string) => `/admin/services/edit/${id}`, notFound: "Servicio no encontrado" },
  invoice: { path: (id: string) => `/admin/invoices/${id}`, notFound: "Factura no encontrada" },
  ticket: { path: (id: string) => `/admin/tickets/${id}`, notFound: "Ticket no encontrado" },
} satisfies Record<string, RecordPage>;

const CLIENT_PAGES = {
  invoice: { path: (id: string) => `/client/invoices/${id}`, notFound: "Factura no encontrada" },
  ticket: { path: (id: string) => `/client/tickets/${id}`, notFound: "Ticket no encontrado" },
  subscription: { path: (id: string) => `/client/subscriptions/${id}`, notFound: "Suscripción no encontrada" },
} satisfies Record<string, RecordPage>;

/**
 * Every page of the area found on disk whose path takes a dynamic segment ("[id]"), as a URL
 * pattern ("/admin/invoices/[id]"): a record page added later is checked without being listed here.
 */
function recordPagePatterns(area: "admin" | "client"): string[] {
  const found: string[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      // A route group "(name)" is no part of the URL.
      if (entry.isDirectory()) walk(path.join(dir, entry.name), /^\(.*\)$/.test(entry.name) ? segments : [...segments, entry.name]);
      else if (entry.name === "page.tsx" && segments.some((segment) => segment.startsWith("["))) found.push(`/${segments.join("/")}`);
    }
  };
  walk(path.join("app", area), [area]);
  return found.sort();
}

/** The pattern with every dynamic segment set to `value`. */
const withSegments = (pattern: string, value: string) => pattern.replace(/\[[^\]]+\]/g, value);

async function firstId(sql: string, params: unknown[] = []): Promise<string> {
  const { rows } = await withDb((db) => db.query<{ id: number }>(sql, params));
  if (!rows[0]) throw new Error(`The e2e database has no row for: ${sql}`);
  return String(rows[0].id);
}

/** The page's HTTP status, read with the signed-in context's cookies, without following redirects. */
async function statusOf(request: APIRequestContext, path: string): Promise<number> {
  const response = await request.get(path, { maxRedirects: 0 });
  return response.status();
}

/** Opens the page in the browser: its status, and the heading the visitor reads. */
async function expectNotFoundScreen(page: Page, recordPage: RecordPage, id: string) {
  const response = await page.goto(recordPage.path(id));
  expect(response?.status(), recordPage.path(id)).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: recordPage.notFound })).toBeVisible();
  // The area's shell is still there (signed in), with its way back to the list.
  await expect(page.getByRole("button", { name: "Cerrar sesión" }).first()).toBeAttached();
  await expect(page.getByRole("main").getByRole("link", { name: /Volver/ })).toBeVisible();
  await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute("content", /noindex/);
}

test.describe("Panel de administración: un registro inexistente responde 404", () => {
  let admin: SessionUser;
  const ids = { product: "", service: "", invoice: "", ticket: "" };

  test.beforeAll(async () => {
    admin = await createThrowawayUser("admin");
    [ids.product, ids.service, ids.invoice, ids.ticket] = await Promise.all([
      firstId("select id from catalog_items where kind = 'product' order by id limit 1"),
      firstId("select id from catalog_items where kind = 'service' order by id limit 1"),
      firstId("select id from invoices order by id limit 1"),
      firstId("select id from tickets order by id limit 1"),
    ]);
  });

  test.afterAll(async () => {
    await deleteThrowawayUser(admin);
  });

  test.beforeEach(async ({ context }) => {
    await signInAs(context, BASE_URL, admin);
  });

  test("cada página de registro responde 404 a un id desconocido o mal formado, y 200 a uno real", async ({ page }) => {
    const request = page.request;
    const existing: Record<keyof typeof ADMIN_PAGES, string> = {
      productView: ids.product,
      productEdit: ids.product,
      serviceView: ids.service,
      serviceEdit: ids.service,
      invoice: ids.invoice,
      ticket: ids.ticket,
    };
    for (const [name, recordPage] of Object.entries(ADMIN_PAGES) as [keyof typeof ADMIN_PAGES, RecordPage][]) {
      expect(await statusOf(request, recordPage.path(existing[name])), recordPage.path(existing[name])).toBe(200);
      for (const id of MISSING_IDS) expect(await statusOf(request, recordPage.path(id)), recordPage.path(id)).toBe(404);
    }
    // A service's id is no product, and a product's id no service.
    for (const path of [ADMIN_PAGES.productView.path(ids.service), ADMIN_PAGES.productEdit.path(ids.service), ADMIN_PAGES.serviceView.path(ids.product), ADMIN_PAGES.serviceEdit.path(ids.product)]) {
      expect(await statusOf(request, path), path).toBe(404);
    }
  });

  test("toda página con un id en la ruta responde 404 a un id que no nombra nada", async ({ page }) => {
    const patterns = recordPagePatterns("admin");
    for (const recordPage of Object.values(ADMIN_PAGES)) expect(patterns).toContain(recordPage.path("[id]"));
    for (const pattern of patterns) {
      for (const id of ["2147483647", "abc"]) expect(await statusOf(page.request, withSegments(pattern, id)), withSegments(pattern, id)).toBe(404);
    }
  });

  test("la pantalla «no encontrado» de cada registro, con estado 404 y el camino de vuelta", async ({ page }) => {
    for (const recordPage of Object.values(ADMIN_PAGES)) await expectNotFoundScreen(page, recordPage, "2147483647");
    await expectNotFoundScreen(page, ADMIN_PAGES.invoice, "abc");
  });

  test("un registro real se muestra con estado 200", async ({ page }) => {
    const response = await page.goto(ADMIN_PAGES.invoice.path(ids.invoice));
    expect(response?.status()).toBe(200);
    const number = await withDb((db) => db.query<{ n: string }>("select invoice_number as n from invoices where id = $1", [Number(ids.invoice)]));
    await expect(page.getByText(number.rows[0].n).first()).toBeVisible();
  });
});

test.describe("Zona cliente: un registro inexistente o ajeno responde 404", () => {
  let client: SessionUser;
  const own = { invoice: "", ticket: "", subscription: "" };
  const foreign = { invoice: "", ticket: "", subscription: "" };

  test.beforeAll(async () => {
    client = await findUserByEmail(SEEDED_CLIENT.email);
    const mine = (table: string) => firstId(`select id from ${table} where user_id = $1 order by id limit 1`, [client.id]);
    const theirs = (table: string) => firstId(`select id from ${table} where user_id <> $1 order by id limit 1`, [client.id]);
    [own.invoice, own.ticket, own.subscription, foreign.invoice, foreign.ticket, foreign.subscription] = await Promise.all([
      mine("invoices"),
      mine("tickets"),
      mine("subscriptions"),
      theirs("invoices"),
      theirs("tickets"),
      theirs("subscriptions"),
    ]);
  });

  test.beforeEach(async ({ context }) => {
    await signInAs(context, BASE_URL, client);
  });

  test("cada página de registro responde 404 a un id desconocido, mal formado o de otro cliente, y 200 a uno propio", async ({ page }) => {
    const request = page.request;
    for (const [name, recordPage] of Object.entries(CLIENT_PAGES) as [keyof typeof CLIENT_PAGES, RecordPage][]) {
      expect(await statusOf(request, recordPage.path(own[name])), recordPage.path(own[name])).toBe(200);
      expect(await statusOf(request, recordPage.path(foreign[name])), `${recordPage.path(foreign[name])} (de otro cliente)`).toBe(404);
      for (const id of MISSING_IDS) expect(await statusOf(request, recordPage.path(id)), recordPage.path(id)).toBe(404);
    }
  });

  test("toda página con un id en la ruta responde 404 a un id que no nombra nada", async ({ page }) => {
    const patterns = recordPagePatterns("client");
    for (const recordPage of Object.values(CLIENT_PAGES)) expect(patterns).toContain(recordPage.path("[id]"));
    for (const pattern of patterns) {
      for (const id of ["2147483647", "abc"]) expect(await statusOf(page.request, withSegments(pattern, id)), withSegments(pattern, id)).toBe(404);
    }
  });

  test("el registro de otro cliente se ve igual que uno inexistente, con estado 404", async ({ page }) => {
    for (const [name, recordPage] of Object.entries(CLIENT_PAGES) as [keyof typeof CLIENT_PAGES, RecordPage][]) {
      await expectNotFoundScreen(page, recordPage, foreign[name]);
      await expect(page.getByText("No existe o no pertenece a tu cuenta.")).toBeVisible();
    }
    await expectNotFoundScreen(page, CLIENT_PAGES.invoice, "1e2");
  });

  test("un registro propio se muestra con estado 200", async ({ page }) => {
    const response = await page.goto(CLIENT_PAGES.subscription.path(own.subscription));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("link", { name: "← Suscripciones" })).toBeVisible();
  });
});
