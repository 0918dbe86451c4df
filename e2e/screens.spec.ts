import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { createThrowawayUser, deleteThrowawayUser, SEEDED_CLIENT, signInAs } from "./helpers/session";

// Screen defects that once slipped through, as a visitor, a new user and a signed-in user on a
// phone would see them: 404 pages with one header and one footer, server errors that go away once
// the field they are about is edited, a sector select whose text fits at 375 px, and a
// logout reachable without scrolling at 375×667 in both signed-in areas.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

const PHONE = { width: 375, height: 667 } as const;

function fakeIp(): string {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return `10.${part()}.${part()}.${part()}`;
}

let uniqueCounter = 0;
const unique = () => `${Date.now()}-${process.pid}-${++uniqueCounter}`;

// ---------------------------------------------------------------------------------------
// 1. The 404 page: an unknown URL and a filter value the page does not know.

const NOT_FOUND_TEXT = "Lo sentimos, la página que buscas no existe o fue movida. Revisa la dirección o vuelve al inicio.";
const NOT_FOUND_PATHS = [
  "/no-existe",
  // Unknown filter values, as legacy query URLs and as the variants' paths.
  "/productos?categoria=Foo",
  "/tecnologias?categoria=Foo",
  "/soluciones?tab=foo",
  "/sectores?sector=foo",
  "/productos/ver/foo",
  "/tecnologias/ver/foo/grid",
  "/soluciones/ver/foo",
  "/sectores/ver/foo",
];

async function expectOneHeaderAndFooter(page: Page) {
  // Landmarks as assistive technology lists them, and the elements themselves (a second
  // <header> nested in <main> is not a banner landmark, but people still see it).
  await expect(page.getByRole("banner")).toHaveCount(1);
  await expect(page.getByRole("contentinfo")).toHaveCount(1);
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.locator("header")).toHaveCount(1);
  await expect(page.locator("footer")).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Saltar al contenido" })).toHaveCount(1);
  await expect(page.locator("#contenido")).toHaveCount(1);
}

test.describe("Página 404", () => {
  for (const path of NOT_FOUND_PATHS) {
    test(`${path}: un solo encabezado y un solo pie, estado 404, noindex y el texto en español`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText("Página no encontrada");
      await expect(main.getByText(NOT_FOUND_TEXT)).toBeVisible();
      await expect(main.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/");
      await expect(main.getByRole("link", { name: "Contactar" })).toHaveAttribute("href", "/contacto");
      await expectOneHeaderAndFooter(page);
      expect(await page.locator('meta[name="robots"][content*="noindex"]').count()).toBeGreaterThan(0);
      // The title as served (what crawlers and the first paint get). After hydration Next 16 puts the
      // page's own title back for a notFound() thrown by a page (vercel/next.js#95836, open).
      const html = await (await page.request.get(path)).text();
      expect(html).toContain("<title>Página no encontrada | Lumen Consultoría TI</title>");
      await expectNoAxeViolations(page);
    });
  }

  test("a 375 px también: un encabezado arriba y un pie abajo", async ({ page }) => {
    await page.setViewportSize(PHONE);
    for (const [path, shot] of [["/no-existe", "url"], ["/soluciones?tab=foo", "filtro"], ["/soluciones/ver/foo", "ruta"]]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
      await expectOneHeaderAndFooter(page);
      await expect(page.getByRole("banner")).toBeInViewport();
      await page.screenshot({ path: `/tmp/screens-404-${shot}-375.png`, fullPage: true });
    }
  });
});

// ---------------------------------------------------------------------------------------
// 2. Server errors on the auth forms go away once their field is edited.

const EMAIL_TAKEN = "Ya existe una cuenta con este correo electrónico.";

