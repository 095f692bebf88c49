-- Per-number liability caps (issue 16): an owner sets, per group and rate field (what a row pays as: a Single
-- Pana row from an SP Motor counts with the Single Pana rows), the most the house may owe on one number of one
-- draw. No row: no cap.
CREATE TABLE liability_caps (
  grp text NOT NULL CHECK (grp IN ('main', 'starline', 'gali')),
  rate_field text NOT NULL,
  -- Paise: the largest sum of potential payouts (stake x frozen rate) on one number of one draw.
  cap bigint NOT NULL CHECK (cap > 0),
  updated_by bigint REFERENCES operators (id),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (grp, rate_field)
);

-- What the house would owe on each number of each draw if it came: the sum over the draw's bids on it of
-- stake x frozen rate (the settlement payout). A bid adds its rows here in its own transaction with one
-- conditional upsert (`payout + x <= cap`), so concurrent bids queue on the number's row and can never
-- jointly pass the cap. Only ever grows: a revert reopens bids, it does not cancel them.
CREATE TABLE number_exposure (
  market_id bigint NOT NULL REFERENCES markets (id),
  market_date date NOT NULL,
  rate_field text NOT NULL,
  session text NOT NULL CHECK (session IN ('open', 'close')),
  digits text NOT NULL,
  close_digits text NOT NULL,
  payout bigint NOT NULL CHECK (payout >= 0),
  -- The cap the last accepted addition was checked against (NULL: none was set); the upsert's condition
  -- reads the new value through EXCLUDED, so the check needs no subquery.
  cap bigint,
  PRIMARY KEY (market_id, market_date, rate_field, session, digits, close_digits)
);

-- Draws that can still take bids start with what their bids already owe (a bid is placed on the market day
-- of today or, for an overnight market, yesterday; two days back covers every zone).
INSERT INTO number_exposure (market_id, market_date, rate_field, session, digits, close_digits, payout)
SELECT market_id, market_date, rate_field, session, digits, close_digits,
       sum((points * 100 * rate_val_2) / rate_val_1)
  FROM bids
 WHERE market_date >= CURRENT_DATE - 2
 GROUP BY market_id, market_date, rate_field, session, digits, close_digits;
