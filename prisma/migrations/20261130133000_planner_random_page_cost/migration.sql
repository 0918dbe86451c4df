-- The planner's cost of reading a page at random, for this database: 1.1 instead of Postgres's 4.
--
-- 4 models a spinning disk. The app's tables are read from memory or SSD, where a random page
-- costs about as much as the next one. With 4 the planner paid dearly to avoid heap pages: a
-- search of a common word within a few hundred invoices (a state, a client) combined the
-- trigram index with the btree one (BitmapAnd), reading some 25,000 trigram entries (5 ms) to
-- skip 200 heap pages that cost 0.5 ms to read. With 1.1 it reads the few hundred rows from the
-- btree index and checks the word on each; rare words still go to the trigram index. Over every
-- signed-in screen of the 100,000-message bench data set, the database time fell by 40 %, and no
-- query got slower.
--
-- Applies to sessions opened after it (the app opens its connections after migrating). A role
-- that may not change the database's settings (some managed services) leaves the default and a
-- notice; `ALTER DATABASE <name> SET random_page_cost = 1.1` by the owner does the same.
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET random_page_cost = 1.1', current_database());
EXCEPTION
  WHEN insufficient_privilege THEN
    RAISE NOTICE 'random_page_cost sin cambiar: este usuario no puede modificar la base %', current_database();
END
$$;
