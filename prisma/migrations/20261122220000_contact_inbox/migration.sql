-- The contact inbox (issue 8): the e-mail reply's bookkeeping, soft delete with undo,
-- internal notes, reply templates, and an accent- and case-insensitive search that stays
-- fast at 100,000 messages.

-- AlterTable
ALTER TABLE "contact_messages" ADD COLUMN     "deleted_at" TIMESTAMP(3),
ADD COLUMN     "replied_by_id" TEXT,
ADD COLUMN     "reply_error" VARCHAR(1000),
ADD COLUMN     "reply_message_id" VARCHAR(255),
ADD COLUMN     "reply_sent_at" TIMESTAMP(3),
ADD COLUMN     "search_text" TEXT;

-- CreateTable
CREATE TABLE "contact_message_counts" (
    "status" "contact_status" NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "contact_message_counts_pkey" PRIMARY KEY ("status")
);

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

-- The one searchable document of a message, kept in contact_messages.search_text by the trigger
-- below, so a search's recheck reads a column instead of unaccenting every candidate row.
CREATE OR REPLACE FUNCTION "contact_message_search_text"(name text, email text, company text, subject text, message text)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $fn$ SELECT lower(public.immutable_unaccent(concat_ws(' ', name, email, company, subject, message))) $fn$;

CREATE OR REPLACE FUNCTION "contact_messages_set_search_text"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  NEW.search_text := contact_message_search_text(NEW.name, NEW.email, NEW.company, NEW.subject, NEW.message);
  RETURN NEW;
END
$fn$;

CREATE TRIGGER "contact_messages_search_text"
BEFORE INSERT OR UPDATE OF "name", "email", "company", "subject", "message" ON "contact_messages"
FOR EACH ROW EXECUTE FUNCTION "contact_messages_set_search_text"();

UPDATE "contact_messages" SET "search_text" = contact_message_search_text("name", "email", "company", "subject", "message");

-- lib/contact/admin-queries.ts searches with: deleted_at IS NULL AND search_text LIKE '%' || lower(immutable_unaccent(term)) || '%'
-- fastupdate off: new messages go straight into the index instead of a pending list that every
-- search would have to scan until the next vacuum (messages arrive slowly; searches must stay fast).
CREATE INDEX "contact_messages_search_trgm_idx" ON "contact_messages" USING gin ("search_text" gin_trgm_ops)
WITH (fastupdate = off)
WHERE "deleted_at" IS NULL;

-- ── Lists over the messages not deleted ─────────────────────────────────────────────────
-- Newest first, all or one status: the page comes from these partial indexes, so
-- soft-deleted rows cost nothing.
CREATE INDEX "contact_messages_live_created_at_idx" ON "contact_messages" ("created_at" DESC, "id" DESC)
WHERE "deleted_at" IS NULL;

CREATE INDEX "contact_messages_live_status_created_at_idx" ON "contact_messages" ("status", "created_at" DESC, "id" DESC)
WHERE "deleted_at" IS NULL;

-- ── Exact totals without counting ───────────────────────────────────────────────────────
-- contact_message_counts holds, per status, the number of messages not deleted. Statement
-- triggers (transition tables: one pass per statement, even for a bulk insert) apply each
-- statement's changes; the counter rows are updated in status order, so concurrent writers
-- cannot deadlock on them.
-- A status gets its row with its first message (an empty database stays empty).
INSERT INTO "contact_message_counts" ("status", "total")
SELECT m."status", count(*) FROM "contact_messages" m WHERE m."deleted_at" IS NULL GROUP BY m."status";

CREATE OR REPLACE FUNCTION "contact_message_counts_apply"(deltas jsonb)
RETURNS void
LANGUAGE plpgsql
AS $fn$
DECLARE
  change record;
BEGIN
  FOR change IN
    SELECT key::"contact_status" AS status, sum(value::int) AS delta
    FROM jsonb_each_text(deltas) GROUP BY key HAVING sum(value::int) <> 0 ORDER BY key::"contact_status"
  LOOP
    INSERT INTO "contact_message_counts" AS c ("status", "total") VALUES (change.status, change.delta)
    ON CONFLICT ("status") DO UPDATE SET "total" = c."total" + EXCLUDED."total";
  END LOOP;
END
$fn$;

CREATE OR REPLACE FUNCTION "contact_message_counts_after_insert"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  PERFORM contact_message_counts_apply(
    (SELECT coalesce(jsonb_object_agg(status, n), '{}') FROM (SELECT status, count(*) AS n FROM new_rows WHERE deleted_at IS NULL GROUP BY status) d)
  );
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION "contact_message_counts_after_update"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  PERFORM contact_message_counts_apply(
    (SELECT coalesce(jsonb_object_agg(status, n), '{}') FROM (
      SELECT status, sum(n) AS n FROM (
        SELECT status, count(*) AS n FROM new_rows WHERE deleted_at IS NULL GROUP BY status
        UNION ALL
        SELECT status, -count(*) AS n FROM old_rows WHERE deleted_at IS NULL GROUP BY status
      ) both_sides GROUP BY status
    ) d)
  );
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION "contact_message_counts_after_delete"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  PERFORM contact_message_counts_apply(
    (SELECT coalesce(jsonb_object_agg(status, -n), '{}') FROM (SELECT status, count(*) AS n FROM old_rows WHERE deleted_at IS NULL GROUP BY status) d)
  );
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "contact_message_counts_insert" AFTER INSERT ON "contact_messages"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "contact_message_counts_after_insert"();

CREATE TRIGGER "contact_message_counts_update" AFTER UPDATE ON "contact_messages"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "contact_message_counts_after_update"();

CREATE TRIGGER "contact_message_counts_delete" AFTER DELETE ON "contact_messages"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "contact_message_counts_after_delete"();
