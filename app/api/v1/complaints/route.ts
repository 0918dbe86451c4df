import { z } from "@/lib/zod";
import { apiRoute } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { clientIp } from "@/lib/client-address";
import { decoyReceipt, submitComplaint } from "@/lib/complaints/service";
import { complaintPdfUrl } from "@/lib/complaints/pdf-link";

/**
 * POST /api/v1/complaints — files a sheet of the Libro de Reclamaciones (public, no credentials).
 * 201 `{ data: { number, pdf_url } }`, also for a repeat of a sheet already filed (same
 * `submission_key`, or without one the same content the same day): the same number, nothing
 * sent again. 422 with `errors` per field, 409 a key already used for another person's sheet,
 * 429 (Retry-After), 400 not JSON, 413 over 1 MB, 415 not JSON, 503 database down.
 * Rate limited by the client's address as our server layer computed it (lib/client-address.ts).
 */
export const POST = apiRoute(async (request) => {
  // The body is only read here (size and JSON checks); the service validates it.
  const body = await readJsonBody(request, z.unknown());
  const filed = await submitComplaint(body, { ipAddress: clientIp(request.headers), userAgent: request.headers.get("user-agent") });
  // A bot that filled in the honeypot gets an answer shaped like a real one; nothing was stored.
  const number = filed ? filed.number : decoyReceipt(body).number;
  return Response.json({ data: { number, pdf_url: complaintPdfUrl(number) } }, { status: 201 });
});

const notAllowed = methodNotAllowed(["POST"]);
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
