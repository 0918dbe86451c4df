import { expect, test, type Locator, type Page } from "@playwright/test";
import { createThrowawayUser, deleteThrowawayUser, signInAs, withDb, type SessionUser } from "./helpers/session";

// Screen behaviour from the walk through every screen: tables never grow wider than the screen
// for a long unbroken value; the inbox at 1280 × 800 (addresses whole, «Acciones» shown, the
// search placeholder whole, counts in singular or plural); toasts never over a control; edits
// never lost without a warning (link, back button, reload).

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

test.describe.configure({ timeout: 120_000 });

let admin: SessionUser;
const cleanups: (() => Promise<unknown>)[] = [];

test.beforeEach(async ({ context }) => {
  admin = await createThrowawayUser("admin");
  await signInAs(context, BASE_URL, admin);
});

test.afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  await deleteThrowawayUser(admin);
});

const tagOf = () => `pol${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The table's box against the box that scrolls it: nothing wider than its container. */
async function expectTableFits(table: Locator) {
  const sizes = await table.evaluate((element) => {
    const scroller = element.parentElement!;
    return { table: element.getBoundingClientRect().width, container: scroller.clientWidth, scroll: scroller.scrollWidth, page: document.documentElement.scrollWidth };
  });
  expect(sizes.table, JSON.stringify(sizes)).toBeLessThanOrEqual(sizes.container + 1);
  expect(sizes.scroll, JSON.stringify(sizes)).toBeLessThanOrEqual(sizes.container + 1);
  expect(sizes.page, JSON.stringify(sizes)).toBeLessThanOrEqual(1280);
}

test("a 120-character unbroken name wraps inside the users table at 1280 px instead of widening it", async ({ page }) => {
  const tag = tagOf();
  const name = `${tag}${"X".repeat(120 - tag.length)}`;
  const user = await createThrowawayUser("client");
  cleanups.push(() => deleteThrowawayUser(user));
  await withDb((db) => db.query("update users set name = $1 where id = $2", [name, user.id]));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin/users?q=${tag}`);
  const table = page.getByRole("table", { name: "Usuarios" });
  await expect(table.getByRole("row").filter({ hasText: tag })).toHaveCount(1);
  await expectTableFits(table);
  // The actions column is on screen, not cut off.
  const actions = table.getByRole("columnheader", { name: "Acciones" });
  const box = (await actions.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
});

