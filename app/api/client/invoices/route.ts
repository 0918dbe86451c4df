// The same API without /v1 (clients call it with `?limit=5`); same handler as /api/v1/client/invoices.
export { GET } from "@/app/api/v1/client/invoices/route";
