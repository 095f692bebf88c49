-- Declared results and their settlement (game-rules sections 3-5 and 7.3-7.4, decisions D5-D8).

-- One row per declaration: a result revision. A revert marks it; the next declaration is a new row.
CREATE TABLE results (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market_id bigint NOT NULL REFERENCES markets (id),
  market_date date NOT NULL,
  -- 'open' / 'close' for main markets; 'single' for a Starline slot or a Gali market.
  half text NOT NULL CHECK (half IN ('open', 'close', 'single')),
  value text NOT NULL CHECK (value ~ '^[0-9]{2,3}$'),
  declared_by bigint REFERENCES operators (id),
  declared_at timestamptz NOT NULL,
  settled_at timestamptz,
  revert_started_at timestamptz,
  reverted_at timestamptz,
  reverted_by bigint REFERENCES operators (id)
);
-- At most one live declaration per market, date and half: a second declare is refused or resumes.
CREATE UNIQUE INDEX results_one_live ON results (market_id, market_date, half) WHERE reverted_at IS NULL;
CREATE INDEX results_by_market_date ON results (market_id, market_date DESC);

ALTER TABLE bids ADD COLUMN settled_result_id bigint REFERENCES results (id);
CREATE INDEX bids_by_settling_result ON bids (settled_result_id) WHERE settled_result_id IS NOT NULL;

-- A winning bid's credit under one result revision: the primary key makes a second payment impossible (L6).
CREATE TABLE win_credits (
  bid_id bigint NOT NULL REFERENCES bids (id),
  result_id bigint NOT NULL REFERENCES results (id),
  player_id bigint NOT NULL REFERENCES players (id),
  payout bigint NOT NULL CHECK (payout > 0),
  journal_id bigint NOT NULL UNIQUE REFERENCES journals (id),
  reversal_journal_id bigint UNIQUE REFERENCES journals (id),
  PRIMARY KEY (bid_id, result_id)
);
CREATE INDEX win_credits_by_result ON win_credits (result_id);
