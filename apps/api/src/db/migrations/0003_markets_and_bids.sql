-- Markets of the three groups, their rates, and bids with the rate frozen on each row (game-rules D6).

CREATE TABLE markets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  grp text NOT NULL CHECK (grp IN ('main', 'starline', 'gali')),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  -- A MarketSchedule of packages/core (zone, default times, per-weekday times and days off).
  schedule jsonb NOT NULL,
  active boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (grp, name)
);

-- One row per (group, rate field): a stake of val_1 points pays val_2 points.
CREATE TABLE game_rates (
  grp text NOT NULL CHECK (grp IN ('main', 'starline', 'gali')),
  rate_field text NOT NULL,
  val_1 integer NOT NULL CHECK (val_1 > 0),
  val_2 integer NOT NULL CHECK (val_2 >= 0),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (grp, rate_field)
);

CREATE TABLE bids (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_id bigint NOT NULL REFERENCES players (id),
  market_id bigint NOT NULL REFERENCES markets (id),
  grp text NOT NULL CHECK (grp IN ('main', 'starline', 'gali')),
  -- The market day the bid belongs to (an overnight market's day started the calendar day before).
  market_date date NOT NULL,
  bet_type text NOT NULL,
  -- The label as the client sent it in `pana` (Single Pana, SP Motor, …).
  pana_label text NOT NULL,
  session text NOT NULL CHECK (session IN ('open', 'close')),
  digits text NOT NULL CHECK (digits ~ '^[0-9]{1,3}$'),
  close_digits text NOT NULL DEFAULT '' CHECK (close_digits ~ '^[0-9]{0,3}$'),
  points bigint NOT NULL CHECK (points >= 1),
  -- Stake in paise, points x 100.
  amount bigint NOT NULL CHECK (amount = points * 100),
  rate_field text NOT NULL,
  rate_val_1 integer NOT NULL CHECK (rate_val_1 > 0),
  rate_val_2 integer NOT NULL CHECK (rate_val_2 >= 0),
  journal_id bigint NOT NULL REFERENCES journals (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'won', 'lost')),
  payout bigint CHECK (payout IS NULL OR payout >= 0),
  settled_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX bids_history ON bids (player_id, grp, market_date, id);
CREATE INDEX bids_to_settle ON bids (market_id, market_date, session) WHERE status = 'pending';
CREATE INDEX bids_by_journal ON bids (journal_id);
