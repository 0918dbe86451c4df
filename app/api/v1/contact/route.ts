import { z } from "@/lib/zod";
import { apiRoute } from "@/lib/http/route";
import { httpErrorFor } from "@/lib/http/errors";
import { readJsonBody } from "@/lib/http/body";
import { CONTACT_MESSAGES } from "@/lib/contact/form";
import { submitContactMessage } from "@/lib/contact/service";
import { clientIp } from "@/lib/client-address";

/**
 * POST /api/v1/contact — the public contact request. Every answer carries `success`:
 * 201 `{ success: true, message }`; 422 `{ success: false, message, errors }`; 429 and 503 (with
 * Retry-After; 503 while the database is down), 400 (not JSON), 413 (over 1 MB) and 500 (internals
 * hidden) `{ success: false, message }`.
 * Rate limited by the client's address as our server layer computed it (lib/client-address.ts).
 */
export const POST = apiRoute(async (request) => {
  try {
    // The body is only read here (size and JSON checks); the service validates it.
    const body = await readJsonBody(request, z.unknown());
    await submitContactMessage(body, {
      ipAddress: clientIp(request.headers),
      userAgent: request.headers.get("user-agent"),
    });
    return Response.json({ success: true, message: CONTACT_MESSAGES.success }, { status: 201 });
  } catch (caught) {
    const error = httpErrorFor(caught);
    if (!error) {
      console.error("[api] POST /api/v1/contact", caught);
      return Response.json({ success: false, message: "Error interno del servidor. Inténtalo de nuevo más tarde." }, { status: 500 });
    }
    const body: { success: false; message: string; errors?: Record<string, string[]> } = { success: false, message: error.message };
    if (error.errors) body.errors = error.errors;
    return Response.json(body, { status: error.status, headers: error.headers });
  }
});
