-- Operator limits (issue 27 item 1, decision 027). Every credit of a wallet an operator makes (a manual credit,
-- a deposit approval) and every withdrawal payout they approve is one row here, with whether they did it alone.
-- The rolling 24-hour allowance sums an operator's solo rows; the withdrawal desk reads who credited a player.
CREATE TABLE operator_money_moves (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators (id),
  kind text NOT NULL CHECK (kind IN ('credit', 'payout')),
  player_id bigint NOT NULL REFERENCES players (id),
  amount bigint NOT NULL CHECK (amount > 0),
  -- false when a second operator approved the same move (a held credit, a withdrawal's two approvals).
  solo boolean NOT NULL,
  ref_type text NOT NULL CHECK (ref_type IN ('deposit_request', 'withdraw_request', 'money_hold', 'player')),
  ref_id bigint NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX operator_money_moves_by_operator ON operator_money_moves (operator_id, created_at);
CREATE INDEX operator_money_moves_by_player ON operator_money_moves (player_id, created_at);

-- A manual credit past its maker's allowance waits here until a second operator approves or rejects it.
CREATE TABLE money_holds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('credit')),
  player_id bigint NOT NULL REFERENCES players (id),
  amount bigint NOT NULL CHECK (amount > 0),
  reason text NOT NULL,
  state text NOT NULL CHECK (state IN ('pending_approval', 'approved', 'rejected')),
  maker_id bigint NOT NULL REFERENCES operators (id),
  created_at timestamptz NOT NULL,
  -- What the maker's solo moves had used of the allowance when it was held, for the checker to see.
  allowance_points bigint NOT NULL,
  used_paise bigint NOT NULL,
  checker_id bigint REFERENCES operators (id),
  decided_at timestamptz,
  decision_reason text,
  journal_id bigint REFERENCES journals (id),
  CHECK ((state = 'pending_approval') = (decided_at IS NULL)),
  CHECK ((state = 'approved') = (journal_id IS NOT NULL)),
  -- Its maker may withdraw it (reject); only another operator approves it.
  CHECK (state <> 'approved' OR checker_id <> maker_id)
);
CREATE INDEX money_holds_by_state ON money_holds (state, id DESC);

-- A revert under the two-person rule is a proposal, approved by a second results operator as a declaration is.
CREATE TABLE result_revert_proposals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market_id bigint NOT NULL REFERENCES markets (id),
  market_date date NOT NULL,
  half text CHECK (half IN ('open', 'close', 'single')),
  reason text NOT NULL,
  state text NOT NULL CHECK (state IN ('pending_approval', 'reverted', 'rejected')),
  maker_id bigint NOT NULL REFERENCES operators (id),
  created_at timestamptz NOT NULL,
  checker_id bigint REFERENCES operators (id),
  decided_at timestamptz,
  decision_reason text,
  CHECK ((state = 'pending_approval') = (decided_at IS NULL)),
  CHECK (state <> 'reverted' OR checker_id <> maker_id)
);
CREATE UNIQUE INDEX result_revert_proposals_one_pending ON result_revert_proposals (market_id, market_date)
  WHERE state = 'pending_approval';
