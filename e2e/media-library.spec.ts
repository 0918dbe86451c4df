import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { bearerFor } from "./helpers/admin-api";
import { expectNoAxeViolations } from "./helpers/axe";
import { expectPhoneCards } from "./helpers/data-table";
import { findUserByEmail, SEEDED_ADMIN, signInAs, withDb, type SessionUser } from "./helpers/session";

// "Biblioteca de medios": an upload dropped on the zone (a real JPEG made here with sharp) with
// its progress and "Lista"; the alt text a product's picker asks for before using the image;
// the image as main image and in the gallery, shown on the public page as a <picture> with
// srcset and an AVIF <source>; "Eliminar" refused while the product uses it, and working on an
// unused image. At desktop size and at 375 px, with axe on the screen and on its dialogs.
// Everything made here has a unique name and is removed at the end.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

let admin: SessionUser;
let token: string;
const fileNames: string[] = [];
const slugs: string[] = [];

test.describe.configure({ timeout: 90_000 });

test.beforeAll(async () => {
  admin = await findUserByEmail(SEEDED_ADMIN.email);
  token = await bearerFor(admin);
});

test.afterEach(async ({ request }) => {
  const created = slugs.splice(0);
  if (created.length) await withDb((db) => db.query("delete from catalog_items where slug = any($1)", [created]));
  const names = fileNames.splice(0);
  if (names.length === 0) return;
  const { rows } = await withDb((db) => db.query<{ id: number }>("select id from media_items where file_name = any($1)", [names]));
  // Through the API, so the files go with the rows.
  for (const { id } of rows) await request.delete(`/api/v1/admin/media/${id}`, { headers: { authorization: `Bearer ${token}` } });
});

/** A JPEG photo-like enough to be worth compressing (noise), made for the test. */
async function makeJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 }, noise: { type: "gaussian", mean: 120, sigma: 40 } } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

function uniqueName(label: string) {
  const name = `e2e-${label}-${Date.now()}-${Math.floor(Math.random() * 1e4)}.jpg`;
  fileNames.push(name);
  return name;
}

/** Drops the file on the upload zone as a browser would: a drop event with a DataTransfer holding it. */
async function dropFile(page: Page, name: string, bytes: Buffer) {
  const dataTransfer = await page.evaluateHandle(
    ({ base64, fileName }) => {
      const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], fileName, { type: "image/jpeg" }));
      return transfer;
    },
    { base64: bytes.toString("base64"), fileName: name },
  );
  await page.getByTestId("media-drop-zone").dispatchEvent("drop", { dataTransfer });
}

async function mediaId(name: string): Promise<number> {
  const { rows } = await withDb((db) => db.query<{ id: number }>("select id from media_items where file_name = $1", [name]));
  expect(rows).toHaveLength(1);
  return rows[0].id;
}

