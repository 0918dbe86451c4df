-- CreateTable
CREATE TABLE "record_counts" (
    "key" TEXT NOT NULL,
    "total" INTEGER NOT NULL,

    CONSTRAINT "record_counts_pkey" PRIMARY KEY ("key")
);

-- ── The dashboard's figures, kept by triggers ──────────────────────────────────────────
-- record_counts holds the plain figures of the dashboard's cards, so a dashboard view reads six
-- rows instead of counting users, subscriptions, invoices and tickets (each count grows with
-- its table). Statement triggers (transition tables: one pass per statement, even for a bulk
-- insert) add what each statement changed; a statement that changes no figure (an invoice
-- cancelled, a ticket renamed) touches no row. The rows are updated in key order, so writers
-- of the same table cannot deadlock on them. A figure gets its row when it first counts
-- something (an empty database stays empty).
INSERT INTO "record_counts" ("key", "total")
SELECT c."key", c."total" FROM (
  SELECT 'users' AS "key", count(*)::int AS "total" FROM "users"
  UNION ALL SELECT 'clients', count(*)::int FROM "users" WHERE "role" = 'client'
  UNION ALL SELECT 'subscriptions', count(*)::int FROM "subscriptions"
  UNION ALL SELECT 'active_subscriptions', count(*)::int FROM "subscriptions" WHERE "status" = 'active'
  UNION ALL SELECT 'paid_invoices', count(*)::int FROM "invoices" WHERE "status" = 'paid'
  UNION ALL SELECT 'pending_tickets', count(*)::int FROM "tickets" WHERE "status" IN ('open', 'in_progress')
) c
WHERE c."total" > 0;

-- Adds `added` and takes away `removed` (objects of key → count), key by key.
CREATE OR REPLACE FUNCTION "record_counts_apply"(added jsonb, removed jsonb)
RETURNS void
LANGUAGE plpgsql
AS $fn$
DECLARE
  change record;
BEGIN
  FOR change IN
    SELECT d.key, sum(d.delta)::int AS delta
    FROM (SELECT key, value::int AS delta FROM jsonb_each_text(added)
          UNION ALL
          SELECT key, -value::int FROM jsonb_each_text(removed)) d
    GROUP BY d.key HAVING sum(d.delta) <> 0 ORDER BY d.key
  LOOP
    INSERT INTO "record_counts" AS c ("key", "total") VALUES (change.key, change.delta)
    ON CONFLICT ("key") DO UPDATE SET "total" = c."total" + EXCLUDED."total";
  END LOOP;
END
$fn$;

-- One function per table, for its insert, update and delete triggers: what the statement's new
-- rows count less what its old rows counted.
CREATE OR REPLACE FUNCTION "record_counts_users"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
DECLARE
  added jsonb := '{}';
  removed jsonb := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT jsonb_build_object('users', count(*), 'clients', count(*) FILTER (WHERE role = 'client')) INTO added FROM new_rows;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT jsonb_build_object('users', count(*), 'clients', count(*) FILTER (WHERE role = 'client')) INTO removed FROM old_rows;
  END IF;
  PERFORM record_counts_apply(added, removed);
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION "record_counts_subscriptions"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
DECLARE
  added jsonb := '{}';
  removed jsonb := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT jsonb_build_object('subscriptions', count(*), 'active_subscriptions', count(*) FILTER (WHERE status = 'active')) INTO added FROM new_rows;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT jsonb_build_object('subscriptions', count(*), 'active_subscriptions', count(*) FILTER (WHERE status = 'active')) INTO removed FROM old_rows;
  END IF;
  PERFORM record_counts_apply(added, removed);
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION "record_counts_invoices"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
DECLARE
  added jsonb := '{}';
  removed jsonb := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT jsonb_build_object('paid_invoices', count(*)) INTO added FROM new_rows WHERE status = 'paid';
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT jsonb_build_object('paid_invoices', count(*)) INTO removed FROM old_rows WHERE status = 'paid';
  END IF;
  PERFORM record_counts_apply(added, removed);
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION "record_counts_tickets"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
DECLARE
  added jsonb := '{}';
  removed jsonb := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT jsonb_build_object('pending_tickets', count(*)) INTO added FROM new_rows WHERE status IN ('open', 'in_progress');
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT jsonb_build_object('pending_tickets', count(*)) INTO removed FROM old_rows WHERE status IN ('open', 'in_progress');
  END IF;
  PERFORM record_counts_apply(added, removed);
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "record_counts_insert" AFTER INSERT ON "users"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_users"();
CREATE TRIGGER "record_counts_update" AFTER UPDATE ON "users"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_users"();
CREATE TRIGGER "record_counts_delete" AFTER DELETE ON "users"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_users"();

CREATE TRIGGER "record_counts_insert" AFTER INSERT ON "subscriptions"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_subscriptions"();
CREATE TRIGGER "record_counts_update" AFTER UPDATE ON "subscriptions"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_subscriptions"();
CREATE TRIGGER "record_counts_delete" AFTER DELETE ON "subscriptions"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_subscriptions"();

CREATE TRIGGER "record_counts_insert" AFTER INSERT ON "invoices"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_invoices"();
CREATE TRIGGER "record_counts_update" AFTER UPDATE ON "invoices"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_invoices"();
CREATE TRIGGER "record_counts_delete" AFTER DELETE ON "invoices"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_invoices"();

CREATE TRIGGER "record_counts_insert" AFTER INSERT ON "tickets"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_tickets"();
CREATE TRIGGER "record_counts_update" AFTER UPDATE ON "tickets"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_tickets"();
CREATE TRIGGER "record_counts_delete" AFTER DELETE ON "tickets"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_tickets"();
