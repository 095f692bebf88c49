-- Responsible play (issue 16): date of birth, a running time-out or self-exclusion, the reality-check interval,
-- and deposit and stake limits per period. Every change a player makes is also written to audit_log, which is
-- the history operators read.

-- NULL only for players who registered before the age check existed.
ALTER TABLE players ADD COLUMN dob date;
-- One running break at most: a new one may only end later (a time-out can become a self-exclusion, never the
-- reverse), so the latest end is the only one that matters. Kept after it ends, as the last one taken.
ALTER TABLE players ADD COLUMN break_kind text CHECK (break_kind IN ('timeout', 'exclusion'));
ALTER TABLE players ADD COLUMN break_until timestamptz;
ALTER TABLE players ADD CONSTRAINT players_break_whole CHECK ((break_kind IS NULL) = (break_until IS NULL));
-- Minutes between reality checks; 0 = off.
ALTER TABLE players ADD COLUMN reality_check_minutes integer NOT NULL DEFAULT 0
  CHECK (reality_check_minutes IN (0, 15, 30, 60));

-- A limit in force (amount, paise; NULL = none) and a looser value waiting for its time (pending_at): raising
-- or removing waits 24 hours, lowering applies at once and drops what was waiting. A pending value whose time
-- has come is the limit in force, whether or not the row was rewritten since.
CREATE TABLE play_limits (
  player_id bigint NOT NULL REFERENCES players (id),
  kind text NOT NULL CHECK (kind IN ('deposit', 'stake')),
  period text NOT NULL CHECK (period IN ('day', 'week', 'month')),
  amount bigint CHECK (amount > 0),
  pending_amount bigint CHECK (pending_amount > 0),
  pending_at timestamptz,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (player_id, kind, period),
  CONSTRAINT play_limits_pending_has_time CHECK (pending_amount IS NULL OR pending_at IS NOT NULL)
);
