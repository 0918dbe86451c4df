-- Conversations: a contact message becomes a thread (contact_entries: staff replies, the
-- visitor's e-mailed answers, internal notes, status events), tickets gain the e-mail path,
-- inbound e-mail is logged (inbound_emails) with its attachments (mail_attachments), and
-- conversations and tickets can be assigned. Existing replies and notes move into the thread.

CREATE TYPE "contact_entry_kind" AS ENUM ('reply', 'inbound', 'note', 'event');

CREATE TABLE "inbound_emails" (
    "id" SERIAL NOT NULL,
    "via" VARCHAR(10) NOT NULL,
    "message_id" VARCHAR(255),
    "from_address" VARCHAR(254) NOT NULL,
    "subject" VARCHAR(255) NOT NULL,
    "bytes" INTEGER NOT NULL,
    "outcome" VARCHAR(20) NOT NULL,
    "related_type" VARCHAR(40),
    "related_id" VARCHAR(64),
    "reason" VARCHAR(300),
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inbound_emails_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "inbound_emails_via_check" CHECK ("via" IN ('smtp', 'imap')),
    CONSTRAINT "inbound_emails_bytes_check" CHECK ("bytes" >= 0)
);

CREATE TABLE "contact_entries" (
    "id" SERIAL NOT NULL,
    "message_id" INTEGER NOT NULL,
    "kind" "contact_entry_kind" NOT NULL,
    "body" VARCHAR(20000),
    "original_text" TEXT,
    "author_id" TEXT,
    "event" VARCHAR(40),
    "data" JSONB,
    "mail_message_id" VARCHAR(255),
    "delivery_status" "mail_delivery_status",
    "attempted_at" TIMESTAMP(3),
    "sent_at" TIMESTAMP(3),
    "delivery_error" VARCHAR(1000),
    "server_response" VARCHAR(300),
    "from_address" VARCHAR(254),
    "auth_warning" VARCHAR(300),
    "inbound_email_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_entries_pkey" PRIMARY KEY ("id"),
    -- Replies, notes and inbound answers have a text; an event says what happened.
    CONSTRAINT "contact_entries_body_check" CHECK ("kind" = 'event' OR "body" IS NOT NULL),
    CONSTRAINT "contact_entries_event_check" CHECK (("kind" = 'event') = ("event" IS NOT NULL)),
    -- Only a staff reply is e-mailed by us.
    CONSTRAINT "contact_entries_delivery_check" CHECK ("kind" = 'reply' OR "delivery_status" IS NULL)
);

CREATE TABLE "mail_attachments" (
    "id" SERIAL NOT NULL,
    "storage_key" VARCHAR(300) NOT NULL,
    "file_name" VARCHAR(255) NOT NULL,
    "mime" VARCHAR(100) NOT NULL,
    "bytes" INTEGER NOT NULL,
    "contact_entry_id" INTEGER,
    "ticket_reply_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_attachments_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "mail_attachments_owner_check" CHECK (num_nonnulls("contact_entry_id", "ticket_reply_id") = 1),
    CONSTRAINT "mail_attachments_bytes_check" CHECK ("bytes" >= 0)
);

-- Contact messages: the new columns (every conversation gets its unguessable reply token).
ALTER TABLE "contact_messages"
ADD COLUMN     "assigned_to_id" TEXT,
ADD COLUMN     "first_response_at" TIMESTAMP(3),
ADD COLUMN     "merged_into_id" INTEGER,
ADD COLUMN     "origin" VARCHAR(10) NOT NULL DEFAULT 'form',
ADD COLUMN     "previous_status" "contact_status",
ADD COLUMN     "reply_token" VARCHAR(40) NOT NULL DEFAULT replace((gen_random_uuid())::text, '-'::text, ''::text),
ADD COLUMN     "status_changed_at" TIMESTAMP(3),
ADD CONSTRAINT "contact_messages_origin_check" CHECK ("origin" IN ('form', 'email'));

-- The one reply each message could have becomes the first reply entry of its thread.
INSERT INTO "contact_entries" ("message_id", "kind", "body", "author_id", "mail_message_id", "delivery_status",
                               "attempted_at", "sent_at", "delivery_error", "created_at")
SELECT "id", 'reply', "reply_text", "replied_by_id", "reply_message_id",
       COALESCE("reply_status", CASE WHEN "reply_sent_at" IS NOT NULL THEN 'sent'::"mail_delivery_status" ELSE 'sending'::"mail_delivery_status" END),
       "reply_attempted_at", "reply_sent_at", "reply_error", COALESCE("replied_at", "updated_at")
FROM "contact_messages"
WHERE "reply_text" IS NOT NULL;

UPDATE "contact_messages" SET "first_response_at" = "reply_sent_at"
WHERE "reply_sent_at" IS NOT NULL AND ("reply_status" IS NULL OR "reply_status" = 'sent');

-- Internal notes become note entries, in their order.
INSERT INTO "contact_entries" ("message_id", "kind", "body", "author_id", "created_at")
SELECT "message_id", 'note', "body", "author_id", "created_at" FROM "contact_notes" ORDER BY "id";

ALTER TABLE "contact_messages" DROP CONSTRAINT "contact_messages_replied_by_id_fkey";
DROP INDEX "contact_messages_replied_by_id_idx";
ALTER TABLE "contact_messages" DROP COLUMN "replied_by_id",
DROP COLUMN "reply_attempted_at",
DROP COLUMN "reply_error",
DROP COLUMN "reply_message_id",
DROP COLUMN "reply_sent_at",
DROP COLUMN "reply_status",
DROP COLUMN "reply_text";

DROP TABLE "contact_notes";

ALTER TABLE "outbound_emails" ADD COLUMN     "message_id" VARCHAR(255);

ALTER TABLE "ticket_replies" ADD COLUMN     "attempted_at" TIMESTAMP(3),
ADD COLUMN     "auth_warning" VARCHAR(300),
ADD COLUMN     "delivery_error" VARCHAR(1000),
ADD COLUMN     "delivery_status" "mail_delivery_status",
ADD COLUMN     "from_address" VARCHAR(254),
ADD COLUMN     "inbound_email_id" INTEGER,
ADD COLUMN     "mail_message_id" VARCHAR(255),
ADD COLUMN     "original_text" TEXT,
ADD COLUMN     "sent_at" TIMESTAMP(3),
ADD COLUMN     "server_response" VARCHAR(300),
ADD COLUMN     "via_email" BOOLEAN NOT NULL DEFAULT false,
-- Only a staff reply is e-mailed by us; only a client's reply comes by e-mail.
ADD CONSTRAINT "ticket_replies_delivery_check" CHECK ("from_staff" OR "delivery_status" IS NULL),
ADD CONSTRAINT "ticket_replies_via_email_check" CHECK (NOT ("from_staff" AND "via_email"));

ALTER TABLE "tickets" ADD COLUMN     "assigned_to_id" TEXT,
ADD COLUMN     "reply_token" VARCHAR(40) NOT NULL DEFAULT replace((gen_random_uuid())::text, '-'::text, ''::text);

ALTER TABLE "users" ADD COLUMN     "signature" VARCHAR(1000);

CREATE INDEX "contact_entries_message_id_created_at_idx" ON "contact_entries"("message_id", "created_at");
CREATE INDEX "contact_entries_message_id_kind_created_at_idx" ON "contact_entries"("message_id", "kind", "created_at");
CREATE INDEX "contact_entries_mail_message_id_idx" ON "contact_entries"("mail_message_id");
CREATE INDEX "contact_entries_author_id_idx" ON "contact_entries"("author_id");
CREATE INDEX "contact_entries_inbound_email_id_idx" ON "contact_entries"("inbound_email_id");
CREATE UNIQUE INDEX "inbound_emails_message_id_key" ON "inbound_emails"("message_id");
CREATE INDEX "inbound_emails_received_at_idx" ON "inbound_emails"("received_at");
CREATE INDEX "inbound_emails_related_type_related_id_idx" ON "inbound_emails"("related_type", "related_id");
CREATE UNIQUE INDEX "mail_attachments_storage_key_key" ON "mail_attachments"("storage_key");
CREATE INDEX "mail_attachments_contact_entry_id_idx" ON "mail_attachments"("contact_entry_id");
CREATE INDEX "mail_attachments_ticket_reply_id_idx" ON "mail_attachments"("ticket_reply_id");
CREATE UNIQUE INDEX "contact_messages_reply_token_key" ON "contact_messages"("reply_token");
CREATE INDEX "contact_messages_assigned_to_id_status_idx" ON "contact_messages"("assigned_to_id", "status");
CREATE INDEX "contact_messages_email_idx" ON "contact_messages"("email");
CREATE INDEX "outbound_emails_message_id_idx" ON "outbound_emails"("message_id");
CREATE INDEX "ticket_replies_mail_message_id_idx" ON "ticket_replies"("mail_message_id");
CREATE INDEX "ticket_replies_inbound_email_id_idx" ON "ticket_replies"("inbound_email_id");
CREATE UNIQUE INDEX "tickets_reply_token_key" ON "tickets"("reply_token");
CREATE INDEX "tickets_assigned_to_id_status_idx" ON "tickets"("assigned_to_id", "status");

ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_assigned_to_id_fkey" FOREIGN KEY ("assigned_to_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_merged_into_id_fkey" FOREIGN KEY ("merged_into_id") REFERENCES "contact_messages"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "contact_entries" ADD CONSTRAINT "contact_entries_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "contact_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "contact_entries" ADD CONSTRAINT "contact_entries_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "contact_entries" ADD CONSTRAINT "contact_entries_inbound_email_id_fkey" FOREIGN KEY ("inbound_email_id") REFERENCES "inbound_emails"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_contact_entry_id_fkey" FOREIGN KEY ("contact_entry_id") REFERENCES "contact_entries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_ticket_reply_id_fkey" FOREIGN KEY ("ticket_reply_id") REFERENCES "ticket_replies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assigned_to_id_fkey" FOREIGN KEY ("assigned_to_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "ticket_replies" ADD CONSTRAINT "ticket_replies_inbound_email_id_fkey" FOREIGN KEY ("inbound_email_id") REFERENCES "inbound_emails"("id") ON DELETE SET NULL ON UPDATE CASCADE;
