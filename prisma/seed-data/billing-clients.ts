// Three more client accounts besides the demo client, so the admin's Suscripciones, Facturas,
// Pagos and Tickets (and the dashboard's figures) show several customers: two companies with a
// RUC (facturas, series F001) and one person with a DNI (boletas de venta, series B001). They are
// not demo logins: the seed gives them random passwords. Unit prices are without IGV; the seed
// computes subtotal, IGV and total (lib/billing/money.ts) and numbers the invoices.
import { rucCheckDigit } from "../../lib/sunat/identity";
import type { Currency, PaymentMethod } from "../../lib/generated/prisma/enums";
import type { ClientAccountSeed, InvoiceSeed, PaymentSeed } from "./types";

/** A RUC from its first ten digits and its módulo-11 check digit (SUNAT). */
const ruc = (firstTen: string) => `${firstTen}${rucCheckDigit(firstTen)}`;

/** A subscription's periodic fee: one line, quantity 1. */
function fee(
  plan: string,
  period: "mensualidad" | "cuota anual",
  unitPrice: string,
  currency: Currency,
  issuedDaysAgo: number,
  payments: PaymentSeed[],
  dueInDaysAfterIssue = 15,
): InvoiceSeed {
  const description = `${plan} — ${period}`;
  return { subscriptionPlan: plan, description, lines: [{ description, quantity: "1", unitPrice }], currency, issuedDaysAgo, dueInDaysAfterIssue, payments };
}

const paid = (method: PaymentMethod, reference: string, paidDaysAfterIssue: number, amount?: string): PaymentSeed =>
  amount === undefined ? { method, reference, paidDaysAfterIssue } : { method, reference, paidDaysAfterIssue, amount };

// ── Agroexportadora Valle Sur S.A.C. (Ica): ERP for its packing plant, a data warehouse, payroll ──
const ERP_MANUFACTURA = "Lumen ERP Manufactura · Licencia anual";
const DATA_WAREHOUSE = "Data Warehouse para Pymes · Plan Base";
const PLANILLAS = "Lumen Planillas · Plan 50 trabajadores";

