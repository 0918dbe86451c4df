// How the audit trail reads to a person ("Registro de actividad", <AuditHistory>). Pure: client
// components import it. Actions are "<entity>.<verb>" (lib/audit/service.ts); one without a
// label here is shown as it is stored.
import { formatAmount, formatDate, formatMoney, formatShortDay } from "@/lib/format";

/**
 * Who did it: the user's name; scheduled work (the billing run, reminders, SUNAT's answers) is
 * recorded without a user or an address, "Sistema"; an entry whose user was deleted since keeps
 * its address.
 */
export function auditAuthorLabel(entry: { user: { name: string } | null; ip_address: string | null }): string {
  if (entry.user) return entry.user.name;
  return entry.ip_address ? "Usuario eliminado" : "Sistema";
}

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "contact_message.read": "Marcó un mensaje como leído",
  "contact_message.reply": "Respondió un mensaje",
  "contact_message.resend_reply": "Reenvió la respuesta de un mensaje",
  "contact_message.close": "Cerró un mensaje",
  "contact_message.archive": "Archivó un mensaje",
  "contact_message.update": "Actualizó un mensaje",
  "contact_message.delete": "Eliminó un mensaje",
  "contact_message.restore": "Restauró un mensaje eliminado",
  "contact_message.bulk_read": "Marcó mensajes como leídos",
  "contact_message.bulk_archive": "Archivó mensajes",
  "contact_message.bulk_delete": "Eliminó mensajes",
  "contact_message.reopen": "Reabrió una conversación",
  "contact_message.unarchive": "Desarchivó una conversación",
  "contact_message.undo": "Deshizo el cierre o el archivo de una conversación",
  "contact_message.assign": "Asignó una conversación",
  "contact_message.merge": "Unió una conversación a otra",
  "contact_message.merge_into": "Recibió una conversación unida",
  "contact_message.inbound": "Recibió una respuesta por correo",
  "contact_message.reopen_by_email": "Una respuesta por correo reabrió la conversación",
  "contact_message.create_from_email": "Abrió una conversación por correo",
  "contact_message.reply_bounced": "Una respuesta rebotó",
  // Libro de Reclamaciones: a sheet filed from the public form or the API.
  "complaint.submit": "Recibió una hoja del Libro de Reclamaciones",
  "contact_note.create": "Añadió una nota interna",
  "contact_note.delete": "Eliminó una nota interna",
  "reply_template.create": "Creó una plantilla de respuesta",
  "reply_template.update": "Actualizó una plantilla de respuesta",
  "reply_template.delete": "Eliminó una plantilla de respuesta",
  "user.create": "Creó un usuario",
  "user.update": "Actualizó un usuario",
  "user.delete": "Eliminó un usuario",
  "profile.update": "Actualizó su perfil",
  "profile.password_change": "Cambió su contraseña",
  "privacy.export": "Descargó sus datos personales",
  "testimonial.create": "Creó un testimonio",
  "testimonial.update": "Actualizó un testimonio",
  "testimonial.delete": "Eliminó un testimonio",
  // Media library.
  "media.upload": "Subió una imagen a la biblioteca",
  "media.update": "Editó una imagen de la biblioteca",
  "media.delete": "Eliminó una imagen de la biblioteca",
  // Catalogue: products and services.
  "product.create": "Creó un producto",
  "product.update": "Actualizó un producto",
  "product.delete": "Eliminó un producto",
  "product.restore": "Restauró una versión de un producto",
  "service.create": "Creó un servicio",
  "service.update": "Actualizó un servicio",
  "service.delete": "Eliminó un servicio",
  "service.restore": "Restauró una versión de un servicio",
  "sitemap.generate": "Generó el sitemap",
  "settings.update": "Actualizó la configuración del sitio",
  "settings.einvoicing_update": "Actualizó la configuración de facturación electrónica",
  "settings.certificate_upload": "Subió el certificado digital",
  "settings.certificate_remove": "Quitó el certificado digital",
  "settings.collections_update": "Actualizó la configuración de cobros",
  "settings.payment_qr_upload": "Subió el código QR de pago",
  "settings.payment_qr_remove": "Quitó el código QR de pago",
  "settings.two_factor_update": "Cambió la exigencia de segundo factor a administradores",
  // Second factor (own account).
  "auth.two_factor_enrollment_started": "Inició la configuración de la verificación en dos pasos",
  "auth.two_factor_enabled": "Activó la verificación en dos pasos",
  "auth.two_factor_disabled": "Desactivó la verificación en dos pasos",
  "auth.two_factor_recovery_codes_regenerated": "Generó códigos de recuperación nuevos",
  "auth.recovery_code_used": "Usó un código de recuperación",
  // Billing and support.
  "subscription.create": "Creó una suscripción",
  "subscription.update": "Actualizó una suscripción",
  "subscription.cancel_request": "Solicitó cancelar una suscripción",
  "subscription.cancel": "Canceló una suscripción al final del periodo",
  "subscription.expire": "Finalizó una suscripción de pago único",
  "invoice.create": "Emitió una factura",
  "invoice.update": "Actualizó una factura",
  "invoice.cancel": "Anuló una factura",
  "invoice.sunat_resend": "Reenvió un comprobante a SUNAT",
  "credit_note.create": "Emitió una nota de crédito",
  "credit_note.rejected": "Revirtió una nota de crédito rechazada por SUNAT",
  "invoice.void_refused": "Reabrió una factura cuya anulación rechazó SUNAT",
  "invoice.reminder": "Recordatorio de pago enviado",
  "payment.create": "Registró un pago",
  "payment_report.create": "Informó un pago",
  "payment_report.confirm": "Confirmó un pago informado",
  "payment_report.reject": "Rechazó un pago informado",
  "customer_credit.refund": "Devolvió saldo a favor",
  "customer_credit.apply": "Aplicó saldo a favor",
  "ticket.create": "Abrió un ticket",
  "ticket.reply": "Respondió un ticket",
  "ticket.update": "Actualizó un ticket",
  "ticket.resend_reply": "Reenvió la respuesta de un ticket",
  "ticket.reply_bounced": "El correo de una respuesta de ticket rebotó",
  // Libro de Reclamaciones (back office).
  "complaint.answer": "Respondió una hoja de reclamación",
  "complaint.resend_answer": "Reenvió la respuesta de una hoja de reclamación",

  // Requests about personal data (derechos ARCO).
  "data_request.create": "Solicitó la eliminación de su cuenta",
  "data_request.submit": "Recibió una solicitud de derechos ARCO del formulario público",
  "data_request.complete": "Atendió una solicitud de datos personales",
  "data_request.reject": "Rechazó una solicitud de datos personales",
  "subscription.erasure_cancel": "Canceló una suscripción al eliminar la cuenta del cliente",
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** The entity filter's options, in this order; others found in the log are shown raw after them. */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  contact_message: "Mensaje de contacto",
  contact_note: "Nota interna",
  reply_template: "Plantilla de respuesta",
  user: "Usuario",
  profile: "Perfil",
  testimonial: "Testimonio",
  media: "Imagen",
  product: "Producto",
  service: "Servicio",
  sitemap: "Sitemap",
  site_settings: "Configuración del sitio",
  subscription: "Suscripción",
  invoice: "Factura",
  payment: "Pago",
  payment_report: "Pago informado",
  ticket: "Ticket",
  complaint: "Hoja de reclamación",

  data_request: "Solicitud ARCO",
};