test.describe("Errores del servidor en /register", () => {
  test("«Ya existe una cuenta…» desaparece al cambiar el correo y vuelve si se envía otra vez el mismo", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": fakeIp() });
    await page.goto("/register");
    const form = page.getByRole("form", { name: "Crear una cuenta" });
    const main = page.getByRole("main");
    const name = form.getByLabel("Nombre completo");
    const email = form.getByLabel("Correo electrónico");
    await name.fill("Lucía Quispe");
    await email.fill(SEEDED_CLIENT.email);
    await form.getByLabel("Contraseña", { exact: true }).fill("Clave-Nueva-2026");
    await form.getByLabel("Confirmar contraseña", { exact: true }).fill("Clave-Nueva-2026");
    await form.getByRole("checkbox", { name: /He leído y acepto la Política de privacidad/ }).check();
    await form.getByRole("button", { name: "Crear cuenta" }).click();

    await expect(email).toHaveAccessibleDescription(EMAIL_TAKEN);
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(main.getByRole("alert")).toHaveText(EMAIL_TAKEN);
    await expect(email).toBeFocused();

    // Editing another field leaves the e-mail's error where it is.
    await name.pressSequentially(" R");
    await expect(email).toHaveAccessibleDescription(EMAIL_TAKEN);

    // Typing in the e-mail: the message was about the old address, so it goes (field and red box).
    await email.click();
    await email.press("ControlOrMeta+a");
    await email.pressSequentially(`lucia-${unique()}@ejemplo.pe`);
    await expect(main.getByText(EMAIL_TAKEN)).toHaveCount(0);
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("");
    await expectNoAxeViolations(page);

    // Back to the taken address: nothing until it is sent; sent again, the error is back.
    await email.fill(SEEDED_CLIENT.email);
    await expect(main.getByText(EMAIL_TAKEN)).toHaveCount(0);
    await form.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(email).toHaveAccessibleDescription(EMAIL_TAKEN);
    await expect(main.getByRole("alert")).toHaveText(EMAIL_TAKEN);
    await expect(page).toHaveURL(/\/register$/);
  });
});

// ---------------------------------------------------------------------------------------
// 3. The contact form's sector select at 375 px.

const SECTOR_PLACEHOLDER = "Selecciona un sector (opcional)";

/**
 * The width the select needs to show its chosen option in full, against the width it has. The
 * need is measured on a copy sized to its content (CSS field-sizing), so it counts everything
 * the browser puts beside the text: padding, border and the browser's own arrow, if any.
 */
async function selectTextRoom(select: Locator) {
  return select.evaluate(async (element: HTMLSelectElement) => {
    await document.fonts.ready;
    const copy = element.cloneNode(true) as HTMLSelectElement;
    copy.removeAttribute("id");
    copy.removeAttribute("name");
    Object.assign(copy.style, { fieldSizing: "content", width: "auto", minWidth: "0", maxWidth: "none", position: "absolute", visibility: "hidden" });
    element.parentElement!.append(copy);
    copy.selectedIndex = element.selectedIndex;
    const needed = copy.getBoundingClientRect().width;
    copy.remove();
    return { text: element.selectedOptions[0]?.text ?? "", needed: Math.ceil(needed), available: Math.floor(element.getBoundingClientRect().width) };
  });
}

test.describe("Selector de sector del formulario de contacto", () => {
  test("a 375 px se lee entero «Selecciona un sector (opcional)», también con nombres de sector largos", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/contacto");
    const form = page.getByRole("form", { name: "Envíanos un mensaje" });
    const sector = form.getByLabel("Sector");
    await sector.scrollIntoViewIfNeeded();
    await expect(sector).toHaveValue("");

    const placeholder = await selectTextRoom(sector);
    expect(placeholder.text).toBe(SECTOR_PLACEHOLDER);
    expect(placeholder.needed, JSON.stringify(placeholder)).toBeLessThanOrEqual(placeholder.available);
    await sector.screenshot({ path: "/tmp/screens-sector-375.png" });

    // Every real sector name fits as well.
    const names = await sector.locator("option").allTextContents();
    for (let index = 1; index < names.length; index++) {
      await sector.selectOption({ index });
      const chosen = await selectTextRoom(sector);
      expect(chosen.needed, JSON.stringify(chosen)).toBeLessThanOrEqual(chosen.available);
    }
    await sector.selectOption("");

    // A sector with a very long name (up to 120 characters) neither widens the field nor the page,
    // and the placeholder still reads in full.
    const widthBefore = (await sector.boundingBox())!.width;
    const longName = "Cooperativas de ahorro y crédito, cajas municipales y otras entidades de microfinanzas en zonas rurales del Perú";
    await sector.evaluate((element: HTMLSelectElement, label) => {
      const option = document.createElement("option");
      option.value = "999999";
      option.text = label;
      element.append(option);
    }, longName);
    expect((await sector.boundingBox())!.width).toBe(widthBefore);
    const again = await selectTextRoom(sector);
    expect(again.text).toBe(SECTOR_PLACEHOLDER);
    expect(again.needed, JSON.stringify(again)).toBeLessThanOrEqual(again.available);
    await sector.selectOption("999999");
    expect((await sector.boundingBox())!.width).toBe(widthBefore);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // What does not fit ends in "…", so it reads as cut short rather than as a different name.
    await expect(sector).toHaveCSS("text-overflow", "ellipsis");
    await sector.screenshot({ path: "/tmp/screens-sector-long-375.png" });
  });

  test("en escritorio el selector sigue alineado con los demás campos", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/contacto");
    const form = page.getByRole("form", { name: "Envíanos un mensaje" });
    const sector = form.getByLabel("Sector");
    const company = form.getByLabel("Empresa");
    const [sectorBox, companyBox] = [(await sector.boundingBox())!, (await company.boundingBox())!];
    expect(Math.round(sectorBox.height)).toBe(Math.round(companyBox.height));
    expect(Math.round(sectorBox.width)).toBe(Math.round(companyBox.width));
    const placeholder = await selectTextRoom(sector);
    expect(placeholder.needed, JSON.stringify(placeholder)).toBeLessThanOrEqual(placeholder.available);
    await form.screenshot({ path: "/tmp/screens-contact-desktop.png" });
    await expectNoAxeViolations(page);
  });
});

