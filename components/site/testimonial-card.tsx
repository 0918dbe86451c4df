import type { TestimonialContract } from "@/lib/testimonials/serialize";
import { Icon } from "@/components/icons/icon";
import { isLocalImage, MediaPicture } from "./media";

/** Rating as stars, announced as "Calificación: n de 5". */
export function Stars({ rating }: { rating: number }) {
  const value = Math.min(Math.max(Math.round(rating), 1), 5);
  return (
    <div className="flex items-center gap-2">
      <div role="img" aria-label={`Calificación: ${value} de 5`}>
        <Icon name={`stars-${value as 1 | 2 | 3 | 4 | 5}`} className="block h-5 w-[108px]" />
      </div>
      <span aria-hidden="true" className="text-sm font-semibold text-ink-700">
        {value}/5
      </span>
    </div>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("");
}

export function TestimonialCard({ testimonial }: { testimonial: TestimonialContract }) {
  const role = [testimonial.client_position, testimonial.client_company].filter(Boolean).join(", ");
  return (
    <figure className="card flex h-full flex-col p-6 sm:p-7" data-testid="testimonial-card">
      <Stars rating={testimonial.rating} />
      <blockquote className="t-quote">
        <p>{testimonial.content}</p>
      </blockquote>
      <figcaption className="t-cap">
        {testimonial.image_set && isLocalImage(testimonial.image_set.src) ? (
          // Decorative: the client's name is the very next text, so the photo's alt would only repeat it.
          <MediaPicture image={testimonial.image_set} alt="" sizes="44px" width={44} height={44} className="size-11 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-800">
            {initials(testimonial.client_name)}
          </span>
        )}
        <span className="min-w-0">
          <span className="block font-semibold text-ink-900">{testimonial.client_name}</span>
          {role && <span className="block text-sm text-ink-600">{role}</span>}
        </span>
      </figcaption>
    </figure>
  );
}
