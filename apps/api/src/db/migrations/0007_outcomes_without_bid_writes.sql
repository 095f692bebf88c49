-- Settlement stops writing to `bids` (decision 006). A bid's outcome is derived: the live result revision of its
-- market, date and deciding half, how far that revision's settlement has come, and its win credit. Marking a
-- million bids won or lost cost a row lock, a new row version, four index entries and a foreign-key check per
-- bid; now only winners are written (credit, journal, entries), and a revert writes no bid either.

-- Which declaration decides a bid (game-rules 3.1): the open half decides open-session plain bets; jodis,
-- sangams and every close-session bet wait for the close; a Starline slot or a Gali market has one result.
ALTER TABLE bids ADD COLUMN settle_half text GENERATED ALWAYS AS (
  CASE
    WHEN grp <> 'main' THEN 'single'
    WHEN session = 'open' AND bet_type NOT IN ('jodi_digit', 'half_sangam', 'full_sangam') THEN 'open'
    ELSE 'close'
  END) STORED;

-- Settlement walks a revision's bids in id order; `settled_through` is the last bid id it has decided, so a
-- crash resumes where it stopped and the bids above it still read as pending.
ALTER TABLE results ADD COLUMN settled_through bigint NOT NULL DEFAULT 0;

-- A win whose rate pays nothing (val_2 = 0) is recorded as won with no journal.
ALTER TABLE win_credits DROP CONSTRAINT win_credits_payout_check;
ALTER TABLE win_credits ADD CONSTRAINT win_credits_payout_check CHECK (payout >= 0);
ALTER TABLE win_credits ALTER COLUMN journal_id DROP NOT NULL;
ALTER TABLE win_credits ADD CONSTRAINT win_credits_journal_when_paid CHECK ((payout = 0) = (journal_id IS NULL));
-- One win journal pays all of a player's winning bids in a settlement chunk: journals and entries per winner
-- were most of a large settlement's writes.
ALTER TABLE win_credits DROP CONSTRAINT win_credits_journal_id_key;
-- Credits are written by one statement only (settle.ts), which reads the result under its row lock and writes
-- the journal from the same set of rows; a credit's player is its bid's player. Their foreign keys checked,
-- once per winning bid, what that statement guarantees: a fifth of a large settlement's time. ledger:verify (I6)
-- checks all three relations instead. The bid's own foreign key stays.
ALTER TABLE win_credits DROP CONSTRAINT win_credits_player_id_fkey;
ALTER TABLE win_credits DROP CONSTRAINT win_credits_result_id_fkey;
ALTER TABLE win_credits DROP CONSTRAINT win_credits_journal_id_fkey;

-- Carry the old bid-side outcomes over: zero-payout wins get their credit row; a revision whose settlement was
-- interrupted resumes from the start (its credits exist already and are skipped, not paid twice).
INSERT INTO win_credits (bid_id, result_id, player_id, payout, journal_id)
SELECT b.id, b.settled_result_id, b.player_id, 0, NULL
  FROM bids b
 WHERE b.status = 'won' AND coalesce(b.payout, 0) = 0 AND b.settled_result_id IS NOT NULL
ON CONFLICT DO NOTHING;

DROP INDEX bids_to_settle;
DROP INDEX bids_pending_in_id_order;
DROP INDEX bids_by_settling_result;
ALTER TABLE bids DROP COLUMN status, DROP COLUMN payout, DROP COLUMN settled_result_id, DROP COLUMN settled_at;

CREATE INDEX bids_by_deciding_result ON bids (market_id, market_date, settle_half, id);

-- Every bid with its outcome. A bid is pending until a live revision of its deciding half has settled past it;
-- then it is won if that revision credited it, otherwise lost. Filters on the bid's own columns reach the index
-- of `bids` through the outer joins.
CREATE VIEW bid_outcomes AS
SELECT b.*,
       r.id AS result_id,
       CASE
         WHEN r.id IS NULL OR (r.settled_at IS NULL AND b.id > r.settled_through) THEN 'pending'
         WHEN c.bid_id IS NOT NULL THEN 'won'
         ELSE 'lost'
       END AS status,
       c.payout
  FROM bids b
  LEFT JOIN results r
    ON r.market_id = b.market_id AND r.market_date = b.market_date AND r.half = b.settle_half
   AND r.reverted_at IS NULL
  LEFT JOIN win_credits c ON c.bid_id = b.id AND c.result_id = r.id;
