import "server-only";
import { parseRecordId } from "@/lib/ids";
import { invalid, notFound, parseWith } from "@/lib/errors";
import type { AdminActor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/service";
import { revalidateTestimonials } from "@/lib/cache";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  TESTIMONIAL_MESSAGES,
  testimonialInputSchema,
  testimonialUpdateSchema,
  type TestimonialInput,
  type TestimonialUpdate,
} from "./schema";
import { resolveMediaReferences } from "@/lib/media/references";
import { serializeTestimonial, TESTIMONIAL_MEDIA_INCLUDE, type TestimonialContract } from "./serialize";

// The only writes of testimonials: the "Gestión de Testimonios" server actions and
// POST/PUT/DELETE /api/v1/admin/testimonials both call these. Each validates with the shared
// schema, writes in one transaction together with its audit entry, then expires the public
// "testimonials" tag so home and /testimonios show the change on the next request.

const ENTITY = "testimonial";

/** A route's or action's `{id}`: digits only, otherwise it cannot name a testimonial (404). */
export function parseTestimonialId(raw: unknown): number {
  return parseRecordId(raw, TESTIMONIAL_MESSAGES.notFound);
}

async function assertSectorExists(tx: Prisma.TransactionClient, sectorId: number | null | undefined) {
  if (sectorId === null || sectorId === undefined) return;
  const sector = await tx.sector.findUnique({ where: { id: sectorId }, select: { id: true } });
  if (!sector) throw invalid({ sector_id: [TESTIMONIAL_MESSAGES.sectorMissing] }, TESTIMONIAL_MESSAGES.invalid);
}

/** Contract fields (snake_case) → Prisma columns; fields left out stay out; the photo resolved to a library id. */
async function toData(tx: Prisma.TransactionClient, input: Partial<TestimonialInput> | TestimonialUpdate) {
  const data: Prisma.TestimonialUncheckedUpdateInput = {};
  if (input.client_name !== undefined) data.clientName = input.client_name;
  if (input.client_position !== undefined) data.clientPosition = input.client_position;
  if (input.client_company !== undefined) data.clientCompany = input.client_company;
  if (input.content !== undefined) data.content = input.content;
  if (input.rating !== undefined) data.rating = input.rating;
  if (input.image !== undefined) data.imageId = input.image === null ? null : (await resolveMediaReferences(tx, "image", [input.image], TESTIMONIAL_MESSAGES.invalid))[0];
  if (input.sector_id !== undefined) data.sectorId = input.sector_id;
  if (input.is_active !== undefined) data.isActive = input.is_active;
  if (input.is_featured !== undefined) data.isFeatured = input.is_featured;
  if (input.status !== undefined) data.status = input.status;
  return data;
}

/** What the audit trail keeps of a testimonial (created_at and id are not "changes"). */
function auditable(row: TestimonialContract): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...row };
  delete fields.image_set;
  delete fields.id;
  delete fields.created_at;
  return fields;
}

/** Creates a testimonial (TESTIMONIAL_DEFAULTS for what is left out). 422 on bad input or an unknown sector. */
export async function createTestimonial(actor: AdminActor, input: unknown): Promise<TestimonialContract> {
  const data = parseWith(testimonialInputSchema, input, TESTIMONIAL_MESSAGES.invalid);
  const created = await db.$transaction(async (tx) => {
    await assertSectorExists(tx, data.sector_id);
    const row = await tx.testimonial.create({
      data: (await toData(tx, data)) as Prisma.TestimonialUncheckedCreateInput,
      include: TESTIMONIAL_MEDIA_INCLUDE,
    });
    const contract = serializeTestimonial(row);
    await recordAudit(tx, actor, { action: `${ENTITY}.create`, entityType: ENTITY, entityId: row.id, after: auditable(contract) });
    return contract;
  });
  revalidateTestimonials();
  return created;
}

/**
 * Updates a testimonial with the same payload as create; fields left out keep their value.
 * 404 for an unknown id, 422 on bad input or an unknown sector.
 */
export async function updateTestimonial(actor: AdminActor, id: unknown, input: unknown): Promise<TestimonialContract> {
  const testimonialId = parseTestimonialId(id);
  const data = parseWith(testimonialUpdateSchema, input, TESTIMONIAL_MESSAGES.invalid);
  const updated = await db.$transaction(async (tx) => {
    const before = await tx.testimonial.findUnique({ where: { id: testimonialId }, include: TESTIMONIAL_MEDIA_INCLUDE });
    if (!before) throw notFound(TESTIMONIAL_MESSAGES.notFound);
    await assertSectorExists(tx, data.sector_id);
    const row = await tx.testimonial.update({ where: { id: testimonialId }, data: await toData(tx, data), include: TESTIMONIAL_MEDIA_INCLUDE });
    const beforeContract = serializeTestimonial(before);
    const afterContract = serializeTestimonial(row);
    const changed = JSON.stringify(auditable(beforeContract)) !== JSON.stringify(auditable(afterContract));
    if (changed) {
      await recordAudit(tx, actor, {
        action: `${ENTITY}.update`,
        entityType: ENTITY,
        entityId: row.id,
        before: auditable(beforeContract),
        after: auditable(afterContract),
      });
    }
    return afterContract;
  });
  revalidateTestimonials();
  return updated;
}

/** Deletes a testimonial. 404 for an unknown id. */
export async function deleteTestimonial(actor: AdminActor, id: unknown): Promise<{ id: number }> {
  const testimonialId = parseTestimonialId(id);
  await db.$transaction(async (tx) => {
    const before = await tx.testimonial.findUnique({ where: { id: testimonialId }, include: TESTIMONIAL_MEDIA_INCLUDE });
    if (!before) throw notFound(TESTIMONIAL_MESSAGES.notFound);
    await tx.testimonial.delete({ where: { id: testimonialId } });
    await recordAudit(tx, actor, {
      action: `${ENTITY}.delete`,
      entityType: ENTITY,
      entityId: testimonialId,
      before: auditable(serializeTestimonial(before)),
    });
  });
  revalidateTestimonials();
  return { id: testimonialId };
}
