-- Electronic invoicing with SUNAT: notas de crédito, the electronic document of each factura,
-- boleta and note (signed XML, hash, CDR, state, send attempts), the summaries and voidings that
-- carry boletas and voided documents, the client's credit balance, and the issuer data SUNAT needs.

-- A payment made with the client's credit (from a nota de crédito on money already received).
ALTER TYPE "payment_method" ADD VALUE 'saldo_a_favor';

-- CreateEnum
CREATE TYPE "sunat_status" AS ENUM ('pending', 'sent', 'accepted', 'observed', 'rejected', 'voided');

-- AlterTable
ALTER TABLE "invoice_series" DROP CONSTRAINT "invoice_series_pkey",
ALTER COLUMN "series" SET DATA TYPE VARCHAR(16),
ADD CONSTRAINT "invoice_series_pkey" PRIMARY KEY ("series");

-- AlterTable
ALTER TABLE "invoices" ADD COLUMN     "amount_credited" DECIMAL(12,2) NOT NULL DEFAULT 0,
ADD COLUMN     "exchange_rate" DECIMAL(10,4),
ADD COLUMN     "issuer_establishment" VARCHAR(4),
ADD COLUMN     "issuer_ubigeo" VARCHAR(6);

-- AlterTable
ALTER TABLE "site_settings" ADD COLUMN     "certificate_not_after" TIMESTAMP(3),
ADD COLUMN     "certificate_password_sealed" VARCHAR(500),
ADD COLUMN     "certificate_sealed" TEXT,
ADD COLUMN     "certificate_subject" VARCHAR(500),
ADD COLUMN     "certificate_uploaded_at" TIMESTAMP(3),
ADD COLUMN     "detraction_account" VARCHAR(30),
ADD COLUMN     "detraction_code" VARCHAR(3),
ADD COLUMN     "exchange_rate_eur" DECIMAL(10,4),
ADD COLUMN     "exchange_rate_usd" DECIMAL(10,4),
ADD COLUMN     "fiscal_department" VARCHAR(100),
ADD COLUMN     "fiscal_district" VARCHAR(100),
ADD COLUMN     "fiscal_establishment" VARCHAR(4),
ADD COLUMN     "fiscal_province" VARCHAR(100),
ADD COLUMN     "fiscal_ubigeo" VARCHAR(6);

