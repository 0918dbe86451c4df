"use server";

import { requireAdminActor } from "@/lib/admin/actor";
import { notFound } from "@/lib/api/errors";
import { runAdminAction, type ActionResult } from "@/lib/admin/action-result";
import { listCatalogVersions, type CatalogVersionContract } from "@/lib/catalog/admin-queries";
import type { CatalogItemContract } from "@/lib/catalog/serialize";
import {
  bulkCatalogItems,
  createCatalogItem,
  deleteCatalogItem,
  restoreCatalogVersion,
  updateCatalogItem,
} from "@/lib/catalog/service";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { z } from "@/lib/zod";

// The product and service screens' writes: the same service functions as the REST handlers
// (lib/catalog/service.ts), validated there with the same schema as the forms.

const kindSchema = z.enum(["product", "service"]);

/** A kind sent by the browser is checked like any other input (an unknown one is a 404). */
function parseKind(kind: unknown): CatalogKind {
  const parsed = kindSchema.safeParse(kind);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export async function createCatalogItemAction(kind: CatalogKind, values: unknown): Promise<ActionResult<CatalogItemContract>> {
  return runAdminAction(async () => createCatalogItem(await requireAdminActor(), parseKind(kind), values));
}

export async function updateCatalogItemAction(kind: CatalogKind, id: number, values: unknown): Promise<ActionResult<CatalogItemContract>> {
  return runAdminAction(async () => updateCatalogItem(await requireAdminActor(), parseKind(kind), id, values));
}

export async function deleteCatalogItemAction(kind: CatalogKind, id: number): Promise<ActionResult<{ id: number }>> {
  return runAdminAction(async () => deleteCatalogItem(await requireAdminActor(), parseKind(kind), id));
}

export async function bulkCatalogItemsAction(kind: CatalogKind, input: unknown): Promise<ActionResult<{ affected: number }>> {
  return runAdminAction(async () => bulkCatalogItems(await requireAdminActor(), parseKind(kind), input));
}

export async function listCatalogVersionsAction(kind: CatalogKind, id: number): Promise<ActionResult<CatalogVersionContract[]>> {
  return runAdminAction(async () => {
    await requireAdminActor();
    return listCatalogVersions(parseKind(kind), id);
  });
}

export async function restoreCatalogVersionAction(kind: CatalogKind, id: number, version: number): Promise<ActionResult<CatalogItemContract>> {
  return runAdminAction(async () => restoreCatalogVersion(await requireAdminActor(), parseKind(kind), id, version));
}
