import type { z } from "zod";
import { readBodyWithin } from "@/lib/bounded-body";
import { parseWith } from "@/lib/errors";
import { readListQuery } from "@/lib/list/query";
import { HttpError } from "./errors";

/** Bodies over this size are refused with 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads at most MAX_BODY_BYTES of the body, so a huge body is refused without being buffered. */
async function readBoundedText(request: Request): Promise<string> {
  const body = await readBodyWithin(request, MAX_BODY_BYTES);
  if (!body) throw new HttpError(413, "El cuerpo de la solicitud es demasiado grande (máximo 1 MB).");
  return new TextDecoder().decode(body);
}

/** `application/json`, with or without parameters (charset), in any letter case. */
const JSON_MEDIA_TYPE = /^\s*application\/json\s*(?:;|$)/i;

/**
 * Parses a JSON body with a zod schema: 415 not declared as JSON, 413 too large, 400 not JSON,
 * 422 invalid. Requiring the JSON Content-Type means a cross-site form (text/plain, form-encoded,
 * multipart: no CORS preflight) can never post to a JSON endpoint.
 */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  if (!JSON_MEDIA_TYPE.test(request.headers.get("content-type") ?? "")) {
    throw new HttpError(415, "El cuerpo de la solicitud debe ser JSON (Content-Type: application/json).");
  }
  const text = await readBoundedText(request);
  let body: unknown;
  try {
    body = text.trim() ? JSON.parse(text) : {};
  } catch {
    throw new HttpError(400, "El cuerpo de la solicitud no es JSON válido.");
  }
  return parseWith(schema, body);
}

/**
 * Parses query parameters with a zod schema, as a list's screen reads its URL (a repeated name
 * counts with its last value): 422 on unknown or malformed values.
 */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const { query, problem } = readListQuery(schema, new URL(request.url).searchParams);
  if (problem) throw problem;
  return query;
}
