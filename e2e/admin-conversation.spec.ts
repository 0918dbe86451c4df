import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { createThrowawayUser, deleteThrowawayUser, signInAs, withDb, type SessionUser } from "./helpers/session";

// The contact inbox as conversations, in the browser: "Deshacer" after a close (modal), an archive
// (the `e` key) and a bulk close; "Reabrir" and "Desarchivar"; "Asignado a" and "Mis
// conversaciones"; a note in the thread; the visitor's e-mailed answer with its warning and
// "Ver original"; "Unir con…"; a long thread opening at its newest entry. Nothing here e-mails:
// the replies and their delivery badges are in e2e/admin-inbox.spec.ts, the file that listens on
// the server's SMTP_URL (two files cannot both listen there while they run in parallel).

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

let admin: SessionUser;

test.beforeAll(async () => {
  admin = await createThrowawayUser("admin");
});
test.afterAll(async () => {
  if (admin) await deleteThrowawayUser(admin);
});

const tagOf = () => `cnv${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

type Seed = { name?: string; email?: string; subject?: string; status?: string; previousStatus?: string | null; minutesAgo?: number };

async function createMessage(tag: string, seed: Seed = {}): Promise<{ id: number; name: string; email: string; subject: string }> {
  const name = seed.name ?? `Lucía Paredes ${tag}`;
  const email = seed.email ?? `lucia.${tag}.${Math.floor(Math.random() * 1e6)}@ejemplo.pe`;
  const subject = seed.subject ?? `Consulta ${tag}`;
  const { rows } = await withDb((db) =>
    db.query<{ id: number }>(
      `insert into contact_messages (name, email, company, subject, message, status, previous_status, status_changed_at, created_at, updated_at)
       values ($1, $2, 'Agroexport del Sur S.A.C.', $3, $4, $5::contact_status, $6::contact_status, now() - interval '1 hour', now() - make_interval(mins => $7), now())
       returning id`,
      [name, email, subject, `Necesitamos ayuda con la facturación (${tag}).`, seed.status ?? "read", seed.previousStatus ?? null, seed.minutesAgo ?? 0],
    ),
  );
  return { id: rows[0].id, name, email, subject };
}

const statusOf = (id: number) =>
  withDb(async (db) => (await db.query<{ status: string; assigned_to_id: string | null }>("select status::text as status, assigned_to_id from contact_messages where id = $1", [id])).rows[0]);

async function openInbox(page: Page, query: string) {
  await page.goto(`/admin/contact-messages?${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Gestión de Contactos" })).toBeVisible();
}

const modalOf = (page: Page) => page.getByTestId("contact-message-modal");
const threadOf = (page: Page) => modalOf(page).getByRole("list", { name: "Conversación" });

