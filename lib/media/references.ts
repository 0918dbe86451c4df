import "server-only";
import { invalid } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { MediaReference } from "./schema";

// The one rule for the images of products, services and testimonials: each is an item of the
// media library, named by its id or by a URL the library serves (/media/{key}/… for an upload,
// the site path of an imported site file). Anything else (an external URL, a path no item has)
// is refused, and so is an image without alt text, since these records show on public pages.

const MEDIA_URL = /^\/media\/([a-f0-9]{8,32})\/[^/]+$/;

export const MEDIA_REFERENCE_MESSAGES = {
  unknown: (ref: string | number) =>
    typeof ref === "number"
      ? `La imagen ${ref} no existe en la Biblioteca de medios.`
      : `«${ref.length > 80 ? `${ref.slice(0, 80)}…` : ref}» no es una imagen de la Biblioteca de medios. Súbela a la biblioteca y elígela desde allí.`,
  noAlt: (fileName: string) => `La imagen «${fileName}» necesita un texto alternativo antes de usarse en una página pública. Añádelo en la Biblioteca de medios.`,
} as const;

/**
 * The media ids of `refs`, in order (duplicates kept), or an `invalid` refusal on `field` naming
 * each reference that is not a usable library image (with `message` as its summary, if given).
 */
export async function resolveMediaReferences(
  tx: Prisma.TransactionClient,
  field: string,
  refs: readonly MediaReference[],
  message?: string,
): Promise<number[]> {
  if (refs.length === 0) return [];
  const ids = refs.filter((ref): ref is number => typeof ref === "number");
  const urls = refs.filter((ref): ref is string => typeof ref === "string");
  const keys = urls.map((url) => MEDIA_URL.exec(url)?.[1]).filter((key): key is string => key !== undefined);
  const rows = await tx.mediaItem.findMany({
    where: { OR: [{ id: { in: ids } }, { key: { in: keys } }, { sitePath: { in: urls } }] },
    select: { id: true, key: true, sitePath: true, alt: true, fileName: true },
  });
  const errors: string[] = [];
  const resolved: number[] = [];
  for (const ref of refs) {
    const row =
      typeof ref === "number"
        ? rows.find((r) => r.id === ref)
        : rows.find((r) => r.sitePath === ref || (r.key !== null && MEDIA_URL.exec(ref)?.[1] === r.key));
    if (!row) {
      errors.push(MEDIA_REFERENCE_MESSAGES.unknown(ref));
      continue;
    }
    if (row.alt.trim() === "") errors.push(MEDIA_REFERENCE_MESSAGES.noAlt(row.fileName));
    resolved.push(row.id);
  }
  if (errors.length > 0) throw invalid({ [field]: [...new Set(errors)] }, message ?? errors[0]);
  return resolved;
}
