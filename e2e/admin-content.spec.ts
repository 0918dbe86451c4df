import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { expectPhoneCards } from "./helpers/data-table";
import { createThrowawayUser, deleteThrowawayUser, signInAs, withDb, type SessionUser } from "./helpers/session";

// "Gestión de Testimonios" and "Registro de actividad": a testimonial created published, active and
// featured in the screen is on /testimonios and the home page on the next request, and gone after
// it is withdrawn; the audit screen lists who did it and filters by user, entity and date. Each
// test uses its own throw-away admin, so tests never depend on each other's data.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

let admin: SessionUser;

// Long flows (several saves, public pages regenerated on demand) on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async () => {
  admin = await createThrowawayUser("admin");
});

test.afterEach(async () => {
  // The admin's audit entries stay (actor set null), the testimonials it made are removed.
  await deleteThrowawayUser(admin);
});

async function removeTestimonials(clientName: string) {
  await withDb((db) => db.query("delete from testimonials where client_name = $1", [clientName]));
}

/** What an anonymous visitor gets (the `request` fixture shares no cookies with the signed-in browser). */
async function publicHas(request: APIRequestContext, path: string, text: string): Promise<boolean> {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  return (await response.text()).includes(text);
}

test.describe("Gestión de Testimonios", () => {
  test("a published, active, featured testimonial appears on /testimonios and home on the next request; withdrawn, it disappears", async ({ page, context, request }) => {
    const clientName = `Valeria Quispe ${Date.now()}`;
    await signInAs(context, BASE_URL, admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    try {
      await page.goto("/admin/testimonials");
      await expect(page.getByRole("heading", { level: 1, name: "Gestión de Testimonios" })).toBeVisible();
      await expect(page.getByText(/Total de testimonios: \d+/)).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole("button", { name: "+ Nuevo Testimonio" }).click();
      const modal = page.getByTestId("testimonial-modal");
      await expect(modal.getByRole("heading", { name: "Nuevo Testimonio" })).toBeVisible();
      // Defaults: rating 5, draft, active, not featured.
      await expect(modal.getByLabel("Calificación")).toHaveValue("5");
      await expect(modal.getByLabel("Estado")).toHaveValue("draft");
      await expect(modal.getByLabel("Activo")).toBeChecked();
      await expect(modal.getByLabel("Destacado")).not.toBeChecked();
      await expectNoAxeViolations(page);

      // Required fields are checked before anything is sent.
      await modal.getByRole("button", { name: "Crear Testimonio" }).click();
      await expect(modal.getByText("El nombre del cliente es obligatorio.")).toBeVisible();

      await modal.getByLabel("Nombre del cliente *").fill(clientName);
      await modal.getByLabel("Cargo").fill("Gerente de Finanzas");
      await modal.getByLabel("Empresa").fill("Agroexport Ica S.A.C.");
      await modal.getByLabel("Testimonio *").fill("Nos ordenaron la facturación y ahora cerramos el mes a tiempo.");
      await modal.getByLabel("Calificación").selectOption("4");
      await modal.getByLabel("Estado").selectOption("published");
      await modal.getByLabel("Destacado").check();
      await modal.getByRole("button", { name: "Crear Testimonio" }).click();
      await expect(page.getByText("Testimonio creado correctamente")).toBeVisible();
      await expect(modal).toHaveCount(0);

      const row = page.locator("tr", { hasText: clientName });
      await expect(row).toBeVisible();
      await expect(row.getByText("Publicado")).toBeVisible();
      await expect(row.getByRole("img", { name: /4 de 5/ })).toBeVisible();
      await expect(row.getByText("Sí")).toHaveCount(1);

      expect(await publicHas(request, "/testimonios", clientName)).toBe(true);
      expect(await publicHas(request, "/", clientName)).toBe(true);

      // Withdraw: back to draft.
      await row.getByRole("button", { name: /Editar/ }).click();
      await expect(modal.getByRole("heading", { name: "Editar Testimonio" })).toBeVisible();
      await expect(modal.getByText("Creó un testimonio")).toBeVisible();
      await expectNoAxeViolations(page);
      await modal.getByLabel("Estado").selectOption("draft");
      await modal.getByRole("button", { name: "Actualizar Testimonio" }).click();
      await expect(page.getByText("Testimonio actualizado correctamente")).toBeVisible();
      await expect(row.getByText("Borrador")).toBeVisible();

      expect(await publicHas(request, "/testimonios", clientName)).toBe(false);
      expect(await publicHas(request, "/", clientName)).toBe(false);

      // Delete with confirmation.
      await row.getByRole("button", { name: /Eliminar/ }).click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toBeVisible();
      await confirm.getByRole("button", { name: "Eliminar" }).click();
      await expect(page.getByText("Testimonio eliminado correctamente")).toBeVisible();
      await expect(page.locator("tr", { hasText: clientName })).toHaveCount(0);
    } finally {
      await removeTestimonials(clientName);
    }
  });

  test("at 375 px the rows are cards and the modal fits; field errors show in Spanish", async ({ page, context }) => {
    await signInAs(context, BASE_URL, admin);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin/testimonials");
    await expect(page.getByRole("heading", { level: 1, name: "Gestión de Testimonios" })).toBeVisible();
    await expectPhoneCards(page, "Testimonios");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "+ Nuevo Testimonio" }).click();
    const modal = page.getByTestId("testimonial-modal");
    await modal.getByLabel("Nombre del cliente *").fill("Cliente sin testimonio");
    // The photo is chosen in the media library (e2e/media-library.spec.ts), never typed.
    await expect(modal.getByRole("group", { name: "Foto del cliente" }).getByRole("button", { name: /Elegir imagen/ })).toBeVisible();
    await modal.getByRole("button", { name: "Crear Testimonio" }).click();
    await expect(modal.getByText("El testimonio es obligatorio.")).toBeVisible();
    const box = await modal.boundingBox();
    expect(box && box.width <= 375).toBe(true);
    await expectNoAxeViolations(page);
  });
});

