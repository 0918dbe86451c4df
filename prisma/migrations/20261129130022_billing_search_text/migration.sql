-- AlterTable
ALTER TABLE "invoices" ADD COLUMN     "search_text" TEXT;

-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "search_text" TEXT;

-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "search_text" TEXT;

-- The payments list filtered by method, newest first.
CREATE INDEX "payments_method_paid_at_idx" ON "payments"("method", "paid_at");

-- ── The admin billing lists' search ─────────────────────────────────────────────────────
-- Each row keeps one searchable text (lower-case, unaccented: immutable_unaccent comes from the
-- contact inbox migration) made of its own fields and those of the rows it points to: the
-- client's name and e-mail, the invoice number of a payment, the product or service of a
-- subscription. A search is then one LIKE per word on one column, helped by a trigram index,
-- instead of case-insensitive matches over joined tables. lib/billing/admin-queries.ts searches
-- with: search_text LIKE '%' || word || '%' for every word of the query.
-- Writing search_text (any value) recomputes it: the triggers that follow a client's, an
-- invoice's or a catalogue item's change set it to NULL on the rows that show it.

CREATE OR REPLACE FUNCTION "billing_user_search_text"(user_id text)
RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $fn$ SELECT concat_ws(' ', u.name, u.email) FROM public.users u WHERE u.id = $1 $fn$;

CREATE OR REPLACE FUNCTION "invoices_set_search_text"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  NEW.search_text := lower(public.immutable_unaccent(concat_ws(' ',
    NEW.invoice_number, NEW.customer_name, NEW.customer_email, NEW.customer_tax_id,
    public.billing_user_search_text(NEW.user_id))));
  RETURN NEW;
END
$fn$;

CREATE TRIGGER "invoices_search_text"
BEFORE INSERT OR UPDATE OF "invoice_number", "customer_name", "customer_email", "customer_tax_id", "user_id", "search_text" ON "invoices"
FOR EACH ROW EXECUTE FUNCTION "invoices_set_search_text"();

CREATE OR REPLACE FUNCTION "payments_set_search_text"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  NEW.search_text := lower(public.immutable_unaccent(concat_ws(' ',
    NEW.reference,
    (SELECT i.invoice_number FROM public.invoices i WHERE i.id = NEW.invoice_id),
    public.billing_user_search_text(NEW.user_id))));
  RETURN NEW;
END
$fn$;

CREATE TRIGGER "payments_search_text"
BEFORE INSERT OR UPDATE OF "reference", "invoice_id", "user_id", "search_text" ON "payments"
FOR EACH ROW EXECUTE FUNCTION "payments_set_search_text"();

CREATE OR REPLACE FUNCTION "subscriptions_set_search_text"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  NEW.search_text := lower(public.immutable_unaccent(concat_ws(' ',
    NEW.plan_name,
    public.billing_user_search_text(NEW.user_id),
    (SELECT c.name FROM public.catalog_items c WHERE c.id = NEW.catalog_item_id))));
  RETURN NEW;
END
$fn$;

CREATE TRIGGER "subscriptions_search_text"
BEFORE INSERT OR UPDATE OF "plan_name", "user_id", "catalog_item_id", "search_text" ON "subscriptions"
FOR EACH ROW EXECUTE FUNCTION "subscriptions_set_search_text"();

-- A client renamed (or with a new e-mail) is found under the new name in every list.
CREATE OR REPLACE FUNCTION "users_refresh_billing_search_text"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  UPDATE public.invoices SET search_text = NULL WHERE user_id = NEW.id;
  UPDATE public.payments SET search_text = NULL WHERE user_id = NEW.id;
  UPDATE public.subscriptions SET search_text = NULL WHERE user_id = NEW.id;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "users_billing_search_text"
AFTER UPDATE OF "name", "email" ON "users"
FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."email" IS DISTINCT FROM NEW."email")
EXECUTE FUNCTION "users_refresh_billing_search_text"();

-- A payment is found by its invoice's number, whatever number the invoice has now.
CREATE OR REPLACE FUNCTION "invoices_refresh_payment_search_text"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  UPDATE public.payments SET search_text = NULL WHERE invoice_id = NEW.id;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "invoices_payment_search_text"
AFTER UPDATE OF "invoice_number" ON "invoices"
FOR EACH ROW WHEN (OLD."invoice_number" IS DISTINCT FROM NEW."invoice_number")
EXECUTE FUNCTION "invoices_refresh_payment_search_text"();

-- A subscription is found by its product's or service's current name.
CREATE OR REPLACE FUNCTION "catalog_items_refresh_subscription_search_text"()
RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  UPDATE public.subscriptions SET search_text = NULL WHERE catalog_item_id = NEW.id;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "catalog_items_subscription_search_text"
AFTER UPDATE OF "name" ON "catalog_items"
FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
EXECUTE FUNCTION "catalog_items_refresh_subscription_search_text"();

UPDATE "invoices" SET "search_text" = NULL;
UPDATE "payments" SET "search_text" = NULL;
UPDATE "subscriptions" SET "search_text" = NULL;

-- fastupdate off: a new row is found by the next search at once, without a pending list every
-- search would scan until the next vacuum.
CREATE INDEX "invoices_search_trgm_idx" ON "invoices" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX "payments_search_trgm_idx" ON "payments" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX "subscriptions_search_trgm_idx" ON "subscriptions" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off);
