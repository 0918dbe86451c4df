import { catalogBulkRoute } from "@/app/api/v1/admin/_catalog/routes";

/** POST /api/v1/admin/services/bulk { ids, action: active|inactive|draft|delete } → { data: { affected } }. */
export const POST = catalogBulkRoute("service");
