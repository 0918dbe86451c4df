import "server-only";
import type { ContactUpdateResult } from "./admin-service";

/**
 * The REST answer of PUT /{id} and POST /{id}/resend: `{ data: message }`, plus
 * `email: { sent, error }` and a Spanish `message` when a reply was e-mailed or failed to be
 * (the reply is stored either way, so the status is 200).
 */
export function replyResponse(result: ContactUpdateResult): Response {
  if (!result.delivery) return Response.json({ data: result.message });
  return Response.json({
    data: result.message,
    email: result.delivery,
    message: result.delivery.sent
      ? "Respuesta enviada por correo."
      : "La respuesta se guardó, pero no se pudo enviar el correo. Usa «Reenviar» para intentarlo de nuevo.",
  });
}
