-- CreateTable
CREATE TABLE "contact_message_weeks" (
    "week" DATE NOT NULL,
    "status" "contact_status" NOT NULL,
    "total" INTEGER NOT NULL,

    CONSTRAINT "contact_message_weeks_pkey" PRIMARY KEY ("week","status")
);

-- CreateTable
CREATE TABLE "revenue_months" (
    "month" DATE NOT NULL,
    "currency" "currency" NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "entries" INTEGER NOT NULL,

    CONSTRAINT "revenue_months_pkey" PRIMARY KEY ("month","currency")
);

-- ── The dashboard's charts, kept by triggers ───────────────────────────────────────────
-- contact_message_weeks holds the messages not deleted per Lima week (its Monday) and status;
-- revenue_months the money received per Lima month (its first day) and currency: payments
-- completed and not paid with the client's credit, by paid_at, less the refunds of credit, by
-- created_at. The charts read their finished weeks and months here and count only the current
-- one, so a dashboard view no longer reads every message of 12 weeks and every payment of a year.
-- Statement triggers (transition tables: one pass per statement, even for a bulk insert) add
-- what each statement's new rows count and take away what its old rows counted; a statement
-- that changes nothing counted (a note, an assignment) writes nothing. Rows are written in key
-- order, so concurrent writers cannot deadlock on them. 'America/Lima' is the business's time
-- zone, as in the app's charts; timestamps are stored in UTC without a zone.

CREATE OR REPLACE FUNCTION "lima_week"(at timestamp)
RETURNS date
LANGUAGE sql
STABLE
AS $fn$ SELECT date_trunc('week', (at AT TIME ZONE 'UTC') AT TIME ZONE 'America/Lima')::date $fn$;

CREATE OR REPLACE FUNCTION "lima_month"(at timestamp)
RETURNS date
LANGUAGE sql
STABLE
AS $fn$ SELECT date_trunc('month', (at AT TIME ZONE 'UTC') AT TIME ZONE 'America/Lima')::date $fn$;

INSERT INTO "contact_message_weeks" ("week", "status", "total")
SELECT lima_week(m."created_at"), m."status", count(*)::int FROM "contact_messages" m
WHERE m."deleted_at" IS NULL GROUP BY 1, 2;

INSERT INTO "revenue_months" ("month", "currency", "amount", "entries")
SELECT r."month", r."currency", sum(r."amount"), count(*)::int FROM (
  SELECT lima_month(p."paid_at") AS "month", p."currency", p."amount" FROM "payments" p
  WHERE p."status" = 'completed' AND p."method" <> 'saldo_a_favor'
  UNION ALL
  SELECT lima_month(c."created_at"), c."currency", c."amount" FROM "customer_credits" c WHERE c."kind" = 'refund'
) r
GROUP BY 1, 2;

-- Adds `added` and takes away `removed` (arrays of {week, status, n}).
CREATE OR REPLACE FUNCTION "contact_message_weeks_apply"(added jsonb, removed jsonb)
RETURNS void
LANGUAGE sql
AS $fn$
  INSERT INTO "contact_message_weeks" AS w ("week", "status", "total")
  SELECT d.week, d.status, sum(d.n)::int
  FROM (SELECT (e->>'week')::date AS week, (e->>'status')::"contact_status" AS status, (e->>'n')::int AS n FROM jsonb_array_elements(added) e
        UNION ALL
        SELECT (e->>'week')::date, (e->>'status')::"contact_status", -(e->>'n')::int FROM jsonb_array_elements(removed) e) d
  GROUP BY d.week, d.status
  HAVING sum(d.n) <> 0
  ORDER BY d.week, d.status
  ON CONFLICT ("week", "status") DO UPDATE SET "total" = w."total" + EXCLUDED."total";
$fn$;

CREATE OR REPLACE FUNCTION "contact_message_weeks_count"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
DECLARE
  added jsonb := '[]';
  removed jsonb := '[]';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT coalesce(jsonb_agg(jsonb_build_object('week', week, 'status', status, 'n', n)), '[]') INTO added
    FROM (SELECT lima_week(created_at) AS week, status, count(*) AS n FROM new_rows WHERE deleted_at IS NULL GROUP BY 1, 2) d;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT coalesce(jsonb_agg(jsonb_build_object('week', week, 'status', status, 'n', n)), '[]') INTO removed
    FROM (SELECT lima_week(created_at) AS week, status, count(*) AS n FROM old_rows WHERE deleted_at IS NULL GROUP BY 1, 2) d;
  END IF;
  PERFORM contact_message_weeks_apply(added, removed);
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "contact_message_weeks_insert" AFTER INSERT ON "contact_messages"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "contact_message_weeks_count"();

