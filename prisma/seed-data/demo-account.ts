// Billing and support history of the demo client (María Quispe, Inversiones Quispe S.A.C.),
// so the client portal and the admin reports show real records. Mi Portal shows her 3 active
// subscriptions and 5 most recent invoices (two of them pending). Invoice numbers are given by
// the seed (prisma/seed.ts numbers every seeded invoice of a series in date order).
import type { PaymentMethod } from "../../lib/generated/prisma/enums";
import type { ClientAccountSeed, InvoiceSeed, SubscriptionSeed, TicketSeed } from "./types";
import { clientProfile, DEVELOPMENT_DEFAULTS } from "./users";

const CRM_PLAN = "Lumen CRM Ventas · Plan Equipo";
const ERP_PLAN = "Lumen ERP Pyme · Plan Pyme Plus";
const SUPPORT_PLAN = "Soporte TI Gestionado · Plan Anual 25 usuarios";
const DOCS_PLAN = "Lumen Docs · Plan Empresa";

export const subscriptions: SubscriptionSeed[] = [
  {
    planName: ERP_PLAN,
    catalogKind: "product",
    catalogSlug: "lumen-erp-pyme",
    amount: "149.00",
    currency: "USD",
    billingPeriod: "monthly",
    status: "active",
    startedMonthsAgo: 4,
    nextBillingInDays: 8,
    cancelledMonthsAgo: null,
  },
  {
    planName: SUPPORT_PLAN,
    catalogKind: "service",
    catalogSlug: "soporte-ti-gestionado",
    amount: "16800.00",
    currency: "PEN",
    billingPeriod: "yearly",
    status: "active",
    startedMonthsAgo: 4,
    nextBillingInDays: 255,
    cancelledMonthsAgo: null,
  },
  {
    planName: DOCS_PLAN,
    catalogKind: "product",
    catalogSlug: "lumen-docs",
    amount: "1200.00",
    currency: "PEN",
    billingPeriod: "yearly",
    status: "active",
    startedMonthsAgo: 2,
    nextBillingInDays: 305,
    cancelledMonthsAgo: null,
  },
  {
    planName: CRM_PLAN,
    catalogKind: "product",
    catalogSlug: "lumen-crm-ventas",
    amount: "189.00",
    currency: "PEN",
    billingPeriod: "monthly",
    status: "cancelled",
    startedMonthsAgo: 9,
    nextBillingInDays: null,
    cancelledMonthsAgo: 3,
  },
];

/** A monthly fee of one plan: one line, quantity 1, paid in full `paidAfter` days after issue. */
function fee(plan: string, unitPrice: string, currency: "USD" | "PEN", issuedDaysAgo: number, method: PaymentMethod, reference: string, paidAfter = 1): InvoiceSeed {
  return {
    subscriptionPlan: plan,
    description: `${plan} — mensualidad`,
    lines: [{ description: `${plan} — mensualidad`, quantity: "1", unitPrice }],
    currency,
    issuedDaysAgo,
    dueInDaysAfterIssue: 15,
    payments: [{ method, reference, paidDaysAfterIssue: paidAfter }],
  };
}

