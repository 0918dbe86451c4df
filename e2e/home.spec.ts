import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";

// The home page and the public shell, against the seeded database.

const HEADER_LINKS = [
  { name: "Inicio", href: "/" },
  { name: "Nosotros", href: "/nosotros" },
  { name: "Soluciones", href: "/soluciones" },
  { name: "Productos", href: "/productos" },
  { name: "Servicios", href: "/servicios" },
  { name: "Tecnologías", href: "/tecnologias" },
  { name: "Sectores", href: "/sectores" },
  { name: "Contacto", href: "/contacto" },
];

const FOOTER_LINKS = ["/nosotros", "/soluciones", "/productos", "/servicios", "/privacidad", "/derechos-arco", "/terminos"];


test.describe("Inicio", () => {
  test("muestra el hero, las cifras, los destacados, los testimonios y el pie", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");

    // Hero with its two calls to action.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tecnología que impulsa el crecimiento de tu empresa");
    const hero = page.getByRole("region", { name: "Tecnología que impulsa el crecimiento de tu empresa" });
    await expect(hero.getByRole("link", { name: "Solicitar una consulta" })).toHaveAttribute("href", "/contacto");
    await expect(hero.getByRole("link", { name: "Ver servicios" })).toHaveAttribute("href", "/servicios");

    // The four static figures.
    const stats = page.getByRole("region", { name: "Nuestra trayectoria en cifras" });
    for (const [value, label] of [
      ["50+", "Proyectos completados"],
      ["5+", "Años de experiencia"],
      ["30+", "Clientes satisfechos"],
      ["24/7", "Soporte técnico"],
    ]) {
      await expect(stats.getByText(value, { exact: true })).toBeVisible();
      await expect(stats.getByText(label, { exact: true })).toBeVisible();
    }

    // No section failed to load (scoped: Next's route announcer also has role="alert").
    await expect(main.getByRole("alert")).toHaveCount(0);

    // Up to 3 featured products, each named by a link to its detail page.
    const products = page.getByRole("region", { name: "Productos destacados" });
    const productCards = products.getByRole("article");
    const productCount = await productCards.count();
    expect(productCount).toBeLessThanOrEqual(3);
    if (productCount === 0) {
      await expect(products.getByText("No hay productos disponibles en este momento.")).toBeVisible();
    }
    for (let index = 0; index < productCount; index++) {
      const link = productCards.nth(index).getByRole("heading", { level: 3 }).getByRole("link");
      await expect(link).toHaveAttribute("href", /^\/productos\/[^/]+$/);
      await expect(link).not.toHaveText("");
    }

    // Up to 3 featured services, each linking to /servicios/{slug} and listing at most 3 features.
    const services = page.getByRole("region", { name: "Servicios destacados" });
    const serviceCards = services.getByRole("article");
    const serviceCount = await serviceCards.count();
    expect(serviceCount).toBeLessThanOrEqual(3);
    if (serviceCount === 0) {
      await expect(services.getByText("No hay servicios disponibles en este momento.")).toBeVisible();
    }
    for (let index = 0; index < serviceCount; index++) {
      const card = serviceCards.nth(index);
      await expect(card.getByRole("heading", { level: 3 }).getByRole("link")).toHaveAttribute("href", /^\/servicios\/[^/]+$/);
      expect(await card.getByRole("listitem").count()).toBeLessThanOrEqual(3);
    }

    // Testimonials: cards with an accessible rating, or the empty text; always the link to /testimonios.
    const testimonials = page.getByRole("region", { name: "Lo que dicen nuestros clientes" });
    const testimonialCards = testimonials.getByRole("figure");
    const testimonialCount = await testimonialCards.count();
    expect(testimonialCount).toBeLessThanOrEqual(3);
    if (testimonialCount === 0) {
      await expect(testimonials.getByText("No hay testimonios disponibles en este momento.", { exact: true })).toBeVisible();
    } else {
      for (let index = 0; index < testimonialCount; index++) {
        await expect(testimonialCards.nth(index).getByRole("img", { name: /^Calificación: [1-5] de 5$/ })).toBeVisible();
      }
    }
    await expect(testimonials.getByRole("link", { name: "Ver todos los testimonios" })).toHaveAttribute("href", "/testimonios");

    // Final call to action.
    await expect(page.getByRole("region", { name: /siguiente nivel/ }).getByRole("link", { name: "Contáctanos" })).toHaveAttribute(
      "href",
      "/contacto",
    );

    // Header navigation.
    const header = page.getByRole("banner");
    const nav = header.getByRole("navigation", { name: "Principal" });
    for (const { name, href } of HEADER_LINKS) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(nav.getByRole("link", { name: "Inicio", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(header.getByRole("link", { name: "Iniciar Sesión" })).toHaveAttribute("href", "/login");

    // Footer: links and the company's contact e-mail.
    const footer = page.getByRole("contentinfo");
    for (const href of FOOTER_LINKS) {
      await expect(footer.locator(`a[href="${href}"]`)).toBeVisible();
    }
    const email = footer.locator('a[href^="mailto:"]');
    await expect(email).toHaveCount(1);
    const address = (await email.getAttribute("href"))!.slice("mailto:".length);
    expect(address).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i);
    await expect(email).toHaveText(address);
  });

  test("la página llega renderizada desde el servidor", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="es"');
    expect(html).toContain("Productos destacados");
    expect(html).toContain("Saltar al contenido");
    // No external requests: every src/href for assets is relative to this site.
    expect(html).not.toMatch(/(src|href)="https?:\/\/(?!localhost)[^"]*\.(js|css|woff2?|png|jpe?g|svg|webp)"/);
  });

  test("el enlace para saltar al contenido es lo primero que se enfoca", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Saltar al contenido" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#contenido$/);
  });

  test("no tiene violaciones de accesibilidad (axe)", async ({ page }) => {
    await page.goto("/");
    await expectNoAxeViolations(page);
  });
});

test.describe("Inicio en móvil", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("el menú móvil se abre con el botón, muestra Contactar y se maneja con el teclado", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("navigation", { name: "Principal" })).toBeHidden();

    const toggle = header.locator("button[aria-controls]");
    const panel = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
    await expect(toggle).toHaveAccessibleName("Abrir menú");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();

    // Mouse / touch: opens and shows every link plus "Contactar".
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(toggle).toHaveAccessibleName("Cerrar menú");
    const mobileNav = panel.getByRole("navigation", { name: "Menú móvil" });
    await expect(mobileNav).toBeVisible();
    for (const { name, href } of HEADER_LINKS) {
      await expect(mobileNav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(mobileNav.getByRole("link", { name: "Contactar" })).toHaveAttribute("href", "/contacto");
    await expect(mobileNav.getByRole("link", { name: "Iniciar Sesión" })).toHaveAttribute("href", "/login");

    // Axe with the menu open.
    await expectNoAxeViolations(page);

    // Closing with the button.
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();

    // Keyboard: Enter opens, Tab moves into the menu, Escape closes and returns focus.
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(mobileNav.getByRole("link", { name: "Inicio", exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");

    // Following a link closes the menu.
    await mobileNav.getByRole("link", { name: "Contactar" }).click();
    await expect(page).toHaveURL(/\/contacto$/);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});