// ---------------------------------------------------------------------------------------
// 4. Logout at 375×667 in both signed-in areas (the header always has a logout button).

const AREAS = [
  { role: "admin", path: "/admin/dashboard", title: "Panel de Administración", menu: "Menú de administración", logoutFrom: "header" },
  { role: "client", path: "/client/dashboard", title: "Zona Cliente", menu: "Menú de la zona cliente", logoutFrom: "drawer" },
] as const;

test.describe("Cerrar sesión en un móvil (375×667)", () => {
  for (const area of AREAS) {
    test(`${area.path}: a la vista en el encabezado y al pie del cajón, sin desplazarse, y funciona (desde el ${area.logoutFrom === "header" ? "encabezado" : "cajón"})`, async ({ page, context }) => {
      const user = await createThrowawayUser(area.role);
      try {
        await signInAs(context, BASE_URL, user);
        await page.setViewportSize(PHONE);
        await page.goto(area.path);
        const header = page.getByRole("banner");
        await expect(header).toContainText(area.title);

        // The header: its own logout button, whole and on screen.
        const headerLogout = header.getByRole("button", { name: "Cerrar sesión" });
        await expect(headerLogout).toBeInViewport({ ratio: 1 });
        const box = (await headerLogout.boundingBox())!;
        expect(box.width).toBeGreaterThanOrEqual(44);
        expect(box.height).toBeGreaterThanOrEqual(44);
        await expect(header.getByRole("link", { name: /Mi perfil/ })).toBeInViewport({ ratio: 1 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `/tmp/screens-${area.role}-header-375.png` });
        await expectNoAxeViolations(page);

        // The drawer: a modal dialog whose last button, "Cerrar sesión", shows without scrolling.
        const toggle = page.getByRole("button", { name: "Menú de navegación" });
        await toggle.click();
        const drawer = page.getByRole("dialog", { name: area.menu });
        await expect(drawer).toBeVisible();
        const drawerLogout = drawer.getByRole("button", { name: "Cerrar sesión" });
        await expect(drawerLogout).toBeInViewport({ ratio: 1 });
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        await page.screenshot({ path: `/tmp/screens-${area.role}-drawer-375.png` });
        await expectNoAxeViolations(page);

        // Keyboard: focus starts inside and Tab / Shift+Tab cycle within the drawer.
        const focusables = drawer.locator("a[href], button:not([disabled])");
        await expect(focusables.first()).toBeFocused();
        await page.keyboard.press("Shift+Tab");
        await expect(drawerLogout).toBeFocused();
        await page.keyboard.press("Tab");
        await expect(focusables.first()).toBeFocused();

        if (area.logoutFrom === "drawer") {
          await page.keyboard.press("Shift+Tab");
          await expect(drawerLogout).toBeFocused();
          await page.keyboard.press("Enter");
        } else {
          await page.keyboard.press("Escape");
          await expect(drawer).toBeHidden();
          await expect(toggle).toBeFocused();
          await headerLogout.click();
        }
        await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
        await expect(page.getByRole("region", { name: /Notificaciones/ }).getByText("Sesión cerrada", { exact: true })).toBeVisible();
        await page.goto(area.path);
        await expect(page).toHaveURL(`/login?callbackUrl=${encodeURIComponent(area.path)}`);
      } finally {
        await deleteThrowawayUser(user);
      }
    });
  }

  test("en escritorio el encabezado sigue mostrando «Cerrar sesión» con su texto", async ({ page, context }) => {
    const user = await createThrowawayUser("admin");
    try {
      await signInAs(context, BASE_URL, user);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto("/admin/dashboard");
      const headerLogout = page.getByRole("banner").getByRole("button", { name: "Cerrar sesión" });
      await expect(headerLogout).toBeVisible();
      await expect(headerLogout).toHaveText("Cerrar sesión");
      await page.screenshot({ path: "/tmp/screens-admin-header-desktop.png" });
    } finally {
      await deleteThrowawayUser(user);
    }
  });
});
