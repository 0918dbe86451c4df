-- The contact inbox (issue 8): the e-mail reply's bookkeeping, soft delete with undo,
-- internal notes, reply templates, and an accent- and case-insensitive search that stays
-- fast at 100,000 messages.

-- AlterTable
ALTER TABLE "contact_messages" ADD COLUMN     "deleted_at" TIMESTAMP(3),
ADD COLUMN     "replied_by_id" TEXT,
ADD COLUMN     "reply_error" VARCHAR(1000),
ADD COLUMN     "reply_message_id" VARCHAR(255),
ADD COLUMN     "reply_sent_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "contact_notes" (
    "id" SERIAL NOT NULL,
    "message_id" INTEGER NOT NULL,
    "author_id" TEXT,
    "body" VARCHAR(5000) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_notes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reply_templates" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(120) NOT NULL,
    "body" VARCHAR(10000) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "reply_templates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "contact_notes_message_id_created_at_idx" ON "contact_notes"("message_id", "created_at");

-- CreateIndex
CREATE INDEX "contact_notes_author_id_idx" ON "contact_notes"("author_id");

-- CreateIndex
CREATE UNIQUE INDEX "reply_templates_name_key" ON "reply_templates"("name");

-- CreateIndex
CREATE INDEX "contact_messages_deleted_at_idx" ON "contact_messages"("deleted_at");

-- CreateIndex
CREATE INDEX "contact_messages_replied_by_id_idx" ON "contact_messages"("replied_by_id");

-- AddForeignKey
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_replied_by_id_fkey" FOREIGN KEY ("replied_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_notes" ADD CONSTRAINT "contact_notes_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "contact_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_notes" ADD CONSTRAINT "contact_notes_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- ── Search ───────────────────────────────────────────────────────────────────────────
-- "informacion" must find "Información": the searched text is lower-cased and unaccented,
-- and a trigram GIN index on that expression serves LIKE '%term%' (pg_trgm). unaccent() is
-- only STABLE (its dictionary could change), so an index needs an IMMUTABLE wrapper that
-- names the dictionary and the schema explicitly. Both extensions ship with PostgreSQL's
-- contrib (Debian's postgresql-15) and with PGlite (loaded in scripts/lib/embedded-database.ts).
CREATE EXTENSION IF NOT EXISTS "unaccent";
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

CREATE OR REPLACE FUNCTION "immutable_unaccent"(value text)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $fn$ SELECT public.unaccent('public.unaccent'::regdictionary, value) $fn$;

-- The one searchable document of a message; lib/contact/queries.ts calls it with the same
-- arguments, so the planner matches the index expression.
CREATE OR REPLACE FUNCTION "contact_message_search_text"(name text, email text, company text, subject text, message text)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $fn$ SELECT lower(public.immutable_unaccent(concat_ws(' ', name, email, company, subject, message))) $fn$;

CREATE INDEX "contact_messages_search_trgm_idx" ON "contact_messages"
USING gin ("contact_message_search_text"("name", "email", "company", "subject", "message") gin_trgm_ops);

-- ── Lists over the messages not deleted ─────────────────────────────────────────────────
-- Newest first, all or one status: the page AND its total (an index-only count) come from
-- these partial indexes, so soft-deleted rows cost nothing.
CREATE INDEX "contact_messages_live_created_at_idx" ON "contact_messages" ("created_at" DESC, "id" DESC)
WHERE "deleted_at" IS NULL;

CREATE INDEX "contact_messages_live_status_created_at_idx" ON "contact_messages" ("status", "created_at" DESC, "id" DESC)
WHERE "deleted_at" IS NULL;
