-- CreateEnum
CREATE TYPE "payment_report_status" AS ENUM ('pending', 'confirmed', 'rejected');

-- AlterTable
ALTER TABLE "site_settings" ADD COLUMN     "payment_accounts" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "payment_note" VARCHAR(1000),
ADD COLUMN     "payment_qr_key" VARCHAR(300),
ADD COLUMN     "payment_qr_mime" VARCHAR(100),
ADD COLUMN     "plin_number" VARCHAR(30),
ADD COLUMN     "reminder_days_before" INTEGER NOT NULL DEFAULT 3,
ADD COLUMN     "reminder_every_days" INTEGER NOT NULL DEFAULT 7,
ADD COLUMN     "reminders_enabled" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "yape_number" VARCHAR(30);

-- CreateTable
CREATE TABLE "payment_reports" (
    "id" SERIAL NOT NULL,
    "invoice_id" INTEGER NOT NULL,
    "user_id" TEXT NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "currency" "currency" NOT NULL,
    "paid_on" DATE NOT NULL,
    "method" "payment_method" NOT NULL,
    "reference" VARCHAR(100),
    "voucher_key" VARCHAR(300),
    "voucher_name" VARCHAR(255),
    "voucher_mime" VARCHAR(100),
    "voucher_bytes" INTEGER,
    "status" "payment_report_status" NOT NULL DEFAULT 'pending',
    "reject_reason" VARCHAR(500),
    "reviewed_by_id" TEXT,
    "reviewed_at" TIMESTAMP(3),
    "payment_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_reminders" (
    "id" SERIAL NOT NULL,
    "invoice_id" INTEGER NOT NULL,
    "step" VARCHAR(10) NOT NULL,
    "sent_on" DATE NOT NULL,
    "days_late" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invoice_reminders_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "payment_reports_voucher_key_key" ON "payment_reports"("voucher_key");

-- CreateIndex
CREATE UNIQUE INDEX "payment_reports_payment_id_key" ON "payment_reports"("payment_id");

-- CreateIndex
CREATE INDEX "payment_reports_status_created_at_idx" ON "payment_reports"("status", "created_at");

-- CreateIndex
CREATE INDEX "payment_reports_invoice_id_status_idx" ON "payment_reports"("invoice_id", "status");

-- CreateIndex
CREATE INDEX "payment_reports_user_id_created_at_idx" ON "payment_reports"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "payment_reports_reviewed_by_id_idx" ON "payment_reports"("reviewed_by_id");

-- CreateIndex
CREATE INDEX "invoice_reminders_invoice_id_step_idx" ON "invoice_reminders"("invoice_id", "step");

-- CreateIndex
CREATE UNIQUE INDEX "invoice_reminders_invoice_id_sent_on_key" ON "invoice_reminders"("invoice_id", "sent_on");

-- CreateIndex
CREATE INDEX "invoices_status_due_date_idx" ON "invoices"("status", "due_date");

-- AddForeignKey
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_reviewed_by_id_fkey" FOREIGN KEY ("reviewed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Rules the database keeps whatever writes: a reported amount is positive, a reminder's step is
-- one of the three, and the reminder days stay in the ranges the settings screen offers.
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_amount_positive" CHECK ("amount" > 0);
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_rejected_has_reason" CHECK ("status" <> 'rejected' OR "reject_reason" IS NOT NULL);
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_reviewed_has_time" CHECK ("status" = 'pending' OR "reviewed_at" IS NOT NULL);
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_step" CHECK ("step" IN ('before', 'due', 'after'));
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_reminder_days" CHECK ("reminder_days_before" BETWEEN 1 AND 30 AND "reminder_every_days" BETWEEN 1 AND 60);
