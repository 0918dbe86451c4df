import type { TestimonialContract } from "@/lib/testimonials/serialize";
import { isLocalImage } from "./media";
import Image from "next/image";

/** Rating as stars, announced as "Calificación: n de 5". */
export function Stars({ rating }: { rating: number }) {
  const value = Math.min(Math.max(Math.round(rating), 1), 5);
  return (
    <div className="flex items-center gap-2">
      <div role="img" aria-label={`Calificación: ${value} de 5`} className="flex gap-0.5">
        {[1, 2, 3, 4, 5].map((n) => (
          <svg key={n} aria-hidden="true" viewBox="0 0 20 20" className={n <= value ? "size-5 text-star" : "size-5 text-ink-300"} fill="currentColor">
            <path d="M9.05 2.93c.3-.92 1.6-.92 1.9 0l1.07 3.3a1 1 0 00.95.69h3.47c.97 0 1.37 1.24.59 1.81l-2.81 2.04a1 1 0 00-.36 1.12l1.07 3.3c.3.92-.76 1.69-1.54 1.12l-2.8-2.04a1 1 0 00-1.18 0l-2.8 2.04c-.79.57-1.84-.2-1.55-1.12l1.08-3.3a1 1 0 00-.37-1.12L2.97 8.73c-.78-.57-.38-1.81.59-1.81h3.47a1 1 0 00.95-.69l1.07-3.3z" />
          </svg>
        ))}
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
    <figure className="flex h-full flex-col rounded-2xl border border-ink-200 bg-white p-6 shadow-card sm:p-7" data-testid="testimonial-card">
      <Stars rating={testimonial.rating} />
      <blockquote className="mt-5 flex-1 text-base leading-7 text-ink-800">
        <p>“{testimonial.content}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3 border-t border-ink-100 pt-5">
        {isLocalImage(testimonial.image) ? (
          <Image src={testimonial.image} alt="" width={44} height={44} unoptimized className="size-11 rounded-full object-cover" />
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
