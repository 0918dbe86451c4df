// Messages from the public contact form, with their conversations (the demo admin's replies,
// the visitors' e-mailed answers, internal notes), and the admin's notifications.
import type { ContactMessageSeed, NotificationSeed } from "./types";

/** In an e-mailed answer's whole text: the date of the reply it quotes (written by the seed). */
export const QUOTED_REPLY_DATE = "{{fecha_de_la_respuesta}}";

/** What the inbound checks say of a sender whose domain's DMARC failed. */
export const DMARC_WARNING = "No se pudo verificar que el remitente sea quien dice ser: falló DMARC (dkim=fail, spf=softfail).";

const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

/** Identified by e-mail + subject. */
export const contactMessages: ContactMessageSeed[] = [
  {
    name: "Martín Rojas Saavedra",
    email: "mrojas@ferreteriaelconstructor.pe",
    phone: "+51 944 318 275",
    company: "Ferretería El Constructor",
    subject: "Cotización de ERP con facturación electrónica",
    message:
      "Buenas tardes. Tenemos dos locales en Trujillo y queremos dejar el sistema de facturación que usamos ahora porque no controla el stock. ¿Podrían enviarnos una cotización de Lumen ERP Pyme para 6 usuarios y agendar una demostración?",
    sectorSlug: "retail",
    status: "new",
    ipAddress: "190.236.74.18",
    userAgent: CHROME_WINDOWS,
    receivedDaysAgo: 1,
  },
  {
    name: "Lucía Paredes Vilca",
    email: "direccion@colegiosantateresa.edu.pe",
    phone: "+51 959 602 144",
    company: "Colegio Santa Teresa de Arequipa",
    subject: "Chatbot para consultas de matrícula",
    message:
      "Hola, en temporada de matrícula recibimos cientos de mensajes por WhatsApp con las mismas preguntas sobre vacantes y pensiones. Quisiera saber cómo funciona su chatbot y si puede conectarse con nuestro sistema de pensiones.",
    sectorSlug: "educacion",
    status: "read",
    ipAddress: "179.7.213.90",
    userAgent: SAFARI_IPHONE,
    receivedDaysAgo: 4,
    thread: [
      {
        kind: "note",
        body: "Usan SIANET para las pensiones. Consultar con el equipo de integraciones si tiene API antes de cotizar el chatbot.",
        hoursAfter: 3,
      },
    ],
  },
  {
    name: "Fernando Castillo Ramos",
    email: "fcastillo@logisticaandina.com.pe",
    phone: "+51 1 715 3390",
    company: "Logística Andina S.A.C.",
    subject: "Guía de remisión electrónica para transportista",
    message:
      "Somos una empresa de transporte de carga con 14 unidades. Necesitamos emitir la guía de remisión electrónica transportista desde nuestro sistema actual. ¿Cuánto tiempo tomaría la integración?",
    sectorSlug: "logistica",
    status: "replied",
    ipAddress: "200.48.225.131",
    userAgent: CHROME_WINDOWS,
    receivedDaysAgo: 9,
    assignedToAdmin: true,
    thread: [
      {
        kind: "reply",
        body: "Estimado Fernando: gracias por escribirnos. La integración de la guía de remisión electrónica transportista suele tomar entre 3 y 4 semanas. Le enviamos la propuesta al correo y quedamos atentos para coordinar una reunión esta semana. Saludos, equipo Lumen.",
        hoursAfter: 20,
      },
      {
        kind: "inbound",
        body: "Gracias por la propuesta. ¿La integración incluye capacitar a los 14 conductores para emitir la guía desde el celular? Podemos reunirnos el jueves a las 10 a. m.",
        originalText: [
          "Gracias por la propuesta. ¿La integración incluye capacitar a los 14 conductores para emitir la guía desde el celular? Podemos reunirnos el jueves a las 10 a. m.",
          "",
          "--",
          "Fernando Castillo Ramos",
          "Jefe de Operaciones | Logística Andina S.A.C.",
          "+51 1 715 3390",
          "",
          `El ${QUOTED_REPLY_DATE}, Lumen Consultoría TI <no-reply@lumenti.pe> escribió:`,
          "> Estimado Fernando: gracias por escribirnos. La integración de la guía de remisión electrónica",
          "> transportista suele tomar entre 3 y 4 semanas. Le enviamos la propuesta al correo y quedamos",
          "> atentos para coordinar una reunión esta semana. Saludos, equipo Lumen.",
        ].join("\n"),
        hoursAfter: 30,
      },
      {
        kind: "reply",
        body: "Estimado Fernando: sí, la propuesta incluye dos sesiones de capacitación para los conductores y una para el área administrativa. Le confirmamos la reunión del jueves a las 10 a. m. por videollamada; le llegará la invitación a este correo. Saludos, equipo Lumen.",
        hoursAfter: 33,
      },
    ],
  },
  {
    name: "Gabriela Núñez Torres",
    email: "gabriela.nunez.t@gmail.com",
    phone: "+51 987 441 052",
    company: null,
    subject: "Consulta sobre prácticas preprofesionales",
    message:
      "Buenos días, soy estudiante de Ingeniería de Sistemas en la UNI y quisiera saber si tienen convocatorias de prácticas preprofesionales.",
    sectorSlug: null,
    status: "archived",
    ipAddress: "181.65.140.7",
    userAgent: CHROME_ANDROID,
    receivedDaysAgo: 20,
  },
  {
    name: "Rocío Salinas Prado",
    email: "rsalinas@importadorapacifico.pe",
    phone: "+51 1 422 8100",
    company: "Importadora del Pacífico S.A.C.",
    subject: "CRM para el área comercial",
    message:
      "Hola, somos una importadora de repuestos y queremos ordenar el seguimiento de nuestros clientes y cotizaciones. ¿Su CRM se puede usar desde el celular y conectarse con nuestro sistema de facturación?",
    sectorSlug: "retail",
    // Her e-mailed answer made it unread again; the admin read it and left a note.
    status: "read",
    ipAddress: "38.25.147.62",
    userAgent: CHROME_WINDOWS,
    receivedDaysAgo: 6,
    thread: [
      {
        kind: "reply",
        body: "Estimada Rocío: gracias por su interés. Sí, el CRM funciona desde el celular y se integra con su facturación. Para preparar la propuesta, ¿cuántos vendedores lo usarían y dónde registran hoy a sus clientes? Saludos, equipo Lumen.",
        hoursAfter: 4,
      },
      {
        kind: "inbound",
        body: "Somos 12 vendedores y hoy usamos Excel. Por favor envíen la propuesta y la factura del adelanto a mi correo personal: rocio.salinas.pe@gmail.com",
        originalText: [
          "Somos 12 vendedores y hoy usamos Excel. Por favor envíen la propuesta y la factura del adelanto a mi correo personal: rocio.salinas.pe@gmail.com",
          "",
          "Rocío Salinas",
          "Enviado desde mi celular",
          "",
          `El ${QUOTED_REPLY_DATE}, Lumen Consultoría TI <no-reply@lumenti.pe> escribió:`,
          "> Estimada Rocío: gracias por su interés. Sí, el CRM funciona desde el celular y se integra con",
          "> su facturación. Para preparar la propuesta, ¿cuántos vendedores lo usarían y dónde registran",
          "> hoy a sus clientes? Saludos, equipo Lumen.",
        ].join("\n"),
        hoursAfter: 26,
        authWarning: DMARC_WARNING,
      },
      {
        kind: "note",
        body: "Su respuesta no pasó la verificación DMARC y pide escribir a otra dirección. Confirmar por teléfono (+51 1 422 8100) antes de enviar la propuesta o cualquier factura.",
        hoursAfter: 27,
      },
    ],
  },
  {
    name: "Walter Benites Chávez",
    email: "wbenites@distribuidorabenites.pe",
    phone: "+51 956 210 384",
    company: "Distribuidora Benites E.I.R.L.",
    subject: "Migración de datos desde nuestro sistema antiguo",
    message:
      "Tenemos 10 años de ventas y clientes en un sistema en FoxPro. Si compramos su ERP, ¿ustedes migran esa información? ¿Cuánto costaría?",
    sectorSlug: "logistica",
    status: "replied",
    ipAddress: "161.132.89.20",
    userAgent: CHROME_ANDROID,
    receivedDaysAgo: 2,
    thread: [
      {
        kind: "reply",
        body: "Estimado Walter: sí, migramos la información de sistemas en FoxPro. Para cotizarla necesitamos una copia de la base de datos o, al menos, la lista de tablas. ¿Podemos coordinar una llamada de 20 minutos? Saludos, equipo Lumen.",
        hoursAfter: 5,
        delivery: { status: "failed", error: "No se pudo enviar el correo: Connection timeout" },
      },
    ],
  },
];

