import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { readPdf } from "../tests/helpers/pdf-text";
import { expectNoAxeViolations } from "./helpers/axe";
import { createThrowawayUser, deleteThrowawayUser, SEEDED_ADMIN, SEEDED_CLIENT, signInAs, withDb } from "./helpers/session";

// "Estado de cuenta": the demo client (prisma/seed-data/demo-account.ts) opens it from the menu,
// picks "Últimos 12 meses", downloads the PDF, and every currency's totals and closing balance in
// the PDF's text are the ones the screen shows; on a desktop and at 375 px, with an axe check. A
// client without movements sees the empty state; an admin reaches the same figures from an
// invoice of that client.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

const VIEWPORTS = [
  { name: "escritorio", width: 1280, height: 900 },
  { name: "375 px", width: 375, height: 800 },
] as const;

async function openFromMenu(page: Page, name: string, width: number) {
  if (width < 768) await page.getByRole("button", { name: "Menú de navegación" }).click();
  await page.getByRole("navigation", { name: "Menú de la zona cliente" }).getByRole("link", { name, exact: true }).click();
}

type ShownSection = { currency: string; totals: [string, string][]; closing: [string, string] };

/** Each currency's totals ("Saldo inicial", "Facturado", …) and closing balance as the screen shows them. */
async function shownSections(page: Page): Promise<ShownSection[]> {
  const sections = page.locator('section[data-testid^="statement-"]');
  const shown: ShownSection[] = [];
  for (const section of await sections.all()) {
    const currency = (await section.getAttribute("data-testid"))!.replace("statement-", "");
    const totals = section.getByTestId(`statement-totals-${currency}`);
    const labels = await totals.locator("dt").allInnerTexts();
    const values = await totals.locator("dd").allInnerTexts();
    const closing = await section.getByTestId(`statement-closing-${currency}`).locator("span").allInnerTexts();
    shown.push({ currency, totals: labels.map((label, index) => [label.trim(), values[index].trim()]), closing: [closing[0].trim(), closing[1].trim()] });
  }
  return shown;
}

const squash = (text: string) => text.replace(/\s+/g, " ");

for (const viewport of VIEWPORTS) {
  test.describe(`Estado de cuenta (${viewport.name})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
    });

    test("el cliente lo abre, descarga el PDF y sus totales son los de la pantalla", async ({ page, context }) => {
      test.slow();
      await signInAs(context, BASE_URL, SEEDED_CLIENT.email);
      await page.goto("/client/dashboard");
      await openFromMenu(page, "Estado de cuenta", viewport.width);
      await expect(page).toHaveURL(/\/client\/statement$/);
      await expect(page.getByRole("heading", { level: 1, name: "Estado de cuenta" })).toBeVisible();

      await page.getByRole("button", { name: "Últimos 12 meses" }).click();
      await expect(page).toHaveURL(/\/client\/statement\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
      await expect(page.getByRole("button", { name: "Últimos 12 meses" })).toHaveAttribute("aria-pressed", "true");
      const url = new URL(page.url());
      const [from, to] = [url.searchParams.get("from")!, url.searchParams.get("to")!];
      await expect(page.getByLabel("Desde")).toHaveValue(from);
      await expect(page.getByLabel("Hasta")).toHaveValue(to);

      // The demo client has invoices in dollars and soles within the year.
      const sections = await shownSections(page);
      expect(sections.map((section) => section.currency).sort()).toEqual(["PEN", "USD"]);
      for (const section of sections) {
        expect(section.totals.map(([label]) => label).slice(0, 4)).toEqual(["Saldo inicial", "Facturado", "Notas de crédito", "Pagos recibidos"]);
        expect(["Saldo a pagar", "Saldo a favor"]).toContain(section.closing[0]);
      }
      await expectNoAxeViolations(page);

      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descargar PDF" }).click()]);
      expect(download.suggestedFilename()).toBe(`estado-de-cuenta-${from}_${to}.pdf`);
      const { text } = await readPdf(new Uint8Array(await readFile((await download.path())!)));
      const pdf = squash(text);
      expect(pdf).toContain("ESTADO DE CUENTA");
      // Per currency, the PDF's totals block reads exactly as the screen's, in the same order.
      for (const section of sections) {
        const block = [...section.totals, section.closing].map(([label, value]) => `${label} ${value}`).join(" ");
        expect(pdf).toContain(squash(block));
      }

      const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descargar CSV" }).click()]);
      expect(csv.suggestedFilename()).toBe(`estado-de-cuenta-${from}_${to}.csv`);
    });
  });
}

test("un cliente sin movimientos ve el estado vacío; un periodo imposible en la URL se explica", async ({ page, context }) => {
  const user = await createThrowawayUser("client");
  try {
    await signInAs(context, BASE_URL, user);
    await page.goto("/client/statement");
    await expect(page.getByText("No hay movimientos ni saldos en este periodo.")).toBeVisible();
    await page.goto("/client/statement?from=2026-02-30");
    await expect(page.getByRole("main").getByRole("alert")).toContainText("La fecha «Desde» debe ser una fecha válida");
    // The form checks the period as the server does.
    await page.getByLabel("Desde").fill("2026-05-10");
    await page.getByLabel("Hasta").fill("2026-05-01");
    await page.getByRole("button", { name: "Ver estado de cuenta" }).click();
    await expect(page.getByText("La fecha «Desde» no puede ser posterior a «Hasta».")).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    await deleteThrowawayUser(user);
  }
});

test("el admin llega al estado de cuenta del cliente desde una factura y ve el mismo saldo", async ({ browser }) => {
  const clientContext = await browser.newContext({ baseURL: BASE_URL });
  const client = await clientContext.newPage();
  await signInAs(clientContext, BASE_URL, SEEDED_CLIENT.email);
  await client.goto("/client/statement");
  const expected = await shownSections(client);
  await clientContext.close();

  const adminContext = await browser.newContext({ baseURL: BASE_URL });
  const page = await adminContext.newPage();
  await signInAs(adminContext, BASE_URL, SEEDED_ADMIN.email);
  const { rows } = await withDb((db) =>
    db.query<{ id: number }>("select i.id from invoices i join users u on u.id = i.user_id where u.email = $1 order by i.id desc limit 1", [SEEDED_CLIENT.email]),
  );
  await page.goto(`/admin/invoices/${rows[0].id}`);
  await page.getByRole("link", { name: "Estado de cuenta del cliente" }).click();
  await expect(page).toHaveURL(/\/admin\/statement\?user_id=/);
  await expect(page.getByRole("heading", { level: 1, name: "Estado de cuenta" })).toBeVisible();
  expect(await shownSections(page)).toEqual(expected);
  await expectNoAxeViolations(page);

  // A hand-edited address naming nobody (with a bad period too) says so and offers the list.
  await page.goto("/admin/statement?user_id=no-existe&from=2026-02-30");
  // (In the page's main region: Next's route announcer is an empty alert of its own.)
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Cliente no encontrado. Elige otro cliente de la lista.");
  await expect(page.getByRole("heading", { level: 1, name: "Estado de cuenta" })).toBeVisible();
  await adminContext.close();
});
