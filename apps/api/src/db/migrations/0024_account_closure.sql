-- A player may close their own account (issue 17, /delete). The ledger, bids and money requests stay (they are
-- the operator's books and the regulator's record); the person is removed: name, phone, password, date of birth
-- and payout numbers. A closed row keeps a placeholder phone, so the phone can register again and the old
-- account can never be signed in to.
ALTER TABLE players ADD COLUMN closed_at timestamptz;
ALTER TABLE players DROP CONSTRAINT players_mobile_check;
ALTER TABLE players ADD CONSTRAINT players_mobile_shape
  CHECK (mobile ~ '^[6-9][0-9]{9}$' OR (closed_at IS NOT NULL AND mobile ~ '^closed-[0-9]+$'));
