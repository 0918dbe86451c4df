import { catalogCollectionRoutes } from "@/app/api/v1/admin/_catalog/routes";

/** GET /api/v1/admin/services (?page&per_page&status&category&q&sort&dir) and POST (a service's fields) → 201 { data }. */
export const { GET, POST } = catalogCollectionRoutes("service");
