// Billing and support history of the demo client (María Quispe, Inversiones Quispe S.A.C.),
// so the client portal and the admin reports show real records.
import type { PaymentMethod } from "../../lib/generated/prisma/enums";
import type { InvoiceSeed, SubscriptionSeed, TicketSeed } from "./types";

export const subscriptions: SubscriptionSeed[] = [
  {
    planName: "Lumen ERP Pyme · Plan Pyme Plus",
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
    planName: "Soporte TI Gestionado · Plan Anual 25 usuarios",
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
    planName: "Lumen CRM Ventas · Plan Equipo",
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

export const invoices: InvoiceSeed[] = [
  {
    invoiceNumber: "F001-00000118",
    subscriptionPlan: "Lumen CRM Ventas · Plan Equipo",
    description: "Lumen CRM Ventas · Plan Equipo — mensualidad",
    amount: "189.00",
    currency: "PEN",
    status: "paid",
    issuedDaysAgo: 125,
    dueInDaysAfterIssue: 15,
    payment: { method: "yape", reference: "YAPE-40918273", paidDaysAfterIssue: 2 },
  },
  {
    invoiceNumber: "F001-00000123",
    subscriptionPlan: "Soporte TI Gestionado · Plan Anual 25 usuarios",
    description: "Soporte TI Gestionado — cuota anual",
    amount: "16800.00",
    currency: "PEN",
    status: "paid",
    issuedDaysAgo: 110,
    dueInDaysAfterIssue: 30,
    payment: { method: "transferencia", reference: "BCP-OP-55821934", paidDaysAfterIssue: 12 },
  },
  {
    invoiceNumber: "F001-00000127",
    subscriptionPlan: "Lumen ERP Pyme · Plan Pyme Plus",
    description: "Lumen ERP Pyme · Plan Pyme Plus — mensualidad",
    amount: "149.00",
    currency: "USD",
    status: "paid",
    issuedDaysAgo: 82,
    dueInDaysAfterIssue: 15,
    payment: { method: "tarjeta", reference: "NIUBIZ-771204519", paidDaysAfterIssue: 0 },
  },
  {
    invoiceNumber: "F001-00000131",
    subscriptionPlan: "Lumen ERP Pyme · Plan Pyme Plus",
    description: "Lumen ERP Pyme · Plan Pyme Plus — mensualidad",
    amount: "149.00",
    currency: "USD",
    status: "paid",
    issuedDaysAgo: 52,
    dueInDaysAfterIssue: 15,
    payment: { method: "tarjeta", reference: "NIUBIZ-771988302", paidDaysAfterIssue: 0 },
  },
  {
    invoiceNumber: "F001-00000136",
    subscriptionPlan: null,
    description: "Implementación de Lumen ERP Pyme y migración de datos — saldo final",
    amount: "1200.00",
    currency: "USD",
    status: "pending",
    issuedDaysAgo: 30,
    dueInDaysAfterIssue: 45,
    payment: null,
  },
  {
    invoiceNumber: "F001-00000140",
    subscriptionPlan: "Lumen ERP Pyme · Plan Pyme Plus",
    description: "Lumen ERP Pyme · Plan Pyme Plus — mensualidad",
    amount: "149.00",
    currency: "USD",
    status: "pending",
    issuedDaysAgo: 22,
    dueInDaysAfterIssue: 30,
    payment: null,
  },
];

// Older monthly fees and one-off projects (all paid), so the admin's revenue chart shows a year
// of history in both currencies (issue 8 "Dashboard"). Columns: number, plan, description,
// amount, currency, issued days ago, payment method, payment reference.
const CRM_PLAN = "Lumen CRM Ventas · Plan Equipo";
const ERP_PLAN = "Lumen ERP Pyme · Plan Pyme Plus";
const paidHistory: [string, string | null, string, string, "USD" | "PEN", number, PaymentMethod, string][] = [
  ["F001-00000088", CRM_PLAN, `${CRM_PLAN} — mensualidad`, "189.00", "PEN", 270, "yape", "YAPE-38810427"],
  ["F001-00000094", CRM_PLAN, `${CRM_PLAN} — mensualidad`, "189.00", "PEN", 240, "yape", "YAPE-39125530"],
  ["F001-00000097", null, "Consultoría de procesos comerciales — diagnóstico", "3500.00", "PEN", 225, "transferencia", "BCP-OP-51022871"],
  ["F001-00000099", CRM_PLAN, `${CRM_PLAN} — mensualidad`, "189.00", "PEN", 210, "yape", "YAPE-39487716"],
  ["F001-00000105", CRM_PLAN, `${CRM_PLAN} — mensualidad`, "189.00", "PEN", 180, "yape", "YAPE-39902264"],
  ["F001-00000111", CRM_PLAN, `${CRM_PLAN} — mensualidad`, "189.00", "PEN", 150, "yape", "YAPE-40377105"],
  ["F001-00000119", null, "Implementación de Lumen ERP Pyme — adelanto del 50 %", "1200.00", "USD", 120, "transferencia", "BBVA-OP-88120455"],
  ["F001-00000121", ERP_PLAN, `${ERP_PLAN} — mensualidad`, "149.00", "USD", 112, "tarjeta", "NIUBIZ-770551873"],
  ["F001-00000142", null, "Taller de Business Intelligence para gerencia", "2450.00", "PEN", 14, "transferencia", "BCP-OP-56630918"],
];
invoices.push(
  ...paidHistory.map(([invoiceNumber, subscriptionPlan, description, amount, currency, issuedDaysAgo, method, reference]) => ({
    invoiceNumber,
    subscriptionPlan,
    description,
    amount,
    currency,
    status: "paid" as const,
    issuedDaysAgo,
    dueInDaysAfterIssue: 15,
    payment: { method, reference, paidDaysAfterIssue: 1 },
  })),
);

export const tickets: TicketSeed[] = [
  {
    subject: "No puedo emitir notas de crédito desde el módulo de ventas",
    description:
      "Al intentar emitir una nota de crédito por devolución sobre la factura F002-00004512, el sistema muestra el mensaje \"Comprobante de referencia no válido\" y no la envía a SUNAT. Tenemos tres devoluciones pendientes de esta semana.",
    status: "open",
    priority: "high",
    createdDaysAgo: 2,
    closedDaysAfter: null,
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
    closedDaysAfter: null,
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
    closedDaysAfter: 1,
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