// A year of history in both currencies (the admin's revenue chart), ending
// with two pending invoices.
export const invoices: InvoiceSeed[] = [
  fee(CRM_PLAN, "189.00", "PEN", 270, "yape", "YAPE-38810427"),
  fee(CRM_PLAN, "189.00", "PEN", 240, "yape", "YAPE-39125530"),
  {
    subscriptionPlan: null,
    description: "Consultoría de procesos comerciales — diagnóstico",
    lines: [
      { description: "Diagnóstico de procesos comerciales: talleres con gerencia y el equipo de ventas", quantity: "1", unitPrice: "2300.00" },
      { description: "Informe de mejoras y hoja de ruta de implementación", quantity: "1", unitPrice: "1200.00" },
    ],
    currency: "PEN",
    issuedDaysAgo: 225,
    dueInDaysAfterIssue: 15,
    payments: [{ method: "transferencia", reference: "BCP-OP-51022871", paidDaysAfterIssue: 1 }],
  },
  fee(CRM_PLAN, "189.00", "PEN", 210, "yape", "YAPE-39487716"),
  fee(CRM_PLAN, "189.00", "PEN", 180, "yape", "YAPE-39902264"),
  fee(CRM_PLAN, "189.00", "PEN", 150, "yape", "YAPE-40377105"),
  fee(CRM_PLAN, "189.00", "PEN", 125, "yape", "YAPE-40918273", 2),
  {
    subscriptionPlan: null,
    description: "Implementación de Lumen ERP Pyme — adelanto del 50 %",
    lines: [{ description: "Implementación de Lumen ERP Pyme — adelanto del 50 %", quantity: "1", unitPrice: "1200.00" }],
    currency: "USD",
    issuedDaysAgo: 120,
    dueInDaysAfterIssue: 15,
    payments: [{ method: "transferencia", reference: "BBVA-OP-88120455", paidDaysAfterIssue: 1 }],
  },
  fee(ERP_PLAN, "149.00", "USD", 112, "tarjeta", "NIUBIZ-770551873"),
  {
    subscriptionPlan: SUPPORT_PLAN,
    description: "Soporte TI Gestionado — cuota anual",
    lines: [{ description: "Soporte TI Gestionado · Plan Anual 25 usuarios — cuota anual", quantity: "1", unitPrice: "16800.00" }],
    currency: "PEN",
    issuedDaysAgo: 110,
    dueInDaysAfterIssue: 30,
    payments: [{ method: "transferencia", reference: "BCP-OP-55821934", paidDaysAfterIssue: 12 }],
  },
  fee(ERP_PLAN, "149.00", "USD", 82, "tarjeta", "NIUBIZ-771204519", 0),
  {
    subscriptionPlan: DOCS_PLAN,
    description: "Lumen Docs · Plan Empresa — cuota anual",
    lines: [{ description: "Lumen Docs · Plan Empresa — cuota anual", quantity: "1", unitPrice: "1200.00" }],
    currency: "PEN",
    issuedDaysAgo: 60,
    dueInDaysAfterIssue: 30,
    payments: [{ method: "transferencia", reference: "BCP-OP-56204417", paidDaysAfterIssue: 3 }],
  },
  fee(ERP_PLAN, "149.00", "USD", 52, "tarjeta", "NIUBIZ-771988302", 0),
  {
    subscriptionPlan: null,
    description: "Implementación de Lumen ERP Pyme y migración de datos — saldo final",
    lines: [
      { description: "Implementación de Lumen ERP Pyme — saldo del 50 %", quantity: "1", unitPrice: "800.00" },
      { description: "Migración de datos maestros: clientes, productos y saldos iniciales", quantity: "1", unitPrice: "400.00" },
    ],
    currency: "USD",
    issuedDaysAgo: 30,
    dueInDaysAfterIssue: 45,
    payments: [],
  },
  {
    subscriptionPlan: ERP_PLAN,
    description: `${ERP_PLAN} — mensualidad`,
    lines: [{ description: `${ERP_PLAN} — mensualidad`, quantity: "1", unitPrice: "149.00" }],
    currency: "USD",
    issuedDaysAgo: 22,
    dueInDaysAfterIssue: 30,
    payments: [],
  },
  {
    subscriptionPlan: null,
    description: "Taller de Business Intelligence para gerencia",
    lines: [
      { description: "Taller de Business Intelligence para gerencia (sesión de 4 horas)", quantity: "2", unitPrice: "950.00" },
      { description: "Tablero de ejemplo con los datos de ventas de la empresa", quantity: "1", unitPrice: "550.00" },
    ],
    currency: "PEN",
    issuedDaysAgo: 14,
    dueInDaysAfterIssue: 15,
    payments: [{ method: "transferencia", reference: "BCP-OP-56630918", paidDaysAfterIssue: 1 }],
  },
];

export const tickets: TicketSeed[] = [
  {
    subject: "No puedo emitir notas de crédito desde el módulo de ventas",
    description:
      "Al intentar emitir una nota de crédito por devolución sobre la factura F002-00004512, el sistema muestra el mensaje \"Comprobante de referencia no válido\" y no la envía a SUNAT. Tenemos tres devoluciones pendientes de esta semana.",
    status: "open",
    priority: "high",
    createdDaysAgo: 2,
    events: [],
    replies: [
      {
        author: "admin",
        body: "Hola, María. Gracias por el detalle. ¿Podrías indicarnos si la factura de referencia fue emitida desde Lumen ERP Pyme o desde el sistema anterior? Con ese dato revisamos la configuración de la serie F002.",
        hoursAfterTicket: 3,
      },
    ],
  },
  {
    subject: "Lentitud al generar el kardex valorizado",
    description:
      "Desde la semana pasada el reporte de kardex valorizado del almacén Ate tarda más de cinco minutos y a veces no termina. Lo necesitamos para el cierre del mes.",
    status: "in_progress",
    priority: "medium",
    createdDaysAgo: 6,
    events: [{ to: "in_progress", hoursAfterTicket: 4 }],
    replies: [
      {
        author: "admin",
        body: "Hola, María. Identificamos que el almacén Ate acumula más de 180,000 movimientos sin cierre de periodo. Estamos preparando una optimización del reporte y te avisaremos antes del jueves.",
        hoursAfterTicket: 4,
      },
      {
        author: "client",
        body: "Perfecto, gracias. Mientras tanto, ¿podemos sacar el reporte solo por rango de fechas?",
        hoursAfterTicket: 26,
      },
    ],
  },
  {
    subject: "Alta de usuario para el nuevo asistente de almacén",
    description:
      "Necesitamos crear un usuario para Julio Ccori, nuevo asistente de almacén, con permisos solo de consulta de stock y registro de guías.",
    status: "resolved",
    priority: "low",
    createdDaysAgo: 20,
    events: [
      { to: "in_progress", hoursAfterTicket: 1 },
      { to: "resolved", hoursAfterTicket: 5 },
    ],
    replies: [
      {
        author: "admin",
        body: "Listo, María. Creamos el usuario jccori con el perfil \"Almacén - consulta y guías\". Las credenciales se enviaron al correo que nos indicaste.",
        hoursAfterTicket: 5,
      },
      {
        author: "client",
        body: "Recibido, ya pudo ingresar. ¡Muchas gracias!",
        hoursAfterTicket: 22,
      },
    ],
  },
];

/** The demo client's account (its e-mail comes from CLIENT_EMAIL when set). */
export const demoClientAccount: ClientAccountSeed = {
  email: DEVELOPMENT_DEFAULTS.CLIENT_EMAIL,
  name: clientProfile.name,
  image: clientProfile.image,
  billingName: clientProfile.billingName,
  taxId: clientProfile.taxId,
  subscriptions,
  invoices,
  tickets,
};
