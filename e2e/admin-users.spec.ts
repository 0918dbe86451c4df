import { expect, test, type Browser, type Page } from "@playwright/test";
import bcrypt from "bcryptjs";
import { expectNoAxeViolations } from "./helpers/axe";
import { expectPhoneCards } from "./helpers/data-table";
import { createThrowawayUser, deleteThrowawayUser, signInAs, withDb, type SessionUser } from "./helpers/session";

// "Gestión de Usuarios" and "Perfil de Administrador" in the browser, against the server's
// database. Every test signs in as its own throw-away admin (never the seeded one, which other
// specs sign in as) and works on its own users.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
const toast = (page: Page, text: string) => page.getByRole("region", { name: /Notificaciones/ }).getByText(text, { exact: true });

function fakeIp(): string {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return `10.${part()}.${part()}.${part()}`;
}

async function setPassword(user: SessionUser, password: string) {
  const hash = await bcrypt.hash(password, 4);
  await withDb((db) => db.query("update users set password_hash = $1 where id = $2", [hash, user.id]));
}

async function userByEmail(email: string): Promise<SessionUser | null> {
  const { rows } = await withDb((db) => db.query<SessionUser>("select id, name, email, role::text as role from users where email = $1", [email]));
  return rows[0] ?? null;
}

/** Signs in through the login form in a fresh context; true when it reached the admin dashboard. */
async function canSignIn(browser: Browser, email: string, password: string): Promise<boolean> {
  const context = await browser.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { "x-forwarded-for": fakeIp() } });
  try {
    const page = await context.newPage();
    await page.goto("/login");
    const form = page.getByRole("form", { name: "Iniciar Sesión" });
    await form.getByLabel("Correo electrónico").fill(email);
    await form.getByLabel("Contraseña", { exact: true }).fill(password);
    await form.getByRole("button", { name: "Iniciar Sesión" }).click();
    const outcome = await Promise.race([
      page.waitForURL("**/admin/dashboard", { timeout: 20_000 }).then(() => true),
      page.getByText("Correo electrónico o contraseña incorrectos.").waitFor({ timeout: 20_000 }).then(() => false),
    ]);
    return outcome;
  } finally {
    await context.close();
  }
}

/** Narrows the table to one user (the search box is bound to ?q=). */
async function search(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Buscar por nombre o correo" }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/[.]/g, "\\.")}`));
}

const table = (page: Page) => page.getByRole("table", { name: "Usuarios" });