test("drop an image, give it alt text from a product's picker, use it on the product, refuse to delete it while used", async ({ page, context, request }) => {
  await signInAs(context, BASE_URL, admin);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/media");
  await expect(page.getByRole("heading", { level: 1, name: "Biblioteca de medios" })).toBeVisible();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Biblioteca de medios" }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Slow the upload down (about 2 s) so its progress can be seen.
  const name = uniqueName("equipo");
  const photo = await makeJpeg(900, 600);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: Math.ceil(photo.length / 2) });
  await dropFile(page, name, photo);
  const row = page.getByTestId("upload-row").filter({ hasText: name });
  const bar = row.getByRole("progressbar", { name: `Progreso de ${name}` });
  await expect(bar).toBeVisible();
  await expect(row.getByText(/Subiendo… \d+ %/)).toBeVisible();
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(row.getByText("Lista", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(bar).toHaveAttribute("aria-valuenow", "100");

  // The library shows it at once, flagged for its missing alt text.
  const card = page.getByTestId("media-card").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByText("Sin texto alternativo")).toBeVisible();
  const id = await mediaId(name);

  // A product to put it on.
  const stamp = Date.now();
  const slug = `e2e-biblioteca-${stamp}`;
  const productName = `Producto con foto ${stamp}`;
  slugs.push(slug);
  const created = await request.post("/api/v1/admin/products", {
    headers: { authorization: `Bearer ${token}` },
    data: { name: productName, slug, description: "Producto de prueba de la biblioteca de medios.", status: "active" },
  });
  expect(created.status()).toBe(201);
  const productId = ((await created.json()) as { data: { id: number } }).data.id;

  await page.goto(`/admin/products/edit/${productId}`);
  await page.getByRole("tab", { name: "Multimedia" }).click();
  const main = page.getByRole("group", { name: "Imagen principal" });
  await main.getByRole("button", { name: /Elegir imagen/ }).click();
  const picker = page.getByRole("dialog", { name: "Elegir de la biblioteca" });
  await expect(picker).toBeVisible();
  await picker.getByLabel("Buscar en la biblioteca").fill(name);
  const choice = picker.getByTestId("picker-item").filter({ hasText: name });
  await expect(choice).toHaveCount(1);
  await choice.click();
  await expect(choice).toHaveAttribute("aria-pressed", "true");

  // Without alt text it cannot be used yet: the picker asks for it in place.
  await expect(picker.getByText("La imagen elegida necesita un texto alternativo antes de usarse en una página pública.")).toBeVisible();
  await expectNoAxeViolations(page);
  await picker.getByRole("button", { name: "Usar imagen" }).click();
  await expect(picker.getByRole("alert")).toHaveText("Añade el texto alternativo de la imagen elegida antes de usarla.");
  const alt = picker.getByLabel(`Texto alternativo de «${name}»`);
  await expect(alt).toBeFocused();
  await alt.fill("Equipo de consultores revisando un tablero de proyecto");
  await picker.getByRole("button", { name: "Guardar texto alternativo" }).click();
  await expect(picker.getByTestId("picker-alt-needed")).toHaveCount(0);
  await picker.getByRole("button", { name: "Usar imagen" }).click();
  await expect(picker).toHaveCount(0);
  await expect(main.getByText(name)).toBeVisible();
  await expect(main.getByText("Equipo de consultores revisando un tablero de proyecto")).toBeVisible();

  // …and in the gallery.
  const gallery = page.getByRole("group", { name: "Galería de imágenes" });
  await gallery.getByRole("button", { name: /Añadir imágenes/ }).click();
  await expect(picker).toBeVisible();
  await picker.getByLabel("Buscar en la biblioteca").fill(name);
  await picker.getByTestId("picker-item").filter({ hasText: name }).click();
  await picker.getByRole("button", { name: "Añadir a la galería" }).click();
  await expect(picker).toHaveCount(0);
  await expect(gallery.getByRole("list", { name: "Galería de imágenes" }).getByRole("listitem")).toHaveCount(1);

  await page.getByRole("button", { name: "Actualizar Producto" }).click();
  await expect(page.getByText("Producto actualizado correctamente")).toBeVisible();
  const stored = await withDb((db) =>
    db.query<{ image_id: number | null; gallery: number[] }>(
      "select image_id, array(select media_id from catalog_item_gallery g where g.item_id = c.id order by position) as gallery from catalog_items c where id = $1",
      [productId],
    ),
  );
  expect(stored.rows[0]).toEqual({ image_id: id, gallery: [id] });

  // The public page draws it as a <picture>: AVIF source, srcset of sizes, the alt text.
  const publicPage = await request.get(`/productos/${slug}`);
  expect(publicPage.status()).toBe(200);
  const html = await publicPage.text();
  expect(html).toMatch(/<source type="image\/avif" srcSet="\/media\/[a-f0-9]+\/[^"]+ \d+w/i);
  expect(html).toMatch(/<img[^>]+srcSet="\/media\/[a-f0-9]+\/[^"]+ \d+w/i);
  expect(html).toContain('alt="Equipo de consultores revisando un tablero de proyecto"');

  // Deleting it is refused while the product uses it, naming the product.
  await page.goto(`/admin/media?q=${encodeURIComponent(name)}`);
  await page.getByTestId("media-card").filter({ hasText: name }).click();
  const panel = page.getByRole("dialog", { name: "Editar imagen" });
  await expect(panel.getByTestId("media-used-in").getByRole("link", { name: productName })).toBeVisible();
  await expectNoAxeViolations(page);
  await panel.getByRole("button", { name: "Eliminar" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Eliminar imagen" });
  await confirm.getByRole("button", { name: "Eliminar" }).click();
  await expect(panel.getByRole("alert")).toContainText(`No se puede eliminar: la imagen está en uso en Producto «${productName}»`);
  await expect(panel.getByTestId("media-used-in").getByRole("link", { name: productName })).toHaveAttribute("href", `/admin/products/view/${productId}`);
  expect(await mediaId(name)).toBe(id);
});

