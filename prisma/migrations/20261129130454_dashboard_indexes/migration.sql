-- DropIndex
DROP INDEX "contact_messages_first_response_at_idx";

-- Partial indexes for the admin dashboard (lib/admin/stats.ts, lib/admin/charts.ts,
-- lib/billing/receivables.ts), written by hand as Prisma's schema cannot say WHERE or INCLUDE.
-- Each holds only the rows its query reads and the columns it needs (index-only scans).

-- Median first response: replies sent, of messages not deleted, by when they were sent.
CREATE INDEX "contact_messages_live_first_response_at_idx" ON "contact_messages" ("first_response_at") INCLUDE ("created_at")
WHERE "deleted_at" IS NULL AND "first_response_at" IS NOT NULL;

-- Revenue per month: the money received (completed, not paid with the client's credit) by paid_at.
CREATE INDEX "payments_received_paid_at_idx" ON "payments" ("paid_at") INCLUDE ("currency", "amount")
WHERE "status" = 'completed' AND "method" <> 'saldo_a_favor';

-- Receivables: the open invoices per currency and due date, with the amounts their balance needs.
CREATE INDEX "invoices_pending_currency_due_date_idx" ON "invoices" ("currency", "due_date") INCLUDE ("amount", "amount_paid", "amount_credited")
WHERE "status" = 'pending';
