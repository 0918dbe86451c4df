import type { ReactNode } from "react";
import { Icon } from "@/components/icons/icon";
import type { IconName } from "@/components/icons/registry";
import type { SiteSettingsData } from "@/lib/content/settings";

/** tel: links keep only + and digits. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}


function InfoItem({ icon, term, children }: { icon: IconName; term: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/10 ring-1 ring-white/15">
        <Icon name={icon} className="size-5 text-accent-300" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-brand-200">{term}</p>
        <div className="mt-0.5 text-base font-semibold break-words text-white">{children}</div>
      </div>
    </li>
  );
}

/**
 * The company's contact details: address, phone, e-mail and business hours,
 * each only when the site settings have it; nothing at all when none is set.
 */
export function ContactInformation({ settings }: { settings: SiteSettingsData }) {
  const { contactAddress, contactPhone, contactEmail, businessHours } = settings;
  if (!contactAddress && !contactPhone && !contactEmail && !businessHours) return null;
  const linkClass = "rounded underline-offset-4 hover:underline";

  return (
    <section aria-labelledby="contact-info-title" className="on-dark relative isolate overflow-hidden rounded-3xl bg-brand-900 p-6 shadow-card sm:p-8">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_80%_70%_at_100%_0%,rgb(45_212_191/0.22),transparent_60%),radial-gradient(ellipse_70%_60%_at_0%_100%,rgb(97_142_247/0.3),transparent_60%)]"
      />
      <h2 id="contact-info-title" className="text-xl font-bold tracking-tight text-white">
        Información de contacto
      </h2>
      <ul className="mt-6 space-y-5">
        {contactAddress && (
          <InfoItem icon="map-pin" term="Dirección">
            <address className="not-italic">{contactAddress}</address>
          </InfoItem>
        )}
        {contactPhone && (
          <InfoItem icon="phone" term="Teléfono">
            <a href={telHref(contactPhone)} className={linkClass}>
              {contactPhone}
            </a>
          </InfoItem>
        )}
        {contactEmail && (
          <InfoItem icon="mail" term="Correo electrónico">
            <a href={`mailto:${contactEmail}`} className={`${linkClass} break-all`}>
              {contactEmail}
            </a>
          </InfoItem>
        )}
        {businessHours && (
          <InfoItem icon="clock" term="Horario de atención">
            {businessHours}
          </InfoItem>
        )}
      </ul>
    </section>
  );
}

/** The four reasons to choose the company. */
export const WHY_CHOOSE_US = [
  {
    icon: "graduation-cap",
    title: "Más de 5 años de experiencia",
    text: "Acompañamos a pequeñas y medianas empresas peruanas desde el diagnóstico hasta la puesta en marcha.",
  },
  {
    icon: "sparkles",
    title: "Tecnología de vanguardia",
    text: "Trabajamos con plataformas modernas, seguras y probadas, elegidas para el tamaño de tu negocio.",
  },
  {
    icon: "lifebuoy",
    title: "Soporte continuo",
    text: "Un equipo que responde cuando lo necesitas, antes, durante y después de cada implementación.",
  },
  {
    icon: "currency",
    title: "Precios competitivos",
    text: "Propuestas claras y a la medida de tu presupuesto, sin costos ocultos.",
  },
] as const;

export function WhyChooseUs() {
  return (
    <section aria-labelledby="why-title" className="rounded-3xl border border-ink-200 bg-ink-50 p-6 sm:p-8">
      <h2 id="why-title" className="text-xl font-bold tracking-tight text-ink-900">
        ¿Por qué elegirnos?
      </h2>
      <ul className="mt-6 space-y-5">
        {WHY_CHOOSE_US.map((reason) => (
          <li key={reason.title} className="flex gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700 shadow-sm ring-1 ring-ink-200">
              <Icon name={reason.icon} className="size-5" />
            </span>
            <div>
              <h3 className="text-base font-semibold text-ink-900">{reason.title}</h3>
              <p className="small mt-1">{reason.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
