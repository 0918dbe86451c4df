-- Where an e-mail stands: `sending` until the mail server answers, then `sent` or `failed`;
-- `not_configured` when no SMTP_URL is set (the e-mail was only printed on the server console).
CREATE TYPE "mail_delivery_status" AS ENUM ('sending', 'sent', 'failed', 'not_configured');

-- The reply's e-mail state on the contact message (null while there is no reply).
ALTER TABLE "contact_messages" ADD COLUMN     "reply_attempted_at" TIMESTAMP(3),
ADD COLUMN     "reply_status" "mail_delivery_status";

-- Existing replies: one with reply_sent_at was taken by the mail server (sent); one with an
-- error failed. One with neither is a send whose outcome was never recorded (earlier versions
-- cleared the error when a resend started and wrote nothing until the server answered, so only
-- a send in flight or one whose process died looks like this): it stays `sending`, attempted at
-- its last change, which the inbox shows as not confirmed and lets "Reenviar" retry once stale.
UPDATE "contact_messages" SET
  "reply_status" = CASE
    WHEN "reply_sent_at" IS NOT NULL THEN 'sent'::"mail_delivery_status"
    WHEN "reply_error" IS NOT NULL THEN 'failed'::"mail_delivery_status"
    ELSE 'sending'::"mail_delivery_status"
  END,
  "reply_attempted_at" = COALESCE("reply_sent_at", "updated_at")
WHERE "reply_text" IS NOT NULL;

-- One row per e-mail the application tried to send (never its body).
CREATE TABLE "outbound_emails" (
    "id" SERIAL NOT NULL,
    "kind" VARCHAR(40) NOT NULL,
    "recipient" VARCHAR(254) NOT NULL,
    "subject" VARCHAR(255) NOT NULL,
    "related_type" VARCHAR(40),
    "related_id" VARCHAR(64),
    "status" "mail_delivery_status" NOT NULL,
    "error" VARCHAR(300),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "outbound_emails_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "outbound_emails_related_type_related_id_idx" ON "outbound_emails"("related_type", "related_id");

-- CreateIndex
CREATE INDEX "outbound_emails_created_at_idx" ON "outbound_emails"("created_at");
