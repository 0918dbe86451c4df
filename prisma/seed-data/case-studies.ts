import type { CaseStudySeed } from "./types";

export const caseStudies: CaseStudySeed[] = [
  {
    slug: "distribuidora-arequipa-cierre-contable",
    title: "Distribuidora en Arequipa reduce de 10 a 3 días su cierre contable",
    clientName: "Distribuidora Misti S.A.C.",
    sectorSlug: "retail",
    summary:
      "Una distribuidora de consumo masivo con tres almacenes unificó ventas, inventario y contabilidad en Lumen ERP Pyme y dejó de depender de hojas de cálculo.",
    content:
      "<h2>El reto</h2><p>Distribuidora Misti atendía a más de 900 bodegas en Arequipa, Puno y Cusco. Las ventas se registraban en un sistema, el inventario en Excel y la contabilidad en un tercer programa del estudio contable.</p><h2>La solución</h2><ul><li>Implementación de <strong>Lumen ERP Pyme</strong> con tres almacenes.</li><li>Facturación electrónica y guías de remisión desde el mismo sistema.</li><li>Tableros de ventas en Power BI para la gerencia.</li></ul><h2>El resultado</h2><p>En seis meses la empresa cerró el mes en tres días, redujo las diferencias de inventario y pudo abrir una nueva ruta en Juliaca con el mismo equipo administrativo.</p>",
    results: [
      "Cierre contable de 10 a 3 días",
      "Diferencias de inventario reducidas en 85 %",
      "Nueva ruta abierta sin contratar personal administrativo",
    ],
    image: "/images/case-studies/distribuidora-arequipa.svg",
    status: "published",
    publishedDaysAgo: 30,
  },
  {
    slug: "clinica-trujillo-historias-digitales",
    title: "Clínica en Trujillo digitaliza 40,000 historias clínicas",
    clientName: "Clínica San Gabriel",
    sectorSlug: "salud",
    summary:
      "Una clínica de Trujillo digitalizó su archivo de historias clínicas y las integró a un flujo de consulta con permisos por especialidad.",
    content:
      "<h2>El reto</h2><p>El archivo físico ocupaba dos ambientes y cada historia tardaba hasta 20 minutos en llegar al consultorio.</p><h2>La solución</h2><ul><li>Digitalización con <strong>Lumen Archivo Digital</strong> e indexación por número de historia y DNI.</li><li>Repositorio en <strong>Lumen Docs</strong> con permisos por especialidad.</li><li>Auditoría de accesos conforme a la Ley N.° 29733.</li></ul><h2>El resultado</h2><p>Las historias llegan al médico en segundos y los ambientes de archivo se convirtieron en dos nuevos consultorios.</p>",
    results: [
      "40,000 historias clínicas digitalizadas",
      "Tiempo de búsqueda de 20 minutos a menos de 10 segundos",
      "Dos ambientes recuperados como consultorios",
    ],
    image: "/images/case-studies/clinica-trujillo.svg",
    status: "published",
    publishedDaysAgo: 60,
  },
  {
    slug: "agroexportadora-ica-trazabilidad",
    title: "Agroexportadora de Ica traza cada lote de uva del campo al contenedor",
    clientName: "AgroExport Valle de Ica",
    sectorSlug: "agroindustria",
    summary:
      "Una app móvil sin conexión y tableros de costos permitieron a una agroexportadora trazar cada lote y conocer su costo real por hectárea.",
    content:
      "<h2>El reto</h2><p>Las labores de campo se anotaban en cuadernos y se digitaban días después. Las certificadoras pedían trazabilidad por lote que tomaba semanas reconstruir.</p><h2>La solución</h2><ul><li>App en <strong>Flutter</strong> que funciona sin señal en el fundo.</li><li>Integración con planillas y almacén de insumos.</li><li>Tableros de costo por hectárea y por campaña.</li></ul><h2>El resultado</h2><p>La empresa superó su auditoría de certificación en la primera visita y redujo en 12 % el costo de insumos en la siguiente campaña.</p>",
    results: [
      "Trazabilidad por lote disponible al instante",
      "Auditoría de certificación aprobada en la primera visita",
      "12 % menos de gasto en insumos por campaña",
    ],
    image: "/images/case-studies/agroexportadora-ica.svg",
    status: "published",
    publishedDaysAgo: 90,
  },
];
