import { expect, test, type Page } from "@playwright/test";
import { DASHBOARD, TEXT, expectOnDashboard, fakeIp, formAlert, formStatus, sendFromOwnIp, toast, unique } from "./helpers/auth";
import { findUserByEmail, SEEDED_CLIENT } from "./helpers/session";

// The registration screen: a new account signs in at once, a taken e-mail and bad passwords
// are refused field by field, and the server validates the same without JavaScript.

test.describe("Registro", () => {
  async function fillRegister(page: Page, values: { name?: string; email?: string; password?: string; confirmation?: string; consent?: boolean }) {
    const form = page.getByRole("form", { name: "Crear una cuenta" });
    // The privacy consent box is required; ticked unless the test says otherwise. Ticked first:
    // leaving a mistyped confirmation shows its error above the box, which moves it mid-click.
    if (values.consent !== false) await form.getByRole("checkbox", { name: /He leído y acepto la Política de privacidad/ }).check();
    if (values.name !== undefined) await form.getByLabel("Nombre completo").fill(values.name);
    if (values.email !== undefined) await form.getByLabel("Correo electrónico").fill(values.email);
    if (values.password !== undefined) await form.getByLabel("Contraseña", { exact: true }).fill(values.password);
    if (values.confirmation !== undefined) await form.getByLabel("Confirmar contraseña", { exact: true }).fill(values.confirmation);
    await form.getByRole("button", { name: "Crear cuenta" }).click();
  }

  test("una cuenta nueva: «¡Registro exitoso!», el toast y la sesión abierta en /client/dashboard", async ({ page }) => {
    await sendFromOwnIp(page);
    await page.goto("/register");
    const email = `nuevo-${unique()}@ejemplo.pe`;
    const name = "Carmen Rojas";
    await fillRegister(page, { name, email: email.toUpperCase(), password: "Clave-Nueva-2026", confirmation: "Clave-Nueva-2026" });

    await expect(formStatus(page)).toContainText(TEXT.registered);
    await expectOnDashboard(page, "client");
    await expect(toast(page, TEXT.accountCreated)).toBeVisible();

    const created = await findUserByEmail(email);
    expect(created).toMatchObject({ name, email, role: "client" });
  });

  test("un correo ya registrado da un mensaje claro", async ({ page }) => {
    await sendFromOwnIp(page);
    await page.goto("/register");
    await fillRegister(page, { name: "Otra Persona", email: SEEDED_CLIENT.email, password: "Clave-Nueva-2026", confirmation: "Clave-Nueva-2026" });
    await expect(formAlert(page)).toHaveText(TEXT.emailTaken);
    await expect(page.getByLabel("Correo electrónico")).toHaveAccessibleDescription(TEXT.emailTaken);
    await expect(page).toHaveURL(/\/register$/);
  });

  test("contraseñas distintas: «Las contraseñas no coinciden.»", async ({ page }) => {
    await page.goto("/register");
    await fillRegister(page, { name: "Ana", email: `ana-${unique()}@ejemplo.pe`, password: "Clave-Nueva-2026", confirmation: "Clave-Otra-2026" });
    await expect(page.getByLabel("Confirmar contraseña", { exact: true })).toHaveAccessibleDescription(TEXT.mismatch);
  });

  test("todos los campos son obligatorios y la contraseña tiene al menos 8 caracteres", async ({ page }) => {
    await page.goto("/register");
    await fillRegister(page, { consent: false });
    await expect(page.getByRole("checkbox", { name: /He leído y acepto la Política de privacidad/ })).toHaveAccessibleDescription("Debes aceptar la Política de privacidad para continuar.");
    for (const label of ["Nombre completo", "Correo electrónico"]) {
      await expect(page.getByLabel(label)).toHaveAccessibleDescription(TEXT.required);
    }
    await expect(page.getByLabel("Contraseña", { exact: true })).toHaveAccessibleDescription(new RegExp(TEXT.required.replace(".", "\\.")));
    await expect(page.getByLabel("Confirmar contraseña", { exact: true })).toHaveAccessibleDescription(TEXT.required);

    await fillRegister(page, { name: "Ana", email: `ana-${unique()}@ejemplo.pe`, password: "corta", confirmation: "corta" });
    await expect(page.getByLabel("Contraseña", { exact: true })).toHaveAccessibleDescription(new RegExp(TEXT.tooShort));
  });

  test("sin JavaScript el servidor valida igual y el registro funciona", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": fakeIp() } });
    const page = await context.newPage();
    await page.goto("/register");
    await fillRegister(page, { name: "Ana", email: `ana-${unique()}@ejemplo.pe`, password: "Clave-Nueva-2026", confirmation: "Otra-Clave-2026" });
    await expect(page.getByLabel("Confirmar contraseña", { exact: true })).toHaveAccessibleDescription(TEXT.mismatch);
    await expect(page.getByLabel("Nombre completo")).toHaveValue("Ana");

    await fillRegister(page, { password: "Clave-Nueva-2026", confirmation: "Clave-Nueva-2026" });
    await expect(formStatus(page)).toContainText(TEXT.registered);
    await page.getByRole("link", { name: "Ir a mi panel" }).click();
    // Signed in as the new client (the area streams its content, so without JavaScript only its frame is checked).
    await expect(page).toHaveURL(DASHBOARD.client);
    await expect(page.getByRole("button", { name: "Cerrar sesión" }).first()).toBeVisible();
    await context.close();
  });
});
