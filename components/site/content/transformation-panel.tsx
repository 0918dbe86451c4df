import { ButtonLink } from "@/components/ui/button";
import { CheckIcon, OutlineIcon } from "./icon";

const FEATURES = [
  {
    icon: "search",
    title: "Diagnóstico de madurez digital",
    text: "Evaluamos tus procesos, sistemas y equipo para saber dónde estás hoy y qué frena el crecimiento de tu negocio.",
  },
  {
    icon: "document",
    title: "Facturación electrónica y SUNAT",
    text: "Emisión de comprobantes electrónicos, guías de remisión y libros electrónicos integrados con tu OSE y con SUNAT.",
  },
  {
    icon: "link",
    title: "Integración de sistemas",
    text: "Conectamos tu ERP, tienda online, bancos y pasarelas como Niubiz, Izipay, Yape o Plin para que los datos fluyan sin digitar dos veces.",
  },
  {
    icon: "bolt",
    title: "Automatización de procesos",
    text: "Robots y flujos de aprobación que eliminan tareas repetitivas: conciliaciones, reportes, cobranzas y atención por WhatsApp.",
  },
  {
    icon: "cloud",
    title: "Migración a la nube",
    text: "Llevamos tus servidores y archivos a la nube con copias de seguridad automáticas y acceso seguro desde cualquier sede.",
  },
  {
    icon: "chart",
    title: "Analítica e indicadores",
    text: "Tableros con tus ventas, márgenes, inventario y cobranzas actualizados cada día, para decidir con datos y no con intuición.",
  },
] as const;

const BENEFITS = [
  "Reduce hasta 40 % el tiempo dedicado a tareas administrativas y digitación manual.",
  "Cumple con SUNAT y con la Ley de Protección de Datos Personales sin sobresaltos.",
  "Información de ventas, inventario y caja en tiempo real, desde el celular.",
  "Mejor experiencia para tus clientes: pedidos, pagos y atención por canales digitales.",
  "Costos previsibles: pagas por lo que usas y escalas cuando tu empresa crece.",
  "Tu equipo aprende a usar las herramientas con capacitación práctica y soporte local.",
] as const;

const STEPS = [
  {
    title: "Diagnóstico",
    text: "Entrevistas con tu equipo, revisión de procesos y sistemas actuales, y un informe con oportunidades priorizadas por impacto.",
  },
  {
    title: "Estrategia",
    text: "Definimos la hoja de ruta, el presupuesto por etapas y los indicadores con los que mediremos el éxito del proyecto.",
  },
  {
    title: "Implementación",
    text: "Configuramos, integramos y migramos datos en entregas cortas, con pruebas junto a tus usuarios antes de cada puesta en marcha.",
  },
  {
    title: "Optimización",
    text: "Medimos resultados, ajustamos procesos y acompañamos a tu equipo con soporte continuo para sostener la mejora.",
  },
] as const;

/** The static "Transformación Digital" tab: six features, six benefits, four steps. */
export function TransformationPanel() {
  return (
    <div className="space-y-16 sm:space-y-20">
      <section aria-labelledby="tr-features">
        <h3 id="tr-features" className="text-2xl font-bold tracking-tight text-ink-900">
          Qué incluye
        </h3>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="transformation-features">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="card p-6">
              <div className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                <OutlineIcon name={feature.icon} />
              </div>
              <h4 className="h3 mt-5">{feature.title}</h4>
              <p className="small mt-2">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="tr-benefits" className="grid gap-10 rounded-3xl bg-ink-50 p-6 sm:p-10 lg:grid-cols-[1fr_1.4fr] lg:gap-16">
        <div>
          <h3 id="tr-benefits" className="text-2xl font-bold tracking-tight text-ink-900">
            Beneficios para tu empresa
          </h3>
          <p className="mt-4 text-base leading-7 text-ink-600">
            La transformación digital no es comprar software: es vender más, operar con menos errores y tener el control de tu
            negocio. Esto es lo que logran las pymes que trabajan con nosotros.
          </p>
          <ButtonLink href="/contacto" className="mt-6">
            Solicitar diagnóstico gratuito
          </ButtonLink>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2" data-testid="transformation-benefits">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex gap-3 rounded-xl bg-white p-4 text-sm leading-6 text-ink-700 shadow-sm ring-1 ring-ink-200">
              <CheckIcon />
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="tr-process">
        <h3 id="tr-process" className="text-2xl font-bold tracking-tight text-ink-900">
          Nuestro proceso
        </h3>
        <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="transformation-steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="card relative p-6">
              <span aria-hidden="true" className="grid size-10 place-items-center rounded-full bg-brand-700 text-base font-bold text-white">
                {index + 1}
              </span>
              <h4 className="h3 mt-4">
                <span className="sr-only">Paso {index + 1}: </span>
                {step.title}
              </h4>
              <p className="small mt-2">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
