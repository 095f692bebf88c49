-- Risk signals (issue 31 item 5, decision 039): accounts linked by what they share, transfers that form chains or
-- bursts, and the hold a flag puts on the flagged players' withdrawals until an operator reviews it.

-- The device id the app sends at sign-in and registration was only counted against lookups, never kept. It is
-- kept with the session now, so two players signing in on one device can be told.
ALTER TABLE sessions ADD COLUMN device_id text CHECK (char_length(device_id) BETWEEN 1 AND 200);
CREATE INDEX sessions_by_device ON sessions (device_id, created_at) WHERE device_id IS NOT NULL;
CREATE INDEX sessions_by_ip ON sessions (ip, created_at) WHERE ip IS NOT NULL;
-- A player's sign-ins of a window, revoked or not (sessions_live_by_player holds the live ones only).
CREATE INDEX sessions_by_player_time ON sessions (player_id, created_at);

-- Two players saving the same payout number, or one saving the other's phone.
CREATE INDEX payout_methods_by_number ON payout_methods (number);
CREATE INDEX withdraw_requests_by_payout_number ON withdraw_requests (payout_number, created_at);

-- The payer's UPI id (VPA) of a statement line, when its payer text names one ("…/ravi@ybl/…"): two players
-- whose deposits were paid from one UPI id are linked.
CREATE INDEX bank_statement_lines_by_vpa
  ON bank_statement_lines (lower(substring(payer FROM '[A-Za-z0-9._-]+@[A-Za-z][A-Za-z0-9]+')))
  WHERE payer LIKE '%@%';

-- One row per thing worth a look. A flag names every player it concerns (a chain's players, a burst's sender
-- and its recipients, a link's two players); the fingerprint makes raising the same flag twice a no-op, so the
-- sweep and a withdrawal request may both find it.
CREATE TABLE risk_flags (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('link', 'chain', 'burst_out', 'burst_in')),
  fingerprint text NOT NULL UNIQUE CHECK (char_length(fingerprint) <= 300),
  subject_id bigint NOT NULL REFERENCES players (id),
  player_ids bigint[] NOT NULL CHECK (cardinality(player_ids) >= 1),
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 2000),
  -- When the evidence starts and ends (the first and last transfer, the link's window), for bursts not to be
  -- raised again for the same minutes.
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'confirmed')),
  created_at timestamptz NOT NULL,
  reviewed_by bigint REFERENCES operators (id),
  reviewed_at timestamptz,
  review_note text CHECK (char_length(review_note) <= 500),
  CONSTRAINT risk_flag_reviewed CHECK ((status = 'open') = (reviewed_at IS NULL))
);
CREATE INDEX risk_flags_by_status ON risk_flags (status, id);
CREATE INDEX risk_flags_by_player ON risk_flags USING gin (player_ids);
CREATE INDEX risk_flags_by_subject ON risk_flags (subject_id, kind, last_at);

-- Where the periodic sweep got to: the next one reads what was written since (with an overlap, see sweep.ts).
CREATE TABLE risk_sweeps (
  name text PRIMARY KEY,
  swept_to timestamptz NOT NULL
);

-- A withdrawal of a flagged player waits: the reason is kept on the request, and an operator clears it.
ALTER TABLE withdraw_requests
  ADD COLUMN hold_reason text CHECK (char_length(hold_reason) <= 2000),
  ADD COLUMN held_at timestamptz,
  ADD COLUMN hold_cleared_by bigint REFERENCES operators (id),
  ADD COLUMN hold_cleared_at timestamptz,
  ADD COLUMN hold_clear_note text CHECK (char_length(hold_clear_note) <= 500),
  ADD CONSTRAINT withdraw_hold_with_time CHECK ((hold_reason IS NULL) = (held_at IS NULL)),
  ADD CONSTRAINT withdraw_hold_cleared_after_held CHECK (hold_cleared_at IS NULL OR held_at IS NOT NULL),
  ADD CONSTRAINT withdraw_hold_cleared_with_time CHECK ((hold_cleared_by IS NULL) = (hold_cleared_at IS NULL));
CREATE INDEX withdraw_requests_held ON withdraw_requests (player_id) WHERE status = '0' AND hold_reason IS NOT NULL;
