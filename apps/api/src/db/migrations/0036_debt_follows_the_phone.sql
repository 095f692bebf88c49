-- A debt follows the phone (issue 27): a result reverted after its winnings left a closed account puts a debt
-- on that closed account, and registering its phone again must not shed it. Closing keeps the phone's keyed
-- hash on the closed row (the phone itself goes, as before); a registration with the same phone names itself
-- the closed rows' successor, and their debt is carried to it by a journal ('debt_carried').
ALTER TABLE players ADD COLUMN closed_phone_mac bytea, ADD COLUMN successor_id bigint REFERENCES players (id);
ALTER TABLE players ADD CONSTRAINT players_phone_mac_only_when_closed
  CHECK (closed_phone_mac IS NULL OR closed_at IS NOT NULL);
CREATE INDEX players_closed_phone_mac ON players (closed_phone_mac) WHERE closed_phone_mac IS NOT NULL;
CREATE INDEX players_successor ON players (successor_id) WHERE successor_id IS NOT NULL;

ALTER DOMAIN journal_kind DROP CONSTRAINT journal_kind_known;
ALTER DOMAIN journal_kind ADD CONSTRAINT journal_kind_known CHECK (VALUE IN (
  'bid', 'win', 'win_reversal', 'deposit', 'withdraw_hold', 'withdraw_payout', 'withdraw_release', 'transfer',
  'adjustment', 'debt_repayment', 'debt_carried'));
