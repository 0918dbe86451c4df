import { expect, test, type Browser, type Page } from "@playwright/test";
import bcrypt from "bcryptjs";
import { expectNoAxeViolations } from "./helpers/axe";
import { createThrowawayUser, deleteThrowawayUser, findUserByEmail, SEEDED_CLIENT, signInAs, withDb, type SessionUser } from "./helpers/session";

// The client's "Mi perfil" and the invoice PDF in the browser against the production server.
// Profile edits and the password change use throw-away clients (other specs sign in as the demo
// client by its e-mail at the same time).

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
const toast = (page: Page, text: string) => page.getByRole("region", { name: /Notificaciones/ }).getByText(text, { exact: true });

function fakeIp(): string {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return `10.${part()}.${part()}.${part()}`;
}

/** RUC check digit (SUNAT módulo 11), to build valid RUCs. */
function ruc(firstTen: string): string {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = [...firstTen].reduce((total, digit, index) => total + Number(digit) * weights[index], 0);
  const check = (11 - (sum % 11)) % 10;
  return `${firstTen}${check}`;
}

type ProfileRow = { name: string; email: string; billing_name: string | null; tax_id: string | null };

const readProfile = async (id: string) =>
  (await withDb((db) => db.query<ProfileRow>("select name, email, billing_name, tax_id from users where id = $1", [id]))).rows[0];

/** Signs in through the login form in a fresh context; true when it reached the client dashboard. */
async function canSignIn(browser: Browser, email: string, password: string): Promise<boolean> {
  const context = await browser.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { "x-forwarded-for": fakeIp() } });
  try {
    const page = await context.newPage();
    await page.goto("/login");
    const form = page.getByRole("form", { name: "Iniciar Sesión" });
    await form.getByLabel("Correo electrónico").fill(email);
    await form.getByLabel("Contraseña", { exact: true }).fill(password);
    await form.getByRole("button", { name: "Iniciar Sesión" }).click();
    return await Promise.race([
      page.waitForURL("**/client/dashboard", { timeout: 20_000 }).then(() => true),
      page.getByText("Correo electrónico o contraseña incorrectos.").waitFor({ timeout: 20_000 }).then(() => false),
    ]);
  } finally {
    await context.close();
  }
}

const heading = (page: Page) => page.getByRole("heading", { level: 1, name: "Mi perfil" });

