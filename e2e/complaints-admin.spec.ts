import { randomInt } from "node:crypto";
import { expect, test } from "@playwright/test";
import { startSmtpServer, type TestSmtpServer } from "../tests/helpers/smtp";
import { expectNoAxeViolations } from "./helpers/axe";
import { createThrowawayUser, deleteThrowawayUser, signInAs, withDb, type SessionUser } from "./helpers/session";

// The back office's Libro de Reclamaciones in a real browser: an admin opens the book, finds a
// pending sheet with its days left, answers it (after the confirmation that the answer cannot be
// changed), the consumer's answer reaches a real SMTP server started here (the server under test
// sends to SMTP_URL = smtp://127.0.0.1:$E2E_SMTP_PORT), and the sheet then reads "Respondida",
// with its e-mail "Enviado". The list also fits a 375 px screen.

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT);

let admin: SessionUser;
let smtp: TestSmtpServer | null = null;

/** The mail port is shared with e2e/admin-inbox.spec.ts: wait for it if that spec holds it. */
async function listenForMail(): Promise<TestSmtpServer> {
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      return await startSmtpServer(SMTP_PORT);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

type Sheet = { id: number; number: string; email: string; consumer: string };

/** A pending sheet, as the public form stores it, due in about three weeks. */
async function createSheet(): Promise<Sheet> {
  const year = new Date().getFullYear();
  const sequence = randomInt(900_000, 999_999);
  const number = `${year}-${String(sequence).padStart(6, "0")}`;
  const email = `consumidor.${sequence}@ejemplo.pe`;
  const consumer = `Rosa Huamán ${sequence}`;
  const { rows } = await withDb((db) =>
    db.query<{ id: number }>(
      `insert into complaints (year, sequence, number, submission_key, consumer_name, document_type, document_number, address, phone, email,
         good_type, good_description, amount_claimed, currency, kind, detail, consumer_request, privacy_version, privacy_accepted_at, due_date)
       values ($1, $2, $3, $4, $5, 'dni', '45871236', 'Av. Arequipa 123, Lima', '987654321', $6,
         'service', 'Soporte técnico mensual', 150, 'PEN', 'reclamo', 'El técnico no vino en la fecha acordada.', 'Devolución del importe.',
         '2026-11', now(), (now() at time zone 'America/Lima')::date + 21)
       returning id`,
      [year, sequence, number, `e2e-${sequence}-${Date.now()}`, consumer, email],
    ),
  );
  return { id: rows[0].id, number, email, consumer };
}

test.beforeAll(async () => {
  admin = await createThrowawayUser("admin");
  smtp = await listenForMail();
});
test.afterAll(async () => {
  await smtp?.close();
  if (admin) await deleteThrowawayUser(admin);
});

test("an admin answers a pending sheet: the consumer gets the answer and the sheet reads «Respondida»", async ({ page, context, baseURL }) => {
  const sheet = await createSheet();
  await signInAs(context, baseURL!, admin);

  await page.goto(`/admin/complaints?q=${sheet.number}`);
  await expect(page.getByRole("heading", { name: "Libro de Reclamaciones", level: 1 })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: sheet.number });
  await expect(row).toContainText(sheet.consumer);
  await expect(row).toContainText("Pendiente");
  await expect(row.getByTestId("complaint-deadline")).toHaveText(/^Quedan \d+ días hábiles$/);
  await expectNoAxeViolations(page);

  await row.getByRole("link", { name: sheet.number, exact: true }).click();
  await expect(page.getByRole("heading", { name: `Hoja de reclamación N.° ${sheet.number}` })).toBeVisible();
  await expect(page.getByText("El técnico no vino en la fecha acordada.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Descargar PDF" })).toHaveAttribute("href", `/api/v1/admin/complaints/${sheet.id}/pdf`);
  await expectNoAxeViolations(page);

  await page.getByLabel("Respuesta al consumidor").fill("Hemos revisado su caso: le devolveremos S/ 150.00 en 5 días hábiles.");
  await page.getByRole("button", { name: "Enviar respuesta" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("La respuesta no se podrá modificar después de enviarla.");
  await dialog.getByRole("button", { name: "Enviar respuesta" }).click();

  const mail = await smtp!.waitFor((received) => received.recipients.includes(sheet.email), 20_000);
  expect(mail.headers.subject).toBe(`Respuesta a tu hoja de reclamación N.° ${sheet.number}`);
  expect(mail.raw).toContain(`hoja-de-reclamacion-${sheet.number}.pdf`);

  await expect(page.getByText("Respondida", { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId("answer-email")).toHaveAttribute("data-status", "sent");
  await expect(page.getByTestId("answer-email")).toContainText("Enviado");
  await expect(page.getByRole("region", { name: "Respuesta", exact: true })).toContainText("le devolveremos S/ 150.00");
  await expect(page.getByLabel("Respuesta al consumidor")).toHaveCount(0);

  await page.goto(`/admin/complaints?q=${sheet.number}`);
  const answered = page.getByRole("row").filter({ hasText: sheet.number });
  await expect(answered).toContainText("Respondida");
  await expect(answered.getByTestId("complaint-deadline")).toHaveText(/^Respondida el \d{2}\/\d{2}\/\d{4}$/);

  // At 375 px the table becomes cards and nothing overflows the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByText(sheet.number, { exact: true }).filter({ visible: true }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