-- CreateTable
CREATE TABLE "credit_notes" (
    "id" SERIAL NOT NULL,
    "number" VARCHAR(30) NOT NULL,
    "series" VARCHAR(4) NOT NULL,
    "sequence" INTEGER NOT NULL,
    "invoice_id" INTEGER NOT NULL,
    "user_id" TEXT NOT NULL,
    "reason_code" VARCHAR(2) NOT NULL,
    "description" VARCHAR(250) NOT NULL,
    "subtotal" DECIMAL(12,2) NOT NULL,
    "tax_amount" DECIMAL(12,2) NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "currency" "currency" NOT NULL,
    "issued_at" DATE NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reversed_at" TIMESTAMP(3),

    CONSTRAINT "credit_notes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "credit_note_lines" (
    "id" SERIAL NOT NULL,
    "credit_note_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "description" VARCHAR(300) NOT NULL,
    "quantity" DECIMAL(12,2) NOT NULL,
    "unit_price" DECIMAL(12,2) NOT NULL,
    "line_total" DECIMAL(12,2) NOT NULL,

    CONSTRAINT "credit_note_lines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "electronic_documents" (
    "id" SERIAL NOT NULL,
    "kind" VARCHAR(2) NOT NULL,
    "invoice_id" INTEGER,
    "credit_note_id" INTEGER,
    "name" VARCHAR(60) NOT NULL,
    "document_id" VARCHAR(30) NOT NULL,
    "issue_date" DATE NOT NULL,
    "xml" TEXT,
    "hash" VARCHAR(100),
    "status" "sunat_status" NOT NULL DEFAULT 'pending',
    "response_code" VARCHAR(10),
    "response_description" VARCHAR(1000),
    "notes" JSONB NOT NULL DEFAULT '[]',
    "cdr" BYTEA,
    "cdr_problem" VARCHAR(500),
    "ticket" VARCHAR(60),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimed_until" TIMESTAMP(3),
    "last_error" VARCHAR(1000),
    "void_requested_at" TIMESTAMP(3),
    "void_reason" VARCHAR(100),
    "sent_at" TIMESTAMP(3),
    "answered_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "electronic_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "electronic_document_items" (
    "carrier_id" INTEGER NOT NULL,
    "document_id" INTEGER NOT NULL,
    "condition" VARCHAR(1) NOT NULL,

    CONSTRAINT "electronic_document_items_pkey" PRIMARY KEY ("carrier_id","document_id")
);

-- CreateTable
CREATE TABLE "customer_credits" (
    "id" SERIAL NOT NULL,
    "user_id" TEXT NOT NULL,
    "currency" "currency" NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "credit_note_id" INTEGER,
    "invoice_id" INTEGER,
    "reference" VARCHAR(100),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "customer_credits_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "credit_notes_number_key" ON "credit_notes"("number");

-- CreateIndex
CREATE INDEX "credit_notes_invoice_id_idx" ON "credit_notes"("invoice_id");

-- CreateIndex
CREATE INDEX "credit_notes_user_id_issued_at_idx" ON "credit_notes"("user_id", "issued_at");

-- CreateIndex
CREATE UNIQUE INDEX "credit_notes_series_sequence_key" ON "credit_notes"("series", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "credit_note_lines_credit_note_id_position_key" ON "credit_note_lines"("credit_note_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "electronic_documents_invoice_id_key" ON "electronic_documents"("invoice_id");

-- CreateIndex
CREATE UNIQUE INDEX "electronic_documents_credit_note_id_key" ON "electronic_documents"("credit_note_id");

-- CreateIndex
CREATE UNIQUE INDEX "electronic_documents_name_key" ON "electronic_documents"("name");

-- CreateIndex
CREATE INDEX "electronic_documents_status_next_attempt_at_idx" ON "electronic_documents"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "electronic_documents_kind_status_idx" ON "electronic_documents"("kind", "status");

-- CreateIndex
CREATE INDEX "electronic_document_items_document_id_idx" ON "electronic_document_items"("document_id");

-- CreateIndex
CREATE INDEX "customer_credits_user_id_currency_idx" ON "customer_credits"("user_id", "currency");

-- AddForeignKey
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_credit_note_id_fkey" FOREIGN KEY ("credit_note_id") REFERENCES "credit_notes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "electronic_documents" ADD CONSTRAINT "electronic_documents_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "electronic_documents" ADD CONSTRAINT "electronic_documents_credit_note_id_fkey" FOREIGN KEY ("credit_note_id") REFERENCES "credit_notes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "electronic_document_items" ADD CONSTRAINT "electronic_document_items_carrier_id_fkey" FOREIGN KEY ("carrier_id") REFERENCES "electronic_documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "electronic_document_items" ADD CONSTRAINT "electronic_document_items_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "electronic_documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_credit_note_id_fkey" FOREIGN KEY ("credit_note_id") REFERENCES "credit_notes"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- What the tables themselves guarantee, whatever writes to them.
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_within_amount" CHECK ("amount_credited" >= 0 AND "amount_credited" <= "amount");
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_exchange_rate_positive" CHECK ("exchange_rate" IS NULL OR "exchange_rate" > 0);
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_amounts_positive" CHECK ("subtotal" > 0 AND "tax_amount" >= 0 AND "amount" = "subtotal" + "tax_amount");
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_positive" CHECK ("quantity" > 0 AND "unit_price" > 0 AND "line_total" > 0);
ALTER TABLE "electronic_documents" ADD CONSTRAINT "electronic_documents_kind" CHECK ("kind" IN ('01', '03', '07', 'RC', 'RA'));
ALTER TABLE "electronic_documents" ADD CONSTRAINT "electronic_documents_source" CHECK (
  ("kind" IN ('01', '03') AND "invoice_id" IS NOT NULL AND "credit_note_id" IS NULL)
  OR ("kind" = '07' AND "credit_note_id" IS NOT NULL AND "invoice_id" IS NULL)
  OR ("kind" IN ('RC', 'RA') AND "invoice_id" IS NULL AND "credit_note_id" IS NULL)
);
ALTER TABLE "electronic_document_items" ADD CONSTRAINT "electronic_document_items_condition" CHECK ("condition" IN ('1', '2', '3'));
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_kind" CHECK ("kind" IN ('credit_note', 'refund', 'applied'));
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_amount_nonzero" CHECK ("amount" <> 0);