const valleSur: ClientAccountSeed = {
  email: "chuamani@agrovallesur.pe",
  name: "Carlos Huamaní Ríos",
  image: null,
  billingName: "Agroexportadora Valle Sur S.A.C.",
  taxId: ruc("2060184732"),
  subscriptions: [
    {
      planName: ERP_MANUFACTURA,
      catalogKind: "product",
      catalogSlug: "lumen-erp-manufactura",
      amount: "4800.00",
      currency: "USD",
      billingPeriod: "yearly",
      status: "active",
      startedMonthsAgo: 7,
      nextBillingInDays: 155,
      cancelledMonthsAgo: null,
    },
    {
      planName: DATA_WAREHOUSE,
      catalogKind: "service",
      catalogSlug: "data-warehouse-pyme",
      amount: "450.00",
      currency: "USD",
      billingPeriod: "monthly",
      status: "active",
      startedMonthsAgo: 5,
      nextBillingInDays: 5,
      cancelledMonthsAgo: null,
    },
    {
      planName: PLANILLAS,
      catalogKind: "product",
      catalogSlug: "lumen-planillas",
      amount: "290.00",
      currency: "PEN",
      billingPeriod: "monthly",
      status: "active",
      startedMonthsAgo: 4,
      nextBillingInDays: 20,
      cancelledMonthsAgo: null,
      cancelRequest: {
        daysAgo: 6,
        reason: "Desde el próximo mes la planilla la procesa el sistema corporativo del grupo.",
      },
    },
  ],
  invoices: [
    fee(ERP_MANUFACTURA, "cuota anual", "4800.00", "USD", 210, [paid("transferencia", "BBVA-OP-87655120", 20)], 30),
    {
      subscriptionPlan: null,
      description: "Integración con SUNAT y OSE — facturación electrónica del ERP",
      lines: [
        { description: "Análisis y configuración de series electrónicas (facturas, boletas, guías de remisión)", quantity: "1", unitPrice: "1200.00" },
        { description: "Integración de Lumen ERP Manufactura con el OSE y pruebas de envío a SUNAT", quantity: "1", unitPrice: "1800.00" },
        { description: "Capacitación al área contable (horas)", quantity: "4", unitPrice: "125.00" },
      ],
      currency: "PEN",
      issuedDaysAgo: 190,
      dueInDaysAfterIssue: 45,
      // Half on signing, the rest on delivery.
      payments: [paid("transferencia", "BCP-OP-51977302", 2, "2065.00"), paid("transferencia", "BCP-OP-53140286", 40)],
    },
    fee(DATA_WAREHOUSE, "mensualidad", "450.00", "USD", 145, [paid("transferencia", "IBK-OP-300118452", 6)]),
    fee(DATA_WAREHOUSE, "mensualidad", "450.00", "USD", 115, [paid("transferencia", "IBK-OP-300452917", 5)]),
    fee(PLANILLAS, "mensualidad", "290.00", "PEN", 100, [paid("plin", "PLIN-20418833", 3)]),
    fee(DATA_WAREHOUSE, "mensualidad", "450.00", "USD", 85, [paid("transferencia", "IBK-OP-300801364", 7)]),
    fee(PLANILLAS, "mensualidad", "290.00", "PEN", 70, [paid("plin", "PLIN-20733016", 2)]),
    fee(DATA_WAREHOUSE, "mensualidad", "450.00", "USD", 55, [paid("transferencia", "IBK-OP-301195540", 4)]),
    fee(PLANILLAS, "mensualidad", "290.00", "PEN", 40, [paid("plin", "PLIN-21052297", 1)]),
    // Partly paid: a first transfer, the balance still owed (and overdue).
    fee(DATA_WAREHOUSE, "mensualidad", "450.00", "USD", 25, [paid("transferencia", "IBK-OP-301560873", 10, "300.00")]),
    fee(PLANILLAS, "mensualidad", "290.00", "PEN", 10, []),
  ],
  tickets: [
    {
      subject: "Error al importar guías de remisión desde el módulo de despacho",
      description:
        "Desde ayer, al importar el archivo de guías de remisión del despacho de uvas a Paita, el ERP muestra \"Serie T001 no autorizada\" y deja las guías en borrador. Tenemos dos contenedores que salen el viernes.",
      status: "in_progress",
      priority: "high",
      createdDaysAgo: 3,
      replies: [
        {
          author: "admin",
          body: "Hola, Carlos. La serie T001 de guías electrónicas no figura como autorizada en la configuración del OSE desde la última actualización. Ya la estamos registrando de nuevo; te escribimos apenas puedas reintentar la importación.",
          hoursAfterTicket: 2,
        },
        {
          author: "client",
          body: "Gracias. Si nos confirman antes de las 5 p. m., el almacén puede reprocesar las guías hoy mismo.",
          hoursAfterTicket: 3,
          emailedOriginal:
            "Gracias. Si nos confirman antes de las 5 p. m., el almacén puede reprocesar las guías hoy mismo.\n\nCarlos Mendoza\nJefe de Operaciones\n\nEl mar., a las 10:12, Soporte Lumen escribió:\n> Hola, Carlos. La serie T001 de guías electrónicas no figura como autorizada en la configuración del OSE desde la última actualización.",
        },
      ],
      events: [{ to: "in_progress", hoursAfterTicket: 2 }],
    },
    {
      subject: "Reporte de costos por lote de exportación",
      description:
        "Necesitamos un reporte que muestre el costo de cada lote exportado (materia prima, mano de obra de la planta de empaque, fletes y certificaciones) para compararlo con el precio FOB.",
      status: "closed",
      priority: "low",
      createdDaysAgo: 45,
      replies: [
        {
          author: "admin",
          body: "Hola, Carlos. Preparamos el reporte \"Costo por lote de exportación\" en el menú Costos > Reportes, con el costo por kilo y el margen frente al precio FOB. ¿Pueden revisarlo con el cierre de octubre?",
          hoursAfterTicket: 30,
        },
        {
          author: "client",
          body: "Lo revisamos con el cierre y cuadra con contabilidad. Pueden cerrar el ticket, muchas gracias.",
          hoursAfterTicket: 70,
        },
      ],
      events: [
        { to: "in_progress", hoursAfterTicket: 6 },
        { to: "resolved", hoursAfterTicket: 30 },
        { to: "closed", hoursAfterTicket: 72 },
      ],
    },
  ],
};

// ── Inmobiliaria Costa Verde Desarrollos S.A.C. (San Isidro): real-estate CRM, WhatsApp bot ──
const CRM_INMOBILIARIO = "Lumen CRM Inmobiliario · Licencia anual 15 usuarios";
const CHATBOT = "Chatbots para WhatsApp Business · Plan Ventas";

