-- Billing and support on real records (issue 10): invoices with lines, IGV, SUNAT-style
-- gap-free numbering and copied issuer/customer data; payment methods as an enum; a billing
-- profile on users; cancellation requests on subscriptions; staff replies and status events
-- on tickets. Existing rows are carried over (totals already include IGV).

-- CreateEnum
CREATE TYPE "payment_method" AS ENUM ('transferencia', 'tarjeta', 'yape', 'plin', 'efectivo');

-- Users: billing profile
ALTER TABLE "users" ADD COLUMN "billing_name" VARCHAR(200),
ADD COLUMN "tax_id" VARCHAR(11);
ALTER TABLE "users" ADD CONSTRAINT "users_tax_id_digits" CHECK ("tax_id" IS NULL OR "tax_id" ~ '^([0-9]{8}|[0-9]{11})$');

-- Subscriptions: cancellation requests
ALTER TABLE "subscriptions" ADD COLUMN "cancel_reason" VARCHAR(500),
ADD COLUMN "cancel_requested_at" TIMESTAMP(3);
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_amount_positive" CHECK ("amount" > 0);

-- Invoices: new columns, nullable until filled from the existing rows
ALTER TABLE "invoices" ADD COLUMN "amount_paid" DECIMAL(12,2) NOT NULL DEFAULT 0,
ADD COLUMN "cancel_reason" VARCHAR(500),
ADD COLUMN "cancelled_at" TIMESTAMP(3),
ADD COLUMN "customer_email" VARCHAR(254),
ADD COLUMN "customer_name" VARCHAR(200),
ADD COLUMN "customer_tax_id" VARCHAR(11),
ADD COLUMN "issuer_address" VARCHAR(300),
ADD COLUMN "issuer_name" VARCHAR(200),
ADD COLUMN "issuer_tax_id" VARCHAR(11),
ADD COLUMN "period_start" DATE,
ADD COLUMN "sequence" INTEGER,
ADD COLUMN "series" VARCHAR(4),
ADD COLUMN "subtotal" DECIMAL(12,2),
ADD COLUMN "tax_amount" DECIMAL(12,2),
ADD COLUMN "tax_rate" DECIMAL(5,2) NOT NULL DEFAULT 18;

UPDATE "invoices" i SET
  "series" = CASE WHEN i."invoice_number" ~ '^[A-Z][0-9A-Z]{3}-[0-9]{1,8}$' THEN split_part(i."invoice_number", '-', 1) ELSE 'X001' END,
  "sequence" = CASE WHEN i."invoice_number" ~ '^[A-Z][0-9A-Z]{3}-[0-9]{1,8}$' THEN split_part(i."invoice_number", '-', 2)::int ELSE i."id" END,
  "subtotal" = round(i."amount" / 1.18, 2),
  "tax_amount" = i."amount" - round(i."amount" / 1.18, 2),
  "customer_name" = u."name",
  "customer_email" = u."email",
  "issuer_name" = COALESCE(s."company_legal_name", s."company_name", 'Lumen Consultoría TI'),
  "issuer_tax_id" = CASE WHEN s."company_tax_id" ~ '^[0-9]{11}$' THEN s."company_tax_id" ELSE NULL END,
  "issuer_address" = s."contact_address",
  "cancelled_at" = CASE WHEN i."status" = 'cancelled' THEN i."updated_at" ELSE NULL END
FROM "users" u LEFT JOIN "site_settings" s ON s."id" = 1
WHERE u."id" = i."user_id";

UPDATE "invoices" i SET "amount_paid" = LEAST(i."amount", COALESCE((
  SELECT sum(p."amount") FROM "payments" p WHERE p."invoice_id" = i."id" AND p."status" = 'completed'
), CASE WHEN i."status" = 'paid' THEN i."amount" ELSE 0 END));

-- Status follows the money: fully paid is "paid", anything less is "pending" (cancelled stays).
UPDATE "invoices" SET "status" = 'paid', "paid_at" = COALESCE("paid_at", "updated_at")
WHERE "status" <> 'cancelled' AND "amount_paid" = "amount";
UPDATE "invoices" SET "status" = 'pending', "paid_at" = NULL
WHERE "status" = 'paid' AND "amount_paid" < "amount";

ALTER TABLE "invoices" ALTER COLUMN "customer_name" SET NOT NULL,
ALTER COLUMN "issuer_name" SET NOT NULL,
ALTER COLUMN "sequence" SET NOT NULL,
ALTER COLUMN "series" SET NOT NULL,
ALTER COLUMN "subtotal" SET NOT NULL,
ALTER COLUMN "tax_amount" SET NOT NULL;

ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amounts_consistent" CHECK (
  "subtotal" > 0 AND "tax_amount" >= 0 AND "amount" = "subtotal" + "tax_amount"
  AND "amount_paid" >= 0 AND "amount_paid" <= "amount"
);

