import { catalogItemRoutes } from "@/lib/catalog/admin-handlers";

/** GET, PUT and DELETE /api/v1/admin/services/{id} → { data }. */
export const { GET, PUT, DELETE } = catalogItemRoutes("service");
