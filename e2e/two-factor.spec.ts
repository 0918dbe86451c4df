import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import bcrypt from "bcryptjs";
import { generateSync } from "otplib";
import { expectOnDashboard, fillLogin, sendFromOwnIp, toast, unique } from "./helpers/auth";
import { withDb } from "./helpers/session";

// The admins' second factor in the browser: a fresh admin (never the seeded one, which other specs
// sign in with) enrols from Perfil › Seguridad by typing the secret shown for manual entry into
// "the app" (otplib here), keeps the recovery codes shown once, then signs in with password and
// code, and later with a recovery code.

const PASSWORD = "Clave-Segura-2026";

async function createAdmin() {
  const stamp = unique();
  const admin = { id: `e2e2fa${randomBytes(8).toString("hex")}`, name: `Admin 2FA ${stamp}`, email: `e2e-2fa-${stamp}@ejemplo.pe` };
  const hash = await bcrypt.hash(PASSWORD, 4);
  await withDb((db) =>
    db.query("insert into users (id, name, email, password_hash, role, email_verified, updated_at) values ($1, $2, $3, $4, 'admin', now(), now())", [
      admin.id,
      admin.name,
      admin.email,
      hash,
    ]),
  );
  return admin;
}

/** The app's code `stepsAhead` time steps from now (the step the enrolment used is spent). */
const code = (secret: string, stepsAhead: number) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Cerrar sesión" }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/login/);
}

test("un administrador activa la verificación en dos pasos y luego inicia sesión con código y con un código de recuperación", async ({ page }) => {
  test.setTimeout(90_000);
  const admin = await createAdmin();
  await sendFromOwnIp(page);

  // Enrol.
  await page.goto("/login");
  await fillLogin(page, admin.email, PASSWORD);
  await expectOnDashboard(page, "admin");
  await page.goto("/admin/profile");
  const security = page.getByRole("region", { name: "Seguridad" });
  await expect(security.getByText("Desactivada", { exact: true })).toBeVisible();
  await security.getByRole("button", { name: "Configurar verificación en dos pasos" }).click();
  await expect(security.getByRole("img", { name: "Código QR para tu aplicación de autenticación" })).toBeVisible();
  const secret = (await security.getByTestId("two-factor-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await security.getByLabel("Código de verificación").fill(code(secret, 0));
  await security.getByRole("button", { name: "Activar" }).click();
  await expect(toast(page, "Verificación en dos pasos activada")).toBeVisible();

  const codes = (await security.getByTestId("recovery-codes").getByRole("listitem").allInnerTexts()).map((text) => text.trim());
  expect(codes).toHaveLength(10);
  const done = security.getByRole("button", { name: "Listo" });
  await expect(done).toBeDisabled();
  await security.getByLabel("Los guardé en un lugar seguro").check();
  await done.click();
  await expect(security.getByText("Activada", { exact: true })).toBeVisible();
  await expect(security.getByTestId("recovery-codes-left")).toHaveText("10");

  // Password alone is not enough: the code step. Signing out clears the session's toasts.
  await signOut(page);
  await expect(toast(page, "Sesión cerrada")).toBeVisible();
  await expect(toast(page, "Verificación en dos pasos activada")).toHaveCount(0);
  await fillLogin(page, admin.email, PASSWORD);
  const step = page.getByRole("form", { name: "Verificación en dos pasos" });
  await expect(page.getByRole("heading", { name: "Verificación en dos pasos" })).toBeVisible();
  const codeField = step.getByLabel("Código de verificación");
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  await expect(codeField).toHaveAttribute("inputmode", "numeric");
  await codeField.fill("000000");
  await step.getByRole("button", { name: "Verificar" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Código incorrecto.");
  await codeField.fill(code(secret, 1));
  await step.getByRole("button", { name: "Verificar" }).click();
  await expectOnDashboard(page, "admin");

  // A recovery code.
  await signOut(page);
  await fillLogin(page, admin.email, PASSWORD);
  await page.getByRole("button", { name: "Usar un código de recuperación" }).click();
  await step.getByLabel("Código de recuperación").fill(codes[0]);
  await step.getByRole("button", { name: "Verificar" }).click();
  await expectOnDashboard(page, "admin");
  await page.goto("/admin/profile");
  await expect(page.getByTestId("recovery-codes-left")).toHaveText("9");
});
