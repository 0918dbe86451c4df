import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { createClient, fakeIp, login, TEXT, unique } from "./helpers/auth";
import { SEEDED_ADMIN, signInAs, withDb } from "./helpers/session";

// Personal data rights (Ley 29733) in a real browser: a visitor files an ARCO request on
// /derechos-arco and gets its number and due date; a client asks from its profile to erase its
// account, an admin completes it on "Solicitudes ARCO", and the client is signed out and can no
// longer sign in.

const CONSENT = /He leído y acepto la Política de privacidad/;

test.describe("Derechos ARCO", () => {
  test("un visitante presenta una solicitud de rectificación y ve su número y plazo", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": fakeIp() });
    await page.goto("/derechos-arco");
    await expect(page.getByRole("heading", { level: 1, name: "Derechos ARCO" })).toBeVisible();
    const form = page.getByRole("form", { name: "Presenta tu solicitud" });

    // Nothing filled: each field says what is missing, consent included, and nothing is sent.
    await form.getByRole("button", { name: "Enviar solicitud" }).click();
    await expect(form.getByLabel("Nombre completo")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByRole("checkbox", { name: CONSENT })).toHaveAccessibleDescription("Debes aceptar la Política de privacidad para continuar.");
    await expectNoAxeViolations(page);

    const tag = unique();
    await form.getByLabel("Derecho que quieres ejercer").selectOption("rectification");
    await form.getByLabel("Nombre completo").fill(`Rosa Quispe ${tag}`);
    await form.getByLabel("Correo electrónico").fill(`rosa.${tag}@ejemplo.pe`);
    await form.getByLabel("Tipo de documento").selectOption("dni");
    await form.getByLabel("Número de documento").fill("1234");
    await form.getByRole("checkbox", { name: CONSENT }).check();
    await form.getByRole("button", { name: "Enviar solicitud" }).click();
    // A DNI has 8 digits; a rectification says what to correct.
    await expect(form.getByLabel("Número de documento")).toHaveAccessibleDescription(/El DNI tiene 8 dígitos\./);
    await expect(form.getByLabel(/Detalle de tu solicitud/)).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("Número de documento").fill("45678912");
    await form.getByLabel(/Detalle de tu solicitud/).fill("Mi apellido está mal escrito: es Quispe, no Quispé.");
    await form.getByRole("button", { name: "Enviar solicitud" }).click();

    const success = page.getByTestId("data-request-success");
    await expect(success.getByRole("heading", { name: /Recibimos tu solicitud n\.º \d+/ })).toBeVisible();
    await expect(success.getByTestId("data-request-due-date")).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    const stored = await withDb((db) => db.query("select kind, document_number, privacy_version from data_requests where email = $1", [`rosa.${tag}@ejemplo.pe`]));
    expect(stored.rows).toEqual([{ kind: "rectification", document_number: "45678912", privacy_version: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }]);
  });

  test("en un móvil (375 px) la página cabe sin desplazamiento horizontal y el pie enlaza a ella", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/derechos-arco");
    await expect(page.getByRole("button", { name: "Enviar solicitud" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expect(page.getByRole("contentinfo").locator('a[href="/derechos-arco"]')).toBeVisible();
  });
});

test.describe("Eliminación de cuenta", () => {
  test("un cliente la solicita, un administrador la completa y el cliente ya no puede iniciar sesión", async ({ page, browser, baseURL }) => {
    const password = "Clave-Segura-2026";
    const client = await createClient(password);
    await login(page, client.email, password);
    await expect(page).toHaveURL(/\/client\/dashboard/);

    await page.goto("/client/profile");
    const section = page.getByTestId("account-deletion");
    await expect(section.getByText("Se conservará, por obligación legal:")).toBeVisible();
    await section.getByRole("button", { name: "Solicitar eliminación" }).click();
    const confirm = page.getByTestId("account-deletion-confirm");
    const word = confirm.getByLabel(/Para confirmar, escribe ELIMINAR/);
    await word.fill("borrar");
    await confirm.getByRole("button", { name: "Solicitar eliminación" }).click();
    await expect(word).toHaveAttribute("aria-invalid", "true");
    await word.fill("ELIMINAR");
    await confirm.getByRole("button", { name: "Solicitar eliminación" }).click();
    await expect(page.getByTestId("account-deletion-pending")).toContainText("está en curso");
    const { rows } = await withDb((db) => db.query<{ id: number }>("select id from data_requests where user_id = $1 and status = 'pending'", [client.id]));
    expect(rows).toHaveLength(1);
    const requestId = rows[0].id;

    // The admin opens it from "Solicitudes ARCO" and completes it.
    const adminContext = await browser.newContext();
    await signInAs(adminContext, baseURL!, SEEDED_ADMIN.email);
    const admin = await adminContext.newPage();
    await admin.goto("/admin/data-requests");
    const row = admin.getByRole("row", { name: new RegExp(`N\\.º ${requestId} `) });
    await expect(row.getByTestId("data-request-days-left")).toHaveText("Quedan 10 días hábiles");
    await row.getByRole("button", { name: `Ver la solicitud n.º ${requestId} de ${client.name}` }).click();
    const detail = admin.getByTestId("data-request-detail");
    await expect(detail.getByRole("heading", { name: "Al completarla se elimina la cuenta" })).toBeVisible();
    await detail.getByLabel("Respuesta al titular *").fill("Eliminamos tu cuenta y tus datos personales.");
    await detail.getByRole("button", { name: "Completar y eliminar la cuenta" }).click();
    const dialog = admin.getByRole("alertdialog");
    await expect(dialog).toContainText(`Se eliminarán los datos personales de ${client.name}. Esta acción no se puede deshacer.`);
    await dialog.getByRole("button", { name: "Eliminar datos" }).click();
    await expect(admin.getByText("Cuenta eliminada y solicitud atendida.")).toBeVisible();
    await expect(detail.getByRole("heading", { name: "Respuesta" })).toBeVisible();
    await expect(detail.getByTestId("data-request-mails")).toContainText("Respuesta:");
    await adminContext.close();

    // The client's session ended at once, and its credentials no longer open anything.
    await page.goto("/client/profile");
    await expect(page).toHaveURL(/\/login/);
    await login(page, client.email, password);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(TEXT.invalidCredentials);
    const user = await withDb((db) => db.query("select name, email, anonymized_at is not null as erased from users where id = $1", [client.id]));
    expect(user.rows[0]).toMatchObject({ name: "Usuario eliminado", erased: true });
  });
});
