import { catalogVersionsRoute } from "@/app/api/v1/admin/_catalog/routes";

/** GET /api/v1/admin/products/{id}/versions → { data: [{ version, created_at, author, changed_fields, restored_from, snapshot }] }. */
export const GET = catalogVersionsRoute("product");
