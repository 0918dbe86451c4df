-- CreateTable
CREATE TABLE "payment_received_totals" (
    "currency" "currency" NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "payments" INTEGER NOT NULL,

    CONSTRAINT "payment_received_totals_pkey" PRIMARY KEY ("currency")
);

-- ── Money received, kept by triggers ───────────────────────────────────────────────────
-- payment_received_totals holds, per currency, the sum and number of the payments received
-- (completed, not paid with the client's credit): the dashboard's «Ingresos» reads at most three
-- rows instead of summing every payment. Statement triggers (transition tables: one pass per
-- statement, even for a bulk insert) apply each statement's changes; the rows are updated in
-- currency order, so concurrent writers cannot deadlock on them. A currency gets its row with
-- its first payment received.
INSERT INTO "payment_received_totals" ("currency", "amount", "payments")
SELECT p."currency", sum(p."amount"), count(*) FROM "payments" p
WHERE p."status" = 'completed' AND p."method" <> 'saldo_a_favor' GROUP BY p."currency";

CREATE OR REPLACE FUNCTION "payment_received_totals_add"(changes jsonb)
RETURNS void
LANGUAGE plpgsql
AS $fn$
DECLARE
  change record;
BEGIN
  FOR change IN
    SELECT (c->>'currency')::"currency" AS currency, sum((c->>'amount')::numeric) AS amount, sum((c->>'n')::int)::int AS n
    FROM jsonb_array_elements(changes) c GROUP BY 1 HAVING sum((c->>'n')::int) <> 0 OR sum((c->>'amount')::numeric) <> 0 ORDER BY 1
  LOOP
    INSERT INTO "payment_received_totals" AS t ("currency", "amount", "payments") VALUES (change.currency, change.amount, change.n)
    ON CONFLICT ("currency") DO UPDATE SET "amount" = t."amount" + EXCLUDED."amount", "payments" = t."payments" + EXCLUDED."payments";
  END LOOP;
END
$fn$;

CREATE OR REPLACE FUNCTION "payment_received_totals_after_insert"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  PERFORM payment_received_totals_add((
    SELECT coalesce(jsonb_agg(jsonb_build_object('currency', currency, 'amount', amount, 'n', n)), '[]') FROM (
      SELECT currency, sum(amount) AS amount, count(*) AS n FROM new_rows
      WHERE status = 'completed' AND method <> 'saldo_a_favor' GROUP BY currency
    ) d));
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION "payment_received_totals_after_update"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  PERFORM payment_received_totals_add((
    SELECT coalesce(jsonb_agg(jsonb_build_object('currency', currency, 'amount', amount, 'n', n)), '[]') FROM (
      SELECT currency, sum(amount) AS amount, count(*) AS n FROM new_rows
      WHERE status = 'completed' AND method <> 'saldo_a_favor' GROUP BY currency
      UNION ALL
      SELECT currency, -sum(amount), -count(*) FROM old_rows
      WHERE status = 'completed' AND method <> 'saldo_a_favor' GROUP BY currency
    ) d));
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION "payment_received_totals_after_delete"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  PERFORM payment_received_totals_add((
    SELECT coalesce(jsonb_agg(jsonb_build_object('currency', currency, 'amount', -amount, 'n', -n)), '[]') FROM (
      SELECT currency, sum(amount) AS amount, count(*) AS n FROM old_rows
      WHERE status = 'completed' AND method <> 'saldo_a_favor' GROUP BY currency
    ) d));
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "payment_received_totals_insert" AFTER INSERT ON "payments"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_received_totals_after_insert"();

CREATE TRIGGER "payment_received_totals_update" AFTER UPDATE ON "payments"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_received_totals_after_update"();

CREATE TRIGGER "payment_received_totals_delete" AFTER DELETE ON "payments"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_received_totals_after_delete"();
