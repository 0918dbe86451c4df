import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { TEXT, createClient, createResetToken, expectOnDashboard, fakeIp, fillLogin, formAlert, formStatus, sendFromOwnIp, unique } from "./helpers/auth";
import { withDb } from "./helpers/session";

// "¿Olvidaste tu contraseña?" and the reset link: the same answer for known and unknown e-mails,
// a new password that works once set, and links that are spent, expired or made up. Every test
// changes the password of a throw-away account.

test.describe("Recuperar y restablecer la contraseña", () => {
  test("«¿Olvidaste tu contraseña?» responde siempre lo mismo y crea un enlace solo para cuentas reales", async ({ page }) => {
    const user = await createClient("Clave-Original-1");
    await sendFromOwnIp(page);
    await page.goto("/login");
    await page.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
    await expect(page).toHaveURL("/forgot-password");

    await page.getByLabel("Correo electrónico").fill(user.email);
    await page.getByRole("button", { name: "Enviar enlace" }).click();
    await expect(formStatus(page)).toHaveText(TEXT.forgotSent);
    // The link is made after the answer is sent (so known and unknown e-mails answer alike).
    const unusedLinks = async () =>
      (await withDb((db) => db.query("select count(*)::int as n from password_reset_tokens where user_id = $1 and used_at is null", [user.id]))).rows[0].n;
    await expect.poll(unusedLinks).toBe(1);

    await page.goto("/forgot-password");
    await page.getByLabel("Correo electrónico").fill(`nadie-${unique()}@ejemplo.pe`);
    await page.getByRole("button", { name: "Enviar enlace" }).click();
    await expect(formStatus(page)).toHaveText(TEXT.forgotSent);

    await expect(page.getByRole("link", { name: "Volver a Iniciar Sesión" })).toHaveAttribute("href", "/login");
  });

  test("también sin JavaScript, y también cuando esta IP ya pidió demasiados enlaces", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": fakeIp() } });
    const page = await context.newPage();
    for (let request = 0; request < 6; request++) {
      await page.goto("/forgot-password");
      await page.getByLabel("Correo electrónico").fill(`nadie-${unique()}@ejemplo.pe`);
      await page.getByRole("button", { name: "Enviar enlace" }).click();
      await expect(formStatus(page)).toHaveText(TEXT.forgotSent);
    }
    await context.close();
  });

  test("el enlace fija una contraseña nueva, con la que se entra, y no sirve dos veces", async ({ page }) => {
    const user = await createClient("Clave-Original-1");
    const token = await createResetToken(user.id);
    await sendFromOwnIp(page);
    await page.goto(`/reset-password/${token}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Restablecer contraseña");

    await page.getByLabel("Nueva contraseña", { exact: true }).fill("Clave-Nueva-2026");
    await page.getByLabel("Confirmar contraseña", { exact: true }).fill("Clave-Distinta-2026");
    await page.getByRole("button", { name: "Guardar nueva contraseña" }).click();
    await expect(page.getByLabel("Confirmar contraseña", { exact: true })).toHaveAccessibleDescription(TEXT.mismatch);

    await page.getByLabel("Nueva contraseña", { exact: true }).fill("corta");
    await page.getByLabel("Confirmar contraseña", { exact: true }).fill("corta");
    await page.getByRole("button", { name: "Guardar nueva contraseña" }).click();
    await expect(page.getByLabel("Nueva contraseña", { exact: true })).toHaveAccessibleDescription(new RegExp(TEXT.tooShort));

    await page.getByLabel("Nueva contraseña", { exact: true }).fill("Clave-Nueva-2026");
    await page.getByLabel("Confirmar contraseña", { exact: true }).fill("Clave-Nueva-2026");
    await page.getByRole("button", { name: "Guardar nueva contraseña" }).click();
    await expect(formStatus(page)).toHaveText(TEXT.passwordUpdated);
    await page.getByRole("main").getByRole("link", { name: "Iniciar Sesión", exact: true }).click();
    await expect(page).toHaveURL("/login");

    // The old password no longer works; the new one does.
    await fillLogin(page, user.email, "Clave-Original-1");
    await expect(formAlert(page)).toHaveText(TEXT.invalidCredentials);
    await page.getByLabel("Contraseña", { exact: true }).fill("Clave-Nueva-2026");
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expectOnDashboard(page, "client");

    // The link is spent.
    await page.goto(`/reset-password/${token}`);
    await expect(formAlert(page)).toHaveText(TEXT.invalidLink);
    await expect(page.getByRole("link", { name: "Solicitar un nuevo enlace" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByLabel("Nueva contraseña", { exact: true })).toHaveCount(0);
  });

  test("un enlace vencido o inventado dice «El enlace no es válido o ha expirado.»", async ({ page }) => {
    const user = await createClient("Clave-Original-1");
    const expired = await createResetToken(user.id, { expiresInMinutes: -1 });
    for (const token of [expired, randomBytes(32).toString("base64url"), "abc"]) {
      await page.goto(`/reset-password/${token}`);
      await expect(formAlert(page)).toHaveText(TEXT.invalidLink);
      await expect(page.getByLabel("Nueva contraseña", { exact: true })).toHaveCount(0);
    }
  });

  test("un enlace que vence con el formulario abierto también lo dice al enviar", async ({ page }) => {
    const user = await createClient("Clave-Original-1");
    const token = await createResetToken(user.id);
    await page.goto(`/reset-password/${token}`);
    await withDb((db) => db.query("update password_reset_tokens set expires_at = now() - interval '1 minute' where user_id = $1", [user.id]));
    await page.getByLabel("Nueva contraseña", { exact: true }).fill("Clave-Nueva-2026");
    await page.getByLabel("Confirmar contraseña", { exact: true }).fill("Clave-Nueva-2026");
    await page.getByRole("button", { name: "Guardar nueva contraseña" }).click();
    await expect(formAlert(page)).toHaveText(TEXT.invalidLink);
  });
});
