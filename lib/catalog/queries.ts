import "server-only";
import { db } from "@/lib/db";
import type { BillingPeriod, CatalogKind, Currency } from "@/lib/generated/prisma/client";

/** What a catalogue card needs (home, lists). The price is a decimal string, e.g. "1250.00". */
export type CatalogCardItem = {
  id: number;
  kind: CatalogKind;
  name: string;
  slug: string;
  description: string;
  category: string | null;
  features: string[];
  priceFrom: string | null;
  currency: Currency;
  billingPeriod: BillingPeriod;
  image: string | null;
  isFeatured: boolean;
};

const cardSelect = {
  id: true,
  kind: true,
  name: true,
  slug: true,
  description: true,
  category: true,
  features: true,
  priceFrom: true,
  currency: true,
  billingPeriod: true,
  image: true,
  isFeatured: true,
} as const;

/**
 * Featured, active products or services for the home page, ordered by order_index, then name.
 * `limit` is clamped to 1..50.
 */
export async function listFeaturedCatalogItems(kind: CatalogKind, limit = 3): Promise<CatalogCardItem[]> {
  const take = Math.min(Math.max(Math.trunc(limit) || 1, 1), 50);
  const rows = await db.catalogItem.findMany({
    where: { kind, status: "active", isFeatured: true },
    orderBy: [{ orderIndex: "asc" }, { name: "asc" }, { id: "asc" }],
    take,
    select: cardSelect,
  });
  return rows.map((row) => ({ ...row, priceFrom: row.priceFrom === null ? null : row.priceFrom.toFixed(2) }));
}
