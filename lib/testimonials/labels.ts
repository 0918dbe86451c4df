// Testimonials as the admin screen shows them: the statuses and their names, the fields' bounds
// (the columns', prisma/schema.prisma, model Testimonial) and the form's defaults. Pure, without
// zod (lib/testimonials/schema.ts holds the schemas and re-exports these).

export const TESTIMONIAL_STATUSES = ["draft", "published", "private"] as const;

export const TESTIMONIAL_LIMITS = {
  clientName: 120,
  clientPosition: 120,
  clientCompany: 120,
  content: 2000,
  image: 2048,
} as const;

export const MIN_RATING = 1;
export const MAX_RATING = 5;

/** Defaults: rating 5, status draft, active, not featured. */
export const TESTIMONIAL_DEFAULTS = { rating: 5, status: "draft", is_active: true, is_featured: false } as const;

export type TestimonialStatus = (typeof TESTIMONIAL_STATUSES)[number];

/** Badge labels of the admin table and select. */
export const TESTIMONIAL_STATUS_LABELS: Record<TestimonialStatus, string> = {
  draft: "Borrador",
  published: "Publicado",
  private: "Privado",
};