const costaVerde: ClientAccountSeed = {
  email: "lparedes@costaverdedesarrollos.pe",
  name: "Lucía Paredes Valdivia",
  image: null,
  billingName: "Inmobiliaria Costa Verde Desarrollos S.A.C.",
  taxId: ruc("2054876321"),
  subscriptions: [
    {
      planName: CRM_INMOBILIARIO,
      catalogKind: "product",
      catalogSlug: "lumen-crm-inmobiliario",
      amount: "990.00",
      currency: "EUR",
      billingPeriod: "yearly",
      status: "active",
      startedMonthsAgo: 8,
      nextBillingInDays: 125,
      cancelledMonthsAgo: null,
    },
    {
      planName: CHATBOT,
      catalogKind: "service",
      catalogSlug: "chatbots-whatsapp",
      amount: "390.00",
      currency: "PEN",
      billingPeriod: "monthly",
      status: "active",
      startedMonthsAgo: 6,
      nextBillingInDays: 10,
      cancelledMonthsAgo: null,
    },
  ],
  invoices: [
    {
      subscriptionPlan: CRM_INMOBILIARIO,
      description: `${CRM_INMOBILIARIO} — cuota anual y puesta en marcha`,
      lines: [
        { description: `${CRM_INMOBILIARIO} — cuota anual`, quantity: "1", unitPrice: "990.00" },
        { description: "Configuración del embudo de ventas por proyecto y carga de la cartera de prospectos", quantity: "1", unitPrice: "350.00" },
      ],
      currency: "EUR",
      issuedDaysAgo: 240,
      dueInDaysAfterIssue: 30,
      payments: [paid("transferencia", "BBVA-OP-87011234", 10)],
    },
    fee(CHATBOT, "mensualidad", "390.00", "PEN", 170, [paid("tarjeta", "NIUBIZ-769884120", 0)]),
    fee(CHATBOT, "mensualidad", "390.00", "PEN", 140, [paid("tarjeta", "NIUBIZ-770320985", 0)]),
    fee(CHATBOT, "mensualidad", "390.00", "PEN", 110, [paid("tarjeta", "NIUBIZ-770602741", 1)]),
    {
      subscriptionPlan: null,
      description: "Tableros de Gestión con Power BI",
      lines: [
        { description: "Tablero de ventas y separaciones por proyecto", quantity: "1", unitPrice: "1100.00" },
        { description: "Tablero de cobranzas y cuotas vencidas", quantity: "1", unitPrice: "700.00" },
      ],
      currency: "USD",
      issuedDaysAgo: 95,
      dueInDaysAfterIssue: 30,
      payments: [paid("transferencia", "BBVA-OP-88390716", 15)],
    },
    fee(CHATBOT, "mensualidad", "390.00", "PEN", 80, [paid("tarjeta", "NIUBIZ-771105369", 0)]),
    fee(CHATBOT, "mensualidad", "390.00", "PEN", 50, [paid("tarjeta", "NIUBIZ-771850277", 2)]),
    // Issued in the wrong currency and cancelled ("Anulada"); the next invoice replaces it.
    {
      subscriptionPlan: null,
      description: "Auditoría de Ciberseguridad y Protección de Datos",
      lines: [{ description: "Auditoría de Ciberseguridad y Protección de Datos", quantity: "1", unitPrice: "2400.00" }],
      currency: "EUR",
      issuedDaysAgo: 35,
      dueInDaysAfterIssue: 30,
      payments: [],
      cancelled: { daysAfterIssue: 1, reason: "Emitida en euros por error: el contrato es en soles. Se reemplaza por una nueva factura." },
    },
    {
      subscriptionPlan: null,
      description: "Auditoría de Ciberseguridad y Protección de Datos",
      lines: [
        { description: "Auditoría de seguridad de la red, los servidores y los accesos", quantity: "1", unitPrice: "6200.00" },
        { description: "Revisión de cumplimiento de la Ley 29733 de Protección de Datos Personales", quantity: "1", unitPrice: "3400.00" },
      ],
      currency: "PEN",
      issuedDaysAgo: 34,
      dueInDaysAfterIssue: 45,
      // Half paid up front, the rest due when the report is delivered ("Parcialmente pagada").
      payments: [paid("transferencia", "BCP-OP-57110342", 3, "5664.00")],
    },
    fee(CHATBOT, "mensualidad", "390.00", "PEN", 20, [], 30),
  ],
  tickets: [
    {
      subject: "El chatbot no responde los mensajes del fin de semana",
      description:
        "El sábado y el domingo varios interesados en el proyecto Residencial Los Olivos escribieron al WhatsApp de ventas y el bot no les respondió. Entre semana funciona bien.",
      status: "open",
      priority: "high",
      createdDaysAgo: 1,
      replies: [
        {
          author: "admin",
          body: "Hola, Lucía. ¿Nos confirmas si el fin de semana cambiaron el horario de atención en el panel del bot? Necesitamos ese dato para revisar las reglas de derivación a las asesoras.",
          hoursAfterTicket: 2,
        },
      ],
      events: [],
    },
    {
      subject: "Acceso al CRM para dos nuevas asesoras de venta",
      description: "Se incorporaron Ana Torres y Milagros Quispe al equipo de ventas. Necesitan acceso al CRM con el perfil de asesora y solo a los proyectos de Surco.",
      status: "resolved",
      priority: "low",
      createdDaysAgo: 12,
      replies: [
        {
          author: "admin",
          body: "Listo, Lucía. Creamos los usuarios atorres y mquispe con el perfil \"Asesora de ventas\", limitado a los proyectos de Surco. Les llegó la invitación a sus correos.",
          hoursAfterTicket: 3,
        },
      ],
      events: [
        { to: "in_progress", hoursAfterTicket: 1 },
        { to: "resolved", hoursAfterTicket: 3 },
      ],
    },
  ],
};

