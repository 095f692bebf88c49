-- Bids and win credits partitioned by draw date, a month per partition (issue 18, decision 016): today's draws
-- read and write this month's partitions only, whatever a year of history holds, and an old month can be
-- detached whole (gama_detach_draw_month) instead of deleted row by row. The ledger's entries and journals are
-- not partitioned: they carry no draw date, and the ledger check sums all of them (decision 016 says why).
--
-- Keys include the partition key, as PostgreSQL requires. What stays globally unique and why:
-- - a bid: (id, market_date); ids come from one sequence, so an id names one bid.
-- - a win credit: (bid_id, result_id, market_date), and its (bid_id, market_date) must name a bid, so the date
--   is the bid's own and "one credit per bid and result revision" (L6) holds across partitions as before.
-- - idempotency keys and the one journal per key stay in idempotency_keys, which is not partitioned.

-- Partitions of a month: bids_y2026m11, win_credits_y2026m11. Creates the missing months from `first` to `last`
-- (both included) and answers how many it created; a month that was detached is left alone.
CREATE FUNCTION gama_ensure_draw_partitions(first date, last date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  m date := date_trunc('month', first)::date;
  suffix text;
  made integer := 0;
BEGIN
  WHILE m <= last LOOP
    suffix := to_char(m, '"y"YYYY"m"MM');
    IF to_regclass('bids_' || suffix) IS NULL
       AND NOT EXISTS (SELECT 1 FROM detached_draw_months d WHERE d.month = m) THEN
      EXECUTE format('CREATE TABLE %I PARTITION OF bids FOR VALUES FROM (%L) TO (%L)',
                     'bids_' || suffix, m, (m + interval '1 month')::date);
      made := made + 1;
    END IF;
    IF to_regclass('win_credits_' || suffix) IS NULL
       AND NOT EXISTS (SELECT 1 FROM detached_draw_months d WHERE d.month = m) THEN
      EXECUTE format('CREATE TABLE %I PARTITION OF win_credits FOR VALUES FROM (%L) TO (%L)',
                     'win_credits_' || suffix, m, (m + interval '1 month')::date);
      made := made + 1;
    END IF;
    m := (m + interval '1 month')::date;
  END LOOP;
  RETURN made;
END $$;

-- Months taken out of the live tables. Their rows stay in the database as plain tables (bids_y…, win_credits_y…)
-- until an operator archives them elsewhere; `ledger:verify` reads them with the live ones, so the bid journals
-- of a detached month still find their bids.
CREATE TABLE detached_draw_months (
  month date PRIMARY KEY CHECK (month = date_trunc('month', month)::date),
  bids_table text NOT NULL,
  credits_table text NOT NULL,
  detached_at timestamptz NOT NULL
);

-- Detaches one month of bids and credits (credits first: they reference the bids). Refuses a month that can
-- still take bids or be settled, the current one or later.
CREATE FUNCTION gama_detach_draw_month(month date, at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  suffix text := to_char(month, '"y"YYYY"m"MM');
  fk name;
BEGIN
  IF month <> date_trunc('month', month)::date THEN
    RAISE EXCEPTION 'a month starts on its first day: %', month USING ERRCODE = '22023';
  END IF;
  IF month >= date_trunc('month', at)::date - interval '1 month' THEN
    RAISE EXCEPTION 'month % is too recent to detach', month USING ERRCODE = '55000';
  END IF;
  EXECUTE format('ALTER TABLE win_credits DETACH PARTITION %I', 'win_credits_' || suffix);
  -- The detached credits keep a copy of their foreign key to the live bids, which would refuse the bids' detach.
  FOR fk IN SELECT conname FROM pg_constraint
             WHERE conrelid = to_regclass('win_credits_' || suffix) AND confrelid = 'bids'::regclass LOOP
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', 'win_credits_' || suffix, fk);
  END LOOP;
  EXECUTE format('ALTER TABLE bids DETACH PARTITION %I', 'bids_' || suffix);
  INSERT INTO detached_draw_months (month, bids_table, credits_table, detached_at)
  VALUES (month, 'bids_' || suffix, 'win_credits_' || suffix, at);
END $$;

DROP VIEW bid_outcomes;
ALTER TABLE win_credits RENAME TO win_credits_before_0028;
ALTER TABLE bids RENAME TO bids_before_0028;

-- Identity columns on a partitioned table need PostgreSQL 17; a sequence owned by the column does the same.
CREATE SEQUENCE bid_ids;
SELECT setval('bid_ids', coalesce((SELECT max(id) FROM bids_before_0028), 0) + 1, false);

CREATE TABLE bids (
  id bigint NOT NULL DEFAULT nextval('bid_ids'),
  player_id bigint NOT NULL REFERENCES players (id),
  market_id bigint NOT NULL REFERENCES markets (id),
  grp text NOT NULL CHECK (grp IN ('main', 'starline', 'gali')),
  -- The market day the bid belongs to (an overnight market's day started the calendar day before).
  market_date date NOT NULL,
  bet_type text NOT NULL,
  pana_label text NOT NULL,
  session text NOT NULL CHECK (session IN ('open', 'close')),
  digits text NOT NULL CHECK (digits ~ '^[0-9]{1,3}$'),
  close_digits text NOT NULL DEFAULT '' CHECK (close_digits ~ '^[0-9]{0,3}$'),
  points bigint NOT NULL CHECK (points >= 1),
  amount bigint NOT NULL CHECK (amount = points * 100),
  rate_field text NOT NULL,
  rate_val_1 integer NOT NULL CHECK (rate_val_1 > 0),
  rate_val_2 integer NOT NULL CHECK (rate_val_2 >= 0),
  journal_id bigint NOT NULL REFERENCES journals (id),
  created_at timestamptz NOT NULL,
  settle_half text GENERATED ALWAYS AS (
    CASE
      WHEN grp <> 'main' THEN 'single'
      WHEN session = 'open' AND bet_type NOT IN ('jodi_digit', 'half_sangam', 'full_sangam') THEN 'open'
      ELSE 'close'
    END) STORED
) PARTITION BY RANGE (market_date);
ALTER SEQUENCE bid_ids OWNED BY bids.id;

CREATE TABLE win_credits (
  bid_id bigint NOT NULL,
  market_date date NOT NULL,
  result_id bigint NOT NULL,
  player_id bigint NOT NULL,
  payout bigint NOT NULL CHECK (payout >= 0),
  journal_id bigint,
  reversal_journal_id bigint REFERENCES journals (id),
  CONSTRAINT win_credits_journal_when_paid CHECK ((payout = 0) = (journal_id IS NULL))
) PARTITION BY RANGE (market_date);

-- The live months hold the existing rows, and the next three months are ready before their first bid.
SELECT gama_ensure_draw_partitions(
  least(coalesce((SELECT min(market_date) FROM bids_before_0028), current_date), current_date - 1),
  greatest(coalesce((SELECT max(market_date) FROM bids_before_0028), current_date), current_date) + 92);

INSERT INTO bids (id, player_id, market_id, grp, market_date, bet_type, pana_label, session, digits, close_digits,
                  points, amount, rate_field, rate_val_1, rate_val_2, journal_id, created_at)
SELECT id, player_id, market_id, grp, market_date, bet_type, pana_label, session, digits, close_digits,
       points, amount, rate_field, rate_val_1, rate_val_2, journal_id, created_at
  FROM bids_before_0028;
INSERT INTO win_credits (bid_id, market_date, result_id, player_id, payout, journal_id, reversal_journal_id)
SELECT c.bid_id, b.market_date, c.result_id, c.player_id, c.payout, c.journal_id, c.reversal_journal_id
  FROM win_credits_before_0028 c JOIN bids_before_0028 b ON b.id = c.bid_id;

DROP TABLE win_credits_before_0028;
DROP TABLE bids_before_0028;

ALTER TABLE bids ADD PRIMARY KEY (id, market_date);
CREATE INDEX bids_history ON bids (player_id, grp, market_date, id);
CREATE INDEX bids_by_journal ON bids (journal_id);
CREATE INDEX bids_by_deciding_result ON bids (market_id, market_date, settle_half, id);
-- As in 0013: a report of a day reads that part of its month's partition.
CREATE INDEX bids_by_market_date ON bids USING brin (market_date) WITH (autosummarize = on);

ALTER TABLE win_credits ADD PRIMARY KEY (bid_id, result_id, market_date);
ALTER TABLE win_credits ADD CONSTRAINT win_credits_bid_fkey
  FOREIGN KEY (bid_id, market_date) REFERENCES bids (id, market_date);
CREATE INDEX win_credits_by_result ON win_credits (result_id);
-- A reversal journal cancels one credit: unique within its month, and a revert writes one per credit.
CREATE UNIQUE INDEX win_credits_reversal ON win_credits (reversal_journal_id, market_date);

-- As in 0007; the credit is matched on the bid's date too, so a bid's lookup stays in its month.
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
  LEFT JOIN win_credits c ON c.bid_id = b.id AND c.market_date = b.market_date AND c.result_id = r.id;