CREATE TRIGGER "contact_message_weeks_update" AFTER UPDATE ON "contact_messages"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "contact_message_weeks_count"();

CREATE TRIGGER "contact_message_weeks_delete" AFTER DELETE ON "contact_messages"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "contact_message_weeks_count"();

-- Adds `added` and takes away `removed` (arrays of {month, currency, amount, n}).
CREATE OR REPLACE FUNCTION "revenue_months_apply"(added jsonb, removed jsonb)
RETURNS void
LANGUAGE sql
AS $fn$
  INSERT INTO "revenue_months" AS r ("month", "currency", "amount", "entries")
  SELECT d.month, d.currency, sum(d.amount), sum(d.n)::int
  FROM (SELECT (e->>'month')::date AS month, (e->>'currency')::"currency" AS currency, (e->>'amount')::numeric AS amount, (e->>'n')::int AS n
          FROM jsonb_array_elements(added) e
        UNION ALL
        SELECT (e->>'month')::date, (e->>'currency')::"currency", -(e->>'amount')::numeric, -(e->>'n')::int FROM jsonb_array_elements(removed) e) d
  GROUP BY d.month, d.currency
  HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0
  ORDER BY d.month, d.currency
  ON CONFLICT ("month", "currency") DO UPDATE SET "amount" = r."amount" + EXCLUDED."amount", "entries" = r."entries" + EXCLUDED."entries";
$fn$;

-- Payments: what a statement's rows received (completed, not paid with the client's credit).
CREATE OR REPLACE FUNCTION "revenue_months_payments"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
DECLARE
  added jsonb := '[]';
  removed jsonb := '[]';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT coalesce(jsonb_agg(jsonb_build_object('month', month, 'currency', currency, 'amount', amount, 'n', n)), '[]') INTO added
    FROM (SELECT lima_month(paid_at) AS month, currency, sum(amount) AS amount, count(*) AS n FROM new_rows
          WHERE status = 'completed' AND method <> 'saldo_a_favor' GROUP BY 1, 2) d;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT coalesce(jsonb_agg(jsonb_build_object('month', month, 'currency', currency, 'amount', amount, 'n', n)), '[]') INTO removed
    FROM (SELECT lima_month(paid_at) AS month, currency, sum(amount) AS amount, count(*) AS n FROM old_rows
          WHERE status = 'completed' AND method <> 'saldo_a_favor' GROUP BY 1, 2) d;
  END IF;
  PERFORM revenue_months_apply(added, removed);
  RETURN NULL;
END
$fn$;

-- Client credit: the refunds (negative amounts, money given back).
CREATE OR REPLACE FUNCTION "revenue_months_credits"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
DECLARE
  added jsonb := '[]';
  removed jsonb := '[]';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT coalesce(jsonb_agg(jsonb_build_object('month', month, 'currency', currency, 'amount', amount, 'n', n)), '[]') INTO added
    FROM (SELECT lima_month(created_at) AS month, currency, sum(amount) AS amount, count(*) AS n FROM new_rows WHERE kind = 'refund' GROUP BY 1, 2) d;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT coalesce(jsonb_agg(jsonb_build_object('month', month, 'currency', currency, 'amount', amount, 'n', n)), '[]') INTO removed
    FROM (SELECT lima_month(created_at) AS month, currency, sum(amount) AS amount, count(*) AS n FROM old_rows WHERE kind = 'refund' GROUP BY 1, 2) d;
  END IF;
  PERFORM revenue_months_apply(added, removed);
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "revenue_months_payments_insert" AFTER INSERT ON "payments"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "revenue_months_payments"();

CREATE TRIGGER "revenue_months_payments_update" AFTER UPDATE ON "payments"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "revenue_months_payments"();

CREATE TRIGGER "revenue_months_payments_delete" AFTER DELETE ON "payments"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "revenue_months_payments"();

CREATE TRIGGER "revenue_months_credits_insert" AFTER INSERT ON "customer_credits"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "revenue_months_credits"();

CREATE TRIGGER "revenue_months_credits_update" AFTER UPDATE ON "customer_credits"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "revenue_months_credits"();

CREATE TRIGGER "revenue_months_credits_delete" AFTER DELETE ON "customer_credits"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "revenue_months_credits"();
