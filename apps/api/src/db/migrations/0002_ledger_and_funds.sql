-- The double-entry ledger (architecture section 4) and the money requests around it.
--
-- Sign convention: an entry's amount is signed paise; a player's wallet is positive when the player holds
-- points, system accounts go negative as value leaves them. The entries of a journal sum to zero, so all
-- entries together sum to zero (I1).
--
-- Cached balances are kept only where a constraint needs them (player wallets and debts), and the database
-- keeps them itself: a statement-level trigger adds each statement's entries to the cached balances, so
-- cached = sum of entries by construction and the CHECKs below refuse any overdraft, whatever the caller.
-- System accounts have no cached balance: every bid would otherwise queue on the house row's lock.

CREATE TABLE accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (
    kind IN ('wallet', 'debt', 'house', 'deposits', 'withdrawals_pending', 'withdrawals_paid', 'adjustments')
  ),
  player_id bigint REFERENCES players (id),
  balance bigint,
  CONSTRAINT accounts_owner CHECK ((kind IN ('wallet', 'debt')) = (player_id IS NOT NULL)),
  CONSTRAINT accounts_cached CHECK ((kind IN ('wallet', 'debt')) = (balance IS NOT NULL)),
  -- L3: a wallet never goes below zero. Debt from a corrected result (game-rules D7) lives in the debt account.
  CONSTRAINT wallet_not_negative CHECK (kind <> 'wallet' OR balance >= 0),
  CONSTRAINT debt_not_positive CHECK (kind <> 'debt' OR balance <= 0),
  CONSTRAINT accounts_one_per_kind UNIQUE (player_id, kind)
);
CREATE UNIQUE INDEX accounts_one_system_per_kind ON accounts (kind) WHERE player_id IS NULL;

INSERT INTO accounts (kind) VALUES ('house'), ('deposits'), ('withdrawals_pending'), ('withdrawals_paid'), ('adjustments');

-- Every player gets a wallet and a debt account the moment the player row exists.
CREATE FUNCTION create_player_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO accounts (kind, player_id, balance) VALUES ('wallet', NEW.id, 0), ('debt', NEW.id, 0);
  RETURN NEW;
END $$;
CREATE TRIGGER players_accounts AFTER INSERT ON players FOR EACH ROW EXECUTE FUNCTION create_player_accounts();

CREATE TABLE journals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (
    kind IN (
      'bid', 'win', 'win_reversal', 'deposit', 'withdraw_hold', 'withdraw_payout', 'withdraw_release',
      'transfer', 'adjustment', 'debt_repayment'
    )
  ),
  -- Who caused it: 'player:<id>', 'operator:<id>' or 'system'.
  actor text NOT NULL,
  ref_type text,
  ref_id bigint,
  note text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX journals_by_ref ON journals (ref_type, ref_id);

CREATE TABLE entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  journal_id bigint NOT NULL REFERENCES journals (id),
  account_id bigint NOT NULL REFERENCES accounts (id),
  amount bigint NOT NULL CHECK (amount <> 0)
);
CREATE INDEX entries_by_account ON entries (account_id, id DESC);
CREATE INDEX entries_by_journal ON entries (journal_id);

-- L8: ledger rows are never updated or deleted; a correction is a new reversing journal.
CREATE FUNCTION refuse_ledger_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = '55000';
END $$;
CREATE TRIGGER entries_append_only BEFORE UPDATE OR DELETE ON entries
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
CREATE TRIGGER entries_no_truncate BEFORE TRUNCATE ON entries
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_ledger_change();
CREATE TRIGGER journals_append_only BEFORE UPDATE OR DELETE ON journals
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
CREATE TRIGGER journals_no_truncate BEFORE TRUNCATE ON journals
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_ledger_change();

-- All entries of a journal are written by one INSERT statement; this checks each such journal balances
-- (I2) and moves the cached balances, locking the touched accounts in id order so opposite transfers
-- cannot deadlock.
CREATE FUNCTION post_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad bigint;
BEGIN
  SELECT j.journal_id INTO bad
    FROM (SELECT DISTINCT journal_id FROM new_entries) j
    JOIN entries e ON e.journal_id = j.journal_id
   GROUP BY j.journal_id
  HAVING sum(e.amount) <> 0 OR count(*) < 2
   LIMIT 1;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'journal % does not balance', bad USING ERRCODE = '23514';
  END IF;
  PERFORM 1 FROM accounts
    WHERE id IN (SELECT DISTINCT account_id FROM new_entries) AND balance IS NOT NULL
    ORDER BY id FOR UPDATE;
  UPDATE accounts a SET balance = a.balance + d.delta
    FROM (SELECT account_id, sum(amount) AS delta FROM new_entries GROUP BY account_id) d
   WHERE a.id = d.account_id AND a.balance IS NOT NULL;
  RETURN NULL;
