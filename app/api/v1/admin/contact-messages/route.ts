import { listRoute } from "@/lib/http/list-route";
import { contactListQuerySchema } from "@/lib/contact/admin-schema";
import { listContactMessages } from "@/lib/contact/admin-queries";

/**
 * GET /api/v1/admin/contact-messages?status=&q=&page=&per_page= → `{ data: { data: [...],
 * current_page, per_page, total, last_page } }` (always paged: the first page without `page`),
 * newest first. status: new, read, replied, closed, archived (also the screen's "unread" and
 * "all"); q: accent- and case-insensitive search over name, e-mail, company, subject and message;
 * assigned_to: me ("Mis conversaciones"), none, or an admin's id.
 */
export const GET = listRoute("admin", {
  query: contactListQuerySchema,
  read: (query, page, caller) => listContactMessages(query, page, caller.user.id),
});
