"use server";

import { requireAdminActor } from "@/lib/admin/actor";
import { actionArguments, idArgument, plainObjectArgument, runAdminAction, type ActionResult } from "@/lib/admin/action-result";
import type { TestimonialContract } from "@/lib/testimonials/serialize";
import { createTestimonial, deleteTestimonial, updateTestimonial } from "@/lib/testimonials/service";

// "Gestión de Testimonios" writes: the same service functions as the REST handlers
// (lib/testimonials/service.ts), validated there with the same schema as the form. Each first
// checks the shape of its arguments (actionArguments): any other shape is a 422.

export async function createTestimonialAction(...args: [values: unknown]): Promise<ActionResult<TestimonialContract>> {
  return runAdminAction(async () => {
    const [values] = actionArguments(args, [plainObjectArgument]);
    return createTestimonial(await requireAdminActor(), values);
  });
}

export async function updateTestimonialAction(...args: [id: number, values: unknown]): Promise<ActionResult<TestimonialContract>> {
  return runAdminAction(async () => {
    const [id, values] = actionArguments(args, [idArgument, plainObjectArgument]);
    return updateTestimonial(await requireAdminActor(), id, values);
  });
}

export async function deleteTestimonialAction(...args: [id: number]): Promise<ActionResult<{ id: number }>> {
  return runAdminAction(async () => {
    const [id] = actionArguments(args, [idArgument]);
    return deleteTestimonial(await requireAdminActor(), id);
  });
}
