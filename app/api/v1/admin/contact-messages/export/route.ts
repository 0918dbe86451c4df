import { exportRoute } from "@/lib/http/list-route";
import { contactFilterSchema } from "@/lib/contact/admin-schema";
import { exportContactMessages } from "@/lib/contact/admin-queries";
import { CONTACT_CSV } from "@/lib/contact/csv";

/**
 * GET /export?status=&q= → the messages of that filter and search as CSV (text/csv, UTF-8 with
 * BOM, Spanish header row, formula-like cells neutralised), streamed in batches of 1,000 rows.
 */
export const GET = exportRoute({ query: contactFilterSchema, batches: (query, batchSize, caller) => exportContactMessages(query, batchSize, caller.user.id), csv: CONTACT_CSV });
