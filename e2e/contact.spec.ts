import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";

// The contact page against the seeded database. Each test sends from its own fake IP
// (X-Forwarded-For), so repeated runs never hit the 5-per-10-minutes rate limit.

const SUCCESS = "Mensaje enviado correctamente. Te contactaremos pronto.";

function fakeIp(): string {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return `10.${part()}.${part()}.${part()}`;
}

async function useOwnIp(page: Page) {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": fakeIp() });
}

function form(page: Page) {
  return page.getByRole("form", { name: "Envíanos un mensaje" });
}

async function fillRequired(page: Page, tag: string) {
  const contact = form(page);
  await contact.getByLabel("Nombre Completo").fill(`Rosa Huamán ${tag}`);
  await contact.getByLabel("Correo electrónico").fill(`rosa.${tag}@ejemplo.pe`);
  await contact.getByLabel("Mensaje").fill(`Necesitamos automatizar la facturación electrónica (${tag}).`);
  await consentBox(page).check();
}

function consentBox(page: Page) {
  return form(page).getByRole("checkbox", { name: /He leído y acepto la Política de privacidad/ });
}

test.describe("Contacto", () => {
  test("envía el formulario completo: banner de éxito y formulario vacío", async ({ page }) => {
    await useOwnIp(page);
    await page.goto("/contacto");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    const contact = form(page);
    const tag = `${Date.now()}`;
    await fillRequired(page, tag);
    await expect(contact.getByLabel("Teléfono")).toHaveAttribute("placeholder", /^\+51 9\d{2} \d{3} \d{3}$/);
    await contact.getByLabel("Teléfono").fill("+51 987 654 321");
    await contact.getByLabel("Empresa").fill("Ferretería El Sol");
    await contact.getByLabel("Asunto").fill("Facturación electrónica");

    const sector = contact.getByLabel("Sector");
    await expect(sector.locator("option").first()).toHaveText("Selecciona un sector (opcional)");
    const sectorOptions = await sector.locator("option").count();
    if (sectorOptions > 1) await sector.selectOption({ index: 1 });

    const sending = page.waitForResponse((response) => response.url().endsWith("/api/v1/contact") && response.request().method() === "POST");
    await contact.getByRole("button", { name: "Enviar mensaje" }).click();
    expect((await sending).status()).toBe(201);

    await expect(contact.getByRole("status")).toHaveText(SUCCESS);
    for (const label of ["Nombre Completo", "Correo electrónico", "Teléfono", "Empresa", "Asunto", "Mensaje"]) {
      await expect(contact.getByLabel(label)).toHaveValue("");
    }
    await expect(sector).toHaveValue("");
    await expect(consentBox(page)).not.toBeChecked();
    await expect(contact.getByRole("button", { name: "Enviar mensaje" })).toBeEnabled();
  });

  test("muestra «Enviando...» y desactiva el botón mientras envía", async ({ page }) => {
    await useOwnIp(page);
    await page.goto("/contacto");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/v1/contact", async (route) => {
      await held;
      await route.continue();
    });

    await fillRequired(page, `${Date.now()}`);
    await form(page).getByRole("button", { name: "Enviar mensaje" }).click();
    const busyButton = form(page).getByRole("button", { name: "Enviando..." });
    await expect(busyButton).toBeDisabled();
    release();
    await expect(form(page).getByRole("status")).toHaveText(SUCCESS);
  });

  test("marca los campos obligatorios vacíos y un correo no válido, sin enviar nada", async ({ page }) => {
    await useOwnIp(page);
    await page.goto("/contacto");
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });

    const contact = form(page);
    await contact.getByRole("button", { name: "Enviar mensaje" }).click();

    for (const [label, message] of [
      ["Nombre Completo", "El nombre es obligatorio."],
      ["Mensaje", "El mensaje es obligatorio."],
    ] as const) {
      const field = contact.getByLabel(label);
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(".", "\\.")));
    }
    await expect(contact.getByLabel("Correo electrónico")).toHaveAttribute("aria-invalid", "true");
    await expect(consentBox(page)).toHaveAccessibleDescription("Debes aceptar la Política de privacidad para continuar.");
    await expect(contact.getByLabel("Nombre Completo")).toBeFocused();

    await contact.getByLabel("Correo electrónico").fill("rosa@");
    await contact.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(contact.getByLabel("Correo electrónico")).toHaveAccessibleDescription("Ingresa un correo electrónico válido.");
    expect(posted).toBe(false);
  });

  test("muestra el error de conexión cuando la red falla", async ({ page }) => {
    await useOwnIp(page);
    await page.goto("/contacto");
    await page.route("**/api/v1/contact", (route) => route.abort("internetdisconnected"));
    await fillRequired(page, `${Date.now()}`);
    await form(page).getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("Error de conexión. Verifica tu conexión a internet.");
    // What was typed is kept, so the visitor can try again.
    await expect(form(page).getByLabel("Mensaje")).not.toHaveValue("");
  });

  test("no tiene problemas de accesibilidad (axe), tampoco con errores visibles", async ({ page }) => {
    await useOwnIp(page);
    await page.goto("/contacto");
    await expectNoAxeViolations(page);
    await form(page).getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(form(page).getByLabel("Nombre Completo")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });

  test("en un móvil (375 px) el formulario cabe sin desplazamiento horizontal", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/contacto");
    await expect(form(page).getByRole("button", { name: "Enviar mensaje" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

// Without JavaScript the page content must be in the HTML itself. A loading.tsx Suspense
// boundary around whole pages breaks that: React (progressiveChunkSize, 12.8 kB) sends a large
// completed boundary as hidden HTML that only an inline script reveals, so the visitor sees
// "Cargando..." forever.
test.describe("Contacto sin JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("el formulario se envía igual y muestra el mensaje de éxito", async ({ page }) => {
    await useOwnIp(page);
    await page.goto("/contacto");
    await fillRequired(page, `nojs-${Date.now()}`);
    await form(page).getByRole("button", { name: "Enviar mensaje" }).click();
    await page.waitForLoadState("load");
    await expect(form(page).getByRole("status")).toHaveText(SUCCESS);
    await expect(form(page).getByLabel("Nombre Completo")).toHaveValue("");
  });

  test("los errores del servidor aparecen junto a los campos y se conserva lo escrito", async ({ page }) => {
    await useOwnIp(page);
    await page.goto("/contacto");
    const contact = form(page);
    await contact.getByLabel("Nombre Completo").fill("Rosa Huamán");
    await contact.getByLabel("Correo electrónico").fill("rosa-sin-arroba");
    await contact.getByRole("button", { name: "Enviar mensaje" }).click();
    await page.waitForLoadState("load");

    await expect(form(page).getByRole("alert")).toHaveText("Revisa los campos marcados.");
    await expect(form(page).getByLabel("Correo electrónico")).toHaveAccessibleDescription("Ingresa un correo electrónico válido.");
    await expect(form(page).getByLabel("Mensaje")).toHaveAccessibleDescription(/El mensaje es obligatorio\./);
    await expect(form(page).getByLabel("Nombre Completo")).toHaveValue("Rosa Huamán");
    await expect(form(page).getByLabel("Correo electrónico")).toHaveValue("rosa-sin-arroba");
  });
});

