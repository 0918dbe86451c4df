import { readFileSync } from "node:fs";
import nodemailer from "nodemailer";
import { expect, test, type Page } from "@playwright/test";
import { startSmtpServer, type TestSmtpServer } from "../tests/helpers/smtp";
import { expectNoAxeViolations } from "./helpers/axe";
import { expectPhoneCards } from "./helpers/data-table";
import { createThrowawayUser, deleteThrowawayUser, signInAs, withDb, type SessionUser } from "./helpers/session";

// "Gestión de Contactos" in the browser: the table and its modal, the replies e-mailed to a REAL
// SMTP server started here (the server under test sends to SMTP_URL = smtp://127.0.0.1:$E2E_SMTP_PORT,
// see playwright.config.ts; this is the only file that listens there), two replies in one
// conversation with their badges and the admin's signature, bell → modal, delete with "Deshacer",
// keyboard shortcuts, CSV download, 375 px cards, and axe. The rest of the conversation view
// (undo of close and archive, reopen, assignment, notes, merge) is in admin-conversation.spec.ts.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT);
const INBOUND_PORT = Number(process.env.E2E_INBOUND_SMTP_PORT);

/**
 * The visitor's mail program answering: an SMTP client delivering to the server's inbound listener
 * (INBOUND_SMTP_PORT, playwright.config.ts). The listener starts once its instance holds the job
 * claim, so a first refusal is retried for a while.
 */
