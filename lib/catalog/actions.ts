"use server";

import { requireActor } from "@/lib/auth/actor";
import { actionArguments, idArgument, plainObjectArgument, runAction, type ActionResult } from "@/lib/actions/run";
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
// (lib/catalog/service.ts), validated there with the same schema as the forms, after the shape
// of the arguments (actionArguments: any other shape, an unknown kind included, is a 422).

const kindArgument = z.enum(["product", "service"], { error: "El tipo debe ser product o service." });

export async function createCatalogItemAction(...args: [kind: CatalogKind, values: unknown]): Promise<ActionResult<CatalogItemContract>> {
  return runAction(async () => {
    const [kind, values] = actionArguments(args, [kindArgument, plainObjectArgument]);
    return createCatalogItem(await requireActor("admin"), kind, values);
  });
}

export async function updateCatalogItemAction(...args: [kind: CatalogKind, id: number, values: unknown]): Promise<ActionResult<CatalogItemContract>> {
  return runAction(async () => {
    const [kind, id, values] = actionArguments(args, [kindArgument, idArgument, plainObjectArgument]);
    return updateCatalogItem(await requireActor("admin"), kind, id, values);
  });
}

export async function deleteCatalogItemAction(...args: [kind: CatalogKind, id: number]): Promise<ActionResult<{ id: number }>> {
  return runAction(async () => {
    const [kind, id] = actionArguments(args, [kindArgument, idArgument]);
    return deleteCatalogItem(await requireActor("admin"), kind, id);
  });
}

export async function bulkCatalogItemsAction(...args: [kind: CatalogKind, input: unknown]): Promise<ActionResult<{ affected: number }>> {
  return runAction(async () => {
    const [kind, input] = actionArguments(args, [kindArgument, plainObjectArgument]);
    return bulkCatalogItems(await requireActor("admin"), kind, input);
  });
}

export async function listCatalogVersionsAction(...args: [kind: CatalogKind, id: number]): Promise<ActionResult<CatalogVersionContract[]>> {
  return runAction(async () => {
    const [kind, id] = actionArguments(args, [kindArgument, idArgument]);
    await requireActor("admin");
    return listCatalogVersions(kind, id);
  });
}

export async function restoreCatalogVersionAction(...args: [kind: CatalogKind, id: number, version: number]): Promise<ActionResult<CatalogItemContract>> {
  return runAction(async () => {
    const [kind, id, version] = actionArguments(args, [kindArgument, idArgument, idArgument]);
    return restoreCatalogVersion(await requireActor("admin"), kind, id, version);
  });
}
