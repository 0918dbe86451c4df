import { catalogItemRoutes } from "@/app/api/v1/admin/_catalog/routes";

/** GET, PUT and DELETE /api/v1/admin/products/{id} → { data }. */
export const { GET, PUT, DELETE } = catalogItemRoutes("product");
