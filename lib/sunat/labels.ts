// Where a document stands with SUNAT, in the words the screens use. Pure: client components use it.

export const SUNAT_STATUSES = ["pending", "sent", "accepted", "observed", "rejected", "voided"] as const;
export type SunatStatusCode = (typeof SUNAT_STATUSES)[number];

export const SUNAT_STATUS_LABELS: Record<SunatStatusCode, string> = {
  pending: "Pendiente",
  sent: "Enviado",
  accepted: "Aceptado",
  observed: "Aceptado con observaciones",
  rejected: "Rechazado",
  voided: "Anulado",
};

/** What the person reading the state should know or do next. */
export const SUNAT_STATUS_HINTS: Record<SunatStatusCode, string> = {
  pending: "Aún no se envió a SUNAT; se envía automáticamente.",
  sent: "SUNAT lo recibió y aún no entrega su constancia (CDR).",
  accepted: "SUNAT lo aceptó: es un comprobante válido.",
  observed: "SUNAT lo aceptó con observaciones: corrígelas en los próximos comprobantes.",
  rejected: "SUNAT lo rechazó: no tiene validez y no puede corregirse. Emite un nuevo comprobante (y, si ya se cobró, registra el pago en el nuevo).",
  voided: "Anulado ante SUNAT: no tiene validez.",
};
