"use server";

import { requireAdminActor } from "@/lib/admin/actor";
import { runAdminAction, type ActionResult } from "@/lib/admin/action-result";
import type { TestimonialContract } from "@/lib/testimonials/serialize";
import { createTestimonial, deleteTestimonial, updateTestimonial } from "@/lib/testimonials/service";

// "Gestión de Testimonios" writes: the same service functions as the REST handlers
// (lib/testimonials/service.ts), validated there with the same schema as the form.

export async function createTestimonialAction(values: unknown): Promise<ActionResult<TestimonialContract>> {
  return runAdminAction(async () => createTestimonial(await requireAdminActor(), values));
}

export async function updateTestimonialAction(id: number, values: unknown): Promise<ActionResult<TestimonialContract>> {
  return runAdminAction(async () => updateTestimonial(await requireAdminActor(), id, values));
}

export async function deleteTestimonialAction(id: number): Promise<ActionResult<{ id: number }>> {
  return runAdminAction(async () => deleteTestimonial(await requireAdminActor(), id));
}
