"use server";

import { requireActor } from "@/lib/auth/actor";
import { actionArguments, idArgument, plainObjectArgument, runAction, type ActionResult } from "@/lib/actions/run";
import type { TestimonialContract } from "@/lib/testimonials/serialize";
import { createTestimonial, deleteTestimonial, updateTestimonial } from "@/lib/testimonials/service";

// "Gestión de Testimonios" writes: the same service functions as the REST handlers
// (lib/testimonials/service.ts), validated there with the same schema as the form. Each first
// checks the shape of its arguments (actionArguments): any other shape is a 422.

export async function createTestimonialAction(...args: [values: unknown]): Promise<ActionResult<TestimonialContract>> {
  return runAction(async () => {
    const [values] = actionArguments(args, [plainObjectArgument]);
    return createTestimonial(await requireActor("admin"), values);
  });
}

export async function updateTestimonialAction(...args: [id: number, values: unknown]): Promise<ActionResult<TestimonialContract>> {
  return runAction(async () => {
    const [id, values] = actionArguments(args, [idArgument, plainObjectArgument]);
    return updateTestimonial(await requireActor("admin"), id, values);
  });
}

export async function deleteTestimonialAction(...args: [id: number]): Promise<ActionResult<{ id: number }>> {
  return runAction(async () => {
    const [id] = actionArguments(args, [idArgument]);
    return deleteTestimonial(await requireActor("admin"), id);
  });
}
