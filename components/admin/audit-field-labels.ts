// Spanish names of the fields an audit entry records, for the "before → after" list of a change
// (<AuditChanges>). A field without a name here is shown as stored. The list gathers the fields of
// every domain, so it lives above them: lib/audit, which every domain writes to, imports none.
import { REMINDER_STEP_LABELS } from "@/lib/billing/labels";
import { CATALOG_FIELD_LABELS } from "@/lib/catalog/labels";
import { ANSWER_EMAIL_STATUS_LABELS } from "@/lib/complaints/admin-labels";

/** Keyed by the field as the services record it. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  // Products and services: the catalogue form's own labels; the entries below win for shared names.
  ...CATALOG_FIELD_LABELS,
  client_name: "Nombre del cliente",
  client_position: "Cargo",
  client_company: "Empresa",
  content: "Testimonio",
  rating: "Calificación",
  image: "Imagen",
  image_id: "Imagen (id en la biblioteca)",
  gallery_image_ids: "Galería (ids en la biblioteca)",
  file_name: "Nombre del archivo",
  mime: "Tipo",
  bytes: "Tamaño (bytes)",
  width: "Ancho (px)",
  height: "Alto (px)",
  alt: "Texto alternativo",
  focal_point: "Punto focal",
  sector_id: "Sector",
  is_active: "Activo",
  is_featured: "Destacado",
  status: "Estado",
  name: "Nombre",
  email: "Correo electrónico",
  role: "Rol",
  reply_text: "Respuesta",
  read_at: "Leído el",
  replied_at: "Respondido el",
  body: "Texto",
  title: "Título",
  deleted_at: "Eliminado el",
  reply_sent_at: "Correo enviado el",
  reply_error: "Error de envío",
  replied_by_id: "Respondido por",
  assigned_to: "Asignado a",
  merged_into_id: "Unido a la conversación",
  merged_from: "Conversación unida",
  moved_entries: "Entradas movidas",
  origin: "Origen",
  from: "Remitente",
  reason: "Motivo",
  message_id: "Mensaje",
  credentials_changed: "Credenciales cambiadas",
  other_sessions_ended: "Otras sesiones cerradas",
  api_keys_revoked: "Tokens de API revocados",
  urls_count: "Total de URLs",
  static_count: "URLs estáticas",
  dynamic_count: "URLs dinámicas",
  size_bytes: "Tamaño (bytes)",
  company_name: "Nombre de la empresa",
  company_legal_name: "Razón social",
  company_tax_id: "RUC",
  company_tagline: "Eslogan",
  social_linkedin: "LinkedIn",
  social_twitter: "Twitter",
  social_facebook: "Facebook",
  contact_email: "Correo de contacto",
  contact_phone: "Teléfono",
  contact_address: "Dirección",
  business_hours: "Horario de atención",
  footer_text: "Texto del pie de página",
  // Billing and support.
  user_id: "Cliente",
  catalog_item_id: "Producto o servicio",
  plan_name: "Plan",
  amount: "Importe",
  currency: "Moneda",
  billing_period: "Periodo",
  next_billing_date: "Próximo cobro",
  cancel_requested_at: "Cancelación solicitada el",
  cancel_reason: "Motivo",
  invoice_number: "Factura",
  subscription_id: "Suscripción",
  subtotal: "Op. gravada",
  tax_amount: "IGV",
  due_date: "Vencimiento",
  lines: "Líneas",
  method: "Método de pago",
  reference: "Referencia",
  paid_at: "Fecha de pago",
  invoice_status: "Estado de la factura",
  voucher_name: "Comprobante",
  reject_reason: "Motivo del rechazo",
  payment_id: "Pago",
  payment_report_id: "Pago informado",
  balance: "Saldo",
  step: "Paso",
  days_late: "Días de atraso",
  subject: "Asunto",
  priority: "Prioridad",
  reply_id: "Respuesta",
  from_staff: "Respuesta del equipo",
  billing_name: "Nombre de facturación",
  tax_id: "RUC o DNI",
  payment_accounts: "Cuentas bancarias",
  yape_number: "Yape",
  plin_number: "Plin",
  payment_note: "Indicaciones para el cliente",
  payment_qr: "Código QR de pago",
  reminders_enabled: "Enviar recordatorios",
  require_admin_two_factor: "Exigir segundo factor a administradores",
  two_factor_enabled_at: "Verificación en dos pasos activa desde",
  recovery_codes_left: "Códigos de recuperación restantes",
  reminder_days_before: "Días antes del vencimiento",
  reminder_every_days: "Cada cuántos días después del vencimiento",
  // Libro de Reclamaciones.
  number: "Número",
  answer: "Respuesta",
  answered_at: "Respondida el",
  answered_by_name: "Respondida por",
  email_status: "Estado del correo",
  email_error: "Error del correo",

  // Requests about personal data (derechos ARCO).
  resolution: "Respuesta al titular",
  account_erased: "Cuenta eliminada",
  erasure: "Datos eliminados",
  privacy_version: "Versión de la política de privacidad aceptada",
};

export function auditFieldLabel(field: string): string {
  return AUDIT_FIELD_LABELS[field] ?? field;
}

/** Stored codes some fields hold, by field, in words ("before" → "Antes del vencimiento"). */
const AUDIT_VALUE_LABELS: Record<string, Record<string, string>> = {
  step: REMINDER_STEP_LABELS,
  email_status: ANSWER_EMAIL_STATUS_LABELS,
};

/** A field's stored code in words, or null when it has none (then shown as auditValueText writes it). */
export function auditValueLabel(field: string, value: unknown): string | null {
  return typeof value === "string" ? (AUDIT_VALUE_LABELS[field]?.[value] ?? null) : null;
}
