import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { formatMoney } from "../lib/format";
import { INVOICE_STATUS_LABELS, type InvoiceStatusCode } from "../lib/billing/labels";
import { createThrowawayUser, deleteThrowawayUser, SEEDED_ADMIN, SEEDED_CLIENT, signInAs, withDb, type SessionUser } from "./helpers/session";

// The signed-in areas: shells, dashboards with figures read from the server's database, the
// notification bell with the real unread count, the collapsible menu, and accessibility. Sessions
// are minted cookies (e2e/helpers/session.ts), so these tests do not depend on the login screen.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

// Monthly is "mes", yearly is "año".
const PERIOD_SUFFIX: Record<string, string> = { monthly: "/ mes", yearly: "/ año" };
// An invoice's state as every screen shows it (derived in SQL below, on today's Lima date).
const invoiceLabel = (status: string) => INVOICE_STATUS_LABELS[status as InvoiceStatusCode];
/** The derived state of an invoice row `i` (lib/billing/state.ts), in SQL. */
const DERIVED_STATE_SQL = `case when i.status = 'pending' and i.due_date < (now() at time zone 'America/Lima')::date then 'overdue'
  when i.status = 'pending' and i.amount_paid > 0 then 'partially_paid' else i.status::text end`;
const longSpanishDay = (isoDay: string) =>
  new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${isoDay}T00:00:00Z`));


/** A throw-away user straight in the database (removed with everything it owns by cascade). */
async function createUser(role: "admin" | "client", tag: string): Promise<SessionUser> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const user: SessionUser = {
    id: `e2eareas${stamp}`,
    name: role === "admin" ? `Óscar Admin ${tag}` : `Úrsula Cliente ${tag}`,
    email: `areas.${role}.${stamp}@ejemplo.pe`,
    role,
  };
  await withDb((db) =>
    db.query("insert into users (id, name, email, role, updated_at) values ($1, $2, $3, $4::user_role, now())", [
      user.id,
      user.name,
      user.email,
      role,
    ]),
  );
  return user;
}

async function deleteUser(user: SessionUser) {
  await withDb((db) => db.query("delete from users where id = $1", [user.id]));
}

async function scalar(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await withDb((db) => db.query<{ n: string }>(sql, params));
  return Number(rows[0].n);
}

const digits = (text: string | null) => Number((text ?? "").replace(/\D/g, ""));

test.describe("Panel de administración", () => {
  test("las cinco tarjetas muestran las cifras reales y enlazan a su sección", async ({ page, context }) => {
    await signInAs(context, BASE_URL, SEEDED_ADMIN.email);

    const cards = [
      { id: "stat-contacts", label: "Contactos", href: "/admin/contact-messages", sql: "select count(*) as n from contact_messages where deleted_at is null" },
      { id: "stat-users", label: "Usuarios", href: "/admin/users", sql: "select count(*) as n from users" },
      { id: "stat-subscriptions", label: "Suscripciones", href: "/admin/subscriptions", sql: "select count(*) as n from subscriptions" },
      {
        id: "stat-tickets",
        label: "Tickets",
        href: "/admin/tickets",
        sql: "select count(*) as n from tickets where status in ('open', 'in_progress')",
      },
    ];

    // Other suites may add rows meanwhile: compare each figure with the database read just around the page load.
    await expect(async () => {
      const before = await Promise.all(cards.map((card) => scalar(card.sql)));
      await page.goto("/admin/dashboard");
      const shown = await Promise.all(cards.map((card) => page.getByTestId(`${card.id}-value`).textContent()));
      const after = await Promise.all(cards.map((card) => scalar(card.sql)));
      expect(shown.map(digits)).toEqual(after);
      expect(before).toEqual(after);
    }).toPass({ timeout: 20_000 });

    await expect(page.getByRole("heading", { level: 1, name: "Panel", exact: true })).toBeVisible();
    for (const card of cards) {
      const link = page.getByTestId(card.id);
      await expect(link.getByRole("heading", { name: card.label })).toBeVisible();
      await expect(link).toHaveAttribute("href", card.href);
    }

    // Ingresos: the money received (completed payments) summed in each currency, none converted, linking to Pagos.
    const revenue = page.getByTestId("stat-revenue");
    await expect(revenue.getByRole("heading", { name: "Ingresos" })).toBeVisible();
    await expect(revenue).toHaveAttribute("href", "/admin/payments");
    const { rows: sums } = await withDb((db) =>
      db.query<{ currency: string; total: string }>(
        "select currency::text as currency, sum(amount)::text as total from payments where status = 'completed' group by currency",
      ),
    );
    expect(sums.length).toBeGreaterThan(0);
    for (const sum of sums) await expect(revenue).toContainText(formatMoney(sum.total, sum.currency));
    const payments = await scalar("select count(*) as n from payments where status = 'completed'");
    await expect(revenue).toContainText(`${new Intl.NumberFormat("es-PE").format(payments)} ${payments === 1 ? "pago recibido" : "pagos recibidos"}, por moneda`);

    // Following a card leads to its section.
    await page.getByTestId("stat-tickets").click();
    await expect(page).toHaveURL(/\/admin\/tickets$/);
  });

  test("una cifra cambia cuando cambian los datos", async ({ page, context }) => {
    await signInAs(context, BASE_URL, SEEDED_ADMIN.email);
    const client = await createUser("client", "cifras");
    try {
      await withDb((db) =>
        db.query(
          "insert into tickets (user_id, subject, description, status, updated_at) values ($1, 'Prueba e2e', 'Ticket de prueba', 'open', now())",
          [client.id],
        ),
      );
      await expect(async () => {
        await page.goto("/admin/dashboard");
        const shown = digits(await page.getByTestId("stat-tickets-value").textContent());
        expect(shown).toBe(await scalar("select count(*) as n from tickets where status in ('open', 'in_progress')"));
      }).toPass({ timeout: 15_000 });
      const withTicket = digits(await page.getByTestId("stat-tickets-value").textContent());

      await withDb((db) => db.query("update tickets set status = 'resolved' where user_id = $1", [client.id]));
      await page.reload();
      await expect(page.getByTestId("stat-tickets-value")).toHaveText(String(withTicket - 1));
    } finally {
      await deleteUser(client);
    }
  });

  test("la campana muestra las notificaciones reales sin leer y las marca como leídas", async ({ page, context }) => {
    test.slow();
    const admin = await createUser("admin", "campana");
    const unread = () => scalar("select count(*) as n from notifications where user_id = $1 and read_at is null", [admin.id]);
    try {
      await signInAs(context, BASE_URL, admin);
      await page.clock.install();
      await page.goto("/admin/dashboard");
      const bell = page.getByRole("button", { name: /^Notificaciones \(\d+ sin leer\)$/ });
      await expect(bell).toHaveAttribute("aria-label", `Notificaciones (${await unread()} sin leer)`);
      await expect(bell).toHaveAttribute("aria-expanded", "false");

      // New notifications arrive: the next poll (every 30 s) shows them without reloading.
      const titles = [`Nuevo mensaje de contacto e2e ${Date.now()}`, `Nuevo ticket e2e ${Date.now()}`];
      await withDb(async (db) => {
        for (const title of titles) {
          await db.query("insert into notifications (user_id, type, title, link) values ($1, 'e2e', $2, '/admin/contact-messages')", [
            admin.id,
            title,
          ]);
        }
      });
      const expected = await unread();
      expect(expected).toBeGreaterThanOrEqual(2);
      await page.clock.fastForward(30_000);
      await expect(bell).toHaveAttribute("aria-label", `Notificaciones (${expected} sin leer)`, { timeout: 20_000 });
      await expect(page.getByTestId("notification-count")).toHaveText(String(expected));

      // The dropdown lists them; Escape closes it and gives focus back to the bell.
      await bell.click();
      await expect(bell).toHaveAttribute("aria-expanded", "true");
      const panel = page.getByRole("region", { name: "Notificaciones" });
      for (const title of titles) await expect(panel.getByRole("link", { name: new RegExp(title) })).toHaveAttribute("href", "/admin/contact-messages");
      await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");
      await expect(bell).toHaveAttribute("aria-expanded", "false");
      await expect(panel).toBeHidden();
      await expect(bell).toBeFocused();

      // "Marcar todas como leídas" sets the count to 0, in the page and in the database.
      await bell.click();
      await panel.getByRole("button", { name: "Marcar todas como leídas" }).click();
      await expect(bell).toHaveAttribute("aria-label", "Notificaciones (0 sin leer)", { timeout: 20_000 });
      await expect(page.getByTestId("notification-count")).toHaveCount(0);
      await expect(panel.getByRole("button", { name: "Marcar todas como leídas" })).toBeDisabled();
      await expect.poll(unread).toBe(0);
      await page.reload();
      await expect(page.getByRole("button", { name: "Notificaciones (0 sin leer)" })).toBeVisible();
    } finally {
      await deleteUser(admin);
    }
  });

  test("menú lateral: visible y plegable en escritorio; cerrado por defecto bajo 768 px", async ({ page, context }) => {
    test.slow(); // two loads of the dashboard (with its charts) and an axe run
    await signInAs(context, BASE_URL, SEEDED_ADMIN.email);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/dashboard");
    const menu = page.getByRole("navigation", { name: "Menú de administración" });
    await expect(menu).toBeVisible();
    for (const name of ["Contactos", "Productos", "Servicios", "Testimonios", "Mantenimiento Sitemap", "Suscripciones", "Facturas", "Pagos"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("list", { name: "Reportes" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Panel", exact: true }).first()).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("banner").getByRole("link", { name: /Mi perfil/ })).toHaveAttribute("href", "/admin/profile");
    await expect(page.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    const aside = page.locator("#menu-lateral");
    expect((await aside.boundingBox())?.width).toBe(224);

    // Collapsing leaves an icon rail whose links keep their names.
    const toggle = page.getByRole("button", { name: "Menú lateral" });
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect.poll(async () => (await aside.boundingBox())?.width ?? 0).toBeLessThan(100);
    await expect(menu.getByRole("link", { name: "Contactos" })).toBeVisible();
    await toggle.click();
    await expect.poll(async () => (await aside.boundingBox())?.width ?? 0).toBe(224);

    // 375 px: the menu starts closed; the drawer (256 px) opens, and Escape closes it.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await expect(menu).toBeHidden();
    const drawerToggle = page.getByRole("button", { name: "Menú de navegación" });
    await expect(drawerToggle).toHaveAttribute("aria-expanded", "false");
    await drawerToggle.click();
    await expect(drawerToggle).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Mantenimiento Sitemap" })).toBeVisible();
    expect((await page.getByRole("dialog", { name: "Menú de administración" }).boundingBox())?.width).toBe(256);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(drawerToggle).toBeFocused();
  });

  test("accesibilidad del dashboard (escritorio y móvil)", async ({ page, context }) => {
    test.slow();
    await signInAs(context, BASE_URL, SEEDED_ADMIN.email);
    await page.goto("/admin/dashboard");
    await expect(page.getByTestId("stat-contacts")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await expect(page.getByTestId("stat-contacts")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("un administrador que pasa a cliente vuelve a iniciar sesión en su siguiente visita, sin rebotar entre áreas", async ({ page, context }) => {
    const user = await createThrowawayUser("admin");
    try {
      await signInAs(context, BASE_URL, user);
      await page.goto("/admin/dashboard");
      await expect(page).toHaveURL(/\/admin\/dashboard$/);

      await withDb((db) => db.query("update users set role = 'client' where id = $1", [user.id]));
      await page.goto("/admin/dashboard");
      await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fadmin%2Fdashboard$/);
      // That session is over everywhere: the same cookie no longer authenticates the API.
      expect((await page.request.get("/api/v1/auth/me")).status()).toBe(401);
    } finally {
      await deleteThrowawayUser(user);
    }
  });

  test("/admin y /dashboard llevan al dashboard del administrador", async ({ page, context }) => {
    await signInAs(context, BASE_URL, SEEDED_ADMIN.email);
    for (const path of ["/admin", "/dashboard", "/client/dashboard"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    }
  });
});

test.describe("Zona Cliente", () => {
  test("Mi Portal muestra las suscripciones activas y las facturas recientes del cliente", async ({ page, context }) => {
    const user = await signInAs(context, BASE_URL, SEEDED_CLIENT.email);
    await page.goto("/client/dashboard");

    await expect(page.getByRole("heading", { level: 1, name: "Mi Portal" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(`¡Bienvenido, ${user.name}!`);
    await expect(page.getByRole("banner")).toContainText("Zona Cliente");
    await expect(page.getByRole("banner").getByTestId("user-menu")).toContainText(user.name.trim()[0].toUpperCase());

    const { rows: subscriptions } = await withDb((db) =>
      db.query<{ product: string; amount: string; currency: string; period: string; next: string | null }>(
        `select coalesce(c.name, s.plan_name) as product, s.amount::text as amount, s.currency::text as currency,
                s.billing_period::text as period, to_char(s.next_billing_date, 'YYYY-MM-DD') as next
           from subscriptions s left join catalog_items c on c.id = s.catalog_item_id
          where s.user_id = $1 and s.status = 'active'
          order by s.next_billing_date asc nulls last, s.id asc limit 3`,
        [user.id],
      ),
    );
    expect(subscriptions.length).toBeGreaterThan(0);
    const cards = page.getByTestId("active-subscriptions").getByRole("listitem");
    await expect(cards).toHaveCount(subscriptions.length);
    for (const [index, subscription] of subscriptions.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(subscription.product);
      const price = formatMoney(subscription.amount, subscription.currency);
      await expect(card.getByTestId("subscription-amount")).toContainText(PERIOD_SUFFIX[subscription.period] ? `${price} ${PERIOD_SUFFIX[subscription.period]}` : price);
      if (subscription.next) await expect(card).toContainText(longSpanishDay(subscription.next));
    }

    const { rows: invoices } = await withDb((db) =>
      db.query<{ number: string; amount: string; currency: string; status: string }>(
        `select i.invoice_number as number, i.amount::text as amount, i.currency::text as currency, ${DERIVED_STATE_SQL} as status
           from invoices i where i.user_id = $1 order by i.issued_at desc, i.id desc limit 5`,
        [user.id],
      ),
    );
    expect(invoices.length).toBeGreaterThan(0);
    const rows = page.getByTestId("recent-invoices").getByRole("listitem");
    await expect(rows).toHaveCount(invoices.length);
    for (const [index, invoice] of invoices.entries()) {
      const row = rows.nth(index);
      await expect(row).toContainText(invoice.number);
      await expect(row).toContainText(formatMoney(invoice.amount, invoice.currency));
      await expect(row).toContainText(invoiceLabel(invoice.status));
    }

    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: /Catálogo de productos/ })).toHaveAttribute("href", "/productos");
    await expect(main.getByRole("link", { name: /Mi perfil/ })).toHaveAttribute("href", "/client/profile");
    await expect(main.getByRole("link", { name: /Soporte técnico/ })).toHaveAttribute("href", "/client/tickets");

    const menu = page.getByRole("navigation", { name: "Menú de la zona cliente" });
    for (const [name, href] of [
      ["Panel", "/client/dashboard"],
      ["Productos", "/client/products"],
      ["Suscripciones", "/client/subscriptions"],
      ["Facturas", "/client/invoices"],
      ["Perfil", "/client/profile"],
      ["Tickets", "/client/tickets"],
      ["Pagos", "/client/payments"],
    ]) {
      await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expectNoAxeViolations(page);
  });

  test("un cliente nuevo ve los textos de lista vacía", async ({ page, context }) => {
    const user = await createUser("client", "nuevo");
    try {
      await signInAs(context, BASE_URL, user);
      await page.goto("/client/dashboard");
      await expect(page.getByRole("main")).toContainText(`¡Bienvenido, ${user.name}!`);
      await expect(page.getByText("No tienes suscripciones activas", { exact: true })).toBeVisible();
      await expect(page.getByText("No hay facturas recientes", { exact: true })).toBeVisible();
      await expect(page.getByRole("banner").getByTestId("user-menu")).toContainText("Ú");
      await expectNoAxeViolations(page);
    } finally {
      await deleteUser(user);
    }
  });

  test("en móvil el menú es un cajón cerrado por defecto con Cerrar sesión", async ({ page, context }) => {
    await signInAs(context, BASE_URL, SEEDED_CLIENT.email);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/client/dashboard");
    const menu = page.getByRole("navigation", { name: "Menú de la zona cliente" });
    await expect(menu).toBeHidden();
    await expect(page.getByRole("banner")).toContainText("Zona Cliente");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Menú de navegación" }).click();
    await expect(menu).toBeVisible();
    await expect(page.locator("#menu-movil").getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    await page.getByRole("button", { name: "Cerrar menú" }).click();
    await expect(menu).toBeHidden();
  });

  test("/client y /dashboard llevan a Mi Portal; /admin no es para clientes; Cerrar sesión termina la sesión", async ({ page, context }) => {
    test.slow();
    await signInAs(context, BASE_URL, SEEDED_CLIENT.email);
    for (const path of ["/client", "/dashboard", "/admin/dashboard"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/client\/dashboard$/);
    }
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(/\/login/, { timeout: 30_000 });
    await page.goto("/client/dashboard");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fclient%2Fdashboard$/);
  });
});
