import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { waitForServer } from "../scripts/lib/wait-for-server";
import { startSmtpServer, type TestSmtpServer } from "../tests/helpers/smtp";
import { expectNoAxeViolations } from "./helpers/axe";
import { createThrowawayUser, deleteThrowawayUser, signInAs, withDb, type SessionUser } from "./helpers/session";

// The e-mail state tells the truth, in the browser. The server Playwright starts always has
// SMTP_URL, so this spec runs the same production build (NEXT_DIST_DIR) on the same database as
// a server of its own, on its own port: first WITHOUT SMTP_URL (the admin banner, a reply stored
// as «No enviado: correo saliente no configurado», «Reenviar» off), then restarted WITH SMTP_URL
// pointing at a real SMTP server started here, where «Reenviar» delivers the stored reply.
// It also checks that loading the inbox with ?id=N, or GET of the message's API, changes nothing.
//
// Its server is `next start` with the preloads `npm start` adds (scripts/serve.ts), not `npm
// start` itself: Playwright's server has already migrated the database and built NEXT_DIST_DIR,
// and a second `npm start` would rebuild that very directory under the running server whenever
// a source file changed meanwhile.

const ROOT = process.cwd(); // Playwright runs from the repository root
const PORT = Number(process.env.E2E_PORT || 3210) + 7;
const OWN_URL = `http://localhost:${PORT}`;
const BANNER = "El correo saliente no está configurado: las respuestas no se envían";

let server: ChildProcess | null = null;
let serverLog = "";