test.describe("Mi perfil (zona cliente)", () => {
  test("el formulario llega ya relleno con los datos guardados, antes de que corra ningún script", async ({ browser }) => {
    // Without JavaScript the page is what the server sent: what a slow phone shows until hydration,
    // and what a client types into before it (text typed into an empty field was merged with the
    // stored value once the form hydrated).
    const client = await createThrowawayUser("client");
    const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
    try {
      await withDb((db) => db.query("update users set billing_name = $2, tax_id = $3 where id = $1", [client.id, "Comercial Andina S.A.C.", "20100070970"]));
      const stored = await readProfile(client.id);
      await signInAs(context, BASE_URL, client);
      const page = await context.newPage();
      await page.goto("/client/profile");
      // The page streams behind its loading state (app/client/profile/loading.tsx): without scripts the
      // streamed form stays in the document, hidden, so its fields are found by name.
      const field = (name: string) => page.locator(`form input[name="${name}"]`);
      await expect(field("name")).toHaveValue(stored.name);
      await expect(field("email")).toHaveValue(stored.email);
      await expect(field("billing_name")).toHaveValue("Comercial Andina S.A.C.");
      await expect(field("tax_id")).toHaveValue("20100070970");
    } finally {
      await context.close();
      await deleteThrowawayUser(client);
    }
  });

  test("un cliente edita sus datos y su perfil de facturación; al recargar siguen guardados", async ({ page, context }) => {
    // A throw-away client: other specs sign in as the demo client at the same time (by e-mail).
    const client = await createThrowawayUser("client");
    const original = await readProfile(client.id);
    const stamp = unique();
    const newRuc = ruc(`2060${stamp.slice(-6)}`);
    try {
      // A new sign-in e-mail asks for the current password.
      const hash = await bcrypt.hash("clave-actual-123", 4);
      await withDb((db) => db.query("update users set password_hash = $1 where id = $2", [hash, client.id]));
      await signInAs(context, BASE_URL, client);
      await page.goto("/client/profile");
      await expect(heading(page)).toBeVisible();
      await expect(page.getByText(/simulado/)).toHaveCount(0);
      await expect(page.getByText("Con un RUC (11 dígitos) tus comprobantes serán facturas; con un DNI (8 dígitos), boletas de venta.", { exact: false })).toBeVisible();

      const section = page.getByRole("region", { name: "Información personal" });
      await section.getByLabel("Nombre", { exact: true }).fill(`María Quispe ${stamp}`);
      await section.getByLabel("Correo electrónico").fill(`Maria.${stamp}@Ejemplo.pe`);
      await section.getByLabel("Contraseña actual", { exact: true }).fill("clave-actual-123");
      await section.getByLabel("Razón social o nombre de facturación").fill(`Inversiones Quispe ${stamp} S.A.C.`);

      // A RUC with a wrong check digit is refused on the field, nothing is saved.
      const taxId = section.getByLabel("RUC o DNI");
      await taxId.fill(`${newRuc.slice(0, 10)}${(Number(newRuc[10]) + 1) % 10}`);
      await section.getByRole("button", { name: "Actualizar perfil" }).click();
      await expect(taxId).toHaveAccessibleDescription(/dígito verificador no corresponde/);
      expect((await readProfile(client.id)).name).toBe(original.name);

      await taxId.fill(newRuc);
      await section.getByRole("button", { name: "Actualizar perfil" }).click();
      await expect(toast(page, "Perfil actualizado. Te enviamos un enlace a tu nuevo correo para verificarlo.")).toBeVisible();
      await expect(page.getByTestId("user-menu")).toContainText(`María Quispe ${stamp}`);
      await expect(page.getByTestId("profile-tax-id")).toHaveText(`RUC ${newRuc}`);

      await page.reload();
      await expect(heading(page)).toBeVisible();
      await expect(section.getByLabel("Nombre", { exact: true })).toHaveValue(`María Quispe ${stamp}`);
      await expect(section.getByLabel("Correo electrónico")).toHaveValue(`maria.${stamp}@ejemplo.pe`);
      await expect(section.getByLabel("Razón social o nombre de facturación")).toHaveValue(`Inversiones Quispe ${stamp} S.A.C.`);
      await expect(section.getByLabel("RUC o DNI")).toHaveValue(newRuc);
      await expect(page.getByTestId("profile-billing-name")).toHaveText(`Inversiones Quispe ${stamp} S.A.C.`);

      // A DNI: boletas from now on.
      await section.getByLabel("RUC o DNI").fill("45678912");
      await section.getByRole("button", { name: "Actualizar perfil" }).click();
      await expect(toast(page, "Perfil actualizado correctamente").last()).toBeVisible();
      await expect(page.getByTestId("profile-tax-id")).toHaveText("DNI 45678912");
      expect(await readProfile(client.id)).toEqual({
        name: `María Quispe ${stamp}`,
        email: `maria.${stamp}@ejemplo.pe`,
        billing_name: `Inversiones Quispe ${stamp} S.A.C.`,
        tax_id: "45678912",
      });
    } finally {
      await deleteThrowawayUser(client);
    }
  });

  test("cambia la contraseña con la actual e inicia sesión con la nueva", async ({ page, context, browser }) => {
    test.slow();
    const user = await createThrowawayUser("client");
    try {
      const hash = await bcrypt.hash("clave-vieja-123", 4);
      await withDb((db) => db.query("update users set password_hash = $1 where id = $2", [hash, user.id]));
      await signInAs(context, BASE_URL, user);
      await page.goto("/client/profile");
      const section = page.getByRole("region", { name: "Cambiar contraseña" });
      const submit = section.getByRole("button", { name: "Actualizar contraseña" });
      await expect(submit).toBeDisabled();
      await expect(section.getByText("Mínimo 8 caracteres")).toBeVisible();
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
      await page.reload();
      await expect(heading(page)).toBeVisible();

      expect(await canSignIn(browser, user.email, "clave-vieja-123")).toBe(false);
      expect(await canSignIn(browser, user.email, "clave-nueva-456")).toBe(true);
    } finally {
      await deleteThrowawayUser(user);
    }
  });

  test("descarga el PDF de una factura propia; la de otro cliente es 404", async ({ page, context, browser }) => {
    const client = await findUserByEmail(SEEDED_CLIENT.email);
    const { rows } = await withDb((db) =>
      db.query<{ id: number; invoice_number: string }>("select id, invoice_number from invoices where user_id = $1 order by id limit 1", [client.id]),
    );
    expect(rows[0]).toBeTruthy();
    const invoice = rows[0];
    await signInAs(context, BASE_URL, client);
    const response = await page.request.get(`/api/v1/client/invoices/${invoice.id}/pdf`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-disposition"]).toBe(`attachment; filename="${invoice.invoice_number}.pdf"`);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    const body = await response.body();
    expect(body.subarray(0, 5).toString()).toBe("%PDF-");
    expect(body.length).toBeGreaterThan(1000);

    const stranger = await createThrowawayUser("client");
    const other = await browser.newContext({ baseURL: BASE_URL });
    try {
      await signInAs(other, BASE_URL, stranger);
      const denied = await other.request.get(`/api/v1/client/invoices/${invoice.id}/pdf`);
      expect(denied.status()).toBe(404);
      expect(await denied.json()).toEqual({ message: "Factura no encontrada." });
    } finally {
      await other.close();
      await deleteThrowawayUser(stranger);
    }
  });

  test("accesibilidad de Mi perfil (escritorio y 375 px)", async ({ page, context }) => {
    test.slow(); // two axe runs
    const user: SessionUser = await createThrowawayUser("client");
    try {
      await signInAs(context, BASE_URL, user);
      await page.goto("/client/profile");
      await expect(heading(page)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 375, height: 800 });
      await page.reload();
      await expect(heading(page)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      // The forms are usable at 375 px: a field error shows and the submit button is in view.
      const section = page.getByRole("region", { name: "Información personal" });
      await section.getByLabel("RUC o DNI").fill("2060123456");
      await section.getByRole("button", { name: "Actualizar perfil" }).click();
      await expect(section.getByLabel("RUC o DNI")).toHaveAccessibleDescription(/Ingresa un RUC de 11 dígitos o un DNI de 8 dígitos/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectNoAxeViolations(page);
    } finally {
      await deleteThrowawayUser(user);
    }
  });
});

