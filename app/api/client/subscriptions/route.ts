// The spec's client calls this path without /v1; same handler as /api/v1/client/subscriptions.
export { GET } from "@/app/api/v1/client/subscriptions/route";