test.describe("Gestión de Usuarios", () => {
  let admin: SessionUser;

  test.beforeEach(async ({ context }) => {
    admin = await createThrowawayUser("admin");
    await signInAs(context, BASE_URL, admin);
  });

  test.afterEach(async () => {
    await deleteThrowawayUser(admin);
  });

  test("crear, editar (el cambio de rol cierra la sesión del usuario) y eliminar con confirmación", async ({ page, browser }) => {
    test.slow();
    const stamp = unique();
    const name = `Rocío Prueba ${stamp}`;
    const email = `rocio.${stamp}@ejemplo.pe`;

    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { level: 1, name: "Gestión de Usuarios" })).toBeVisible();
    await expect(page.getByText(/Total de usuarios: \d+/)).toBeVisible();

    // Create.
    await page.getByRole("button", { name: "+ Nuevo Usuario" }).click();
    const modal = page.getByRole("dialog", { name: "Nuevo Usuario" });
    await expect(modal).toBeVisible();
    await modal.getByLabel("Nombre").fill(name);
    await modal.getByLabel("Correo electrónico").fill(email.toUpperCase());
    await modal.getByLabel("Contraseña", { exact: true }).fill("corta");
    await modal.getByRole("button", { name: "Crear Usuario" }).click();
    await expect(modal.getByLabel("Contraseña", { exact: true })).toHaveAccessibleDescription(/La contraseña debe tener al menos 8 caracteres/);
    await modal.getByLabel("Contraseña", { exact: true }).fill("clave-e2e-123");
    await expect(modal.getByLabel("Rol")).toHaveValue("client");
    await modal.getByRole("button", { name: "Crear Usuario" }).click();
    await expect(toast(page, "Usuario creado correctamente")).toBeVisible();
    await expect(modal).toBeHidden();

    const created = await userByEmail(email);
    expect(created).toMatchObject({ name, role: "client" });

    await search(page, stamp);
    const row = table(page).getByRole("row").filter({ hasText: email });
    await expect(row).toBeVisible();
    await expect(row.getByText("Cliente", { exact: true })).toBeVisible();
    await expect(page.getByText("Total de usuarios: 1")).toBeVisible();

    // The new user is signed in elsewhere.
    const other = await browser.newContext({ baseURL: BASE_URL });
    try {
      await signInAs(other, BASE_URL, created!);
      const otherPage = await other.newPage();
      await otherPage.goto("/client/dashboard");
      await expect(otherPage.getByRole("heading", { level: 1, name: "Mi Portal" })).toBeVisible();

      // Edit: make them an admin.
      await row.getByRole("button", { name: `Editar a ${name}` }).click();
      const edit = page.getByRole("dialog", { name: "Editar Usuario" });
      await expect(edit.getByLabel("Contraseña", { exact: true })).toHaveAccessibleDescription("Déjala en blanco para mantener la contraseña actual.");
      await edit.getByLabel("Rol").selectOption("admin");
      await edit.getByRole("button", { name: "Guardar cambios" }).click();
      await expect(toast(page, "Usuario actualizado correctamente")).toBeVisible();
      await expect(row.getByText("Administrador", { exact: true })).toBeVisible();
      expect((await userByEmail(email))?.role).toBe("admin");

      // Their session ended: the next page load goes to /login.
      await otherPage.reload();
      await expect(otherPage).toHaveURL(/\/login/);
    } finally {
      await other.close();
    }

    // Delete, after confirming.
    await row.getByRole("button", { name: `Eliminar a ${name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Eliminar usuario" });
    await expect(confirm).toContainText(name);
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await expect(confirm).toBeHidden();
    expect(await userByEmail(email)).not.toBeNull();

    await row.getByRole("button", { name: `Eliminar a ${name}` }).click();
    await page.getByRole("alertdialog", { name: "Eliminar usuario" }).getByRole("button", { name: "Eliminar" }).click();
    await expect(toast(page, "Usuario eliminado correctamente")).toBeVisible();
    await expect(row).toBeHidden();
    expect(await userByEmail(email)).toBeNull();
  });

  test("un correo ya registrado muestra el error y no crea nada", async ({ page }) => {
    const existing = await createThrowawayUser("client");
    try {
      await page.goto("/admin/users");
      await page.getByRole("button", { name: "+ Nuevo Usuario" }).click();
      const modal = page.getByRole("dialog", { name: "Nuevo Usuario" });
      await modal.getByLabel("Nombre").fill("Duplicado");
      await modal.getByLabel("Correo electrónico").fill(existing.email);
      await modal.getByLabel("Contraseña", { exact: true }).fill("clave-e2e-123");
      await modal.getByRole("button", { name: "Crear Usuario" }).click();
      await expect(modal.getByLabel("Correo electrónico")).toHaveAccessibleDescription("Ya existe una cuenta con este correo electrónico.");
      await expect(toast(page, "Error: Ya existe una cuenta con este correo electrónico.")).toBeVisible();
      await expect(modal).toBeVisible();
      const { rows } = await withDb((db) => db.query("select count(*)::int as n from users where email = $1", [existing.email]));
      expect(rows[0].n).toBe(1);
    } finally {
      await deleteThrowawayUser(existing);
    }
  });

  test("la fila propia no ofrece eliminar ni cambiar el propio rol", async ({ page }) => {
    await page.goto("/admin/users");
    await search(page, admin.email);
    const row = table(page).getByRole("row").filter({ hasText: admin.email });
    await expect(row.getByText("(tú)")).toBeVisible();
    await expect(row.getByRole("button", { name: /^Eliminar/ })).toHaveCount(0);
    await row.getByRole("button", { name: `Editar a ${admin.name}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar Usuario" });
    await expect(edit.getByLabel("Rol")).toBeDisabled();
    await expect(edit.getByLabel("Contraseña", { exact: true })).toHaveCount(0);
    await edit.getByRole("button", { name: "Cancelar" }).click();
    await expect(edit).toBeHidden();
  });

  test("un enlace con ?id= (desde el registro de actividad) abre ese usuario con su historial; cerrar quita el ?id=", async ({ page }) => {
    const other = await createThrowawayUser("client");
    try {
      await page.goto(`/admin/users?id=${other.id}`);
      const edit = page.getByRole("dialog", { name: "Editar Usuario" });
      await expect(edit.getByLabel("Correo electrónico")).toHaveValue(other.email);
      await expect(edit.getByText("Historial de cambios")).toBeVisible();
      await edit.getByRole("button", { name: "Cancelar" }).click();
      await expect(edit).toBeHidden();
      await expect(page).not.toHaveURL(/[?&]id=/);
    } finally {
      await deleteThrowawayUser(other);
    }
  });

  test("accesibilidad de la lista y del formulario (escritorio y 375 px)", async ({ page }) => {
    test.slow(); // three axe runs
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { level: 1, name: "Gestión de Usuarios" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "+ Nuevo Usuario" }).click();
    await expect(page.getByRole("dialog", { name: "Nuevo Usuario" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Nuevo Usuario" })).toBeHidden();

    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await search(page, admin.email);
    // Below 768 px the rows are cards, with the row's actions.
    const card = (await expectPhoneCards(page, "Usuarios")).getByRole("row").filter({ hasText: admin.email });
    await expect(card).toBeVisible();
    await expect(card.getByRole("button", { name: `Editar a ${admin.name}` })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
  });
});

test.describe("Perfil de Administrador", () => {
  let admin: SessionUser;

  test.beforeEach(async () => {
    admin = await createThrowawayUser("admin");
  });

  test.afterEach(async () => {
    await deleteThrowawayUser(admin);
  });

  test("muestra los datos y actualiza nombre y correo; la cabecera refleja el cambio", async ({ page, context }) => {
    await setPassword(admin, "clave-actual-123"); // a new sign-in e-mail asks for it
    await signInAs(context, BASE_URL, admin);
    await page.goto("/admin/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Perfil de Administrador" })).toBeVisible();
    await expect(page.getByTestId("profile-name")).toHaveText(admin.name);
    await expect(page.getByTestId("profile-email")).toHaveText(admin.email);
    await expect(page.getByText("Administrador", { exact: true })).toBeVisible();

    const stamp = unique();
    const section = page.getByRole("region", { name: "Información personal" });
    await section.getByLabel("Nombre").fill(`Perfil Renombrado ${stamp}`);
    await section.getByLabel("Correo electrónico").fill(`Perfil.${stamp}@Ejemplo.pe`);
    await section.getByLabel("Contraseña actual", { exact: true }).fill("clave-actual-123");
    await section.getByRole("button", { name: "Actualizar perfil" }).click();
    await expect(toast(page, "Perfil actualizado. Te enviamos un enlace a tu nuevo correo para verificarlo.")).toBeVisible();
    await expect(page.getByTestId("user-menu")).toContainText(`Perfil Renombrado ${stamp}`);
    await expect(page.getByTestId("profile-email")).toHaveText(`perfil.${stamp}@ejemplo.pe`);
    const { rows } = await withDb((db) => db.query("select name, email from users where id = $1", [admin.id]));
    expect(rows[0]).toEqual({ name: `Perfil Renombrado ${stamp}`, email: `perfil.${stamp}@ejemplo.pe` });
  });

  test("cambiar la contraseña: la anterior deja de servir, la otra sesión se cierra y esta sigue abierta", async ({ page, context, browser }) => {
    test.slow();
    await setPassword(admin, "clave-vieja-123");
    await signInAs(context, BASE_URL, admin);
    const other = await browser.newContext({ baseURL: BASE_URL });
    try {
      await signInAs(other, BASE_URL, admin);
      const otherPage = await other.newPage();
      await otherPage.goto("/admin/dashboard");
      await expect(otherPage.getByRole("heading", { level: 1, name: "Panel", exact: true })).toBeVisible();

      await page.goto("/admin/profile");
      const section = page.getByRole("region", { name: "Cambiar contraseña" });
      const submit = section.getByRole("button", { name: "Actualizar contraseña" });
      await expect(submit).toBeDisabled();
      await section.getByLabel("Contraseña actual", { exact: true }).fill("no-es-la-clave");
      await section.getByLabel("Nueva contraseña", { exact: true }).fill("clave-nueva-456");
      await section.getByLabel("Confirmar nueva contraseña", { exact: true }).fill("clave-nueva-45");
      await expect(submit).toBeDisabled();
      await section.getByLabel("Confirmar nueva contraseña", { exact: true }).fill("clave-nueva-456");
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(section.getByLabel("Contraseña actual", { exact: true })).toHaveAccessibleDescription("La contraseña actual no es correcta.");

      await section.getByLabel("Contraseña actual", { exact: true }).fill("clave-vieja-123");
      await submit.click();
      await expect(toast(page, "Contraseña actualizada correctamente")).toBeVisible();
      await expect(section.getByLabel("Contraseña actual", { exact: true })).toHaveValue("");

      // The other browser is signed out; this one stays.
      await otherPage.reload();
      await expect(otherPage).toHaveURL(/\/login/);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Perfil de Administrador" })).toBeVisible();
    } finally {
      await other.close();
    }

    expect(await canSignIn(browser, admin.email, "clave-vieja-123")).toBe(false);
    expect(await canSignIn(browser, admin.email, "clave-nueva-456")).toBe(true);
  });

  test("una contraseña nueva corta muestra «Mínimo 8 caracteres»", async ({ page, context }) => {
    await signInAs(context, BASE_URL, admin);
    await page.goto("/admin/profile");
    const section = page.getByRole("region", { name: "Cambiar contraseña" });
    await section.getByLabel("Contraseña actual", { exact: true }).fill("lo-que-sea-1");
    await section.getByLabel("Nueva contraseña", { exact: true }).fill("corta");
    await section.getByLabel("Confirmar nueva contraseña", { exact: true }).fill("corta");
    await section.getByRole("button", { name: "Actualizar contraseña" }).click();
    await expect(section.getByLabel("Nueva contraseña", { exact: true })).toHaveAccessibleDescription(/Mínimo 8 caracteres/);
  });

  test("accesibilidad del perfil (escritorio y 375 px)", async ({ page, context }) => {
    test.slow(); // two axe runs
    await signInAs(context, BASE_URL, admin);
    await page.goto("/admin/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Perfil de Administrador" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Perfil de Administrador" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
  });
});