async function answerByMail(mail: { from: string; to: string; subject: string; text: string; inReplyTo: string }): Promise<number> {
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: INBOUND_PORT, secure: false, ignoreTLS: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await transport.sendMail({ ...mail, references: [mail.inReplyTo] });
      return Date.now();
    } catch (error) {
      if (Date.now() > deadline || !/ECONNREFUSED/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

const unreadInBell = async (page: Page) => {
  const label = (await page.getByRole("button", { name: /^Notificaciones/ }).getAttribute("aria-label")) ?? "";
  return Number(/\((\d+) sin leer\)/.exec(label)?.[1] ?? 0);
};

let smtp: TestSmtpServer;
let admin: SessionUser;

test.beforeAll(async () => {
  smtp = await startSmtpServer(SMTP_PORT);
  admin = await createThrowawayUser("admin");
});
test.afterAll(async () => {
  await smtp?.close();
  if (admin) await deleteThrowawayUser(admin);
});

const tagOf = () => `bzn${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

type Seed = { name?: string; email?: string; subject?: string | null; message?: string; status?: string; minutesAgo?: number; phone?: string | null };

async function createMessage(tag: string, seed: Seed = {}): Promise<{ id: number; email: string; subject: string | null }> {
  const email = seed.email ?? `remitente.${tag}.${Math.floor(Math.random() * 1e6)}@ejemplo.pe`;
  const subject = seed.subject === undefined ? `Consulta ${tag}` : seed.subject;
  const { rows } = await withDb((db) =>
    db.query<{ id: number }>(
      `insert into contact_messages (name, email, phone, company, subject, message, status, ip_address, user_agent, created_at, updated_at)
       values ($1, $2, $3, 'Textiles Andinos S.A.C.', $4, $5, $6::contact_status, '190.236.74.18', 'Mozilla/5.0 (e2e)', now() - make_interval(mins => $7), now())
       returning id`,
      [seed.name ?? `María Quispe ${tag}`, email, seed.phone === undefined ? "+51 987 654 321" : seed.phone, subject, seed.message ?? `Quisiera información sobre el ERP (${tag}).`, seed.status ?? "new", seed.minutesAgo ?? 0],
    ),
  );
  return { id: rows[0].id, email, subject };
}

/** The message's state and its latest reply (the thread keeps every reply as an entry). */
const messageRow = (id: number) =>
  withDb(
    async (db) =>
      (
        await db.query(
          `select m.status::text as status, m.read_at, m.deleted_at, r.body as reply_text, r.mail_message_id as reply_message_id, r.sent_at as reply_sent_at,
                  r.delivery_status::text as reply_status, (select count(*)::int from contact_entries e where e.message_id = m.id and e.kind = 'reply') as replies
           from contact_messages m
           left join lateral (select * from contact_entries e where e.message_id = m.id and e.kind = 'reply' order by e.created_at desc, e.id desc limit 1) r on true
           where m.id = $1`,
          [id],
        )
      ).rows[0],
  );

async function openInbox(page: Page, query: string) {
  await page.goto(`/admin/contact-messages?${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Gestión de Contactos" })).toBeVisible();
}

test.describe("Gestión de Contactos", () => {
  test("tabla, modal con todos los campos, HTML como texto y respuesta recibida por un servidor SMTP real", async ({ page, context }) => {
    test.slow(); // several pages and server actions on a shared 2-core machine
    const tag = tagOf();
    const hostile = `<img src=x onerror="window.__xss=1"> ${tag}`;
    const message = await createMessage(tag, { subject: `Cotización de ERP ${tag}`, message: `Hola, necesitamos una cotización.\n${hostile}` });
    await signInAs(context, BASE_URL, admin);
    await openInbox(page, `q=${tag}`);

    const table = page.getByRole("table", { name: "Mensajes de contacto" });
    const row = table.locator(`[data-row-id="${message.id}"]`);
    await expect(row).toContainText(`María Quispe ${tag}`);
    await expect(row).toContainText("Textiles Andinos S.A.C.");
    await expect(row.getByRole("link", { name: message.email })).toHaveAttribute("href", `mailto:${message.email}`);
    await expect(row.getByRole("link", { name: "+51 987 654 321" })).toHaveAttribute("href", "tel:+51987654321");
    await expect(row).toContainText("Sin sector");
    await expect(row).toContainText("Por leer");
    await expectNoAxeViolations(page);

    await row.getByRole("button", { name: `Ver el mensaje de María Quispe ${tag}` }).click();
    const modal = page.getByTestId("contact-message-modal");
    await expect(modal.getByRole("heading", { name: `Cotización de ERP ${tag}` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]id=${message.id}`));
    await expect(modal).toContainText("Leído"); // opening a new message marks it read
    await expect(modal).toContainText(`N.º ${message.id}`);
    for (const text of ["190.236.74.18", "Mozilla/5.0 (e2e)", "Sin sector", "Sin respuesta aún", hostile]) await expect(modal).toContainText(text);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect.poll(async () => (await messageRow(message.id)).status).toBe("read");

    // Responder is disabled while the box is blank.
    const responder = modal.getByRole("button", { name: "Responder" });
    await expect(responder).toBeDisabled();
    await expectNoAxeViolations(page);
    await modal.getByLabel("Tu respuesta").fill(`Estimada María: le enviamos la cotización (${tag}).`);
    await expect(responder).toBeEnabled();
    await responder.click();
    await expect(page.getByText("Respuesta enviada")).toBeVisible();
    // The reply joins the thread with its e-mail state; the box is empty, ready for another one.
    const reply = modal.getByRole("list", { name: "Conversación" }).getByRole("listitem", { name: new RegExp(`^Respuesta de ${admin.name}`) });
    await expect(reply).toContainText(`Estimada María: le enviamos la cotización (${tag}).`);
    await expect(reply).toContainText("Enviado por correo");
    await expect(modal.getByLabel("Tu respuesta")).toHaveValue("");
    await expect(responder).toBeDisabled();

    const mail = await smtp.waitFor((m) => m.recipients.includes(message.email));
    const stored = await messageRow(message.id);
    expect(stored.status).toBe("replied");
    expect(stored.reply_sent_at).not.toBeNull();
    expect(mail.headers.to).toBe(message.email);
    // Answers come back to this conversation: its own reply address (INBOUND_REPLY_ADDRESS, playwright.config.ts).
    const { rows: tokens } = await withDb((db) => db.query<{ reply_token: string }>("select reply_token from contact_messages where id = $1", [message.id]));
    expect(mail.headers["reply-to"]).toBe(`soporte+${tokens[0].reply_token}@lumenti.pe`);
    expect(mail.headers.subject).toBe(`Re: Cotización de ERP ${tag} [#C-${message.id}]`);
    expect(mail.headers["message-id"]).toBe(stored.reply_message_id);
    expect(mail.text).toContain(`Estimada María: le enviamos la cotización (${tag}).`);
    await modal.getByRole("button", { name: "Cerrar", exact: true }).click();
    await expect(modal).toBeHidden();
    await expect(row).toContainText("Respondido");

    // Opened again: the reply is shown and the conversation can still be answered, closed or archived.
    await row.getByRole("button", { name: /^Ver el mensaje/ }).click();
    await expect(modal).toContainText(`Estimada María: le enviamos la cotización (${tag}).`);
    await expect(modal.getByLabel("Tu respuesta")).toBeEnabled();
    await expect(modal.getByRole("button", { name: "Archivar" })).toBeEnabled();
    await modal.getByRole("button", { name: "Cerrar mensaje" }).click();
    await expect(page.getByText("Mensaje cerrado")).toBeVisible();
    await expect(modal).toBeHidden();
    await expect.poll(async () => (await messageRow(message.id)).status).toBe("closed");
  });

  test("dos respuestas en la misma conversación: dos entradas con su estado, la firma del administrador y el hilo de correo", async ({ page, context }) => {
    test.slow(); // several server actions and mails on a shared 2-core machine
    const tag = tagOf();
    const message = await createMessage(tag, { subject: `Dos respuestas ${tag}` });
    const signature = `Marisol — Lumen Consultoría TI (${tag})`;
    await withDb((db) => db.query("update users set signature = $1 where id = $2", [signature, admin.id]));
    try {
      await signInAs(context, BASE_URL, admin);
      await openInbox(page, `id=${message.id}&q=${tag}`);
      const modal = page.getByTestId("contact-message-modal");
      await expect(modal.getByRole("heading", { name: `Dos respuestas ${tag}` })).toBeVisible();
      await expect(modal).toContainText("Se añadirá tu firma");
      const thread = modal.getByRole("list", { name: "Conversación" });
      const replies = thread.locator('[data-kind="reply"]');

      await modal.getByLabel("Tu respuesta").fill(`Primera respuesta (${tag})`);
      await modal.getByRole("button", { name: "Responder" }).click();
      await expect(replies).toHaveCount(1);
      await expect(replies.nth(0)).toContainText("Enviado por correo");
      const first = await smtp.waitFor((m) => m.recipients.includes(message.email) && m.text.includes(`Primera respuesta (${tag})`));
      expect(first.text).toContain(`-- \n${signature}`);

      // A reply never blocks the next one.
      await modal.getByLabel("Tu respuesta").fill(`Segunda respuesta (${tag})`);
      await modal.getByRole("button", { name: "Responder" }).click();
      await expect(replies).toHaveCount(2);
      await expect(replies.nth(1)).toContainText(`Segunda respuesta (${tag})`);
      await expect(replies.nth(0)).toContainText("Enviado por correo");
      await expect(replies.nth(1)).toContainText("Enviado por correo");
      const second = await smtp.waitFor((m) => m.recipients.includes(message.email) && m.text.includes(`Segunda respuesta (${tag})`));
      // The second mail answers the first, so the visitor's client threads them.
      expect(second.headers["in-reply-to"]).toBe(first.headers["message-id"]);
      expect(second.headers["message-id"]).not.toBe(first.headers["message-id"]);
      expect(await messageRow(message.id)).toMatchObject({ status: "replied", replies: 2, reply_status: "sent" });
      await expectNoAxeViolations(page);
    } finally {
      await withDb((db) => db.query("update users set signature = null where id = $1", [admin.id]));
    }
  });

  test("con el servidor SMTP caído la respuesta se guarda, el modal lo dice y «Reenviar» la envía", async ({ page, context }) => {
    test.slow(); // several pages and server actions on a shared 2-core machine
    const tag = tagOf();
    const message = await createMessage(tag, { subject: `Correo caído ${tag}` });
    await signInAs(context, BASE_URL, admin);
    await smtp.close(); // nothing listens on SMTP_URL now
    try {
      await openInbox(page, `id=${message.id}&q=${tag}`);
      const modal = page.getByTestId("contact-message-modal");
      await expect(modal.getByRole("heading", { name: `Correo caído ${tag}` })).toBeVisible();
      await modal.getByLabel("Tu respuesta").fill(`Respuesta que no debe perderse ${tag}`);
      await modal.getByRole("button", { name: "Responder" }).click();
      const failure = modal.getByTestId("reply-failure");
      await expect(failure).toContainText("No enviado: falló el envío");
      await expect(failure).toContainText("El correo con la respuesta no se pudo enviar.");
      await expect(failure).toContainText(`Respuesta que no debe perderse ${tag}`);
      const stored = await messageRow(message.id);
      expect(stored.status).toBe("replied");
      expect(stored.reply_sent_at).toBeNull();
      await expectNoAxeViolations(page);
    } finally {
      smtp = await startSmtpServer(SMTP_PORT);
    }
    const modal = page.getByTestId("contact-message-modal");
    await modal.getByRole("button", { name: "Reenviar" }).click();
    await expect(modal.getByTestId("reply-failure")).toHaveCount(0);
    await expect(modal.getByTestId("reply-sent")).toContainText("Enviado por correo el");
    const mail = await smtp.waitFor((m) => m.recipients.includes(message.email));
    expect(mail.headers["message-id"]).toBe((await messageRow(message.id)).reply_message_id);
  });

  test("plantillas de respuesta: se crean en su página y se insertan en la respuesta", async ({ page, context }) => {
    test.slow(); // several pages and server actions on a shared 2-core machine
    const tag = tagOf();
    const message = await createMessage(tag, { subject: `Con plantilla ${tag}` });
    await signInAs(context, BASE_URL, admin);
    await page.goto("/admin/contact-messages/templates");
    await expect(page.getByRole("heading", { level: 1, name: "Plantillas de respuesta" })).toBeVisible();
    await page.getByRole("button", { name: "+ Nueva plantilla" }).click();
    const dialog = page.getByRole("dialog", { name: "Nueva plantilla" });
    await dialog.getByLabel("Nombre").fill(`Plantilla ${tag}`);
    await dialog.getByLabel("Texto").fill(`Texto de la plantilla ${tag}`);
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByRole("heading", { level: 2, name: `Plantilla ${tag}` })).toBeVisible();
    // axe measures contrast of what is on screen: let the success toast fade away first.
    await expect(page.getByText("Plantilla guardada")).toBeHidden({ timeout: 10_000 });
    await expectNoAxeViolations(page);

    await openInbox(page, `id=${message.id}&q=${tag}`);
    const modal = page.getByTestId("contact-message-modal");
    await expect(modal.getByRole("heading", { name: `Con plantilla ${tag}` })).toBeVisible();
    await expect(modal.getByLabel("Tu respuesta")).toBeEnabled();
    await modal.getByLabel("Insertar plantilla").selectOption({ label: `Plantilla ${tag}` });
    await expect(modal.getByLabel("Tu respuesta")).toHaveValue(`Texto de la plantilla ${tag}`);
    await withDb((db) => db.query("delete from reply_templates where name = $1", [`Plantilla ${tag}`]));
  });

  test("375 px: tarjetas, modal y axe sin violaciones", async ({ page, context }) => {
    test.slow(); // two axe runs (one over the whole conversation modal) on a shared 2-core machine
    const tag = tagOf();
    const message = await createMessage(tag);
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAs(context, BASE_URL, admin);
    await openInbox(page, `q=${tag}`);
    const card = (await expectPhoneCards(page, "Mensajes de contacto")).locator(`[data-row-id="${message.id}"]`);
    await expect(card).toBeVisible();
    await expect(card).toContainText(`Consulta ${tag}`);
    await expectNoAxeViolations(page);
    await card.getByRole("button", { name: /^Ver el mensaje/ }).click();
    await expect(page.getByTestId("contact-message-modal").getByRole("heading", { name: `Consulta ${tag}` })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("el visitante responde por correo: su respuesta llega al hilo, suena la campana, segunda respuesta, cerrar y «Deshacer»", async ({ page, context }) => {
    test.slow(); // a public form, mails both ways and several server actions on a shared 2-core machine
    const tag = tagOf();
    const email = `visitante.${tag}@ejemplo.pe`;
    // The visitor writes through the public API, from an address of their own (rate limits are per address).
    const sent = await page.request.post("/api/v1/contact", {
      headers: { "X-Forwarded-For": `203.0.113.${Math.floor(Math.random() * 250) + 1}` },
      data: { name: `Pedro Ramos ${tag}`, email, subject: `Implementación ${tag}`, message: `¿Cuánto demora implementar el ERP? (${tag})` },
    });
    expect(sent.status()).toBe(201);
    const { rows } = await withDb((db) => db.query<{ id: number }>("select id from contact_messages where email = $1", [email]));
    const id = rows[0].id;

    await signInAs(context, BASE_URL, admin);
    await openInbox(page, `id=${id}&q=${tag}`);
    const modal = page.getByTestId("contact-message-modal");
    const thread = modal.getByRole("list", { name: "Conversación" });
    await modal.getByLabel("Tu respuesta").fill(`Entre cuatro y seis semanas (${tag}).`);
    await modal.getByRole("button", { name: "Responder" }).click();
    await expect(thread.locator('[data-kind="reply"]')).toHaveCount(1);
    const first = await smtp.waitFor((m) => m.recipients.includes(email) && m.text.includes(`Entre cuatro y seis semanas (${tag}).`));
    await modal.getByRole("button", { name: "Cerrar", exact: true }).click();
    await expect(modal).toBeHidden();
    const unreadBefore = await unreadInBell(page);

    // The visitor answers from their mail program, to the Reply-To the reply carried, quoting it.
    const answer = `Perfecto, ¿pueden llamarme el lunes? (${tag})`;
    const acceptedAt = await answerByMail({
      from: `Pedro Ramos <${email}>`,
      to: first.headers["reply-to"],
      subject: `Re: ${first.headers.subject}`,
      inReplyTo: first.headers["message-id"],
      text: `${answer}\n\nEl ${new Date().toLocaleDateString("es-PE")}, Lumen Consultoría TI escribió:\n> Entre cuatro y seis semanas (${tag}).`,
    });
    // Landed in the same conversation within 5 seconds of the listener's 250.
    await expect
      .poll(async () => (await withDb((db) => db.query("select count(*)::int as n from contact_entries where message_id = $1 and kind = 'inbound'", [id]))).rows[0].n, { timeout: 5_000 })
      .toBe(1);
    expect(Date.now() - acceptedAt).toBeLessThan(5_000);
    expect((await messageRow(id)).status).toBe("new");

    // The bell rings, and the thread shows the answer without the quoted reply.
    await page.reload();
    await expect.poll(() => unreadInBell(page)).toBeGreaterThan(unreadBefore);
    await openInbox(page, `id=${id}&q=${tag}`);
    const inbound = thread.locator('[data-kind="inbound"]');
    await expect(inbound).toHaveCount(1);
    await expect(inbound).toContainText(answer);
    await expect(inbound).toContainText("Recibido por correo");
    await expect(inbound).not.toContainText("> Entre cuatro");

    // A second staff reply answers the visitor's mail.
    await modal.getByLabel("Tu respuesta").fill(`Claro, el lunes a las 10:00 (${tag}).`);
    await modal.getByRole("button", { name: "Responder" }).click();
    await expect(thread.locator('[data-kind="reply"]')).toHaveCount(2);
    const second = await smtp.waitFor((m) => m.recipients.includes(email) && m.text.includes(`Claro, el lunes a las 10:00 (${tag}).`));
    const { rows: inboundIds } = await withDb((db) => db.query<{ mail_message_id: string }>("select mail_message_id from contact_entries where message_id = $1 and kind = 'inbound'", [id]));
    expect(second.headers["in-reply-to"]).toBe(inboundIds[0].mail_message_id);

    // Close, then undo.
    await modal.getByRole("button", { name: "Cerrar mensaje" }).click();
    await expect.poll(async () => (await messageRow(id)).status).toBe("closed");
    await page.getByRole("button", { name: "Deshacer" }).click();
    await expect.poll(async () => (await messageRow(id)).status).toBe("replied");
  });

  test("la campana abre el mensaje en su modal", async ({ page, context }) => {
    const tag = tagOf();
    const message = await createMessage(tag, { subject: `Desde la campana ${tag}` });
    const title = `Nuevo mensaje de contacto ${tag}`;
    await withDb((db) =>
      db.query("insert into notifications (user_id, type, title, link) values ($1, 'contact_message', $2, $3)", [admin.id, title, `/admin/contact-messages?id=${message.id}`]),
    );
    await signInAs(context, BASE_URL, admin);
    await page.goto("/admin/dashboard");
    await page.getByRole("button", { name: /^Notificaciones/ }).click();
    await page.getByRole("region", { name: "Notificaciones" }).getByRole("link", { name: new RegExp(title) }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/contact-messages\\?id=${message.id}$`));
    await expect(page.getByTestId("contact-message-modal").getByRole("heading", { name: `Desde la campana ${tag}` })).toBeVisible();
  });

  test("eliminar pide confirmación y «Deshacer» lo devuelve", async ({ page, context }) => {
    const tag = tagOf();
    const message = await createMessage(tag);
    await signInAs(context, BASE_URL, admin);
    await openInbox(page, `q=${tag}`);
    const row = page.locator(`tr[data-row-id="${message.id}"]`);
    await row.getByRole("button", { name: /^Eliminar el mensaje/ }).click();
    const confirm = page.getByTestId("confirm-dialog");
    await expect(confirm).toContainText("¿Seguro que deseas eliminar el mensaje");
    await confirm.getByRole("button", { name: "Eliminar" }).click();
    await expect(page.getByText("Mensaje eliminado")).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect.poll(async () => (await messageRow(message.id)).deleted_at).not.toBeNull();

    await page.getByRole("button", { name: "Deshacer" }).click();
    await expect(page.getByText("Mensaje restaurado")).toBeVisible();
    await expect(row).toBeVisible();
    expect((await messageRow(message.id)).deleted_at).toBeNull();
  });

  test("atajos de teclado: j/k, Enter, e, r y ?", async ({ page, context }) => {
    const tag = tagOf();
    const older = await createMessage(tag, { subject: `Antiguo ${tag}`, minutesAgo: 5 });
    const newer = await createMessage(tag, { subject: `Reciente ${tag}` });
    await signInAs(context, BASE_URL, admin);
    await openInbox(page, `q=${tag}`);
    const table = page.getByRole("table", { name: "Mensajes de contacto" });
    await expect(table.locator("tbody tr")).toHaveCount(2);
    await page.locator("body").click({ position: { x: 5, y: 5 } });

    // The shortcuts listen once the page has hydrated: a press before that does nothing, so press
    // again only while no row is highlighted.
    await expect(async () => {
      if ((await table.locator('[data-active="true"]').count()) === 0) await page.keyboard.press("j");
      await expect(table.locator(`[data-row-id="${newer.id}"]`)).toHaveAttribute("data-active", "true", { timeout: 1_000 });
    }).toPass();
    await page.keyboard.press("j");
    await expect(table.locator(`[data-row-id="${older.id}"]`)).toHaveAttribute("data-active", "true");
    await page.keyboard.press("k");
    await page.keyboard.press("j");
    await page.keyboard.press("Enter");
    const modal = page.getByTestId("contact-message-modal");
    await expect(modal.getByRole("heading", { name: `Antiguo ${tag}` })).toBeVisible();
    // Inside an open message j/k move to the previous and next message of the list.
    await page.keyboard.press("k");
    await expect(modal.getByRole("heading", { name: `Reciente ${tag}` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]id=${newer.id}(&|$)`));
    await page.keyboard.press("j");
    await expect(modal.getByRole("heading", { name: `Antiguo ${tag}` })).toBeVisible();
    await page.keyboard.press("j"); // the last message: nothing further
    await expect(modal.getByRole("heading", { name: `Antiguo ${tag}` })).toBeVisible();
    await page.keyboard.press("r");
    await expect(modal.getByLabel("Tu respuesta")).toBeFocused();
    await page.keyboard.type("e r j"); // typing in the box never triggers a shortcut
    await expect(modal.getByLabel("Tu respuesta")).toHaveValue("e r j");
    await expect(modal).toBeVisible();
    // A reply typed and not sent: leaving asks first.
    await page.keyboard.press("Escape");
    const confirm = page.getByTestId("confirm-dialog");
    await expect(confirm).toContainText("Tu respuesta aún no se ha enviado.");
    await confirm.getByRole("button", { name: "Seguir editando" }).click();
    await expect(modal.getByLabel("Tu respuesta")).toHaveValue("e r j");
    await page.keyboard.press("Escape");
    await confirm.getByRole("button", { name: "Descartar respuesta" }).click();
    await expect(modal).toBeHidden();

    await page.keyboard.press("Shift+Slash");
    const help = page.getByTestId("shortcuts-dialog");
    await expect(help).toContainText("Archivar el mensaje");
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();

    await page.keyboard.press("e"); // archives the highlighted message ("Deshacer": admin-conversation.spec.ts)
    await expect(page.getByText("Mensaje archivado")).toBeVisible();
    await expect.poll(async () => (await messageRow(older.id)).status).toBe("archived");
    // The other message was only opened (j/k), never archived.
    expect((await messageRow(newer.id)).status).toBe("read");
  });

  test("exportar CSV del filtro y la búsqueda: BOM, cabecera en español, fórmulas neutralizadas", async ({ page, context }) => {
    const tag = tagOf();
    const message = await createMessage(tag, { name: `=HYPERLINK("http://x") ${tag}`, status: "read" });
    await createMessage(tag, { status: "archived" });
    await signInAs(context, BASE_URL, admin);
    await openInbox(page, `status=read&q=${tag}`);
    const link = page.getByRole("link", { name: "Exportar CSV" });
    await expect(link).toHaveAttribute("href", `/api/v1/admin/contact-messages/export?status=read&q=${tag}`);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^mensajes-de-contacto-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lines[0]).toBe('"ID","Fecha","Estado","Nombre","Correo electrónico","Teléfono","Empresa","Sector","Asunto","Mensaje","Respuesta","Fecha de respuesta","Envío de la respuesta","Leído el","Dirección IP","Navegador"');
    expect(lines).toHaveLength(2);
    expect(lines[1].startsWith(`"${message.id}",`)).toBe(true);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"") ${tag}"`);
    expect(lines[1]).toContain('"Leído"');
  });
});
