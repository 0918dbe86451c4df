-- CreateEnum
CREATE TYPE "personal_document_type" AS ENUM ('dni', 'ce', 'ruc', 'passport');

-- CreateEnum
CREATE TYPE "complaint_kind" AS ENUM ('reclamo', 'queja');

-- CreateEnum
CREATE TYPE "complaint_good_type" AS ENUM ('product', 'service');

-- CreateEnum
CREATE TYPE "data_request_kind" AS ENUM ('access', 'rectification', 'cancellation', 'opposition', 'portability');

-- CreateEnum
CREATE TYPE "data_request_status" AS ENUM ('pending', 'completed', 'rejected');

-- AlterTable
ALTER TABLE "contact_messages" ADD COLUMN     "privacy_accepted_at" TIMESTAMP(3),
ADD COLUMN     "privacy_version" VARCHAR(20);

-- AlterTable
ALTER TABLE "site_settings" ADD COLUMN     "require_admin_two_factor" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "anonymized_at" TIMESTAMP(3),
ADD COLUMN     "privacy_accepted_at" TIMESTAMP(3),
ADD COLUMN     "privacy_version" VARCHAR(20),
ADD COLUMN     "totp_enabled_at" TIMESTAMP(3),
ADD COLUMN     "totp_last_step" BIGINT,
ADD COLUMN     "totp_secret_sealed" VARCHAR(500);

-- CreateTable
CREATE TABLE "complaints" (
    "id" SERIAL NOT NULL,
    "year" INTEGER NOT NULL,
    "sequence" INTEGER NOT NULL,
    "number" VARCHAR(12) NOT NULL,
    "submission_key" VARCHAR(64) NOT NULL,
    "consumer_name" VARCHAR(200) NOT NULL,
    "document_type" "personal_document_type" NOT NULL,
    "document_number" VARCHAR(20) NOT NULL,
    "address" VARCHAR(300) NOT NULL,
    "phone" VARCHAR(30),
    "email" VARCHAR(254) NOT NULL,
    "is_minor" BOOLEAN NOT NULL DEFAULT false,
    "guardian_name" VARCHAR(200),
    "guardian_document_type" "personal_document_type",
    "guardian_document_number" VARCHAR(20),
    "good_type" "complaint_good_type" NOT NULL,
    "good_description" VARCHAR(1000) NOT NULL,
    "amount_claimed" DECIMAL(12,2),
    "currency" "currency",
    "kind" "complaint_kind" NOT NULL,
    "detail" VARCHAR(5000) NOT NULL,
    "consumer_request" VARCHAR(2000) NOT NULL,
    "privacy_version" VARCHAR(20) NOT NULL,
    "privacy_accepted_at" TIMESTAMP(3) NOT NULL,
    "ip_address" VARCHAR(45),
    "user_agent" VARCHAR(512),
    "submitted_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "due_date" DATE NOT NULL,
    "answer" VARCHAR(5000),
    "answered_at" TIMESTAMP(3),
    "answered_by_id" VARCHAR(40),
    "answered_by_name" VARCHAR(120),

    CONSTRAINT "complaints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "complaint_counters" (
    "year" INTEGER NOT NULL,
    "last" INTEGER NOT NULL,

    CONSTRAINT "complaint_counters_pkey" PRIMARY KEY ("year")
);

