// The spec's clients call this path without /v1; same handler as /api/v1/notifications/mark-all-read.
export { PUT } from "@/app/api/v1/notifications/mark-all-read/route";
