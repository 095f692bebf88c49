-- Not a change to make: the floor under a bid's instructions (bid-instructions, BENCH_LEVERS). Every rule the
-- database judges on a bid's writes is taken away: the user triggers of the tables a bid writes (the ledger
-- trigger, so not even the wallet's balance moves; the rows' reference check), their CHECK constraints and the
-- domains' rules. What is left is the writing itself: a journal, two entries, the rows routed into their
-- month, the key, their index entries and the executor starting each statement.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT DISTINCT t.tgrelid::regclass AS rel, t.tgname
      FROM pg_trigger t
     WHERE NOT t.tgisinternal AND t.tgparentid = 0
       AND t.tgrelid IN ('entries'::regclass, 'journals'::regclass, 'bids'::regclass, 'accounts'::regclass,
                         'idempotency_keys'::regclass)
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %s', r.tgname, r.rel);
  END LOOP;
  FOR r IN
    SELECT c.conrelid::regclass AS rel, c.conname
      FROM pg_constraint c
     WHERE c.contype = 'c' AND c.conislocal
       AND c.conrelid IN ('entries'::regclass, 'journals'::regclass, 'bids'::regclass, 'accounts'::regclass,
                          'idempotency_keys'::regclass)
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.rel, r.conname);
  END LOOP;
  FOR r IN
    SELECT c.contypid::regtype AS domain, c.conname
      FROM pg_constraint c
     WHERE c.contype = 'c' AND c.contypid <> 0
  LOOP
    EXECUTE format('ALTER DOMAIN %s DROP CONSTRAINT %I', r.domain, r.conname);
  END LOOP;
END $$;
