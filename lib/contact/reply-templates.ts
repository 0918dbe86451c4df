import "server-only";
import { recordAudit } from "@/lib/audit/service";
import type { AdminActor } from "@/lib/auth/actor";
import { db } from "@/lib/db";
import { conflict, DomainError, notFound, parseWith } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { replyTemplateSchema } from "./admin-schema";
import { serializeTemplate, type ReplyTemplateItem } from "./admin-serialize";

// The inbox's reply templates (name and text an admin picks to start a reply): create, edit and
// delete, each audited; two templates never share a name (409).

export const TEMPLATE_NOT_FOUND = "Plantilla no encontrada";
const TEMPLATE_DUPLICATE = "Ya existe una plantilla con ese nombre.";

function duplicateName(error: unknown): DomainError | null {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
    return conflict(TEMPLATE_DUPLICATE, { name: [TEMPLATE_DUPLICATE] });
  }
  return null;
}

export async function createReplyTemplate(actor: AdminActor, input: unknown): Promise<ReplyTemplateItem> {
  const data = parseWith(replyTemplateSchema, input);
  try {
    return await db.$transaction(async (tx) => {
      const row = await tx.replyTemplate.create({ data });
      await recordAudit(tx, actor, { action: "reply_template.create", entityType: "reply_template", entityId: row.id, after: data });
      return serializeTemplate(row);
    });
  } catch (error) {
    throw duplicateName(error) ?? error;
  }
}

export async function updateReplyTemplate(actor: AdminActor, id: number, input: unknown): Promise<ReplyTemplateItem> {
  const data = parseWith(replyTemplateSchema, input);
  try {
    return await db.$transaction(async (tx) => {
      const before = await tx.replyTemplate.findUnique({ where: { id } });
      if (!before) throw notFound(TEMPLATE_NOT_FOUND);
      const row = await tx.replyTemplate.update({ where: { id }, data });
      await recordAudit(tx, actor, {
        action: "reply_template.update",
        entityType: "reply_template",
        entityId: id,
        before: { name: before.name, body: before.body },
        after: data,
      });
      return serializeTemplate(row);
    });
  } catch (error) {
    throw duplicateName(error) ?? error;
  }
}

export async function deleteReplyTemplate(actor: AdminActor, id: number): Promise<void> {
  await db.$transaction(async (tx) => {
    const before = await tx.replyTemplate.findUnique({ where: { id } });
    if (!before) throw notFound(TEMPLATE_NOT_FOUND);
    await tx.replyTemplate.delete({ where: { id } });
    await recordAudit(tx, actor, {
      action: "reply_template.delete",
      entityType: "reply_template",
      entityId: id,
      before: { name: before.name, body: before.body },
    });
  });
}