async function startOwnServer(smtpUrl: string | null) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    DATABASE_URL: process.env.E2E_DATABASE_URL,
    AUTH_TRUST_HOST: "true",
    NEXT_TELEMETRY_DISABLED: "1",
    BILLING_SCHEDULE: "off",
    NODE_OPTIONS: [
      process.env.NODE_OPTIONS,
      `--import=${pathToFileURL(path.join(ROOT, "scripts", "client-ip-preload.mjs")).href}`,
      `--import=${pathToFileURL(path.join(ROOT, "scripts", "graceful-shutdown-preload.mjs")).href}`,
    ]
      .filter(Boolean)
      .join(" "),
  };
  delete env.SMTP_URL;
  if (smtpUrl) env.SMTP_URL = smtpUrl;
  serverLog = "";
  const child = spawn(process.execPath, [path.join(ROOT, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(PORT)], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => void (serverLog = (serverLog + chunk.toString()).slice(-20_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  server = child;
  try {
    await waitForServer(child, OWN_URL, 60_000);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${serverLog.slice(-3000)}`);
  }
}

async function stopOwnServer() {
  const child = server;
  server = null;
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return; // already gone
  }
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGKILL");
}

let admin: SessionUser;
let smtp: TestSmtpServer | null = null;

test.beforeAll(async () => {
  admin = await createThrowawayUser("admin");
});
test.afterAll(async () => {
  await stopOwnServer();
  await smtp?.close();
  if (admin) await deleteThrowawayUser(admin);
});

const tagOf = () => `mst${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function createMessage(tag: string): Promise<{ id: number; email: string }> {
  const email = `remitente.${tag}@ejemplo.pe`;
  const { rows } = await withDb((db) =>
    db.query<{ id: number }>(
      `insert into contact_messages (name, email, company, subject, message, status, ip_address, user_agent, updated_at)
       values ($1, $2, 'Agroexportadora del Sur S.A.C.', $3, $4, 'new', '190.236.74.20', 'Mozilla/5.0 (e2e)', now()) returning id`,
      [`Rosa Huamán ${tag}`, email, `Estado del correo ${tag}`, `¿Tienen soporte para SUNAT? (${tag})`],
    ),
  );
  return { id: rows[0].id, email };
}

const messageRow = (id: number) =>
  withDb(
    async (db) =>
      (
        await db.query(
          `select m.status::text as status, m.read_at, r.delivery_status::text as reply_status, r.sent_at as reply_sent_at, r.mail_message_id as reply_message_id,
                  (select count(*)::int from audit_logs where entity_type = 'contact_message' and entity_id = $2) as audits
           from contact_messages m
           left join lateral (select * from contact_entries e where e.message_id = m.id and e.kind = 'reply' order by e.created_at desc, e.id desc limit 1) r on true
           where m.id = $1`,
          [id, String(id)],
        )
      ).rows[0],
  );

async function signIn(context: BrowserContext) {
  await signInAs(context, OWN_URL, admin);
}

async function openInbox(page: Page, query: string) {
  await page.goto(`${OWN_URL}/admin/contact-messages?${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Gestión de Contactos" })).toBeVisible();
}

test("sin SMTP: aviso, «No enviado» y «Reenviar» desactivado; con SMTP configurado «Reenviar» envía la respuesta guardada", async ({ page, context }) => {
  test.setTimeout(180_000);
  const tag = tagOf();
  const message = await createMessage(tag);

  await startOwnServer(null);
  await signIn(context);

  // Reading changes nothing: the inbox page with ?id=N as a plain GET (what a link followed from
  // another site does), and the message's API.
  const pageGet = await page.request.get(`${OWN_URL}/admin/contact-messages?id=${message.id}`);
  expect(pageGet.status()).toBe(200);
  const apiGet = await page.request.get(`${OWN_URL}/api/v1/admin/contact-messages/${message.id}`);
  expect(apiGet.status()).toBe(200);
  expect((await apiGet.json()).data).toMatchObject({ status: "new", read_at: null, reply_status: null });
  expect(await messageRow(message.id)).toMatchObject({ status: "new", read_at: null, audits: 0 });

  // The banner on every admin screen.
  await page.goto(`${OWN_URL}/admin/dashboard`);
  await expect(page.getByTestId("outbound-mail-banner")).toContainText(BANNER);

  await openInbox(page, `q=${tag}`);
  await expect(page.getByTestId("outbound-mail-banner")).toContainText(BANNER);
  const row = page.getByRole("table", { name: "Mensajes de contacto" }).locator(`[data-row-id="${message.id}"]`);
  await row.getByRole("button", { name: `Ver el mensaje de Rosa Huamán ${tag}` }).click();
  const modal = page.getByTestId("contact-message-modal");
  await expect(modal.getByRole("heading", { name: `Estado del correo ${tag}` })).toBeVisible();
  // Opening the modal marks it read through its action.
  await expect.poll(async () => (await messageRow(message.id)).status).toBe("read");

  await modal.getByLabel("Tu respuesta").fill(`Sí, emitimos comprobantes electrónicos (${tag}).`);
  await modal.getByRole("button", { name: "Responder" }).click();
  const notice = modal.getByTestId("reply-not-configured");
  await expect(notice).toContainText("No enviado: correo saliente no configurado");
  await expect(notice).toContainText("Configura SMTP_URL en el servidor para poder reenviarla.");
  await expect(notice.getByRole("button", { name: "Reenviar" })).toBeDisabled();
  await expect(modal).not.toContainText("Enviado por correo");
  await expect(page.getByText("La respuesta se guardó, pero no se envió: el correo saliente no está configurado.")).toBeVisible();
  expect(await messageRow(message.id)).toMatchObject({ status: "replied", reply_status: "not_configured", reply_sent_at: null });
  await expectNoAxeViolations(page);

  await modal.getByRole("button", { name: "Cerrar", exact: true }).click();
  await expect(modal).toBeHidden();
  await expect(row).toContainText("Respondido");
  await expect(row).toContainText("No enviado: correo saliente no configurado");

  // The same server restarted with SMTP_URL pointing at a real SMTP server.
  await stopOwnServer();
  smtp = await startSmtpServer(0);
  await startOwnServer(smtp.url);

  await openInbox(page, `id=${message.id}&q=${tag}`);
  await expect(page.getByTestId("outbound-mail-banner")).toHaveCount(0);
  await expect(modal.getByTestId("reply-not-configured")).toContainText("El correo ya está configurado: usa «Reenviar» para enviarla.");
  await modal.getByRole("button", { name: "Reenviar" }).click();
  await expect(page.getByText("Respuesta enviada", { exact: true })).toBeVisible();
  await expect(modal.getByTestId("reply-not-configured")).toHaveCount(0);
  await expect(modal).toContainText("Enviado por correo el");

  const mail = await smtp.waitFor((m) => m.recipients.includes(message.email));
  const stored = await messageRow(message.id);
  expect(stored).toMatchObject({ reply_status: "sent" });
  expect(stored.reply_sent_at).not.toBeNull();
  expect(mail.headers["message-id"]).toBe(stored.reply_message_id);
  expect(mail.text).toContain(`Sí, emitimos comprobantes electrónicos (${tag}).`);
});
