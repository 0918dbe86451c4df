// The same API without /v1, as clients call it; same handler as /api/v1/client/subscriptions.
export { GET } from "@/app/api/v1/client/subscriptions/route";
