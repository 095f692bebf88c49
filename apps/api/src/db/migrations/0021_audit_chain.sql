-- A tamper-evident audit (issue 16): every audit row stores a SHA-256 over its content and the previous row's
-- hash, so editing, deleting or reordering a row breaks the chain from there on (`npm run audit:verify`).
--
-- The chain is written by the database: a BEFORE INSERT trigger takes the one chain-head row FOR UPDATE (its
-- lock is kept to commit), gives the row the position after the last row and hashes it. Concurrent writers therefore add
-- one after the other and the chain cannot fork; a writer that rolls back leaves the head as it was. Ids are
-- handed out before the trigger runs, so the chain's order is `chain_seq`, not `id`.

ALTER TABLE audit_log
  ADD COLUMN chain_seq bigint UNIQUE,
  ADD COLUMN prev_hash bytea,
  ADD COLUMN row_hash bytea;

CREATE TABLE audit_chain_head (
  id integer PRIMARY KEY CHECK (id = 1),
  last_seq bigint NOT NULL,
  last_hash bytea NOT NULL
);

-- What a row's hash covers: every column but the chain's own, in a fixed order. jsonb's text form is
-- canonical (keys sorted, no insignificant spaces) and the time is in microseconds since the epoch, so the
-- text does not depend on the session's time zone or date style.
CREATE FUNCTION audit_row_content(a audit_log) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
    a.id, (extract(epoch FROM a.created_at) * 1000000)::bigint, a.operator_id, a.username, a.action,
    a.target_type, a.target_id, a.player_id, a.detail, a.before_state, a.after_state, a.ip, a.user_agent,
    a.request_id
  )::text
$$;

CREATE FUNCTION audit_row_hash(a audit_log, prev bytea) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
  SELECT sha256(prev || convert_to(audit_row_content(a), 'UTF8'))
$$;

-- The row before is read from the log itself, under the head's lock: rows an earlier writer committed are
-- visible once the lock is ours, and so are the rows this same statement added before this one. The head is
-- moved once per statement (below): moving it per row made a 10,000-row insert walk a chain of 10,000 row
-- versions of the head for every row.
-- SECURITY DEFINER: a server role without UPDATE on the head (see the REVOKE below) still moves it, only here.
CREATE FUNCTION audit_chain_append() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  last_seq bigint;
  last_hash bytea;
BEGIN
  PERFORM 1 FROM audit_chain_head WHERE id = 1 FOR UPDATE;
  SELECT a.chain_seq, a.row_hash INTO last_seq, last_hash FROM audit_log a ORDER BY a.chain_seq DESC LIMIT 1;
  NEW.chain_seq := COALESCE(last_seq, 0) + 1;
  NEW.prev_hash := COALESCE(last_hash, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea);
  NEW.row_hash := audit_row_hash(NEW, NEW.prev_hash);
  RETURN NEW;
END $$;

-- The head names the last row, so `audit:verify` also notices rows deleted from the end of the log.
CREATE FUNCTION audit_chain_move_head() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE audit_chain_head h SET last_seq = a.chain_seq, last_hash = a.row_hash
    FROM (SELECT chain_seq, row_hash FROM audit_log ORDER BY chain_seq DESC LIMIT 1) a
   WHERE h.id = 1;
  RETURN NULL;
END $$;

-- Existing rows are chained in id order (nothing writes during a migration).
ALTER TABLE audit_log DISABLE TRIGGER audit_append_only;
DO $$
DECLARE
  r audit_log;
  seq bigint := 0;
  prev bytea := '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea;
  h bytea;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    seq := seq + 1;
    h := audit_row_hash(r, prev);
    UPDATE audit_log SET chain_seq = seq, prev_hash = prev, row_hash = h WHERE id = r.id;
    prev := h;
  END LOOP;
  INSERT INTO audit_chain_head (id, last_seq, last_hash) VALUES (1, seq, prev);
END $$;
ALTER TABLE audit_log ENABLE TRIGGER audit_append_only;

ALTER TABLE audit_log
  ALTER COLUMN chain_seq SET NOT NULL,
  ALTER COLUMN prev_hash SET NOT NULL,
  ALTER COLUMN row_hash SET NOT NULL;

CREATE TRIGGER audit_chain_append BEFORE INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_chain_append();
CREATE TRIGGER audit_chain_move_head AFTER INSERT ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_move_head();

-- The head moves only by the trigger: no one updates it by hand, and it is never deleted.
CREATE FUNCTION refuse_audit_head_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the audit chain head moves only with a new audit row: % refused', TG_OP USING ERRCODE = '55000';
END $$;
CREATE TRIGGER audit_chain_head_guard BEFORE UPDATE OR DELETE ON audit_chain_head
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_head_change();
CREATE TRIGGER audit_chain_head_no_truncate BEFORE TRUNCATE ON audit_chain_head
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_head_change();

-- Where the server runs as a role of its own (not the owner that ran the migrations), that role may add and
-- read audit rows but never change or remove them.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT DISTINCT g.grantee FROM information_schema.role_table_grants g
     WHERE g.table_name IN ('audit_log', 'audit_chain_head')
       AND g.privilege_type IN ('UPDATE', 'DELETE', 'TRUNCATE')
       AND g.grantee <> (SELECT tableowner FROM pg_tables WHERE tablename = 'audit_log' LIMIT 1)
  LOOP
    EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON audit_log, audit_chain_head FROM %I', r.grantee);
  END LOOP;
END $$;
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log, audit_chain_head FROM PUBLIC;
