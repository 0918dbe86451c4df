-- AlterTable
ALTER TABLE "tickets" ADD COLUMN     "search_text" TEXT;

-- ── The admin tickets list's search ─────────────────────────────────────────────────────
-- Each ticket keeps its subject and its client's name and e-mail as one searchable text
-- (lower-case, unaccented: immutable_unaccent comes from the contact inbox migration,
-- billing_user_search_text from the billing search one), set by a trigger. A search is one LIKE
-- per word on it (lib/support/queries.ts), helped by a trigram index, as in the other lists.
-- Writing search_text (any value) recomputes it.
CREATE OR REPLACE FUNCTION "tickets_set_search_text"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  NEW.search_text := lower(public.immutable_unaccent(concat_ws(' ',
    NEW.subject, public.billing_user_search_text(NEW.user_id))));
  RETURN NEW;
END
$fn$;

CREATE TRIGGER "tickets_search_text"
BEFORE INSERT OR UPDATE OF "subject", "user_id", "search_text" ON "tickets"
FOR EACH ROW EXECUTE FUNCTION "tickets_set_search_text"();

-- A client renamed (or with a new e-mail) is found under the new name.
CREATE OR REPLACE FUNCTION "users_refresh_ticket_search_text"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  UPDATE public.tickets SET search_text = NULL WHERE user_id = NEW.id;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "users_ticket_search_text"
AFTER UPDATE OF "name", "email" ON "users"
FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."email" IS DISTINCT FROM NEW."email")
EXECUTE FUNCTION "users_refresh_ticket_search_text"();

UPDATE "tickets" SET "search_text" = NULL;

-- fastupdate off: a new ticket is found by the next search at once, without a pending list.
CREATE INDEX "tickets_search_trgm_idx" ON "tickets" USING GIN ("search_text" gin_trgm_ops) WITH (fastupdate = off);
