import "server-only";
import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { readJsonBody } from "@/lib/http/body";
import { exportRoute, listRoute } from "@/lib/http/list-route";
import { dataResponse } from "@/lib/http/route";
import { exportAdminCatalogItems, listAdminCatalogItems } from "@/lib/catalog/admin-list";
import { getAdminCatalogItem, listCatalogVersions } from "@/lib/catalog/admin-queries";
import { adminCatalogListQuerySchema } from "@/lib/catalog/admin-schema";
import { catalogCsv } from "@/lib/catalog/csv";
import { bulkCatalogItems, createCatalogItem, deleteCatalogItem, restoreCatalogVersion, updateCatalogItem } from "@/lib/catalog/service";
import type { CatalogKind } from "@/lib/generated/prisma/client";
import { z } from "@/lib/zod";

// The REST handlers of /api/v1/admin/products and /api/v1/admin/services: the same contract for
// both kinds, so the route files only say which kind they serve. Thin: parse, authorize, call the
// service or query, shape the response. Bodies are validated by the service (one schema). This
// folder's leading underscore keeps Next from routing it.

type IdParams = { id: string };
type VersionParams = { id: string; version: string };

/** GET (paged with ?page, else the whole list) and POST (create → 201). */
export function catalogCollectionRoutes(kind: CatalogKind) {
  const querySchema = adminCatalogListQuerySchema(kind);
  return {
    GET: listRoute("admin", { query: querySchema, read: (query, page) => listAdminCatalogItems(kind, query, page) }),
    POST: authRoute("admin", async (request, _context, caller) => {
      const body = await readJsonBody(request, z.unknown());
      return dataResponse(await createCatalogItem(actorFromCaller(request, caller, "admin"), kind, body), { status: 201 });
    }),
  };
}

/** GET, PUT (fields left out keep their value) and DELETE of one item → { data }. */
export function catalogItemRoutes(kind: CatalogKind) {
  return {
    GET: authRoute<IdParams>("admin", async (_request, context) => dataResponse(await getAdminCatalogItem(kind, (await context.params).id))),
    PUT: authRoute<IdParams>("admin", async (request, context, caller) => {
      const { id } = await context.params;
      const body = await readJsonBody(request, z.unknown());
      return dataResponse(await updateCatalogItem(actorFromCaller(request, caller, "admin"), kind, id, body));
    }),
    DELETE: authRoute<IdParams>("admin", async (request, context, caller) => {
      const { id } = await context.params;
      return dataResponse(await deleteCatalogItem(actorFromCaller(request, caller, "admin"), kind, id));
    }),
  };
}

/** POST …/bulk { ids, action: active|inactive|draft|delete } → { data: { affected } }. */
export function catalogBulkRoute(kind: CatalogKind) {
  return authRoute("admin", async (request, _context, caller) => {
    const body = await readJsonBody(request, z.unknown());
    return dataResponse(await bulkCatalogItems(actorFromCaller(request, caller, "admin"), kind, body));
  });
}

/** GET …/{id}/versions → { data: versions, newest first }. */
export function catalogVersionsRoute(kind: CatalogKind) {
  return authRoute<IdParams>("admin", async (_request, context) => dataResponse(await listCatalogVersions(kind, (await context.params).id)));
}

/** POST …/{id}/versions/{version}/restore → { data: item } (a new save of that version). */
export function catalogRestoreRoute(kind: CatalogKind) {
  return authRoute<VersionParams>("admin", async (request, context, caller) => {
    const { id, version } = await context.params;
    return dataResponse(await restoreCatalogVersion(actorFromCaller(request, caller, "admin"), kind, id, version));
  });
}

/**
 * GET …/export?status&category&q&sort&dir → the list's rows with those filters, in its order, as
 * CSV. 422 for a bad filter, like the list.
 */
export function catalogExportRoute(kind: CatalogKind) {
  return exportRoute({
    query: adminCatalogListQuerySchema(kind),
    batches: (query) => exportAdminCatalogItems(kind, query),
    csv: catalogCsv(kind),
  });
}