END $$;
CREATE TRIGGER entries_post AFTER INSERT ON entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION post_entries();

-- Stripe-style idempotency: the key row is written in the same transaction as the effect it guards.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL CHECK (char_length(key) BETWEEN 8 AND 255),
  endpoint text NOT NULL,
  request_hash bytea NOT NULL,
  -- json, not jsonb: a replay must return the first answer byte for byte.
  response json,
  journal_id bigint REFERENCES journals (id),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);

-- Deposit requests ("fund requests"): pending until an operator approves (one credit) or rejects.
CREATE TABLE deposit_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_id bigint NOT NULL REFERENCES players (id),
  amount bigint NOT NULL CHECK (amount > 0),
  method text NOT NULL DEFAULT 'upi',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  journal_id bigint UNIQUE REFERENCES journals (id),
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by bigint,
  CONSTRAINT deposit_journal_iff_approved CHECK ((status = 'approved') = (journal_id IS NOT NULL))
);
CREATE INDEX deposit_requests_by_player ON deposit_requests (player_id, id DESC);
CREATE INDEX deposit_requests_by_status ON deposit_requests (status, id);

-- Saved payout numbers, each added only with a code sent to the player's own phone.
CREATE TABLE payout_methods (
  player_id bigint NOT NULL REFERENCES players (id),
  upi_type text NOT NULL CHECK (upi_type IN ('1', '2', '3')),
  number text NOT NULL CHECK (number ~ '^[6-9][0-9]{9}$'),
  verified_at timestamptz NOT NULL,
  PRIMARY KEY (player_id, upi_type)
);

-- Withdrawal requests: the hold moves the amount to withdrawals_pending; approve pays it out, reject returns it.
-- request_status follows the spec: '0' pending, '1' cancelled (rejected), '2' approved.
CREATE TABLE withdraw_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_id bigint NOT NULL REFERENCES players (id),
  amount bigint NOT NULL CHECK (amount > 0),
  payment_method text NOT NULL CHECK (payment_method IN ('2', '3', '4')),
  payout_number text NOT NULL,
  status text NOT NULL DEFAULT '0' CHECK (status IN ('0', '1', '2')),
  receipt_url text,
  hold_journal_id bigint NOT NULL UNIQUE REFERENCES journals (id),
  settle_journal_id bigint UNIQUE REFERENCES journals (id),
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by bigint,
  CONSTRAINT withdraw_settled_iff_decided CHECK ((status = '0') = (settle_journal_id IS NULL))
);
CREATE INDEX withdraw_requests_by_player ON withdraw_requests (player_id, id DESC);
CREATE INDEX withdraw_requests_by_status ON withdraw_requests (status, id);

CREATE TABLE transfers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  from_player_id bigint NOT NULL REFERENCES players (id),
  to_player_id bigint NOT NULL REFERENCES players (id),
  amount bigint NOT NULL CHECK (amount >= 10000),
  journal_id bigint NOT NULL UNIQUE REFERENCES journals (id),
  created_at timestamptz NOT NULL,
  CONSTRAINT transfer_not_to_self CHECK (from_player_id <> to_player_id)
);

-- Operators are separate from players; sessions work like player sessions (hashed opaque tokens).
CREATE TABLE operators (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'cashier', 'results')),
  created_at timestamptz NOT NULL
);

CREATE TABLE operator_sessions (
  token_hash bytea PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators (id),
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  revoked_at timestamptz
);

-- S11: every operator action, append-only.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id bigint REFERENCES operators (id),
  action text NOT NULL,
  target_type text,
  target_id text,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip text,
  request_id text,
  created_at timestamptz NOT NULL
);
CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_ledger_change();

-- Players who registered before the ledger existed get their accounts too.
INSERT INTO accounts (kind, player_id, balance) SELECT 'wallet', id, 0 FROM players;
INSERT INTO accounts (kind, player_id, balance) SELECT 'debt', id, 0 FROM players;
