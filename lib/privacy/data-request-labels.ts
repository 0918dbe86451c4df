// Requests about personal data (Ley 29733: access, rectification, cancellation, opposition and
// portability): the kinds, states, limits and Spanish texts the public form, the client's
// "Solicitar eliminación", the admin screen, the REST handlers and the service share. Pure: no
// zod, no I/O, so client components import it.

export const DATA_REQUEST_KINDS = ["access", "rectification", "cancellation", "opposition", "portability"] as const;
export type DataRequestKindCode = (typeof DATA_REQUEST_KINDS)[number];

export const DATA_REQUEST_STATUSES = ["pending", "completed", "rejected"] as const;
export type DataRequestStatusCode = (typeof DATA_REQUEST_STATUSES)[number];

export const DATA_REQUEST_KIND_LABELS: Record<DataRequestKindCode, string> = {
  access: "Acceso",
  rectification: "Rectificación",
  cancellation: "Cancelación (eliminación)",
  opposition: "Oposición",
  portability: "Portabilidad",
};

/** Each right in one line, as the public page explains it. */
export const DATA_REQUEST_KIND_DESCRIPTIONS: Record<DataRequestKindCode, string> = {
  access: "Saber qué datos personales tuyos tratamos, de dónde los obtuvimos, para qué los usamos y a quién los comunicamos.",
  rectification: "Corregir o completar tus datos cuando son inexactos, incompletos o están desactualizados.",
  cancellation: "Pedir que eliminemos tus datos cuando ya no son necesarios, salvo los que la ley nos obliga a conservar.",
  opposition: "Oponerte a que usemos tus datos para una finalidad concreta (por ejemplo, comunicaciones comerciales).",
  portability: "Recibir tus datos en un formato estructurado y de uso común para llevarlos a otro proveedor.",
};

export const DATA_REQUEST_STATUS_LABELS: Record<DataRequestStatusCode, string> = {
  pending: "Pendiente",
  completed: "Atendida",
  rejected: "Rechazada",
};

/** The kinds whose request means nothing without saying what (which data is wrong, which use is opposed). */
export const KINDS_WITH_REQUIRED_DETAIL: readonly DataRequestKindCode[] = ["rectification", "opposition"];

export const DATA_REQUEST_LIMITS = { name: 200, email: 254, documentNumber: 20, detail: 2000, resolution: 2000 } as const;

/** How the e-mailed receipt's subject starts (the answer's never does): the admin's detail tells them apart by it. */
export const RECEIPT_SUBJECT_PREFIX = "Recibimos tu solicitud";

/** What the client types to confirm "Solicitar eliminación" (or their own e-mail). */
export const DELETION_CONFIRMATION_WORD = "ELIMINAR";

export const DATA_REQUEST_MESSAGES = {
  invalid: "Revisa los campos marcados.",
  notFound: "Solicitud no encontrada.",
  received: "Recibimos tu solicitud.",
  tooMany: (minutes: number) => `Has enviado demasiadas solicitudes. Inténtalo de nuevo en ${minutes} minuto${minutes === 1 ? "" : "s"}.`,
  alreadyResolved: "Esta solicitud ya fue atendida o rechazada: recarga la página para ver su estado.",
  deletionPending: (dueDate: string) => `Ya tienes una solicitud de eliminación en curso; la atenderemos a más tardar el ${dueDate}.`,
  deletionConfirm: `Escribe ${DELETION_CONFIRMATION_WORD} o tu correo electrónico para confirmar.`,
  adminCannotDelete: "Las cuentas de administrador no se eliminan desde aquí: pide a otro administrador que la dé de baja.",
  accountGone: "Tu cuenta ya fue eliminada.",
} as const;

/** What the erasure of an account removes (neutral wording: the client and the admin both read it). */
export const ERASURE_REMOVES: readonly string[] = [
  "Nombre, correo, foto, firma y datos de facturación del perfil: la cuenta queda como «Usuario eliminado».",
  "Contraseña, sesiones abiertas, tokens de acceso, vinculación con Google y segundo factor: la cuenta ya no puede iniciar sesión.",
  "Tickets de soporte, con sus respuestas y archivos adjuntos.",
  "Mensajes de contacto enviados con ese correo (nombre, correo, teléfono, empresa y texto) y las notificaciones.",
  "Comprobantes de pago (vouchers) subidos; los pagos informados que no llegaron a confirmarse se eliminan.",
  "Suscripciones activas o pausadas: se cancelan y no se emiten más facturas.",
];

/** What the erasure keeps, and why. */
export const ERASURE_KEEPS: readonly string[] = [
  "Comprobantes electrónicos (facturas, boletas y notas de crédito), pagos y saldo a favor, con los datos del cliente que figuran en ellos: la normativa tributaria obliga a conservarlos.",
  "Hojas del Libro de Reclamaciones presentadas, por obligación legal.",
  "El registro de actividad de seguridad y la propia solicitud con su respuesta, como constancia de que se atendió.",
];

/** "Quedan 3 días hábiles", "Vence hoy", "Vencida hace 2 días hábiles". */
export function daysLeftLabel(daysLeft: number): string {
  if (daysLeft === 0) return "Vence hoy";
  if (daysLeft > 0) return daysLeft === 1 ? "Queda 1 día hábil" : `Quedan ${daysLeft} días hábiles`;
  const late = -daysLeft;
  return late === 1 ? "Vencida hace 1 día hábil" : `Vencida hace ${late} días hábiles`;
}
