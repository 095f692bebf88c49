-- The results desk (issue 14): declarations waiting for a second operator under the two-person rule, and the
-- reason each revert was made.

-- A declaration made while `results_two_person` is on: nothing is paid until another operator approves it.
-- Approval writes the result revision (results) and links it here; rejection closes it without one.
CREATE TABLE result_declarations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market_id bigint NOT NULL REFERENCES markets (id),
  market_date date NOT NULL,
  half text NOT NULL CHECK (half IN ('open', 'close', 'single')),
  value text NOT NULL CHECK (value ~ '^[0-9]{2,3}$'),
  -- superseded: the draw was declared another way (the setting was switched off) while this one waited.
  state text NOT NULL CHECK (state IN ('pending_approval', 'declared', 'rejected', 'superseded')),
  maker_id bigint NOT NULL REFERENCES operators (id),
  created_at timestamptz NOT NULL,
  -- What the candidate value would have paid when it was made: bids, winners, payout and stakes in paise.
  preview_bids integer NOT NULL,
  preview_winners integer NOT NULL,
  preview_payout bigint NOT NULL,
  preview_stakes bigint NOT NULL,
  checker_id bigint REFERENCES operators (id),
  decided_at timestamptz,
  reason text,
  result_id bigint UNIQUE REFERENCES results (id),
  CHECK ((state = 'pending_approval') = (decided_at IS NULL)),
  CHECK ((state = 'declared') = (result_id IS NOT NULL)),
  CHECK (state <> 'declared' OR checker_id <> maker_id)
);
-- One waiting declaration per draw: a second one is refused until the first is approved or rejected.
CREATE UNIQUE INDEX result_declarations_one_pending ON result_declarations (market_id, market_date, half)
  WHERE state = 'pending_approval';
CREATE INDEX result_declarations_by_state ON result_declarations (state, id DESC);
CREATE INDEX result_declarations_by_draw ON result_declarations (market_id, market_date);

ALTER TABLE results ADD COLUMN revert_reason text;
