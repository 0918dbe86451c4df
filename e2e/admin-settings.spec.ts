import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { createThrowawayUser, deleteThrowawayUser, signInAs, waitForSiteCrawlIdle, withDb, type SessionUser } from "./helpers/session";

// "Configuración del sitio": the company tagline, phone and footer text edited in the screen show
// in the footer of /, /contacto and /privacidad and in the JSON-LD of / on the next request (the
// pages stay pre-rendered; the save expires their settings tag). The original values are put back
// through the same screen, so the public pages show them again.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

type Original = { tagline: string; phone: string; footer: string };

let admin: SessionUser;

// Several saves and public pages regenerated on demand, on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async () => {
  admin = await createThrowawayUser("admin");
});

test.afterEach(async () => {
  await deleteThrowawayUser(admin);
});

async function readOriginal(): Promise<Original> {
  const { rows } = await withDb((db) =>
    db.query<{ company_tagline: string | null; contact_phone: string | null; footer_text: string | null }>(
      "select company_tagline, contact_phone, footer_text from site_settings where id = 1",
    ),
  );
  const row = rows[0];
  return { tagline: row?.company_tagline ?? "", phone: row?.contact_phone ?? "", footer: row?.footer_text ?? "" };
}

/** Opens the screen and waits until it is interactive (the history loads from an effect, so after hydration). */
async function openSettings(page: Page) {
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Configuración del sitio" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Historial de cambios" }).getByText("Cargando...")).toHaveCount(0);
}

/** Fills the three fields and saves through the screen; waits for the success toast. */
async function saveThroughScreen(page: Page, values: Original) {
  await openSettings(page);
  await page.getByLabel("Eslogan").fill(values.tagline);
  await page.getByLabel("Teléfono").fill(values.phone);
  await page.getByLabel("Texto del pie de página").fill(values.footer);
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Configuración guardada correctamente")).toBeVisible();
}

/** The HTML an anonymous visitor gets (the `request` fixture shares no cookies with the admin's browser). */
async function publicHtml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(200);
  return response.text();
}

function footerOf(html: string): string {
  const start = html.indexOf("<footer");
  const end = html.indexOf("</footer>", start);
  expect(start, "the page has a footer").toBeGreaterThan(-1);
  return html.slice(start, end);
}

function organizationJsonLd(html: string): Record<string, unknown> {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]) as Record<string, unknown>);
  const organization = scripts.find((data) => data["@type"] === "Organization");
  expect(organization, "the page has the Organization JSON-LD").toBeTruthy();
  return organization!;
}

test.describe("Configuración del sitio", () => {
  test("tagline, phone and footer text saved in the screen show on /, /contacto, /privacidad and the JSON-LD on the next request", async ({ page, context, request }) => {
    const original = await readOriginal();
    const stamp = Date.now();
    const changed = {
      tagline: `Software que ordena tu pyme ${stamp}`,
      phone: "987-654-321",
      footer: `Consultoría TI para pymes peruanas, edición ${stamp}.`,
    };
    await signInAs(context, BASE_URL, admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    try {
      await openSettings(page);
      for (const section of ["Empresa", "Contacto", "Redes sociales", "Pie de página"]) {
        await expect(page.getByRole("region", { name: section })).toBeVisible();
      }
      await expect(page.getByRole("navigation", { name: "Menú de administración" }).getByRole("link", { name: "Configuración del sitio" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(page.getByLabel("Nombre de la empresa *")).not.toHaveValue("");
      await expect(page.getByRole("region", { name: "Historial de cambios" })).toBeVisible();
      await expectNoAxeViolations(page);

      await waitForSiteCrawlIdle();
      await page.getByLabel("Eslogan").fill(changed.tagline);
      await page.getByLabel("Teléfono").fill(changed.phone);
      await page.getByLabel("Texto del pie de página").fill(changed.footer);
      const save = page.getByRole("button", { name: "Guardar cambios" });
      await save.click();
      await expect(page.getByText("Configuración guardada correctamente")).toBeVisible();
      // The server's form of the phone comes back into the field.
      await expect(page.getByLabel("Teléfono")).toHaveValue("+51 987 654 321");
      const history = page.getByRole("region", { name: "Historial de cambios" });
      await expect(history.getByText("Actualizó la configuración del sitio").first()).toBeVisible();
      await expect(history.getByText(admin.name).first()).toBeVisible();
      // Only the three changed fields are listed.
      await history.getByText("Ver cambios (3 campos)").first().click();
      await expect(history.getByText(changed.tagline).first()).toBeVisible();
      await expect(history.getByText("+51 987 654 321").first()).toBeVisible();

      for (const path of ["/", "/contacto", "/privacidad"]) {
        const footer = footerOf(await publicHtml(request, path));
        expect(footer, path).toContain(changed.tagline);
        expect(footer, path).toContain("+51 987 654 321");
        expect(footer, path).toContain('href="tel:+51987654321"');
        expect(footer, path).toContain(changed.footer);
      }
      const jsonLd = organizationJsonLd(await publicHtml(request, "/"));
      expect(jsonLd.telephone).toBe("+51 987 654 321");

      // A reload shows what was stored.
      await page.reload();
      await expect(page.getByRole("region", { name: "Historial de cambios" }).getByText("Cargando...")).toHaveCount(0);
      await expect(page.getByLabel("Eslogan")).toHaveValue(changed.tagline);
      await expect(page.getByLabel("Texto del pie de página")).toHaveValue(changed.footer);
    } finally {
      await saveThroughScreen(page, original);
    }

    // Restored: the public pages show the original values again on the next request.
    const footer = footerOf(await publicHtml(request, "/"));
    expect(footer).not.toContain(changed.tagline);
    expect(footer).not.toContain(changed.footer);
    if (original.phone) expect(organizationJsonLd(await publicHtml(request, "/")).telephone).toBe(original.phone);
  });

  test("at 375 px the form fits, bad input shows Spanish errors on its fields and nothing is saved", async ({ page, context }) => {
    const before = await readOriginal();
    await signInAs(context, BASE_URL, admin);
    await page.setViewportSize({ width: 375, height: 800 });
    await openSettings(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);

    await page.getByLabel("Nombre de la empresa *").fill("");
    await page.getByLabel("RUC").fill("20601234567");
    await page.getByLabel("Teléfono").fill("12345");
    await page.getByLabel("Correo de contacto").fill("contacto@");
    await page.getByLabel("LinkedIn").fill("javascript:alert(1)");
    // Errors show as each field is left (and push the button down): let the layout settle before the click.
    await page.getByLabel("LinkedIn").blur();
    await expect(page.getByText(/El enlace de LinkedIn debe ser una URL/)).toBeVisible();
    await page.getByRole("button", { name: "Guardar cambios" }).click();

    await expect(page.getByText("El nombre de la empresa es obligatorio.")).toBeVisible();
    await expect(page.getByText(/El RUC no es válido: el dígito verificador no corresponde/)).toBeVisible();
    await expect(page.getByText(/Ingresa un teléfono peruano válido/)).toBeVisible();
    await expect(page.getByText(/Ingresa un correo electrónico válido/)).toBeVisible();
    await expect(page.getByText(/El enlace de LinkedIn debe ser una URL que empiece por http:\/\/ o https:\/\//)).toBeVisible();
    await expect(page.getByLabel("Teléfono")).toHaveAttribute("aria-invalid", "true");
    // The first invalid field has the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("company_name");
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    expect(await readOriginal()).toEqual(before);
  });
});
