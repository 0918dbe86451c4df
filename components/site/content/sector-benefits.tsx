
const BENEFITS = [
  {
    sector: "Retail",
    items: [
      "Inventario único entre tiendas, almacén y tienda online",
      "Boletas y facturas electrónicas desde el punto de venta",
      "Cobros con Yape, Plin y tarjetas conciliados al día",
    ],
  },
  {
    sector: "Manufactura",
    items: [
      "Costeo real por orden de producción y control de mermas",
      "Planificación de materiales según pedidos y stock",
      "Trazabilidad de lotes desde la materia prima hasta el despacho",
    ],
  },
  {
    sector: "Salud",
    items: [
      "Citas por web y WhatsApp con recordatorios automáticos",
      "Historia clínica electrónica con accesos por rol",
      "Datos de pacientes protegidos según la Ley N.°\u00a029733",
    ],
  },
  {
    sector: "Educación",
    items: [
      "Matrícula en línea y pensiones con pago digital",
      "Comunicación con familias desde una sola plataforma",
      "Reportes de morosidad y rendimiento al instante",
    ],
  },
  {
    sector: "Logística",
    items: [
      "Picking con lectores y apps móviles en el almacén",
      "Guías de remisión electrónicas sin digitación",
      "Seguimiento de despachos en tiempo real para tus clientes",
    ],
  },
  {
    sector: "Servicios Financieros",
    items: [
      "Originación de créditos con validación de identidad",
      "Cobranza por campañas y canales digitales",
      "Reportes regulatorios y controles de seguridad auditables",
    ],
  },
] as const;

/** Static benefits-by-sector block. */
export function SectorBenefits() {
  return (
    <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {BENEFITS.map((block) => (
        <li key={block.sector} className="card p-6">
          <h3 className="h3">{block.sector}</h3>
          <ul className="mt-4 space-y-2.5">
            {block.items.map((item) => (
              <li key={item} className="check-item leading-6">
                {item}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