test.describe("Registro de actividad", () => {
  test("lists who did what to which record, and filters by user, entity and date", async ({ page, context }) => {
    const clientName = `Ernesto Cárdenas ${Date.now()}`;
    await signInAs(context, BASE_URL, admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    try {
      // Two writes by this admin through the screen's own path (the API, same service).
      await page.goto("/admin/testimonials");
      await page.getByRole("button", { name: "+ Nuevo Testimonio" }).click();
      const modal = page.getByTestId("testimonial-modal");
      await modal.getByLabel("Nombre del cliente *").fill(clientName);
      await modal.getByLabel("Testimonio *").fill("Muy buen acompañamiento.");
      await modal.getByRole("button", { name: "Crear Testimonio" }).click();
      await expect(page.getByText("Testimonio creado correctamente")).toBeVisible();
      const id = await withDb(async (db) => (await db.query<{ id: number }>("select id from testimonials where client_name = $1", [clientName])).rows[0].id);
      // An older entry by the same admin, on another entity, to check the date filter.
      await withDb((db) =>
        db.query(
          "insert into audit_logs (actor_id, action, entity_type, entity_id, ip_address, details, created_at) values ($1, 'user.update', 'user', $2, '198.51.100.20', $3, '2020-03-15T15:00:00Z')",
          [admin.id, admin.id, JSON.stringify({ before: { role: "client" }, after: { role: "admin" } })],
        ),
      );

      // Reached from the side menu (first group, after Mantenimiento Sitemap).
      await page.getByRole("navigation", { name: "Menú de administración" }).getByRole("link", { name: "Registro de actividad" }).click();
      await expect(page).toHaveURL(/\/admin\/audit-logs$/);
      await expect(page.getByRole("heading", { level: 1, name: "Registro de actividad" })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByLabel("Usuario", { exact: true }).selectOption(admin.id);
      await expect(page).toHaveURL(new RegExp(`user_id=${admin.id}`));
      await expect(page.getByText("Total de entradas: 2")).toBeVisible();
      const created = page.locator("tr", { hasText: "Creó un testimonio" });
      await expect(created).toBeVisible();
      // The record reads as a person knows it, never by its internal id.
      await expect(created.getByRole("link", { name: `Testimonio: ${clientName}` })).toHaveAttribute("href", `/admin/testimonials?id=${id}`);
      await expect(created).not.toContainText(`#${id}`);
      await expect(created.getByText(admin.name)).toBeVisible();
      await created.getByText(/Ver cambios/).click();
      await expect(created.getByText(clientName, { exact: true })).toBeVisible();

      await page.getByLabel("Entidad", { exact: true }).selectOption("user");
      await expect(page).toHaveURL(/entity=user/);
      await expect(page.getByText("Total de entradas: 1")).toBeVisible();
      await expect(page.locator("tr", { hasText: "Actualizó un usuario" }).getByRole("link", { name: `Usuario: ${admin.name} (${admin.email})` })).toBeVisible();

      // Each filter change is a navigation: wait for it before the next one.
      await page.getByLabel("Entidad", { exact: true }).selectOption("");
      await expect(page).not.toHaveURL(/entity=/);
      await page.getByLabel("Desde", { exact: true }).fill("2020-03-15");
      await expect(page).toHaveURL(/from=2020-03-15/);
      await page.getByLabel("Hasta", { exact: true }).fill("2020-03-15");
      await expect(page).toHaveURL(/to=2020-03-15/);
      await expect(page.getByText("Total de entradas: 1")).toBeVisible();
      await expect(page.locator("tr", { hasText: "Actualizó un usuario" })).toBeVisible();
      await expectNoAxeViolations(page);

      // The record link opens that testimonial's edit modal with its history.
      await page.getByRole("button", { name: "Limpiar filtros" }).click();
      await expect(page).toHaveURL(/\/admin\/audit-logs$/);
      await page.getByLabel("Usuario", { exact: true }).selectOption(admin.id);
      await expect(page).toHaveURL(new RegExp(`user_id=${admin.id}`));
      await page.locator("tr", { hasText: "Creó un testimonio" }).getByRole("link", { name: `Testimonio: ${clientName}` }).click();
      const editor = page.getByTestId("testimonial-modal");
      await expect(editor.getByRole("heading", { name: "Editar Testimonio" })).toBeVisible();
      await expect(editor.getByLabel("Nombre del cliente *")).toHaveValue(clientName);

      // 375 px: cards.
      await page.goto(`/admin/audit-logs?user_id=${admin.id}`);
      await page.setViewportSize({ width: 375, height: 800 });
      await expect((await expectPhoneCards(page, "Registro de actividad")).getByText("Creó un testimonio")).toBeVisible();
      await expectNoAxeViolations(page);
    } finally {
      await removeTestimonials(clientName);
    }
  });
});
