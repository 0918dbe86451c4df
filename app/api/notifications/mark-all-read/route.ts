// The same API without /v1, as clients call it; same handler as /api/v1/notifications/mark-all-read.
export { PUT } from "@/app/api/v1/notifications/mark-all-read/route";