-- CreateTable
CREATE TABLE "data_requests" (
    "id" SERIAL NOT NULL,
    "kind" "data_request_kind" NOT NULL,
    "status" "data_request_status" NOT NULL DEFAULT 'pending',
    "user_id" TEXT,
    "name" VARCHAR(200) NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "document_type" "personal_document_type",
    "document_number" VARCHAR(20),
    "detail" VARCHAR(2000),
    "privacy_version" VARCHAR(20),
    "privacy_accepted_at" TIMESTAMP(3),
    "ip_address" VARCHAR(45),
    "submitted_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "due_date" DATE NOT NULL,
    "resolved_at" TIMESTAMP(3),
    "resolved_by_id" TEXT,
    "resolution" VARCHAR(2000),

    CONSTRAINT "data_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "two_factor_recovery_codes" (
    "id" SERIAL NOT NULL,
    "user_id" TEXT NOT NULL,
    "code_hash" VARCHAR(100) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "two_factor_recovery_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "two_factor_challenges" (
    "id" SERIAL NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "user_id" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "two_factor_challenges_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "complaints_number_key" ON "complaints"("number");

-- CreateIndex
CREATE UNIQUE INDEX "complaints_submission_key_key" ON "complaints"("submission_key");

-- CreateIndex
CREATE INDEX "complaints_submitted_at_idx" ON "complaints"("submitted_at");

-- CreateIndex
CREATE INDEX "complaints_due_date_idx" ON "complaints"("due_date");

-- CreateIndex
CREATE INDEX "complaints_email_idx" ON "complaints"("email");

-- CreateIndex
CREATE UNIQUE INDEX "complaints_year_sequence_key" ON "complaints"("year", "sequence");

-- CreateIndex
CREATE INDEX "data_requests_status_due_date_idx" ON "data_requests"("status", "due_date");

-- CreateIndex
CREATE INDEX "data_requests_user_id_idx" ON "data_requests"("user_id");

-- CreateIndex
CREATE INDEX "data_requests_submitted_at_idx" ON "data_requests"("submitted_at");

-- CreateIndex
CREATE INDEX "two_factor_recovery_codes_user_id_idx" ON "two_factor_recovery_codes"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "two_factor_challenges_token_hash_key" ON "two_factor_challenges"("token_hash");

-- CreateIndex
CREATE INDEX "two_factor_challenges_user_id_idx" ON "two_factor_challenges"("user_id");

-- CreateIndex
CREATE INDEX "two_factor_challenges_expires_at_idx" ON "two_factor_challenges"("expires_at");

-- AddForeignKey
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_resolved_by_id_fkey" FOREIGN KEY ("resolved_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "two_factor_recovery_codes" ADD CONSTRAINT "two_factor_recovery_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "two_factor_challenges" ADD CONSTRAINT "two_factor_challenges_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Rules Prisma's schema cannot say.

-- A sheet's number is its year and its six-digit sequence; a minor's sheet names the guardian;
-- an amount comes with its currency; the answer's fields come together.
ALTER TABLE "complaints"
  ADD CONSTRAINT "complaints_number_check" CHECK ("sequence" > 0 AND "number" = "year"::text || '-' || lpad("sequence"::text, 6, '0')),
  ADD CONSTRAINT "complaints_guardian_check" CHECK (NOT "is_minor" OR ("guardian_name" IS NOT NULL AND "guardian_document_type" IS NOT NULL AND "guardian_document_number" IS NOT NULL)),
  ADD CONSTRAINT "complaints_amount_check" CHECK (("amount_claimed" IS NULL) = ("currency" IS NULL) AND ("amount_claimed" IS NULL OR "amount_claimed" >= 0)),
  ADD CONSTRAINT "complaints_answer_check" CHECK (("answer" IS NULL) = ("answered_at" IS NULL));

ALTER TABLE "complaint_counters" ADD CONSTRAINT "complaint_counters_last_check" CHECK ("last" > 0);

ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_resolved_check" CHECK (("status" = 'pending') = ("resolved_at" IS NULL));

-- The Libro de Reclamaciones is a legal record: a sheet is never deleted, and once submitted only
-- its answer may be written, once. The database refuses anything else, whoever sends it.
CREATE FUNCTION "complaints_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'Una hoja del Libro de Reclamaciones no se puede eliminar.' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD."answer" IS NOT NULL THEN
    RAISE EXCEPTION 'La hoja % ya fue respondida y no se puede modificar.', OLD."number" USING ERRCODE = 'restrict_violation';
  END IF;
  IF (to_jsonb(NEW) - ARRAY['answer', 'answered_at', 'answered_by_id', 'answered_by_name'])
     IS DISTINCT FROM (to_jsonb(OLD) - ARRAY['answer', 'answered_at', 'answered_by_id', 'answered_by_name']) THEN
    RAISE EXCEPTION 'La hoja % no se puede modificar: solo se registra su respuesta.', OLD."number" USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "complaints_no_delete" BEFORE DELETE ON "complaints" FOR EACH ROW EXECUTE FUNCTION "complaints_guard"();
CREATE TRIGGER "complaints_answer_only" BEFORE UPDATE ON "complaints" FOR EACH ROW EXECUTE FUNCTION "complaints_guard"();
CREATE TRIGGER "complaints_no_truncate" BEFORE TRUNCATE ON "complaints" FOR EACH STATEMENT EXECUTE FUNCTION "complaints_guard"();
