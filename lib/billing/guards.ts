import "server-only";
import { invalid } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { BILLING_MESSAGES } from "./schema";

// The checks every billing write makes inside its transaction: the customer is a client, the
// catalog item exists, and the row it changes is locked.

export type Tx = Prisma.TransactionClient;

/** The client a record is for; anyone else (unknown, or not a client) is a 422 on user_id. */
export async function requireClientUser(tx: Tx, userId: string) {
  const user = await tx.user.findUnique({
    where: { id: userId },
    select: { id: true, name: true, email: true, role: true, billingName: true, taxId: true },
  });
  if (!user || user.role !== "client") throw invalid({ user_id: [BILLING_MESSAGES.userMissing] }, BILLING_MESSAGES.invalid);
  return user;
}

/** A subscription's catalog item, when it names one, must exist (422 on catalog_item_id). */
export async function assertCatalogItem(tx: Tx, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  const item = await tx.catalogItem.findUnique({ where: { id }, select: { id: true } });
  if (!item) throw invalid({ catalog_item_id: [BILLING_MESSAGES.catalogItemMissing] }, BILLING_MESSAGES.invalid);
}

/** Locks one row for the rest of the transaction (concurrent writers queue behind it). */
export async function lockRow(tx: Tx, table: "invoices" | "subscriptions", id: number): Promise<boolean> {
  const rows =
    table === "invoices"
      ? await tx.$queryRaw<{ id: number }[]>`SELECT id FROM invoices WHERE id = ${id} FOR UPDATE`
      : await tx.$queryRaw<{ id: number }[]>`SELECT id FROM subscriptions WHERE id = ${id} FOR UPDATE`;
  return rows.length === 1;
}
