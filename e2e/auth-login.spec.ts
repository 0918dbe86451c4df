import { expect, test } from "@playwright/test";
import { DASHBOARD, TEXT, createClient, expectOnDashboard, fillLogin, formAlert, isSessionCookie, login, sendFromOwnIp, toast, unique } from "./helpers/auth";
import { findUserByEmail, SEEDED_ADMIN, SEEDED_CLIENT } from "./helpers/session";

// The login screen, with and without JavaScript: who lands where, the red box for wrong
// credentials, the attempts limit and the saved location (?callbackUrl). Each test comes from
// its own fake IP address and guesses passwords only on throw-away accounts.

test.describe("Iniciar Sesión", () => {
  test("un admin entra a /admin/dashboard y ve «¡Bienvenido, {nombre}!»", async ({ page }) => {
    const admin = await findUserByEmail(SEEDED_ADMIN.email);
    await login(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await expectOnDashboard(page, "admin");
    await expect(toast(page, TEXT.welcome(admin.name))).toBeVisible();
  });

  test("un cliente entra a /client/dashboard y ve su bienvenida", async ({ page }) => {
    const client = await findUserByEmail(SEEDED_CLIENT.email);
    await login(page, SEEDED_CLIENT.email, SEEDED_CLIENT.password);
    await expectOnDashboard(page, "client");
    await expect(toast(page, TEXT.welcome(client.name))).toBeVisible();
  });

  test("la pantalla tiene el encabezado, el correo de tipo email y los enlaces del spec", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iniciar Sesión");
    await expect(page.getByLabel("Correo electrónico")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Contraseña", { exact: true })).toHaveAttribute("type", "password");
    await expect(page.getByRole("link", { name: "¿Olvidaste tu contraseña?" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByRole("link", { name: "Crear una cuenta" })).toHaveAttribute("href", "/register");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });

  test("una contraseña incorrecta se muestra en la caja roja y no inicia sesión", async ({ page }) => {
    const user = await createClient("Clave-Correcta-1");
    await login(page, user.email, "Clave-Incorrecta-9");
    await expect(formAlert(page)).toHaveText(TEXT.invalidCredentials);
    await expect(formAlert(page).locator("div").first()).toHaveClass(/bg-red-50/);
    await expect(page).toHaveURL(/\/login$/);
    // What was typed in the e-mail stays; the session does not exist.
    await expect(page.getByLabel("Correo electrónico")).toHaveValue(user.email);
    expect((await page.context().cookies()).some((cookie) => isSessionCookie(cookie.name))).toBe(false);
  });

  test("un correo desconocido da el mismo mensaje que una contraseña incorrecta", async ({ page }) => {
    await login(page, `nadie-${unique()}@ejemplo.pe`, "Cualquier-Clave-1");
    await expect(formAlert(page)).toHaveText(TEXT.invalidCredentials);
  });

  test("campos vacíos o un correo mal escrito se marcan sin enviar nada", async ({ page }) => {
    await page.goto("/login");
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(page.getByLabel("Correo electrónico")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Contraseña", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Correo electrónico").fill("rosa@");
    await expect(page.getByLabel("Correo electrónico")).toHaveAccessibleDescription("Ingresa un correo electrónico válido.");
    expect(posted).toBe(false);
  });

  test("tras 10 intentos fallidos la caja roja pide esperar", async ({ page }) => {
    test.slow();
    const email = `nadie-${unique()}@ejemplo.pe`;
    await login(page, email, "Intento-0000");
    await expect(formAlert(page)).toHaveText(TEXT.invalidCredentials);
    for (let attempt = 1; attempt < 10; attempt++) {
      await page.getByRole("button", { name: "Iniciar Sesión" }).click();
      await expect(formAlert(page)).toHaveText(TEXT.invalidCredentials);
    }
    await page.getByLabel("Contraseña", { exact: true }).fill("Intento-final");
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(formAlert(page)).toHaveText(TEXT.tooManyAttempts);
  });

  test("vuelve a la ubicación guardada (?callbackUrl=/client/profile)", async ({ page }) => {
    await login(page, SEEDED_CLIENT.email, SEEDED_CLIENT.password, `?callbackUrl=${encodeURIComponent("/client/profile")}`);
    await expect(page).toHaveURL("/client/profile");
  });

  for (const evil of ["https://evil.example", "//evil.example/client/profile", "/\\evil.example"]) {
    test(`ignora un callbackUrl a otro sitio (${evil}) y va al panel propio`, async ({ page }) => {
      await login(page, SEEDED_CLIENT.email, SEEDED_CLIENT.password, `?callbackUrl=${encodeURIComponent(evil)}`);
      await expectOnDashboard(page, "client");
    });
  }

  test("un admin con ?callbackUrl de la zona cliente va a su propio panel", async ({ page }) => {
    await login(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password, `?callbackUrl=${encodeURIComponent("/client/invoices")}`);
    await expectOnDashboard(page, "admin");
  });

  test("quien ya inició sesión y abre /login va a su panel", async ({ page }) => {
    await login(page, SEEDED_CLIENT.email, SEEDED_CLIENT.password);
    await expectOnDashboard(page, "client");
    await page.goto("/login");
    await expectOnDashboard(page, "client");
  });

  test("el botón muestra «Ingresando...» mientras se comprueba", async ({ page }) => {
    await sendFromOwnIp(page);
    await page.goto("/login");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/login", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await fillLogin(page, SEEDED_CLIENT.email, SEEDED_CLIENT.password);
    await expect(page.getByRole("button", { name: "Ingresando..." })).toBeDisabled();
    release();
    await expectOnDashboard(page, "client");
  });
});

test.describe("Iniciar Sesión sin JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("el formulario funciona: éxito redirige al panel, el error sale en la caja roja", async ({ page }) => {
    await login(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await expect(page).toHaveURL(DASHBOARD.admin);

    const user = await createClient("Clave-Correcta-1");
    await page.context().clearCookies();
    await login(page, user.email, "Clave-Incorrecta-9");
    await page.waitForLoadState("load");
    await expect(formAlert(page)).toHaveText(TEXT.invalidCredentials);
    await expect(page.getByLabel("Correo electrónico")).toHaveValue(user.email);
  });

  test("respeta la ubicación guardada", async ({ page }) => {
    await login(page, SEEDED_CLIENT.email, SEEDED_CLIENT.password, `?callbackUrl=${encodeURIComponent("/client/invoices")}`);
    await expect(page).toHaveURL("/client/invoices");
  });
});
