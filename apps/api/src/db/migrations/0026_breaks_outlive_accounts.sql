-- A time-out or self-exclusion outlives the account it was taken on (issue 16, decision 014). Closing an
-- account frees its phone; while a break taken on it runs, that phone may not open a new account. Only a keyed
-- hash of the phone is kept (HMAC under a key derived from the server's pepper, so a copy of the database alone
-- cannot walk the phone range back to it), with the break's kind and end; a row whose end has passed means
-- nothing and is dropped at the next closure.
CREATE TABLE closed_account_breaks (
  phone_mac bytea PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('timeout', 'exclusion')),
  until timestamptz NOT NULL,
  closed_at timestamptz NOT NULL
);
CREATE INDEX closed_account_breaks_until ON closed_account_breaks (until);

-- No path may end a break early or shorten it: a new break only ever ends later (play/service.ts), and a break
-- that ended stays as the last one taken. Held here too, so no operator route written later can lift one.
CREATE FUNCTION players_break_only_lengthens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.break_until IS NOT NULL AND (NEW.break_until IS NULL OR NEW.break_until < OLD.break_until) THEN
    RAISE EXCEPTION 'a time-out or self-exclusion cannot be shortened or lifted'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER players_break_only_lengthens BEFORE UPDATE OF break_kind, break_until ON players
  FOR EACH ROW EXECUTE FUNCTION players_break_only_lengthens();
