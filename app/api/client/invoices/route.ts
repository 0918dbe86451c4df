// The spec's client calls this path without /v1 (spec §7: `?limit=5`); same handler as /api/v1/client/invoices.
export { GET } from "@/app/api/v1/client/invoices/route";