test.describe("Conversaciones de contacto", () => {
  // Each test opens pages and runs several server actions on a shared 2-core machine.
  test.beforeEach(() => test.slow());

  test("cerrar desde el modal y «Deshacer» la devuelve a su estado; el hilo registra ambos cambios", async ({ page, context }) => {
    const tag = tagOf();
    const message = await createMessage(tag, { status: "replied" });
    await signInAs(context, BASE_URL, admin);
    await openInbox(page, `id=${message.id}&q=${tag}`);
    const modal = modalOf(page);
    await expect(modal.getByRole("heading", { name: message.subject })).toBeVisible();
    await modal.getByRole("button", { name: "Cerrar mensaje" }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByText("Mensaje cerrado")).toBeVisible();
    await expect.poll(async () => (await statusOf(message.id)).status).toBe("closed");
    const row = page.locator(`tr[data-row-id="${message.id}"]`);
    await expect(row).toContainText("Cerrado");

    await page.getByRole("button", { name: "Deshacer" }).click();
    await expect(page.getByText("Cambio deshecho")).toBeVisible();
    await expect(row).toContainText("Respondido");
    expect((await statusOf(message.id)).status).toBe("replied");

    await row.getByRole("button", { name: /^Ver el mensaje/ }).click();
    const thread = threadOf(page);
    await expect(thread.getByRole("listitem", { name: new RegExp(`^Cerrada por ${admin.name}`) })).toBeVisible();
    await expect(thread.getByRole("listitem", { name: new RegExp(`^Restaurada \\(deshacer\\) por ${admin.name}`) })).toBeVisible();
  });

  test("archivar con la tecla e y «Deshacer»", async ({ page, context }) => {
    const tag = tagOf();
    const message = await createMessage(tag, { status: "read" });
    await signInAs(context, BASE_URL, admin);
    await openInbox(page, `q=${tag}`);
    const table = page.getByRole("table", { name: "Mensajes de contacto" });
    const row = table.locator(`[data-row-id="${message.id}"]`);
    await expect(row).toContainText("Leído");
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    // The shortcuts listen once the page has hydrated: press again only while no row is highlighted.
    await expect(async () => {
      if ((await table.locator('[data-active="true"]').count()) === 0) await page.keyboard.press("j");
      await expect(row).toHaveAttribute("data-active", "true", { timeout: 1_000 });
    }).toPass();
    await page.keyboard.press("e");
    await expect(page.getByText("Mensaje archivado")).toBeVisible();
    await expect(row).toContainText("Archivado");
    await expect.poll(async () => (await statusOf(message.id)).status).toBe("archived");

    await page.getByRole("button", { name: "Deshacer" }).click();
    await expect(page.getByText("Cambio deshecho")).toBeVisible();
    await expect(row).toContainText("Leído");
    expect((await statusOf(message.id)).status).toBe("read");
  });

  test("«Cerrar» en lote y «Deshacer» devuelve cada mensaje a su estado", async ({ page, context }) => {
    const tag = tagOf();
    const first = await createMessage(tag, { status: "read", name: `Primero ${tag}` });
    const second = await createMessage(tag, { status: "replied", name: `Segundo ${tag}`, minutesAgo: 1 });
    await signInAs(context, BASE_URL, admin);
    await openInbox(page, `q=${tag}`);
    const table = page.getByRole("table", { name: "Mensajes de contacto" });
    await table.getByRole("checkbox", { name: `Seleccionar el mensaje de Primero ${tag}` }).check();
    await table.getByRole("checkbox", { name: `Seleccionar el mensaje de Segundo ${tag}` }).check();
    await page.getByRole("region", { name: "Acciones en lote" }).getByRole("button", { name: "Cerrar", exact: true }).click();
    await expect(page.getByText("2 mensajes cerrados")).toBeVisible();
    await expect.poll(async () => [(await statusOf(first.id)).status, (await statusOf(second.id)).status]).toEqual(["closed", "closed"]);
    await expect(table.locator(`[data-row-id="${first.id}"]`)).toContainText("Cerrado");

    await page.getByRole("button", { name: "Deshacer" }).click();
    await expect(page.getByText("2 cambios deshechos")).toBeVisible();
    await expect(table.locator(`[data-row-id="${first.id}"]`)).toContainText("Leído");
    await expect(table.locator(`[data-row-id="${second.id}"]`)).toContainText("Respondido");
    expect([(await statusOf(first.id)).status, (await statusOf(second.id)).status]).toEqual(["read", "replied"]);
  });

  test("una conversación cerrada se reabre y admite respuesta; una archivada se desarchiva", async ({ page, context }) => {
    const tag = tagOf();
    const closed = await createMessage(tag, { status: "closed", previousStatus: "replied", subject: `Cerrada ${tag}` });
    const archived = await createMessage(tag, { status: "archived", previousStatus: "replied", subject: `Archivada ${tag}`, minutesAgo: 1 });
    await signInAs(context, BASE_URL, admin);
    await openInbox(page, `id=${closed.id}&q=${tag}`);
    const modal = modalOf(page);
    await expect(modal.getByRole("heading", { name: `Cerrada ${tag}` })).toBeVisible();
    await expect(modal).toContainText("La conversación está cerrada: reábrela para responder.");
    await expect(modal.getByRole("button", { name: "Responder" })).toHaveCount(0);
    await expect(modal.getByLabel("Tu respuesta")).toHaveCount(0);
    await modal.getByRole("button", { name: "Reabrir" }).click();
    await expect(page.getByText("Conversación reabierta")).toBeVisible();
    await expect(modal.getByLabel("Tu respuesta")).toBeEnabled();
    await expect(modal.getByRole("button", { name: "Reabrir" })).toHaveCount(0);
    await expect(threadOf(page).getByRole("listitem", { name: new RegExp(`^Reabierta por ${admin.name}`) })).toBeVisible();
    expect((await statusOf(closed.id)).status).toBe("read");
    await modal.getByRole("button", { name: "Cerrar", exact: true }).click();
    await expect(modal).toBeHidden();

    await page.locator(`tr[data-row-id="${archived.id}"]`).getByRole("button", { name: /^Ver el mensaje/ }).click();
    await expect(modal.getByRole("heading", { name: `Archivada ${tag}` })).toBeVisible();
    await expect(modal.getByRole("button", { name: "Archivar", exact: true })).toHaveCount(0);
    await expect(modal).toContainText("La conversación está archivada: desarchívala para responder.");
    await modal.getByRole("button", { name: "Desarchivar" }).click();
    await expect(page.getByText("Conversación desarchivada")).toBeVisible();
    await expect(modal.getByLabel("Tu respuesta")).toBeEnabled();
    // Back to the status it had before the archive.
    expect((await statusOf(archived.id)).status).toBe("replied");
    await expect(threadOf(page).getByRole("listitem", { name: new RegExp(`^Desarchivada por ${admin.name}`) })).toBeVisible();
  });

  test("asignarse una conversación: «Mis conversaciones» la muestra y una nota aparece en el hilo", async ({ page, context }) => {
    const tag = tagOf();
    const mine = await createMessage(tag, { name: `Asignada ${tag}` });
    const other = await createMessage(tag, { name: `Sin asignar ${tag}`, minutesAgo: 1 });
    await signInAs(context, BASE_URL, admin);
    await openInbox(page, `id=${mine.id}&q=${tag}`);
    const modal = modalOf(page);
    await expect(modal.getByRole("heading", { name: mine.subject })).toBeVisible();
    await modal.getByLabel("Asignado a").selectOption({ label: `${admin.name} (tú)` });
    await expect(page.getByText(`Asignada a ${admin.name}`, { exact: true })).toBeVisible();
    await expect.poll(async () => (await statusOf(mine.id)).assigned_to_id).toBe(admin.id);
    await expect(threadOf(page).getByRole("listitem", { name: new RegExp(`^Asignada a ${admin.name} por ${admin.name}`) })).toBeVisible();

    await modal.getByLabel("Nueva nota interna").fill(`Llamar el lunes a las 10 (${tag})`);
    await modal.getByRole("button", { name: "Agregar nota" }).click();
    const note = threadOf(page).getByRole("listitem", { name: new RegExp(`^Nota interna de ${admin.name}`) });
    await expect(note).toContainText(`Llamar el lunes a las 10 (${tag})`);
    await expect(note).toContainText("Nota interna");
    await modal.getByRole("button", { name: "Cerrar", exact: true }).click();
    await expect(modal).toBeHidden();

    const table = page.getByRole("table", { name: "Mensajes de contacto" });
    await expect(table.locator(`[data-row-id="${mine.id}"]`)).toContainText(`Asignado a ${admin.name} (tú)`);
    await page.getByRole("button", { name: "Mis conversaciones" }).click();
    await expect(page).toHaveURL(/[?&]assigned_to=me(&|$)/);
    await expect(page.getByRole("button", { name: "Mis conversaciones" })).toHaveAttribute("aria-pressed", "true");
    await expect(table.locator(`[data-row-id="${other.id}"]`)).toHaveCount(0);
    await expect(table.locator(`[data-row-id="${mine.id}"]`)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("la respuesta del remitente por correo: aviso de verificación, «Ver original» y un hilo largo que abre en lo último", async ({ page, context }) => {
    const tag = tagOf();
    const message = await createMessage(tag, { status: "replied" });
    await withDb(async (db) => {
      // Twenty notes, then the visitor's e-mailed answer: the newest entry.
      for (let index = 0; index < 20; index += 1) {
        await db.query("insert into contact_entries (message_id, kind, body, author_id, created_at) values ($1, 'note', $2, $3, now() - make_interval(mins => $4))", [
          message.id,
          `Nota de seguimiento ${index + 1} (${tag})`,
          admin.id,
          40 - index,
        ]);
      }
      await db.query(
        `insert into contact_entries (message_id, kind, body, original_text, from_address, auth_warning, created_at)
         values ($1, 'inbound', $2, $3, $4, $5, now())`,
        [
          message.id,
          `Gracias, <b>esperamos</b> la propuesta (${tag}).`,
          `Gracias, <b>esperamos</b> la propuesta (${tag}).\n\n> Texto citado de su correo anterior`,
          message.email,
          "No se pudo verificar el remitente: DKIM, SPF y DMARC fallaron.",
        ],
      );
    });
    await signInAs(context, BASE_URL, admin);
    await openInbox(page, `id=${message.id}&q=${tag}`);
    const thread = threadOf(page);
    const answer = thread.getByRole("listitem", { name: new RegExp(`^Respuesta de ${message.name}`) });
    await expect(answer).toContainText(`Gracias, <b>esperamos</b> la propuesta (${tag}).`);
    await expect(answer.locator("b")).toHaveCount(0);
    await expect(answer).toContainText("Recibido por correo");
    await expect(answer).toContainText("Remitente no verificado");
    await expect(answer).toContainText("No se pudo verificar el remitente: DKIM, SPF y DMARC fallaron.");
    // The newest entry is in view; the first message scrolled away above it.
    await expect(answer).toBeInViewport();
    await expect(thread.getByRole("listitem", { name: new RegExp(`^Mensaje de ${message.name}`) })).not.toBeInViewport();
    await expectNoAxeViolations(page);

    const [original] = await Promise.all([context.waitForEvent("page"), answer.getByRole("link", { name: /Ver original/ }).click()]);
    await original.waitForLoadState();
    expect(await original.locator("body").innerText()).toContain("> Texto citado de su correo anterior");
    await original.close();
  });

  test("«Unir con…» mueve la conversación a otra del mismo remitente y el modal la muestra", async ({ page, context }) => {
    const tag = tagOf();
    const email = `unir.${tag}@ejemplo.pe`;
    const target = await createMessage(tag, { email, subject: `Destino ${tag}`, minutesAgo: 10 });
    const source = await createMessage(tag, { email, subject: `Origen ${tag}` });
    await signInAs(context, BASE_URL, admin);
    await openInbox(page, `id=${source.id}&q=${tag}`);
    const modal = modalOf(page);
    await expect(modal.getByRole("heading", { name: `Origen ${tag}` })).toBeVisible();
    await modal.getByRole("button", { name: "Unir con…" }).click();
    const dialog = page.getByTestId("merge-dialog");
    await expect(dialog.getByRole("button", { name: "Unir", exact: true })).toBeDisabled();
    await dialog.getByRole("radio", { name: new RegExp(`C-${target.id} · Destino ${tag}`) }).check();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Unir", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(modal.getByRole("heading", { name: `Destino ${tag}` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]id=${target.id}(&|$)`));
    const merged = threadOf(page).getByRole("listitem", { name: new RegExp(`^Unida desde C-${source.id}`) });
    const firstMessage = merged.getByText(`Necesitamos ayuda con la facturación (${tag}).`);
    await expect(firstMessage).toBeHidden(); // folded until asked for
    await merged.getByText(new RegExp(`Unida desde C-${source.id}`)).click();
    await expect(firstMessage).toBeVisible();
    expect((await statusOf(source.id)).status).toBe("closed");
  });

  test("375 px: el hilo, la asignación y las acciones caben en la pantalla", async ({ page, context }) => {
    const tag = tagOf();
    const message = await createMessage(tag, { status: "replied" });
    await withDb((db) =>
      db.query("insert into contact_entries (message_id, kind, body, author_id, delivery_status, attempted_at, sent_at) values ($1, 'reply', $2, $3, 'sent', now(), now())", [
        message.id,
        `Respuesta enviada antes (${tag})`,
        admin.id,
      ]),
    );
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAs(context, BASE_URL, admin);
    await openInbox(page, `id=${message.id}&q=${tag}`);
    const modal = modalOf(page);
    const reply = threadOf(page).getByRole("listitem", { name: new RegExp(`^Respuesta de ${admin.name}`) });
    await expect(reply).toContainText("Enviado por correo");
    const fits = await modal.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);
    expect(fits).toBe(true);
    await expect(modal.getByLabel("Asignado a")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
