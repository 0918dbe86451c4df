import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { TEXT, createClient, createResetToken, formAlert, login, unique } from "./helpers/auth";

// The sign-in screens (login, register, forgot and reset password) pass axe, also while they
// show errors, and fit a 375 px screen without horizontal scrolling.

test.describe("Accesibilidad (axe) y móvil", () => {
  for (const path of ["/login", "/register", "/forgot-password"]) {
    test(`${path} no tiene problemas de accesibilidad`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("/login con la caja roja y /register con errores siguen sin problemas", async ({ page }) => {
    await login(page, `nadie-${unique()}@ejemplo.pe`, "Cualquier-Clave-1");
    await expect(formAlert(page)).toHaveText(TEXT.invalidCredentials);
    await expectNoAxeViolations(page);
    await page.goto("/register");
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page.getByLabel("Nombre completo")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });

  test("/reset-password (formulario y enlace no válido) sin problemas", async ({ page }) => {
    const user = await createClient("Clave-Original-1");
    await page.goto(`/reset-password/${await createResetToken(user.id)}`);
    await expect(page.getByLabel("Nueva contraseña", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/reset-password/no-existe");
    await expect(formAlert(page)).toHaveText(TEXT.invalidLink);
    await expectNoAxeViolations(page);
  });

  for (const path of ["/login", "/register", "/forgot-password"]) {
    test(`${path} cabe en 375 px sin desplazamiento horizontal`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
