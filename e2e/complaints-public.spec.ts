import { expect, test, type Page } from "@playwright/test";
import { startSmtpServer, type TestSmtpServer } from "../tests/helpers/smtp";
import { expectNoAxeViolations } from "./helpers/axe";

// The Libro de Reclamaciones as a visitor uses it: the footer's link, the form, the sheet's
// number on the page and the copy with its PDF as a REAL SMTP server receives it. The server
// under test sends to SMTP_URL = smtp://127.0.0.1:$E2E_SMTP_PORT (playwright.config.ts);
// e2e/admin-inbox.spec.ts listens there for its whole run, so this spec listens only around its
// one submission, waiting for the port while the other holds it.

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT);

function fakeIp(): string {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return `10.${part()}.${part()}.${part()}`;
}

async function useOwnIp(page: Page) {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": fakeIp() });
}

/** The SMTP server on E2E_SMTP_PORT, once no other spec holds that port. */
async function listenForMail(): Promise<TestSmtpServer> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      return await startSmtpServer(SMTP_PORT);
    } catch (error) {
      if (!/EADDRINUSE/.test(String(error)) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

const form = (page: Page) => page.getByRole("form", { name: "Hoja de reclamación virtual" });

/** Today in Lima, "dd/mm/aaaa". */
function limaToday(): string {
  const [year, month, day] = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Lima" }).format(new Date()).split("-");
  return `${day}/${month}/${year}`;
}

async function fillSheet(page: Page, tag: string, email: string) {
  const sheet = form(page);
  await sheet.getByLabel("Nombre completo").fill(`Rosa Huamán ${tag}`);
  await sheet.getByLabel("Número de documento").fill("45678912");
  await sheet.getByLabel("Domicilio").fill("Av. Arequipa 1234, Lince, Lima");
  await sheet.getByLabel("Correo electrónico").fill(email);
  await sheet.getByRole("radio", { name: "Servicio", exact: true }).check();
  await sheet.getByLabel("Monto reclamado").fill("250.50");
  await sheet.getByLabel("Descripción del producto o servicio").fill("Soporte TI mensual");
  await sheet.getByRole("radio", { name: /^Reclamo/ }).check();
  await sheet.getByRole("textbox", { name: "Detalle", exact: true }).fill(`El técnico no acudió a la visita programada (${tag}).`);
  await sheet.getByRole("textbox", { name: "Pedido", exact: true }).fill("Solicito que reprogramen la visita sin costo.");
  await sheet.getByRole("checkbox", { name: /He leído y acepto la Política de privacidad/ }).check();
}

test.describe("Libro de Reclamaciones", () => {
  test("un visitante abre el enlace del pie, registra un reclamo, ve su número y recibe la copia con el PDF", async ({ page }) => {
    test.setTimeout(240_000);
    await useOwnIp(page);
    await page.goto("/");
    const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Libro de Reclamaciones" });
    await expect(footerLink).toBeVisible();
    await footerLink.click();
    await expect(page).toHaveURL(/\/libro-de-reclamaciones$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Libro de Reclamaciones");

    // Who the sheet goes to, and the date it is filed.
    const provider = page.getByTestId("complaints-provider");
    await expect(provider).toContainText("Razón social");
    await expect(provider).toContainText(/RUC\s*\d{11}/);
    await expect(form(page)).toContainText(`Fecha: ${limaToday()}`);
    await expect(form(page)).toContainText("Disconformidad relacionada a los productos o servicios.");
    await expect(form(page)).toContainText("malestar o descontento respecto a la atención al público");

    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const email = `rosa.${tag}@ejemplo.pe`;
    await fillSheet(page, tag, email);

    const smtp = await listenForMail();
    try {
      // While the sheet is on its way the button cannot be pressed again.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/libro-de-reclamaciones", async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      });
      await form(page).getByRole("button", { name: "Enviar hoja de reclamación" }).click();
      await expect(form(page).getByRole("button", { name: "Enviando..." })).toBeDisabled();
      release();

      const receipt = page.getByTestId("complaint-receipt");
      const heading = receipt.getByRole("heading", { name: /^Hoja de reclamación N\.° \d{4}-\d{6}$/ });
      await expect(heading).toBeVisible();
      const number = /\d{4}-\d{6}/.exec((await heading.textContent()) ?? "")![0];
      await expect(receipt).toContainText(`Te enviaremos una copia de esta hoja a ${email}`);
      await expect(receipt).toContainText(`El técnico no acudió a la visita programada (${tag}).`);

      // The PDF behind "Descargar PDF" is the sheet.
      const href = await receipt.getByRole("link", { name: "Descargar PDF" }).getAttribute("href");
      expect(href).toMatch(new RegExp(`^/api/v1/complaints/${number}/pdf\\?token=`));
      const pdf = await page.request.get(href!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

      // The copy as the mail server received it, with the PDF attached.
      const mail = await smtp.waitFor((m) => m.recipients.includes(email), 30_000);
      expect(mail.headers.subject).toBe(`Hoja de reclamación N.° ${number}`);
      expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
      expect(mail.raw).toContain(`hoja-de-reclamacion-${number}.pdf`);
    } finally {
      await page.unroute("**/libro-de-reclamaciones");
      await smtp.close();
    }
  });

  test("marca lo que falta, pide los datos del apoderado de un menor y no pierde lo escrito sin avisar", async ({ page }) => {
    await useOwnIp(page);
    await page.goto("/libro-de-reclamaciones");
    const sheet = form(page);
    await sheet.getByRole("button", { name: "Enviar hoja de reclamación" }).click();
    await expect(sheet.getByRole("alert")).toHaveText("Revisa los campos marcados.");
    await expect(sheet.getByLabel("Nombre completo")).toHaveAttribute("aria-invalid", "true");
    await expect(sheet.getByLabel("Nombre completo")).toBeFocused();
    await expect(sheet).toContainText("Debes aceptar la Política de privacidad.");

    await sheet.getByLabel("Soy menor de edad").check();
    const guardian = sheet.getByRole("group", { name: "Datos del padre, madre o apoderado" });
    await expect(guardian).toBeVisible();
    await sheet.getByRole("button", { name: "Enviar hoja de reclamación" }).click();
    await expect(sheet).toContainText("Ingresa el nombre del padre, madre o apoderado.");

    await sheet.getByLabel("Número de documento").first().fill("123");
    await sheet.getByLabel("Número de documento").first().blur();
    await expect(sheet).toContainText("El DNI tiene 8 dígitos.");
    await expectNoAxeViolations(page);

    // Text typed: a link elsewhere on the site asks first.
    await page.getByRole("contentinfo").getByRole("link", { name: "Política de privacidad" }).click();
    await expect(page.getByRole("alertdialog", { name: "Cambios sin guardar" })).toBeVisible();
    await page.getByRole("button", { name: "Seguir editando" }).click();
    await expect(page).toHaveURL(/\/libro-de-reclamaciones$/);
  });

  test("en un móvil (375 px) el formulario cabe sin desplazamiento horizontal", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/libro-de-reclamaciones");
    await expect(form(page)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
