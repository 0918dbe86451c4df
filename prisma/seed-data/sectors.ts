import type { SectorSeed } from "./types";

export const sectors: SectorSeed[] = [
  {
    slug: "retail",
    name: "Retail",
    description:
      "Tiendas, cadenas y distribuidoras que necesitan controlar stock, vender en línea y emitir boletas electrónicas sin filas.",
    longDescription:
      "<p>Acompañamos a bodegas que crecieron, minimarkets, ferreterías y cadenas de tiendas en Lima y provincias. Unificamos punto de venta, inventario por almacén y tienda online en un solo sistema, con boletas y facturas electrónicas validadas por SUNAT y cobros con tarjeta, Yape o Plin.</p><p>El resultado: cierres de caja en minutos, reposición basada en datos y una sola fuente de verdad para el stock.</p>",
    icon: "shopping-cart",
    isFeatured: true,
    orderIndex: 1,
  },
  {
    slug: "manufactura",
    name: "Manufactura",
    description:
      "Plantas y talleres que quieren planificar la producción, costear bien cada orden y controlar mermas.",
    longDescription:
      "<p>Trabajamos con fabricantes de alimentos, plásticos, confecciones y metalmecánica. Implementamos órdenes de producción, listas de materiales, control de calidad y costeo por centro de costo, integrados con compras y almacén.</p><p>Con tableros de indicadores en planta, la gerencia ve en tiempo real la eficiencia de cada línea y el consumo real frente al estándar.</p>",
    icon: "factory",
    isFeatured: true,
    orderIndex: 2,
  },
  {
    slug: "salud",
    name: "Salud",
    description:
      "Clínicas, policlínicos y laboratorios que necesitan agendas en línea, historias clínicas digitales y facturación a aseguradoras.",
    longDescription:
      "<p>Digitalizamos la atención de clínicas y centros médicos: citas por web y WhatsApp, historia clínica electrónica con control de accesos, y facturación a EPS y aseguradoras con sus liquidaciones.</p><p>Cuidamos la confidencialidad de los datos de salud conforme a la Ley N.° 29733 y sus datos sensibles, con respaldos cifrados y trazabilidad de cada consulta.</p>",
    icon: "heart-pulse",
    isFeatured: true,
    orderIndex: 3,
  },
  {
    slug: "educacion",
    name: "Educación",
    description:
      "Colegios, institutos y centros de capacitación que gestionan matrículas, pensiones y aulas virtuales.",
    longDescription:
      "<p>Automatizamos la matrícula, el cobro de pensiones con recordatorios y pagos por Yape o banca por internet, y la emisión de boletas electrónicas a cada familia.</p><p>Integramos aulas virtuales, libretas de notas y comunicación con padres para que el equipo administrativo deje las hojas de cálculo.</p>",
    icon: "graduation-cap",
    isFeatured: false,
    orderIndex: 4,
  },
  {
    slug: "logistica",
    name: "Logística",
    description:
      "Operadores logísticos, couriers y empresas de transporte que necesitan trazabilidad y guías de remisión electrónicas.",
    longDescription:
      "<p>Implementamos control de almacenes con ubicaciones, picking con lectores y apps móviles, y seguimiento de despachos con la guía de remisión electrónica exigida por SUNAT.</p><p>Los clientes finales consultan el estado de su pedido en línea y la gerencia mide tiempos de entrega por ruta, de Lima a Arequipa, Trujillo o Piura.</p>",
    icon: "truck",
    isFeatured: true,
    orderIndex: 5,
  },
  {
    slug: "servicios-financieros",
    name: "Servicios Financieros",
    description:
      "Cooperativas, cajas, financieras y corredores que necesitan originación digital, cobranza y reportes regulatorios.",
    longDescription:
      "<p>Desarrollamos plataformas de originación de créditos con validación de identidad, motores de cobranza con campañas por WhatsApp y SMS, y reportes para la SBS.</p><p>Aplicamos controles de seguridad, segregación de funciones y auditoría de cada operación, alineados con las buenas prácticas del sector.</p>",
    icon: "landmark",
    isFeatured: false,
    orderIndex: 6,
  },
  {
    slug: "agroindustria",
    name: "Agroindustria",
    description:
      "Agroexportadoras y productores que requieren trazabilidad de campo a contenedor y control de campañas.",
    longDescription:
      "<p>Desde Ica hasta Piura y La Libertad, ayudamos a agroexportadoras de uva, palta, arándano y espárrago a registrar labores de campo desde el celular, incluso sin señal, y a trazar cada lote hasta el contenedor.</p><p>Integramos planillas de personal de campo, costos por hectárea y certificaciones de calidad exigidas por los mercados de destino.</p>",
    icon: "sprout",
    isFeatured: false,
    orderIndex: 7,
  },
];
