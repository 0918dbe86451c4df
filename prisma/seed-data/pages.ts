import type { PageSeed } from "./types";

export const pages: PageSeed[] = [
  {
    slug: "nosotros",
    title: "Nosotros",
    excerpt:
      "Somos una consultora de tecnología limeña que ayuda a las pymes del Perú a ordenar, automatizar y hacer crecer su negocio.",
    content:
      "<h2>Quiénes somos</h2><p><strong>Lumen Consultoría TI</strong> nació en Miraflores en 2019 con una idea simple: las pequeñas y medianas empresas peruanas merecen la misma tecnología que las grandes, explicada en su idioma y a un precio razonable.</p><p>Hoy acompañamos a más de 30 clientes en Lima, Arequipa, Trujillo, Ica y Piura, con más de 50 proyectos entregados en ERP, facturación electrónica, comercio electrónico, automatización y analítica.</p><h2>Misión</h2><p>Ayudar a las pymes del Perú a vender más y trabajar mejor con soluciones tecnológicas simples, seguras y bien implementadas.</p><h2>Visión</h2><p>Ser el socio tecnológico de referencia para las pymes peruanas que quieren crecer de forma ordenada.</p><h2>Valores</h2><ul><li><strong>Compromiso:</strong> nos hacemos cargo del resultado, no solo de la entrega.</li><li><strong>Innovación:</strong> usamos tecnología moderna cuando aporta valor real.</li><li><strong>Excelencia:</strong> cuidamos cada detalle, de la primera reunión al soporte.</li></ul>",
    status: "published",
    metaTitle: "Nosotros | Lumen Consultoría TI",
    metaDescription:
      "Conoce a Lumen Consultoría TI: consultora de tecnología en Lima que ayuda a las pymes del Perú con ERP, facturación electrónica, automatización y analítica.",
  },
  {
    slug: "privacidad",
    title: "Política de Privacidad",
    excerpt:
      "Cómo Lumen Consultoría TI S.A.C. trata tus datos personales conforme a la Ley N.° 29733 y su reglamento.",
    content:
      "<h2>Responsable del tratamiento</h2><p>Lumen Consultoría TI S.A.C., con RUC 20601234565 y domicilio en Av. José Larco 1232, oficina 802, Miraflores, Lima, es responsable del tratamiento de los datos personales que nos proporcionas a través de este sitio web.</p><h2>Datos que recopilamos</h2><ul><li>Datos de contacto que envías en el formulario: nombre, correo electrónico, teléfono, empresa y mensaje.</li><li>Datos de cuenta de clientes: nombre, correo electrónico y registros de facturación.</li><li>Datos técnicos de navegación: dirección IP y tipo de navegador, con fines de seguridad.</li></ul><h2>Finalidad</h2><p>Usamos tus datos para responder tus consultas, prestar los servicios contratados, emitir comprobantes electrónicos y, solo si lo autorizas, enviarte información comercial.</p><h2>Base legal y conservación</h2><p>El tratamiento se realiza conforme a la <strong>Ley N.° 29733, Ley de Protección de Datos Personales</strong>, y su reglamento. Conservamos los datos mientras dure la relación comercial y los plazos que exigen las normas tributarias.</p><h2>Tus derechos</h2><p>Puedes ejercer tus derechos de acceso, rectificación, cancelación y oposición escribiendo a <a href=\"mailto:privacidad@lumenti.pe\">privacidad@lumenti.pe</a>. Si no estás conforme con nuestra respuesta, puedes acudir a la Autoridad Nacional de Protección de Datos Personales.</p>",
    status: "published",
    metaTitle: "Política de Privacidad | Lumen Consultoría TI",
    metaDescription: "Política de privacidad y tratamiento de datos personales de Lumen Consultoría TI S.A.C. conforme a la Ley N.° 29733.",
  },
  {
    slug: "terminos",
    title: "Términos y Condiciones de Uso",
    excerpt: "Condiciones de uso del sitio web y del portal de clientes de Lumen Consultoría TI S.A.C.",
    content:
      "<h2>Aceptación</h2><p>Al usar este sitio web y el portal de clientes aceptas estos términos. Si no estás de acuerdo, te pedimos no utilizarlos.</p><h2>Uso del sitio</h2><ul><li>La información publicada es referencial; los precios y alcances definitivos constan en cada propuesta comercial.</li><li>Los precios se muestran en la moneda indicada y no incluyen IGV salvo que se indique lo contrario.</li><li>No está permitido usar el sitio para actividades ilícitas ni intentar vulnerar su seguridad.</li></ul><h2>Cuentas de cliente</h2><p>Eres responsable de la confidencialidad de tu contraseña y de la actividad realizada con tu cuenta. Avísanos de inmediato ante cualquier uso no autorizado.</p><h2>Propiedad intelectual</h2><p>Las marcas, textos, ilustraciones y software de este sitio pertenecen a Lumen Consultoría TI S.A.C. o a sus licenciantes.</p><h2>Ley aplicable y jurisdicción</h2><p>Estos términos se rigen por las leyes de la <strong>República del Perú</strong>. Cualquier controversia se someterá a los jueces y tribunales del Distrito Judicial de Lima.</p><p>Consultas: <a href=\"mailto:contacto@lumenti.pe\">contacto@lumenti.pe</a>.</p>",
    status: "published",
    metaTitle: "Términos y Condiciones | Lumen Consultoría TI",
    metaDescription: "Términos y condiciones de uso del sitio web y del portal de clientes de Lumen Consultoría TI S.A.C.",
  },
  {
    slug: "trabaja-con-nosotros",
    title: "Trabaja con Nosotros",
    excerpt: "Buscamos desarrolladores, analistas y consultores que quieran transformar a las pymes del Perú.",
    content:
      "<h2>Únete a Lumen</h2><p>Buscamos personas curiosas y comprometidas para nuestro equipo en Lima, con modalidad híbrida.</p><h3>Posiciones abiertas</h3><ul><li>Desarrollador(a) full stack con experiencia en React y Node.js.</li><li>Analista funcional de ERP con conocimiento tributario peruano.</li><li>Consultor(a) de inteligencia de negocios.</li></ul><p>Envía tu CV a <a href=\"mailto:talento@lumenti.pe\">talento@lumenti.pe</a>.</p>",
    status: "draft",
    metaTitle: "Trabaja con Nosotros | Lumen Consultoría TI",
    metaDescription: "Ofertas de empleo en Lumen Consultoría TI: desarrollo, ERP e inteligencia de negocios en Lima.",
  },
];
