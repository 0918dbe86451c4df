import { Container } from "@/components/ui/container";
import type { IconName } from "@/components/icons/registry";
import { OutlineIcon } from "./icon";
import { TechnologyIcon } from "./technology-icon";

const MAIN_STACK = [
  { name: "Next.js", category: "Desarrollo Web", role: "Sitios y portales" },
  { name: "React", category: "Desarrollo Web", role: "Interfaces" },
  { name: "Node.js", category: "Desarrollo Web", role: "APIs e integraciones" },
  { name: "Flutter", category: "Desarrollo Móvil", role: "Apps Android e iOS" },
  { name: "PostgreSQL", category: "Base de Datos", role: "Datos del negocio" },
  { name: "AWS", category: "Cloud Computing", role: "Infraestructura" },
  { name: "Docker", category: "DevOps", role: "Despliegues" },
  { name: "Python", category: "Inteligencia Artificial", role: "Analítica e IA" },
] as const;

/** Static banner with the stack we use by default. */
export function MainStackBanner() {
  return (
    <section aria-labelledby="stack-title" className="on-dark relative isolate overflow-hidden rounded-3xl bg-brand-900 px-6 py-10 sm:px-10 sm:py-12">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_60%_80%_at_100%_0%,rgb(45_212_191/0.25),transparent_60%),radial-gradient(ellipse_60%_70%_at_0%_100%,rgb(97_142_247/0.35),transparent_60%)]"
      />
      <div className="grid gap-8">
        <div className="max-w-2xl">
          <h2 id="stack-title" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            Nuestro stack principal
          </h2>
          <p className="mt-3 text-base leading-7 text-brand-100">
            Herramientas probadas, de código abierto o con amplio soporte, que te dan independencia de proveedor y talento
            disponible en el Perú para mantenerlas.
          </p>
        </div>
        <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:grid-cols-4">
          {MAIN_STACK.map((item) => (
            <li key={item.name} className="flex items-center gap-3 rounded-xl bg-white/10 p-3 ring-1 ring-white/15">
              <TechnologyIcon name={item.name} category={item.category} className="size-9" />
              <span className="min-w-0">
                <span className="block truncate text-sm font-semibold text-white">{item.name}</span>
                <span className="block truncate text-xs text-brand-100">{item.role}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const METHODOLOGIES = [
  {
    icon: "clock",
    title: "Scrum y entregas cortas",
    text: "Trabajamos en sprints de dos semanas con una demo al final de cada uno: ves avances reales y decides prioridades con nosotros.",
  },
  {
    icon: "chart",
    title: "Kanban para soporte",
    text: "Los pedidos de soporte y mejoras fluyen en un tablero visible, con tiempos de atención medidos y acordados contigo.",
  },
  {
    icon: "cog",
    title: "DevOps e integración continua",
    text: "Pruebas automáticas y despliegues repetibles con GitHub Actions y Docker: menos errores al publicar y vuelta atrás en minutos.",
  },
  {
    icon: "users",
    title: "Diseño centrado en el usuario",
    text: "Prototipos que validamos con tus vendedores, almaceneros o pacientes antes de programar, para que la herramienta se use de verdad.",
  },
  {
    icon: "shield",
    title: "Seguridad desde el diseño",
    text: "Accesos por rol, cifrado y copias de seguridad desde el primer día, alineados con la Ley N.°\u00a029733 de Protección de Datos Personales.",
  },
  {
    icon: "document",
    title: "Documentación y transferencia",
    text: "Cada proyecto termina con manuales, capacitación y el código en tu repositorio: la tecnología queda en manos de tu empresa.",
  },
] as const;

const TRENDS = [
  {
    icon: "sparkles",
    title: "IA generativa aplicada",
    text: "Asistentes que responden consultas de clientes, redactan cotizaciones y resumen documentos usando la información de tu propia empresa.",
  },
  {
    icon: "bolt",
    title: "Automatización inteligente",
    text: "Robots de software combinados con IA que leen facturas, concilian pagos y cargan datos en tu ERP sin intervención manual.",
  },
  {
    icon: "currency",
    title: "Pagos digitales y billeteras",
    text: "Cobros con Yape, Plin y códigos QR integrados a la facturación electrónica, con conciliación automática en tu contabilidad.",
  },
  {
    icon: "cloud",
    title: "Nube y arquitecturas sin servidor",
    text: "Infraestructura que escala sola en campañas como Cyber Wow o fin de año y cuesta menos en los meses tranquilos.",
  },
  {
    icon: "shield",
    title: "Ciberseguridad de confianza cero",
    text: "Autenticación en dos pasos, accesos mínimos y monitoreo continuo frente al aumento de fraudes y secuestro de datos.",
  },
  {
    icon: "chart",
    title: "Datos para decidir",
    text: "Tableros en tiempo real y modelos de predicción de demanda que antes solo estaban al alcance de las grandes empresas.",
  },
] as const;

function InfoGrid({ id, eyebrow, title, intro, items, tone }: {
  id: string;
  eyebrow: string;
  title: string;
  intro: string;
  items: ReadonlyArray<{ icon: IconName; title: string; text: string }>;
  tone: "brand" | "accent";
}) {
  return (
    <section aria-labelledby={id} className={tone === "accent" ? "bg-ink-50 py-16 sm:py-20" : "py-16 sm:py-20"}>
      <Container>
        <div className="max-w-2xl">
          <p className="eyebrow">{eyebrow}</p>
          <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance text-ink-900 sm:text-4xl">
            {title}
          </h2>
          <p className="mt-4 text-lg leading-8 text-ink-600">{intro}</p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.title} className="card p-6">
              <div
                className={
                  tone === "accent"
                    ? "grid size-11 place-items-center rounded-xl bg-teal-50 text-accent-700 ring-1 ring-teal-100"
                    : "grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100"
                }
              >
                <OutlineIcon name={item.icon} />
              </div>
              <h3 className="h3 mt-5">{item.title}</h3>
              <p className="small mt-2">{item.text}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

export function MethodologiesSection() {
  return (
    <InfoGrid
      id="metodologias-title"
      eyebrow="Cómo trabajamos"
      title="Metodologías"
      intro="Procesos ágiles y transparentes, pensados para pymes que necesitan resultados rápidos sin perder el control del presupuesto."
      items={METHODOLOGIES}
      tone="brand"
    />
  );
}

export function TrendsSection() {
  return (
    <InfoGrid
      id="tendencias-title"
      eyebrow="Lo que viene"
      title="Tendencias tecnológicas"
      intro="Seguimos de cerca las tecnologías que ya están cambiando la forma de vender y operar en el Perú, y las aplicamos cuando tienen sentido para tu negocio."
      items={TRENDS}
      tone="accent"
    />
  );
}