/** The admin's notifications. Identified by type + title + body. */
export const adminNotifications: NotificationSeed[] = [
  {
    type: "contact_message",
    title: "Nuevo mensaje de contacto",
    body: "Martín Rojas Saavedra (Ferretería El Constructor): Cotización de ERP con facturación electrónica",
    link: "/admin/contact-messages",
    contactMessage: { email: "mrojas@ferreteriaelconstructor.pe", subject: "Cotización de ERP con facturación electrónica" },
    read: false,
    createdDaysAgo: 1,
  },
  {
    type: "ticket",
    title: "Nuevo ticket de soporte",
    body: "María Quispe: No puedo emitir notas de crédito desde el módulo de ventas",
    link: "/admin/tickets",
    read: false,
    createdDaysAgo: 2,
  },
  {
    type: "payment",
    title: "Pago recibido",
    body: "Factura F001-00000131 pagada con tarjeta: US$ 149.00",
    link: "/admin/payments",
    read: true,
    createdDaysAgo: 52,
  },
];

/** Reply templates the inbox's reply box offers. Identified by name. */
export const replyTemplates: { name: string; body: string }[] = [
  {
    name: "Agradecimiento y cotización",
    body: "Gracias por escribirnos. Preparamos una cotización a la medida de su empresa y se la enviaremos en las próximas 24 horas hábiles. Si lo prefiere, podemos agendar una llamada de 20 minutos para conocer mejor sus necesidades.\n\nSaludos cordiales,\nEquipo Lumen Consultoría TI",
  },
  {
    name: "Agendar demostración",
    body: "Con gusto le mostramos el sistema en una demostración en línea de 30 minutos. Indíquenos dos o tres horarios que le acomoden esta semana y le enviaremos la invitación.\n\nSaludos cordiales,\nEquipo Lumen Consultoría TI",
  },
  {
    name: "Fuera de nuestro alcance",
    body: "Gracias por considerarnos. Por ahora ese tipo de proyecto no forma parte de nuestros servicios, pero quedamos a su disposición para cualquier necesidad de software, integración o consultoría TI.\n\nSaludos cordiales,\nEquipo Lumen Consultoría TI",
  },
];