test.describe("Gestión de Contactos at 1280 × 800", () => {
  async function createMessage(tag: string, email: string, name: string) {
    const { rows } = await withDb((db) =>
      db.query<{ id: number }>(
        `insert into contact_messages (name, email, phone, company, subject, message, status, ip_address, user_agent, created_at, updated_at)
         values ($1, $2, '+51 987 654 321', 'Textiles Andinos del Sur S.A.C.', $3, 'Quisiera una cotización para el ERP en la nube, con facturación electrónica.', 'new', '190.236.74.18', 'e2e', now(), now()) returning id`,
        [name, email, `Cotización de implementación ERP ${tag}`],
      ),
    );
    cleanups.push(() => withDb((db) => db.query("delete from contact_messages where id = $1", [rows[0].id])));
    return rows[0].id;
  }

  test("addresses wrap only before the «@», «Acciones» is shown, the placeholder fits; bulk texts follow the count", async ({ page }) => {
    const tag = tagOf();
    const first = await createMessage(tag, `maria.fernanda.quispe.${tag}@textilesandinosdelsur.com.pe`, `María Fernanda Quispe ${tag}`);
    const second = await createMessage(tag, `jose.huaman.${tag}@constructoraandina.pe`, `José Huamán ${tag}`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/admin/contact-messages?q=${tag}`);
    const table = page.getByRole("table", { name: "Mensajes de contacto" });
    await expect(table.locator("tbody tr")).toHaveCount(2);
    await expectTableFits(table);
    const actions = table.getByRole("columnheader", { name: "Acciones" });
    const box = (await actions.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);

    // An address is never split inside a word: a line break comes right before the "@" or right after a dot.
    for (const link of await table.locator('a[href^="mailto:"]').all()) {
      const breaks = await link.evaluate((element) => {
        const text = element.textContent ?? "";
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        const tops: number[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < (node.textContent ?? "").length; i += 1) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            tops.push(Math.round(range.getBoundingClientRect().top));
          }
        }
        const at: { before: string; after: string }[] = [];
        for (let i = 1; i < tops.length; i += 1) if (tops[i] > tops[i - 1]) at.push({ before: text.slice(0, i), after: text.slice(i) });
        return at;
      });
      for (const { before, after } of breaks) {
        expect(after.startsWith("@") || before.endsWith("."), `${before}|${after}`).toBe(true);
      }
    }

    // The search box shows its whole placeholder.
    const search = page.getByRole("searchbox", { name: "Buscar mensajes" });
    const fits = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: context.measureText(input.placeholder).width, room };
    });
    expect(fits.text, JSON.stringify(fits)).toBeLessThanOrEqual(fits.room);

    // One selected message is named; two are counted.
    const confirm = page.getByTestId("confirm-dialog");
    const bulk = page.getByRole("region", { name: "Acciones en lote" });
    await table.getByRole("checkbox", { name: `Seleccionar el mensaje de María Fernanda Quispe ${tag}` }).check();
    await expect(bulk).toContainText("1 seleccionado");
    await bulk.getByRole("button", { name: "Eliminar" }).click();
    await expect(confirm).toContainText(`¿Seguro que deseas eliminar el mensaje de María Fernanda Quispe ${tag}?`);
    await expect(confirm).not.toContainText("1 mensajes");
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await table.getByRole("checkbox", { name: `Seleccionar el mensaje de José Huamán ${tag}` }).check();
    await expect(bulk).toContainText("2 seleccionados");
    await bulk.getByRole("button", { name: "Eliminar" }).click();
    await expect(confirm).toContainText("¿Seguro que deseas eliminar 2 mensajes?");
    await confirm.getByRole("button", { name: "Cancelar" }).click();

    // Marking as read says how many; once none of the selected is new, it is off.
    await bulk.getByRole("button", { name: "Marcar como leídos" }).click();
    await expect(page.getByRole("region", { name: /Notificaciones/ }).getByText("2 mensajes marcados como leídos")).toBeVisible();
    await expect.poll(async () => (await withDb((db) => db.query("select count(*)::int as n from contact_messages where id = any($1) and status = 'read'", [[first, second]]))).rows[0].n).toBe(2);
    await table.getByRole("checkbox", { name: `Seleccionar el mensaje de José Huamán ${tag}` }).check();
    await expect(bulk.getByRole("button", { name: "Marcar como leídos" })).toBeDisabled();
  });
});

/** Every visible control's box (links, buttons, fields) outside the toaster. */
async function controlBoxes(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, summary")]
      .filter((element) => !element.closest("[data-sonner-toaster]") && element.offsetParent !== null)
      .map((element) => {
        const rect = element.getBoundingClientRect();
        return { name: (element.getAttribute("aria-label") || element.textContent || element.tagName).trim().slice(0, 40), x: rect.x, y: rect.y, width: rect.width, height: rect.height };
      })
      .filter((rect) => rect.width > 0 && rect.height > 0 && rect.y < window.innerHeight && rect.y + rect.height > 0),
  );
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 800 },
]) {
  test(`a toast covers no control of the invoice it announces (${viewport.width} px)`, async ({ page }) => {
    const client = await createThrowawayUser("client");
    await page.setViewportSize(viewport);
    await page.goto("/admin/invoices/new");
    await page.getByLabel("Cliente *").selectOption(client.id);
    const line = page.getByRole("group", { name: "Línea 1" });
    await line.getByLabel("Descripción de la línea 1 *").fill("Soporte remoto");
    await line.getByLabel("Cantidad *").fill("1");
    await line.getByLabel("Precio unitario *").fill("50");
    await page.getByRole("button", { name: "Emitir factura" }).click();
    await page.waitForURL(/\/admin\/invoices\/\d+$/);
    const toast = page.getByRole("region", { name: /Notificaciones/ }).getByRole("listitem").filter({ hasText: /emitida correctamente/ });
    await expect(toast).toBeVisible();
    await expect(page.getByRole("button", { name: "Anular factura" })).toBeVisible();
    // Let the toast finish its entrance before measuring it.
    await page.waitForTimeout(500);
    const box = (await toast.boundingBox())!;
    const covered = (await controlBoxes(page)).filter(
      (control) => control.x < box.x + box.width && box.x < control.x + control.width && control.y < box.y + box.height && box.y < control.y + control.height,
    );
    expect(covered, `toast at ${JSON.stringify(box)}`).toEqual([]);
  });
}

test.describe("Unsaved changes", () => {
  test("the settings form asks before a link, the back button or a reload loses an edit; saving ends the warning", async ({ page }) => {
    // Reached through the menu, as a person does: back then stays inside the app.
    await page.goto("/admin/dashboard");
    await page.getByRole("navigation", { name: "Menú de administración" }).getByRole("link", { name: "Configuración del sitio" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    const field = page.getByLabel("Eslogan");
    await expect(field).toBeVisible();
    const original = await field.inputValue();
    await field.fill(`${original} (borrador)`);

    // A menu link: the shared dialog asks; "Seguir editando" keeps the page and the edit.
    const dialog = page.getByRole("alertdialog", { name: "Cambios sin guardar" });
    await page.getByRole("navigation", { name: "Menú de administración" }).getByRole("link", { name: "Usuarios", exact: true }).first().click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Seguir editando" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(field).toHaveValue(`${original} (borrador)`);

    // The back button: the page and its address stay, the dialog asks. (The traversal is
    // cancelled, so Playwright's goBack never sees a navigation finish.)
    await page.goBack({ timeout: 3_000 }).catch(() => undefined);
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await dialog.getByRole("button", { name: "Seguir editando" }).click();
    await expect(field).toHaveValue(`${original} (borrador)`);

    // A reload: the browser's own prompt (beforeunload); dismissing it keeps the edit.
    const prompts: string[] = [];
    page.once("dialog", (prompt) => {
      prompts.push(prompt.type());
      void prompt.dismiss();
    });
    await page.reload({ timeout: 5_000 }).catch(() => undefined);
    expect(prompts).toEqual(["beforeunload"]);
    await expect(field).toHaveValue(`${original} (borrador)`);

    // Leaving for real: "Salir sin guardar" follows the link; nothing was saved.
    await page.getByRole("navigation", { name: "Menú de administración" }).getByRole("link", { name: "Usuarios", exact: true }).first().click();
    await dialog.getByRole("button", { name: "Salir sin guardar" }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await page.goto("/admin/settings");
    await expect(page.getByLabel("Eslogan")).toHaveValue(original);
  });

  test("the back button leaves an edited product form after «Salir sin guardar»", async ({ page }) => {
    await page.goto("/admin/products");
    await page.getByRole("link", { name: "Nuevo Producto" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Nuevo Producto" })).toBeVisible();
    await page.getByLabel("Nombre").fill("Un producto a medio escribir");
    await page.goBack({ timeout: 3_000 }).catch(() => undefined);
    const dialog = page.getByRole("alertdialog", { name: "Cambios sin guardar" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    await dialog.getByRole("button", { name: "Salir sin guardar" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByRole("heading", { level: 1, name: "Gestión de Productos" })).toBeVisible();
  });
});
