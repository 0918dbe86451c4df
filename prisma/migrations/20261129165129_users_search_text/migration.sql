-- AlterTable
ALTER TABLE "users" ADD COLUMN     "search_text" TEXT;

-- ── The users list's search ─────────────────────────────────────────────────────────────
-- Each user keeps its name and e-mail as one searchable text (lower-case, unaccented:
-- immutable_unaccent comes from the contact inbox migration), set by a trigger. A search is one
-- LIKE per word on it (lib/users/queries.ts), helped by a trigram index, like the billing lists'.
-- Writing search_text (any value) recomputes it.
CREATE OR REPLACE FUNCTION "users_set_search_text"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  NEW.search_text := lower(public.immutable_unaccent(concat_ws(' ', NEW.name, NEW.email)));
  RETURN NEW;
END
$fn$;

CREATE TRIGGER "users_search_text"
BEFORE INSERT OR UPDATE OF "name", "email", "search_text" ON "users"
FOR EACH ROW EXECUTE FUNCTION "users_set_search_text"();

UPDATE "users" SET "search_text" = NULL;

-- fastupdate off: a new user is found by the next search at once, without a pending list.
CREATE INDEX "users_search_trgm_idx" ON "users" USING GIN ("search_text" gin_trgm_ops) WITH (fastupdate = off);
