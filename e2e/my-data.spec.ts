import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { readPdf } from "../tests/helpers/pdf-text";
import { expectNoAxeViolations } from "./helpers/axe";
import { findUserByEmail, SEEDED_CLIENT, signInAs, withDb } from "./helpers/session";

// "Mis datos" in the browser against the production server: the demo client (a year of invoices,
// prisma/seed-data) opens Mi perfil from the menu, downloads its data as JSON (the browser's own
// download) and finds its e-mail and every invoice of its account in the file, then the PDF
// summary with its name; at 375 px the section is usable and passes axe.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

async function openProfile(page: Page, width: number) {
  await page.goto("/client/dashboard");
  if (width < 768) await page.getByRole("button", { name: "Menú de navegación" }).click();
  await page.getByRole("navigation", { name: "Menú de la zona cliente" }).getByRole("link", { name: "Perfil", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mi perfil" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Mis datos" })).toBeVisible();
}

test.describe("Mis datos (zona cliente)", () => {
  test("el cliente descarga sus datos en JSON y el resumen en PDF", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: BASE_URL, acceptDownloads: true });
    try {
      const client = await signInAs(context, BASE_URL, SEEDED_CLIENT.email);
      const page = await context.newPage();
      await openProfile(page, 1280);

      const [jsonDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descargar mis datos (JSON)" }).click()]);
      expect(jsonDownload.suggestedFilename()).toMatch(/^mis-datos-\d{4}-\d{2}-\d{2}\.json$/);
      const file = JSON.parse(await readFile((await jsonDownload.path())!, "utf8")) as {
        profile: { email: string; name: string };
        invoices: { number: string }[];
      };
      expect(file.profile.email).toBe(SEEDED_CLIENT.email);
      const stored = await withDb((db) => db.query<{ invoice_number: string }>("select invoice_number from invoices where user_id = $1 order by id", [client.id]));
      expect(stored.rows.length).toBeGreaterThan(0);
      expect(file.invoices.map((invoice) => invoice.number)).toEqual(stored.rows.map((row) => row.invoice_number));
      await expect(page.getByRole("region", { name: /Notificaciones/ }).getByText("Descarga lista", { exact: true })).toBeVisible();

      const [pdfDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Resumen en PDF" }).click()]);
      expect(pdfDownload.suggestedFilename()).toMatch(/^mis-datos-\d{4}-\d{2}-\d{2}\.pdf$/);
      const bytes = new Uint8Array(await readFile((await pdfDownload.path())!));
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
      const { text } = await readPdf(bytes);
      expect(text).toContain((await findUserByEmail(SEEDED_CLIENT.email)).name);
      expect(text).toContain(stored.rows.at(-1)!.invoice_number);
    } finally {
      await context.close();
    }
  });

  test("a 375 px la sección se usa sin desbordes y pasa axe", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 375, height: 800 } });
    try {
      await signInAs(context, BASE_URL, SEEDED_CLIENT.email);
      const page = await context.newPage();
      await openProfile(page, 375);
      const section = page.getByTestId("my-data-section");
      await section.scrollIntoViewIfNeeded();
      for (const name of ["Descargar mis datos (JSON)", "Resumen en PDF"]) {
        const box = await section.getByRole("link", { name }).boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expect(section.getByRole("link", { name: "Política de privacidad" })).toHaveAttribute("href", "/privacidad");
      await expectNoAxeViolations(page);
    } finally {
      await context.close();
    }
  });
});
