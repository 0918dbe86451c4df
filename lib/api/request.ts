import type { z } from "zod";
import { ApiError, validationFailed } from "./errors";

/** Bodies over this size are refused with 413 (DESIGN.md §6). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** zod issues → `{ field: ["mensaje", …] }`, the contract's error shape. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "_";
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationFailed(fieldErrors(result.error));
  return result.data;
}

/** Reads at most MAX_BODY_BYTES of the body, so a huge body is refused without being buffered. */
async function readBoundedText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (declared > MAX_BODY_BYTES) throw new ApiError(413, "El cuerpo de la solicitud es demasiado grande (máximo 1 MB).");
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new ApiError(413, "El cuerpo de la solicitud es demasiado grande (máximo 1 MB).");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Parses a JSON body with a zod schema: 413 too large, 400 not JSON, 422 invalid. */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const text = await readBoundedText(request);
  let body: unknown;
  try {
    body = text.trim() ? JSON.parse(text) : {};
  } catch {
    throw new ApiError(400, "El cuerpo de la solicitud no es JSON válido.");
  }
  return parseWith(schema, body);
}

/** Parses query parameters (single values) with a zod schema: 422 on unknown or malformed values. */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return parseWith(schema, params);
}
