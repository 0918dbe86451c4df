// The catalogue admin API as its integration tests call it (tests/admin-catalog-*.test.ts):
// every route of products and services, called with the file's admin token unless told otherwise.
import { expect } from "vitest";
import * as productBulk from "@/app/api/v1/admin/products/bulk/route";
import * as productExport from "@/app/api/v1/admin/products/export/route";
import * as productItem from "@/app/api/v1/admin/products/[id]/route";
import * as productRestore from "@/app/api/v1/admin/products/[id]/versions/[version]/restore/route";
import * as productVersions from "@/app/api/v1/admin/products/[id]/versions/route";
import * as products from "@/app/api/v1/admin/products/route";
import * as serviceBulk from "@/app/api/v1/admin/services/bulk/route";
import * as serviceExport from "@/app/api/v1/admin/services/export/route";
import * as serviceItem from "@/app/api/v1/admin/services/[id]/route";
import * as serviceRestore from "@/app/api/v1/admin/services/[id]/versions/[version]/restore/route";
import * as serviceVersions from "@/app/api/v1/admin/services/[id]/versions/route";
import * as services from "@/app/api/v1/admin/services/route";
import { db } from "@/lib/db";
import { call, type Json } from "./auth";

export type Kind = "product" | "service";

export const ROUTES = {
  product: { base: "/api/v1/admin/products", collection: products, item: productItem, bulk: productBulk, versions: productVersions, restore: productRestore, exportRoute: productExport, category: "ERP", otherCategory: "CRM", notFound: "Producto no encontrado" },
  service: { base: "/api/v1/admin/services", collection: services, item: serviceItem, bulk: serviceBulk, versions: serviceVersions, restore: serviceRestore, exportRoute: serviceExport, category: "Desarrollo", otherCategory: "Consultoría", notFound: "Servicio no encontrado" },
} as const;

/**
 * `api(kind, bearer?)`: the routes of one kind, called with `token()` unless another bearer is
 * given; `createOk(kind, body)`: a POST that must answer 201, returning the item. A getter,
 * because the file's beforeAll creates its admin token after this is set up.
 */
export function catalogAdminCalls(token: () => string) {
  function api(kind: Kind, bearer = token()) {
    const r = ROUTES[kind];
    return {
      list: (query = "") => call(r.collection.GET, `${r.base}${query}`, { bearer }),
      create: (body: unknown, headers?: Record<string, string>) => call(r.collection.POST, r.base, { method: "POST", body, bearer, headers }),
      get: (id: number | string) => call(r.item.GET, `${r.base}/${id}`, { bearer, params: { id: String(id) } }),
      update: (id: number | string, body: unknown) => call(r.item.PUT, `${r.base}/${id}`, { method: "PUT", body, bearer, params: { id: String(id) } }),
      remove: (id: number | string) => call(r.item.DELETE, `${r.base}/${id}`, { method: "DELETE", bearer, params: { id: String(id) } }),
      bulk: (body: unknown) => call(r.bulk.POST, `${r.base}/bulk`, { method: "POST", body, bearer }),
      versions: (id: number | string) => call(r.versions.GET, `${r.base}/${id}/versions`, { bearer, params: { id: String(id) } }),
      restore: (id: number | string, version: number | string) =>
        call(r.restore.POST, `${r.base}/${id}/versions/${version}/restore`, { method: "POST", bearer, params: { id: String(id), version: String(version) } }),
      exportCsv: (query = "") => call(r.exportRoute.GET, `${r.base}/export${query}`, { bearer }),
    };
  }

  async function createOk(kind: Kind, body: Json): Promise<Json> {
    const { status, body: answer } = await api(kind).create(body);
    expect(status, JSON.stringify(answer)).toBe(201);
    return answer.data as Json;
  }

  return { api, createOk };
}

export function minimal(kind: Kind, tag: string, extra: Json = {}): Json {
  return { name: `Elemento ${tag}`, slug: `elemento-${tag}`, description: `Descripción de ${kind} ${tag}.`, ...extra };
}

export const rowOf = (id: number) => db.catalogItem.findUnique({ where: { id } });
export const countSlug = (kind: Kind, slug: string) => db.catalogItem.count({ where: { kind, slug } });
