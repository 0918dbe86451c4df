import type { ReactNode } from "react";
import type { SiteSettingsData } from "@/lib/content/settings";

/** tel: links keep only + and digits. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

const ICONS = {
  address: "M15 10.5a3 3 0 11-6 0 3 3 0 016 0z M19.5 10.5c0 7.142-7.5 11.25-7.5 11.25S4.5 17.642 4.5 10.5a7.5 7.5 0 1115 0z",
  phone:
    "M2.25 6.75c0 8.284 6.716 15 15 15h2.25a2.25 2.25 0 002.25-2.25v-1.372c0-.516-.351-.966-.852-1.091l-4.423-1.106c-.44-.11-.902.055-1.173.417l-.97 1.293c-.282.376-.769.542-1.21.38a12.035 12.035 0 01-7.143-7.143c-.162-.441.004-.928.38-1.21l1.293-.97c.363-.271.527-.734.417-1.173L6.963 3.102a1.125 1.125 0 00-1.091-.852H4.5A2.25 2.25 0 002.25 4.5v2.25z",
  email:
    "M21.75 6.75v10.5a2.25 2.25 0 01-2.25 2.25h-15a2.25 2.25 0 01-2.25-2.25V6.75m19.5 0A2.25 2.25 0 0019.5 4.5h-15a2.25 2.25 0 00-2.25 2.25m19.5 0v.243a2.25 2.25 0 01-1.07 1.916l-7.5 4.615a2.25 2.25 0 01-2.36 0L3.32 8.91a2.25 2.25 0 01-1.07-1.916V6.75",
  hours: "M12 6v6h4.5m4.5 0a9 9 0 11-18 0 9 9 0 0118 0z",
  experience:
    "M4.26 10.147a60.436 60.436 0 00-.491 6.347A48.627 48.627 0 0112 20.904a48.627 48.627 0 018.232-4.41 60.46 60.46 0 00-.491-6.347m-15.482 0a50.57 50.57 0 00-2.658-.813A59.905 59.905 0 0112 3.493a59.902 59.902 0 0110.399 5.84c-.896.248-1.783.52-2.658.814m-15.482 0A50.697 50.697 0 0112 13.489a50.702 50.702 0 017.74-3.342M6.75 15a.75.75 0 100-1.5.75.75 0 000 1.5zm0 0v-3.675A55.378 55.378 0 0112 8.443m-7.007 11.55A5.981 5.981 0 006.75 15.75v-1.5",
  technology:
    "M9.813 15.904L9 18.75l-.813-2.846a4.5 4.5 0 00-3.09-3.09L2.25 12l2.846-.813a4.5 4.5 0 003.09-3.09L9 5.25l.813 2.846a4.5 4.5 0 003.09 3.09L15.75 12l-2.846.813a4.5 4.5 0 00-3.09 3.09zM18.259 8.715L18 9.75l-.259-1.035a3.375 3.375 0 00-2.455-2.456L14.25 6l1.036-.259a3.375 3.375 0 002.455-2.456L18 2.25l.259 1.035a3.375 3.375 0 002.456 2.456L21.75 6l-1.035.259a3.375 3.375 0 00-2.456 2.456z",
  support:
    "M16.712 4.33a9.027 9.027 0 011.652 1.306c.51.51.944 1.064 1.306 1.652M16.712 4.33l-3.448 4.138m3.448-4.138a9.014 9.014 0 00-9.424 0M19.67 7.288l-4.138 3.448m4.138-3.448a9.014 9.014 0 010 9.424m-4.138-5.976a3.736 3.736 0 00-.88-1.388 3.737 3.737 0 00-1.388-.88m2.268 2.268a3.765 3.765 0 010 2.528m-2.268-4.796a3.765 3.765 0 00-2.528 0m4.796 4.796c-.181.506-.475.982-.88 1.388a3.736 3.736 0 01-1.388.88m2.268-2.268l4.138 3.448m0 0a9.027 9.027 0 01-1.306 1.652c-.51.51-1.064.944-1.652 1.306m0 0l-3.448-4.138m3.448 4.138a9.014 9.014 0 01-9.424 0m5.976-4.138a3.765 3.765 0 01-2.528 0m0 0a3.736 3.736 0 01-1.388-.88 3.737 3.737 0 01-.88-1.388m2.268 2.268L7.288 19.67m0 0a9.024 9.024 0 01-1.652-1.306 9.027 9.027 0 01-1.306-1.652m0 0l4.138-3.448M4.33 16.712a9.014 9.014 0 010-9.424m4.138 5.976a3.765 3.765 0 010-2.528m0 0c.181-.506.475-.982.88-1.388a3.736 3.736 0 011.388-.88m-2.268 2.268L4.33 7.288m6.406 1.18L7.288 4.33m0 0a9.024 9.024 0 00-1.652 1.306A9.025 9.025 0 004.33 7.288",
  price:
    "M2.25 18.75a60.07 60.07 0 0115.797 2.101c.727.198 1.453-.342 1.453-1.096V18.75M3.75 4.5v.75A.75.75 0 013 6h-.75m0 0v-.375c0-.621.504-1.125 1.125-1.125H20.25M2.25 6v9m18-10.5v.75c0 .414.336.75.75.75h.75m-1.5-1.5h.375c.621 0 1.125.504 1.125 1.125v9.75c0 .621-.504 1.125-1.125 1.125h-.375m1.5-1.5H21a.75.75 0 00-.75.75v.75m0 0H3.75m0 0h-.375a1.125 1.125 0 01-1.125-1.125V15m1.5 1.5v-.75A.75.75 0 003 15h-.75M15 10.5a3 3 0 11-6 0 3 3 0 016 0zm3 0h.008v.008H18V10.5zm-12 0h.008v.008H6V10.5z",
} as const;

function Icon({ d, className }: { d: string; className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="1.6">
      <path strokeLinecap="round" strokeLinejoin="round" d={d} />
    </svg>
  );
}

function InfoItem({ icon, term, children }: { icon: string; term: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/10 ring-1 ring-white/15">
        <Icon d={icon} className="size-5 text-accent-300" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-brand-200">{term}</p>
        <div className="mt-0.5 text-base font-semibold break-words text-white">{children}</div>
      </div>
    </li>
  );
}

/**
 * The company's contact details (spec §2.3): address, phone, e-mail and business hours,
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
          <InfoItem icon={ICONS.address} term="Dirección">
            <address className="not-italic">{contactAddress}</address>
          </InfoItem>
        )}
        {contactPhone && (
          <InfoItem icon={ICONS.phone} term="Teléfono">
            <a href={telHref(contactPhone)} className={linkClass}>
              {contactPhone}
            </a>
          </InfoItem>
        )}
        {contactEmail && (
          <InfoItem icon={ICONS.email} term="Correo electrónico">
            <a href={`mailto:${contactEmail}`} className={`${linkClass} break-all`}>
              {contactEmail}
            </a>
          </InfoItem>
        )}
        {businessHours && (
          <InfoItem icon={ICONS.hours} term="Horario de atención">
            {businessHours}
          </InfoItem>
        )}
      </ul>
    </section>
  );
}

/** Spec §2.3: the four reasons to choose the company. */
export const WHY_CHOOSE_US = [
  {
    icon: ICONS.experience,
    title: "Más de 5 años de experiencia",
    text: "Acompañamos a pequeñas y medianas empresas peruanas desde el diagnóstico hasta la puesta en marcha.",
  },
  {
    icon: ICONS.technology,
    title: "Tecnología de vanguardia",
    text: "Trabajamos con plataformas modernas, seguras y probadas, elegidas para el tamaño de tu negocio.",
  },
  {
    icon: ICONS.support,
    title: "Soporte continuo",
    text: "Un equipo que responde cuando lo necesitas, antes, durante y después de cada implementación.",
  },
  {
    icon: ICONS.price,
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
              <Icon d={reason.icon} className="size-5" />
            </span>
            <div>
              <h3 className="text-base font-semibold text-ink-900">{reason.title}</h3>
              <p className="mt-1 text-sm leading-6 text-ink-600">{reason.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
