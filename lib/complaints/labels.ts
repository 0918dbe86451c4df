// Words of the Libro de Reclamaciones, shared by the public form, the sheet PDF and the admin screen.
import type { ComplaintGoodType, ComplaintKind } from "@/lib/generated/prisma/enums";

export const COMPLAINT_KINDS: readonly ComplaintKind[] = ["reclamo", "queja"];

export const COMPLAINT_KIND_LABELS: Record<ComplaintKind, string> = { reclamo: "Reclamo", queja: "Queja" };

/** The definitions the regulation asks the form to show next to each kind. */
export const COMPLAINT_KIND_DEFINITIONS: Record<ComplaintKind, string> = {
  reclamo: "Disconformidad relacionada a los productos o servicios.",
  queja: "Disconformidad no relacionada a los productos o servicios; o malestar o descontento respecto a la atención al público.",
};

export const COMPLAINT_GOOD_TYPES: readonly ComplaintGoodType[] = ["product", "service"];

export const COMPLAINT_GOOD_TYPE_LABELS: Record<ComplaintGoodType, string> = { product: "Producto", service: "Servicio" };

/** Business days the provider has to answer a sheet (Código de Protección y Defensa del Consumidor, as amended by Ley 31435). */
export const COMPLAINT_ANSWER_BUSINESS_DAYS = 15;

/** "2026-000001": the year and the six-digit correlative of that year. */
export function complaintNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, "0")}`;
}
