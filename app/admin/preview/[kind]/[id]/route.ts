import { draftMode } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { catalogItemPath } from "@/components/site/catalog/catalog-kinds";
import { DomainError } from "@/lib/errors";
import { requireAdmin } from "@/lib/auth/guards";
import { getAdminCatalogItem } from "@/lib/catalog/admin-queries";
import type { CatalogKind } from "@/lib/generated/prisma/enums";

// "Vista previa": an admin turns on Next's draft mode and lands on the item's
// real public page, whatever its status. The public page shows a draft only to a request that
// has draft mode AND an admin session (components/site/catalog/detail-route.tsx).

const KINDS: Record<string, CatalogKind> = { product: "product", service: "service" };

export async function GET(_request: Request, { params }: { params: Promise<{ kind: string; id: string }> }) {
  // Anyone else gets the admin area's answer: sign-in for visitors, their own dashboard for clients.
  await requireAdmin();
  const { kind: rawKind, id } = await params;
  const kind = Object.hasOwn(KINDS, rawKind) ? KINDS[rawKind] : undefined;
  if (!kind) notFound();
  let slug: string;
  try {
    slug = (await getAdminCatalogItem(kind, id)).slug;
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  }
  (await draftMode()).enable();
  redirect(catalogItemPath(kind, slug));
}
