// Twelve weeks of contact-form traffic, so the admin dashboard's charts (messages per week by
// status, median first response) show a real-looking inbox on `npm start`.
// Identified, like the messages in inbox.ts, by e-mail + subject.
import type { ContactMessageSeed } from "./types";

const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const MOBILE =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

const REPLY =
  "Gracias por escribirnos. Le enviamos la información solicitada al correo y quedamos atentos para coordinar una breve reunión. Saludos, equipo Lumen.";

type Entry = [
  name: string,
  email: string,
  company: string | null,
  sectorSlug: string | null,
  subject: string,
  message: string,
  status: ContactMessageSeed["status"],
  receivedDaysAgo: number,
  /** Hours from arrival to the reply, or null when it was never answered. */
  repliedAfterHours: number | null,
];

const entries: Entry[] = [
  ["Rosa Huamán Quispe", "rhuaman@agroexportnorte.pe", "Agroexport Norte S.A.C.", "agroindustria", "Trazabilidad de lotes de palta", "Necesitamos registrar la trazabilidad de cada lote desde el fundo hasta el contenedor. ¿Su ERP lo permite?", "new", 0, null],
  ["Jorge Salazar Ríos", "jsalazar@clinicasanpablo.pe", "Clínica San Pablo Sur", "salud", "Agenda de citas en línea", "Queremos que los pacientes reserven citas desde la web y reciban recordatorios por WhatsApp.", "new", 2, null],
  ["Carmen Villanueva", "cvillanueva@textilesdelsur.com.pe", "Textiles del Sur", "manufactura", "Control de producción por orden", "Buscamos controlar el avance de cada orden de producción en planta con tabletas.", "read", 3, null],
  ["Diego Chávez Paredes", "dchavez@finanzasandinas.pe", "Finanzas Andinas", "servicios-financieros", "Tablero de cobranzas", "¿Pueden armar un tablero de cobranzas con datos de nuestro core financiero?", "replied", 5, 1.5],
  ["Patricia Gómez León", "pgomez@minimarketlaesquina.pe", "Minimarket La Esquina", "retail", "Punto de venta con boleta electrónica", "Tenemos tres cajas y queremos emitir boletas electrónicas desde el punto de venta.", "replied", 6, 3.3],
  ["Luis Alberto Mendoza", "lmendoza@transportesmendoza.pe", "Transportes Mendoza E.I.R.L.", "logistica", "Seguimiento GPS de la flota", "Queremos ver en un mapa la ubicación de nuestros 20 camiones y los tiempos de entrega.", "closed", 9, 0.75],
  ["Andrea Torres Vega", "andrea.torres.vega@gmail.com", null, null, "Consulta sobre cursos", "¿Dictan cursos de Power BI para personas naturales?", "archived", 11, null],
  ["Ricardo Flores Soto", "rflores@colegiosanjose.edu.pe", "Colegio San José de Chiclayo", "educacion", "Plataforma de notas para padres", "Queremos que los padres consulten notas y asistencia desde el celular.", "replied", 13, 5],
  ["Milagros Ccori", "mccori@cooperativaandina.pe", "Cooperativa Agraria Andina", "agroindustria", "Gestión de acopio de café", "Necesitamos registrar el acopio de café de 300 socios y liquidar sus pagos.", "read", 16, null],
  ["Héctor Ramírez Díaz", "hramirez@laboratoriosvida.pe", "Laboratorios Vida", "salud", "Integración con equipos de laboratorio", "Queremos integrar los resultados de los analizadores con nuestro sistema de historias clínicas.", "replied", 19, 26],
  ["Sofía Delgado Cruz", "sdelgado@boutiquesofia.pe", "Boutique Sofía", "retail", "Tienda en línea con pasarela de pagos", "Quisiera vender por internet con pago con tarjeta y Yape.", "replied", 22, 8],
  ["Manuel Quispe Huanca", "mquispe@constructoraaltiplano.pe", "Constructora Altiplano", "manufactura", "Control de obras y almacenes", "Tenemos cinco obras en paralelo y perdemos el control de los materiales.", "closed", 26, 2],
  ["Verónica Salas", "vsalas@financieracrecer.pe", "Financiera Crecer", "servicios-financieros", "Automatización de reportes a la SBS", "¿Automatizan los reportes regulatorios que enviamos cada mes?", "replied", 29, 4.5],
  ["Óscar Paredes", "oparedes@distribuidoranorte.pe", "Distribuidora Norte", "logistica", "Rutas de reparto", "Queremos optimizar las rutas de reparto de nuestros vendedores en Piura.", "replied", 34, 30],
  ["Elena Ruiz Castro", "eruiz@institutotecnico.edu.pe", "Instituto Técnico del Pacífico", "educacion", "Aula virtual", "Buscamos un aula virtual para 1 200 alumnos con exámenes en línea.", "archived", 38, null],
  ["Javier Cárdenas", "jcardenas@panaderiaelsol.pe", "Panadería El Sol", "retail", "Inventario de insumos", "Necesitamos controlar el inventario de insumos de tres locales.", "replied", 41, 6],
  ["Gloria Mamani", "gmamani@hospedajeslago.pe", "Hospedajes del Lago", null, "Reservas en línea para hostal", "¿Tienen un sistema de reservas para un hostal de 15 habitaciones en Puno?", "closed", 45, 12],
  ["Alberto Vargas Llosa", "avargas@metalmecanicavargas.pe", "Metalmecánica Vargas", "manufactura", "Costeo por orden de trabajo", "Queremos conocer el costo real de cada orden de trabajo.", "replied", 49, 3],
  ["Natalia Pinto", "npinto@seguroslima.pe", "Seguros Lima", "servicios-financieros", "Portal de clientes", "Queremos un portal donde los asegurados descarguen sus pólizas.", "read", 53, null],
  ["Raúl Espinoza", "respinoza@farmaciassalud.pe", "Farmacias Salud+", "salud", "Control de lotes y vencimientos", "Necesitamos alertas de productos por vencer en nuestras 12 boticas.", "replied", 57, 1],
  ["Lorena Campos", "lcampos@academiaingenio.pe", "Academia Ingenio", "educacion", "Cobro de pensiones", "¿Su sistema envía recordatorios de pago de pensiones?", "archived", 61, null],
  ["Pedro Huertas", "phuertas@courierrapido.pe", "Courier Rápido", "logistica", "Confirmación de entregas con foto", "Queremos que los motorizados confirmen la entrega con foto y firma.", "replied", 66, 7],
  ["Daniela Rojas", "drojas@vinosicadelsur.pe", "Viñedos Ica del Sur", "agroindustria", "Exportación y documentos", "Necesitamos generar los documentos de exportación desde el ERP.", "closed", 70, 20],
  ["Miguel Ángel Soto", "msoto@ferreterialima.pe", "Ferretería Lima Centro", "retail", "Catálogo con stock en línea", "Queremos mostrar el stock de cada tienda en nuestra web.", "replied", 74, 2.5],
  ["Claudia Navarro", "cnavarro@estudionavarro.pe", "Estudio Navarro Abogados", null, "Gestión documental de expedientes", "Buscamos digitalizar y ordenar nuestros expedientes.", "archived", 79, null],
  ["Fernando Lazo", "flazo@plasticosandinos.pe", "Plásticos Andinos", "manufactura", "Mantenimiento preventivo", "Queremos planificar el mantenimiento preventivo de 40 máquinas.", "replied", 82, 4],
];

export const contactMessageHistory: ContactMessageSeed[] = entries.map(
  ([name, email, company, sectorSlug, subject, message, status, receivedDaysAgo, repliedAfterHours], index) => ({
    name,
    email,
    phone: `+51 9${String(41_000_000 + index * 137_911).padStart(8, "0")}`.replace(/^(\+51 \d{3})(\d{3})(\d{3})$/, "$1 $2 $3"),
    company,
    subject,
    message,
    sectorSlug,
    status,
    thread: repliedAfterHours === null ? [] : [{ kind: "reply" as const, body: REPLY, hoursAfter: repliedAfterHours }],
    ipAddress: `190.${40 + index}.${(index * 37) % 250}.${(index * 53) % 250}`,
    userAgent: index % 3 === 0 ? MOBILE : DESKTOP,
    receivedDaysAgo,
  }),
);
