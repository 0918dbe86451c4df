import "server-only";
import { after } from "next/server";
import { fieldErrors, invalid, rateLimited } from "@/lib/errors";
import { stripUnsafeText } from "@/lib/zod";
import { getSiteSettings } from "@/lib/content/settings";
import { db } from "@/lib/db";
import { consentColumns } from "@/lib/legal/consent";
import { sendMail } from "@/lib/mail";
import { absoluteUrl } from "@/lib/site-url";
import { notifyAdmins } from "@/lib/notifications/service";
import { normalizeIp, rateLimitAddress, UNKNOWN_IP } from "@/lib/client-address";
import { CONTACT_RATE_LIMIT, hitRateLimit } from "@/lib/rate-limit";
import { CONTACT_MESSAGES, contactRequestSchema, HONEYPOT_FIELD, type ContactRequest } from "./schema";

export type ContactRequestMeta = {
  /** The client's address (lib/client-address.ts clientIp), or "unknown". */
  ipAddress: string;
  userAgent: string | null;
};

const MAX_USER_AGENT = 512; // contact_messages.user_agent

/** True when the hidden honeypot field came back filled in: only bots do that. */
function honeypotFilled(input: unknown): boolean {
  if (typeof input !== "object" || input === null) return false;
  const value = (input as Record<string, unknown>)[HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value !== "string" || value.trim() !== "";
}

function tooManyMessages(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return rateLimited(retryAfterSeconds, `Has enviado demasiados mensajes. Inténtalo de nuevo en ${minutes} minuto${minutes === 1 ? "" : "s"}.`);
}

/**
 * Receives a message from the public contact form or from POST /api/v1/contact.
 *
 * 1. A filled-in honeypot means a bot: we answer as if it worked (so the bot learns nothing)
 *    but store, count and send nothing.
 * 2. Validation with the shared schema, then the sector must exist → 422 "Revisa los campos marcados.".
 * 3. Rate limit per IP (5 per 10 minutes) → 429 with Retry-After.
 * 4. ONE transaction: the message (status new) and one notification per admin.
 * 5. Only after the commit: the e-mail to the company's contact address. Its failure is logged
 *    and never fails the request, because the message is already safe in the database.
 *
 * Returns the id of the stored message, or null when it was discarded as spam.
 * Throws `invalid` or `rate_limited`; anything else is unexpected.
 */
export async function submitContactMessage(input: unknown, meta: ContactRequestMeta): Promise<number | null> {
  if (honeypotFilled(input)) return null;

  const parsed = contactRequestSchema.safeParse(input);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error), CONTACT_MESSAGES.invalid);
  const request = parsed.data;

  let sectorName: string | null = null;
  if (request.sector_id !== null) {
    const sector = await db.sector.findUnique({ where: { id: request.sector_id }, select: { name: true } });
    if (!sector) throw invalid({ sector_id: [CONTACT_MESSAGES.sectorMissing] }, CONTACT_MESSAGES.invalid);
    sectorName = sector.name;
  }

  const ipAddress = normalizeIp(meta.ipAddress) ?? UNKNOWN_IP;
  const limit = await hitRateLimit(`contact:ip:${rateLimitAddress(ipAddress)}`, CONTACT_RATE_LIMIT);
  if (!limit.allowed) throw tooManyMessages(limit.retryAfterSeconds);

  const message = await db.$transaction(async (tx) => {
    const created = await tx.contactMessage.create({
      data: {
        name: request.name,
        email: request.email,
        phone: request.phone,
        company: request.company,
        subject: request.subject,
        message: request.message,
        sectorId: request.sector_id,
        status: "new",
        ipAddress,
        userAgent: meta.userAgent ? stripUnsafeText(meta.userAgent).slice(0, MAX_USER_AGENT) : null,
        ...consentColumns(request.privacy_accepted),
      },
      select: { id: true, createdAt: true },
    });
    await notifyAdmins(
      {
        type: "contact_message",
        title: "Nuevo mensaje de contacto",
        body: `${request.name} (${request.email})${request.subject ? `: ${request.subject}` : ""}`,
        link: `/admin/contact-messages?id=${created.id}`,
        data: { contact_message_id: created.id },
      },
      tx,
    );
    return created;
  });

  await afterResponse(() => emailCompany(message.id, request, sectorName));
  return message.id;
}

/**
 * Runs a task once the response has been sent (Next's `after`), so a slow mail server never
 * delays the visitor. Outside a request (scripts, tests) it simply runs now.
 */
async function afterResponse(task: () => Promise<void>): Promise<void> {
  try {
    after(task);
  } catch {
    await task();
  }
}

/** The notice to the company's inbox. Never throws: failures are logged. */
async function emailCompany(id: number, request: ContactRequest, sectorName: string | null): Promise<void> {
  try {
    const settings = await getSiteSettings();
    if (!settings.contactEmail) return;
    const lines = [
      `Se recibió un nuevo mensaje de contacto (n.º ${id}).`,
      "",
      `Nombre: ${request.name}`,
      `Correo: ${request.email}`,
      `Teléfono: ${request.phone ?? "—"}`,
      `Empresa: ${request.company ?? "—"}`,
      `Sector: ${sectorName ?? "—"}`,
      `Asunto: ${request.subject ?? "—"}`,
      "",
      "Mensaje:",
      request.message,
      "",
      `Respóndelo desde el panel de administración: ${absoluteUrl(`/admin/contact-messages?id=${id}`)}`,
    ];
    await sendMail({
      to: settings.contactEmail,
      subject: `Nuevo mensaje de contacto: ${request.subject ?? request.name}`,
      text: lines.join("\n"),
      replyTo: request.email,
      kind: "contact_notice",
      related: { type: "contact_message", id },
      automatic: true,
    });
  } catch (error) {
    console.error(`[contact] El mensaje ${id} se guardó, pero no se pudo enviar el aviso por correo`, error);
  }
}
