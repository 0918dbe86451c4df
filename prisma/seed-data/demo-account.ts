// Billing and support history of the demo client (María Quispe, Inversiones Quispe S.A.C.),
// so the client portal and the admin reports show real records.
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
    payment: { method: "Yape", reference: "YAPE-40918273", paidDaysAfterIssue: 2 },
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
    payment: { method: "Transferencia", reference: "BCP-OP-55821934", paidDaysAfterIssue: 12 },
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
    payment: { method: "Tarjeta", reference: "NIUBIZ-771204519", paidDaysAfterIssue: 0 },
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
    payment: { method: "Tarjeta", reference: "NIUBIZ-771988302", paidDaysAfterIssue: 0 },
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
