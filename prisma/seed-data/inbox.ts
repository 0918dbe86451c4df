// Messages from the public contact form and the admin's notifications.
import type { ContactMessageSeed, NotificationSeed } from "./types";

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
    replyText: null,
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
    replyText: null,
    ipAddress: "179.7.213.90",
    userAgent: SAFARI_IPHONE,
    receivedDaysAgo: 4,
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
    replyText:
      "Estimado Fernando: gracias por escribirnos. La integración de la guía de remisión electrónica transportista suele tomar entre 3 y 4 semanas. Le enviamos la propuesta al correo y quedamos atentos para coordinar una reunión esta semana. Saludos, equipo Lumen.",
    ipAddress: "200.48.225.131",
    userAgent: CHROME_WINDOWS,
    receivedDaysAgo: 9,
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
    replyText: null,
    ipAddress: "181.65.140.7",
    userAgent: CHROME_ANDROID,
    receivedDaysAgo: 20,
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
