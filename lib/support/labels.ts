// Spanish labels of ticket values (Zammad-style support tickets). Pure: client
// components, pages and the service all use them.

export const TICKET_STATUSES = ["open", "in_progress", "resolved", "closed"] as const;
export type TicketStatusCode = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatusCode, string> = {
  open: "Abierto",
  in_progress: "En progreso",
  resolved: "Resuelto",
  closed: "Cerrado",
};

export const TICKET_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type TicketPriorityCode = (typeof TICKET_PRIORITIES)[number];
export const TICKET_PRIORITY_LABELS: Record<TicketPriorityCode, string> = {
  low: "Baja",
  medium: "Media",
  high: "Alta",
  urgent: "Urgente",
};

/** A status's label; an unknown value is shown as it is. */
export function ticketStatusLabel(status: string): string {
  return TICKET_STATUS_LABELS[status as TicketStatusCode] ?? status;
}

/** A priority's label; an unknown value is shown as it is. */
export function ticketPriorityLabel(priority: string): string {
  return TICKET_PRIORITY_LABELS[priority as TicketPriorityCode] ?? priority;
}

/** "#42": how a ticket is named in lists, titles and notifications. */
export function ticketNumber(id: number): string {
  return `#${id}`;
}

/** What a staff reply's e-mail came to, as the API's `message` and the screen's notice say it. */
export const TICKET_REPLY_DELIVERY_MESSAGES = {
  sent: "Respuesta enviada por correo al cliente.",
  failed: "La respuesta se guardó y el cliente la ve en su portal, pero no se pudo enviar el correo. Usa «Reenviar» para intentarlo de nuevo.",
  not_configured: "La respuesta se guardó y el cliente la ve en su portal, pero no se envió por correo: el correo saliente no está configurado.",
  sending: "La respuesta se guardó; su envío por correo aún no se confirma.",
} as const;
