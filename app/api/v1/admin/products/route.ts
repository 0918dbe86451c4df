import { catalogCollectionRoutes } from "@/app/api/v1/admin/_catalog/routes";

/** GET /api/v1/admin/products (?page&per_page&status&category&q&sort&dir) and POST (a product's fields) → 201 { data }. */
export const { GET, POST } = catalogCollectionRoutes("product");