export function auditEntityLabel(entityType: string): string {
  return AUDIT_ENTITY_LABELS[entityType] ?? entityType;
}

/**
 * Where a record can be seen in the back office, or null when it has no screen (or no id).
 * A contact note opens its message only when the entry says which one (details.message_id).
 */
export function auditEntityHref(entityType: string, entityId: string | null, details?: { message_id?: unknown } | null): string | null {
  if (!entityId) return null;
  const id = encodeURIComponent(entityId);
  switch (entityType) {
    case "contact_message":
      return `/admin/contact-messages?id=${id}`;
    case "contact_note": {
      const messageId = details?.message_id;
      return typeof messageId === "number" || typeof messageId === "string"
        ? `/admin/contact-messages?id=${encodeURIComponent(String(messageId))}`
        : null;
    }
    case "user":
      return `/admin/users?id=${id}`;
    case "profile":
      return "/admin/profile";
    case "testimonial":
      return `/admin/testimonials?id=${id}`;
    case "media":
      return `/admin/media?imagen=${id}`;
    case "product":
      return `/admin/products/view/${id}`;
    case "service":
      return `/admin/services/view/${id}`;
    case "sitemap":
      return "/admin/sitemap";
    case "site_settings":
      return "/admin/settings";
    case "subscription":
      return "/admin/subscriptions";
    case "invoice":
      return `/admin/invoices/${id}`;
    case "payment":
      return "/admin/payments";
    case "payment_report":
      return "/admin/payment-reports";
    case "ticket":
      return `/admin/tickets/${id}`;
    case "complaint":
      return `/admin/complaints/${id}`;

    case "data_request":
      return `/admin/data-requests?id=${id}`;
    default:
      return null;
  }
}

/** A record's name as a person knows it (lib/audit/record-labels.ts), and the currency of its amounts. */
export type AuditRecordLabel = { label: string; currency?: string };

/** Keyed by `auditRecordKey(entity_type, entity_id)`. */
export type AuditRecordLabels = Record<string, AuditRecordLabel>;

export function auditRecordKey(entityType: string, entityId: string): string {
  return `${entityType}:${entityId}`;
}

/** Fields that hold an amount of money: shown in their currency, with two decimals. */
export const AUDIT_MONEY_FIELDS: ReadonlySet<string> = new Set(["price_from", "amount", "subtotal", "tax_amount", "amount_paid", "balance", "unit_price", "line_total", "credit_balance", "customer_credit"]);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * One value of the "before → after" details, as short readable text. Given its field, money is
 * written as money ("US$ 199.90", or "199.90" when the currency is unknown) and stored dates as
 * dates; other values as stored.
 */
export function auditValueText(value: unknown, field?: string, currency?: string | null): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (field && AUDIT_MONEY_FIELDS.has(field) && (typeof value === "number" || (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())))) {
    return currency ? formatMoney(value, currency) : formatAmount(value);
  }
  if (typeof value === "string") {
    if (ISO_INSTANT.test(value)) return formatDate(value);
    if (ISO_DAY.test(value)) return formatShortDay(value);
    return value;
  }
  if (typeof value === "number") return String(value);
  return JSON.stringify(value);
}

/** The currency an entry's amounts are in: the one it recorded, else the record's (`fallback`). */
export function auditEntryCurrency(entry: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }, fallback?: string | null): string | null {
  const recorded = entry.after?.currency ?? entry.before?.currency;
  return typeof recorded === "string" && /^[A-Z]{3}$/.test(recorded) ? recorded : (fallback ?? null);
}
