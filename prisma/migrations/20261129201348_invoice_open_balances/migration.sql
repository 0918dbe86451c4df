-- CreateTable
CREATE TABLE "invoice_open_balances" (
    "currency" "currency" NOT NULL,
    "due_date" DATE NOT NULL,
    "invoices" INTEGER NOT NULL,
    "balance" DECIMAL(14,2) NOT NULL,

    CONSTRAINT "invoice_open_balances_pkey" PRIMARY KEY ("currency","due_date")
);

-- ── What clients owe, kept by triggers ─────────────────────────────────────────────────
-- invoice_open_balances holds, per currency and due date, the number of open invoices (stored
-- as pending) with something left to pay and the sum of what is left
-- (amount − amount_paid − amount_credited); an invoice without a due date counts under
-- 9999-12-31, which no day is past, so it is never overdue. The dashboard's receivables and
-- their ageing read these rows instead of every open invoice (lib/billing/receivables.ts).
-- Statement triggers (transition tables: one pass per statement, even for a bulk insert) apply
-- each statement's changes; the rows are updated in key order, so concurrent writers cannot
-- deadlock on them. Rows that fall to zero stay (readers skip them).
INSERT INTO "invoice_open_balances" ("currency", "due_date", "invoices", "balance")
SELECT i."currency", coalesce(i."due_date", DATE '9999-12-31'), count(*), sum(i."amount" - i."amount_paid" - i."amount_credited")
FROM "invoices" i
WHERE i."status" = 'pending' AND i."amount" - i."amount_paid" - i."amount_credited" > 0
GROUP BY 1, 2;

CREATE OR REPLACE FUNCTION "invoice_open_balances_add"(changes jsonb)
RETURNS void
LANGUAGE plpgsql
AS $fn$
DECLARE
  change record;
BEGIN
  FOR change IN
    SELECT (c->>'currency')::"currency" AS currency, (c->>'due_date')::date AS due_date,
           sum((c->>'n')::int)::int AS n, sum((c->>'balance')::numeric) AS balance
    FROM jsonb_array_elements(changes) c GROUP BY 1, 2
    HAVING sum((c->>'n')::int) <> 0 OR sum((c->>'balance')::numeric) <> 0 ORDER BY 1, 2
  LOOP
    INSERT INTO "invoice_open_balances" AS t ("currency", "due_date", "invoices", "balance")
    VALUES (change.currency, change.due_date, change.n, change.balance)
    ON CONFLICT ("currency", "due_date") DO UPDATE SET "invoices" = t."invoices" + EXCLUDED."invoices", "balance" = t."balance" + EXCLUDED."balance";
  END LOOP;
END
$fn$;

-- The changes of one statement: what its new rows add, less what its old rows took away.
CREATE OR REPLACE FUNCTION "invoice_open_balances_after_insert"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  PERFORM invoice_open_balances_add((
    SELECT coalesce(jsonb_agg(jsonb_build_object('currency', currency, 'due_date', due, 'n', n, 'balance', balance)), '[]') FROM (
      SELECT currency, coalesce(due_date, DATE '9999-12-31') AS due, count(*) AS n, sum(amount - amount_paid - amount_credited) AS balance
      FROM new_rows WHERE status = 'pending' AND amount - amount_paid - amount_credited > 0 GROUP BY 1, 2
    ) d));
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION "invoice_open_balances_after_update"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  PERFORM invoice_open_balances_add((
    SELECT coalesce(jsonb_agg(jsonb_build_object('currency', currency, 'due_date', due, 'n', n, 'balance', balance)), '[]') FROM (
      SELECT currency, coalesce(due_date, DATE '9999-12-31') AS due, count(*) AS n, sum(amount - amount_paid - amount_credited) AS balance
      FROM new_rows WHERE status = 'pending' AND amount - amount_paid - amount_credited > 0 GROUP BY 1, 2
      UNION ALL
      SELECT currency, coalesce(due_date, DATE '9999-12-31'), -count(*), -sum(amount - amount_paid - amount_credited)
      FROM old_rows WHERE status = 'pending' AND amount - amount_paid - amount_credited > 0 GROUP BY 1, 2
    ) d));
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION "invoice_open_balances_after_delete"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  PERFORM invoice_open_balances_add((
    SELECT coalesce(jsonb_agg(jsonb_build_object('currency', currency, 'due_date', due, 'n', -n, 'balance', -balance)), '[]') FROM (
      SELECT currency, coalesce(due_date, DATE '9999-12-31') AS due, count(*) AS n, sum(amount - amount_paid - amount_credited) AS balance
      FROM old_rows WHERE status = 'pending' AND amount - amount_paid - amount_credited > 0 GROUP BY 1, 2
    ) d));
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "invoice_open_balances_insert" AFTER INSERT ON "invoices"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_open_balances_after_insert"();

CREATE TRIGGER "invoice_open_balances_update" AFTER UPDATE ON "invoices"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_open_balances_after_update"();

CREATE TRIGGER "invoice_open_balances_delete" AFTER DELETE ON "invoices"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_open_balances_after_delete"();