test("at 375 px: upload with the button, focal point by keyboard, alt text, delete an unused image", async ({ page, context }) => {
  await signInAs(context, BASE_URL, admin);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/admin/media");
  await expect(page.getByRole("heading", { level: 1, name: "Biblioteca de medios" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const name = uniqueName("sin-uso");
  await page.getByTestId("media-file-input").setInputFiles({ name, mimeType: "image/jpeg", buffer: await makeJpeg(640, 480) });
  const row = page.getByTestId("upload-row").filter({ hasText: name });
  await expect(row.getByText("Lista", { exact: true })).toBeVisible({ timeout: 30_000 });
  await row.getByRole("button", { name: /Añadir texto alternativo/ }).click();

  const panel = page.getByRole("dialog", { name: "Editar imagen" });
  await expect(panel).toBeVisible();
  const box = await panel.boundingBox();
  expect(box && box.width <= 375).toBe(true);
  const alt = panel.getByLabel("Texto alternativo");
  await expect(alt).toBeFocused();
  await alt.fill("Paisaje de prueba");
  await expect(panel.getByText("17/300")).toBeVisible();

  // The focal point: arrow keys on the focused preview move it 5 points from the centre.
  await panel.getByTestId("focal-preview").focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowUp");
  await expect(panel.getByText("Punto focal: 55 % desde la izquierda, 45 % desde arriba.")).toBeVisible();
  await expect(panel.getByTestId("focal-marker")).toBeVisible();
  await expectNoAxeViolations(page);

  // Closing with unsaved changes asks first.
  await panel.getByRole("button", { name: "Cancelar" }).click();
  const ask = page.getByRole("alertdialog", { name: "Cambios sin guardar" });
  await ask.getByRole("button", { name: "Seguir editando" }).click();
  await panel.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Imagen actualizada correctamente")).toBeVisible();
  await expect(panel).toHaveCount(0);
  const saved = await withDb((db) => db.query("select alt, focal_x, focal_y from media_items where file_name = $1", [name]));
  expect(saved.rows[0]).toEqual({ alt: "Paisaje de prueba", focal_x: 55, focal_y: 45 });

  // The list view as cards on a phone.
  await page.goto(`/admin/media?vista=lista&q=${encodeURIComponent(name)}`);
  await expect((await expectPhoneCards(page, "Imágenes de la biblioteca")).getByText("Paisaje de prueba")).toBeVisible();
  await expectNoAxeViolations(page);

  // An image nothing uses is deleted.
  await page.getByRole("table", { name: "Imágenes de la biblioteca" }).getByRole("button", { name: /Editar/ }).click();
  await expect(panel.getByText("Sin uso")).toBeVisible();
  await panel.getByRole("button", { name: "Eliminar" }).click();
  await page.getByRole("alertdialog", { name: "Eliminar imagen" }).getByRole("button", { name: "Eliminar" }).click();
  await expect(page.getByText("Imagen eliminada correctamente")).toBeVisible();
  await expect(panel).toHaveCount(0);
  const left = await withDb((db) => db.query("select id from media_items where file_name = $1", [name]));
  expect(left.rows).toHaveLength(0);
});