-- Payments: method as an enum (legacy free text mapped, unknown values become transfers)
ALTER TABLE "payments" ADD COLUMN "method_new" "payment_method";
UPDATE "payments" SET "method_new" = CASE lower(trim("method"))
  WHEN 'tarjeta' THEN 'tarjeta'::"payment_method"
  WHEN 'yape' THEN 'yape'::"payment_method"
  WHEN 'plin' THEN 'plin'::"payment_method"
  WHEN 'efectivo' THEN 'efectivo'::"payment_method"
  ELSE 'transferencia'::"payment_method" END;
ALTER TABLE "payments" DROP COLUMN "method";
ALTER TABLE "payments" RENAME COLUMN "method_new" TO "method";
ALTER TABLE "payments" ALTER COLUMN "method" SET NOT NULL;
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_positive" CHECK ("amount" > 0);

-- Tickets: staff replies
ALTER TABLE "ticket_replies" ADD COLUMN "from_staff" BOOLEAN NOT NULL DEFAULT false;
UPDATE "ticket_replies" r SET "from_staff" = true FROM "users" u WHERE u."id" = r."author_id" AND u."role" = 'admin';

-- CreateTable
CREATE TABLE "invoice_lines" (
    "id" SERIAL NOT NULL,
    "invoice_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "description" VARCHAR(300) NOT NULL,
    "quantity" DECIMAL(12,2) NOT NULL,
    "unit_price" DECIMAL(12,2) NOT NULL,
    "line_total" DECIMAL(12,2) NOT NULL,

    CONSTRAINT "invoice_lines_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "invoice_lines_positive" CHECK ("quantity" > 0 AND "unit_price" > 0 AND "line_total" > 0)
);

-- One line per existing invoice: its description, quantity 1, the total without IGV.
INSERT INTO "invoice_lines" ("invoice_id", "position", "description", "quantity", "unit_price", "line_total")
SELECT "id", 1, left(COALESCE("description", 'Servicios de consultoría TI'), 300), 1, "subtotal", "subtotal" FROM "invoices";

-- CreateTable
CREATE TABLE "invoice_series" (
    "series" VARCHAR(4) NOT NULL,
    "last_number" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "invoice_series_pkey" PRIMARY KEY ("series")
);

INSERT INTO "invoice_series" ("series", "last_number")
SELECT "series", max("sequence") FROM "invoices" GROUP BY "series";

-- CreateTable
CREATE TABLE "ticket_events" (
    "id" SERIAL NOT NULL,
    "ticket_id" INTEGER NOT NULL,
    "actor_id" TEXT,
    "from_status" "ticket_status" NOT NULL,
    "to_status" "ticket_status" NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ticket_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "invoice_lines_invoice_id_position_key" ON "invoice_lines"("invoice_id", "position");

-- CreateIndex
CREATE INDEX "ticket_events_ticket_id_created_at_idx" ON "ticket_events"("ticket_id", "created_at");

-- CreateIndex
CREATE INDEX "invoices_issued_at_idx" ON "invoices"("issued_at");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_series_sequence_key" ON "invoices"("series", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_subscription_id_period_start_key" ON "invoices"("subscription_id", "period_start");

-- CreateIndex (admin ticket list sorted by last activity)
CREATE INDEX "tickets_updated_at_idx" ON "tickets"("updated_at");

-- CreateIndex
CREATE INDEX "payments_paid_at_idx" ON "payments"("paid_at");

-- CreateIndex
CREATE INDEX "subscriptions_status_next_billing_date_idx" ON "subscriptions"("status", "next_billing_date");

-- AddForeignKey
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_ticket_id_fkey" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A client with invoices or payments cannot be deleted: fiscal records are kept (numbering stays gap-free).
-- DropForeignKey
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_user_id_fkey";

-- DropForeignKey
ALTER TABLE "payments" DROP CONSTRAINT "payments_user_id_fkey";

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A deleted account leaves its ticket replies in the conversation (author unknown).
-- DropForeignKey
ALTER TABLE "ticket_replies" DROP CONSTRAINT "ticket_replies_author_id_fkey";

-- AlterTable
ALTER TABLE "ticket_replies" ALTER COLUMN "author_id" DROP NOT NULL;

-- AddForeignKey
ALTER TABLE "ticket_replies" ADD CONSTRAINT "ticket_replies_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