// ── Jorge Luis Mamani Condori (DNI): an online store of alpaca crafts; boletas, series B001 ──
const TIENDA = "Lumen Tienda Online · Plan Emprendedor";

const mamani: ClientAccountSeed = {
  email: "jlmamani.condori@gmail.com",
  name: "Jorge Luis Mamani Condori",
  image: null,
  billingName: "Jorge Luis Mamani Condori",
  taxId: "43871265",
  subscriptions: [
    {
      planName: TIENDA,
      catalogKind: "product",
      catalogSlug: "lumen-tienda-online",
      amount: "249.00",
      currency: "PEN",
      billingPeriod: "monthly",
      status: "active",
      startedMonthsAgo: 4,
      nextBillingInDays: 5,
      cancelledMonthsAgo: null,
    },
  ],
  invoices: [
    {
      subscriptionPlan: null,
      description: "Integración de Pasarelas de Pago en la tienda online",
      lines: [
        { description: "Configuración de la pasarela Niubiz en la tienda", quantity: "1", unitPrice: "850.00" },
        { description: "Botón de pago con Yape y Plin", quantity: "1", unitPrice: "350.00" },
      ],
      currency: "PEN",
      issuedDaysAgo: 118,
      dueInDaysAfterIssue: 15,
      payments: [paid("transferencia", "BCP-OP-55470821", 3)],
    },
    fee(TIENDA, "mensualidad", "249.00", "PEN", 115, [paid("yape", "YAPE-40655190", 1)]),
    fee(TIENDA, "mensualidad", "249.00", "PEN", 85, [paid("efectivo", "RC-0001245", 4)]),
    fee(TIENDA, "mensualidad", "249.00", "PEN", 55, [paid("yape", "YAPE-41802274", 0)]),
    fee(TIENDA, "mensualidad", "249.00", "PEN", 25, [], 30),
  ],
  tickets: [
    {
      subject: "No me llegan los correos de confirmación de pedidos",
      description: "Mis clientes compran en la tienda pero no reciben el correo de confirmación del pedido. Algunos me escriben por WhatsApp para saber si su compra se registró.",
      status: "resolved",
      priority: "medium",
      createdDaysAgo: 30,
      replies: [
        {
          author: "admin",
          body: "Hola, Jorge. El dominio de tu tienda no tenía los registros SPF y DKIM, y los correos llegaban a la carpeta de spam. Ya los configuramos; ¿puedes hacer una compra de prueba?",
          hoursAfterTicket: 4,
        },
        {
          author: "client",
          body: "Hice la prueba y el correo llegó a la bandeja de entrada. ¡Gracias!",
          hoursAfterTicket: 28,
        },
      ],
      events: [
        { to: "in_progress", hoursAfterTicket: 4 },
        { to: "resolved", hoursAfterTicket: 26 },
      ],
    },
    {
      subject: "¿Cómo agrego tallas y colores a un mismo producto?",
      description: "Quiero vender la misma chompa de alpaca en tres tallas y cuatro colores sin crear doce productos distintos.",
      status: "open",
      priority: "low",
      createdDaysAgo: 1,
      replies: [
        {
          author: "admin",
          body: "Hola, Jorge. En Productos > Editar > Variantes puedes crear los atributos \"Talla\" y \"Color\"; la tienda genera las combinaciones y cada una lleva su propio stock. Te enviamos una guía con capturas a tu correo.",
          hoursAfterTicket: 5,
        },
      ],
      events: [],
    },
  ],
};

export const otherClientAccounts: ClientAccountSeed[] = [valleSur, costaVerde, mamani];
