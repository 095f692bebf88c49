-- Referrals (issue 31 item 3, decision 038). A player's share code, who brought whom, and the reward a
-- referral earns when the brought player's first deposit is approved.
--
-- Rewards are paid from the promotions account, a system account like the house: value leaving it makes it
-- negative, so its balance is what the promotion has cost. A reward is one journal of its own kind
-- (referral_reward) crediting the referrer and, when the owner gives one, the new player.
ALTER DOMAIN account_kind DROP CONSTRAINT account_kind_known;
ALTER DOMAIN account_kind ADD CONSTRAINT account_kind_known CHECK (VALUE IN (
  'wallet', 'debt', 'house', 'deposits', 'withdrawals_pending', 'withdrawals_paid', 'adjustments', 'promotions'));
INSERT INTO accounts (kind) VALUES ('promotions');

ALTER DOMAIN journal_kind DROP CONSTRAINT journal_kind_known;
ALTER DOMAIN journal_kind ADD CONSTRAINT journal_kind_known CHECK (VALUE IN (
  'bid', 'win', 'win_reversal', 'deposit', 'withdraw_hold', 'withdraw_payout', 'withdraw_release', 'transfer',
  'adjustment', 'debt_repayment', 'debt_carried', 'referral_reward'));

-- Made the first time the player opens the referral screen; random, so codes do not count the players.
-- The alphabet leaves out 0, O, 1 and I, which a person reads aloud or types from a screenshot wrongly.
CREATE TABLE referral_codes (
  player_id bigint PRIMARY KEY REFERENCES players (id),
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-HJ-NP-Z2-9]{8}$'),
  created_at timestamptz NOT NULL
);

-- One row per referred player (a player is brought by one referrer, at registration, or never).
--   waiting  registered, no deposit approved yet
--   paid     the first deposit was approved and the reward journal posted
--   held     the first deposit was approved but the two accounts are linked: an operator decides
--   rejected an operator closed a held reward without paying
--   capped   the referrer had reached the day's cap of rewards when the first deposit was approved
--   lapsed   referrals were off (or the reward 0) when the first deposit was approved
-- Every state but waiting is final, except held, which becomes paid or rejected.
CREATE TABLE referrals (
  referred_id bigint PRIMARY KEY REFERENCES players (id),
  referrer_id bigint NOT NULL REFERENCES players (id),
  created_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'waiting'
    CHECK (state IN ('waiting', 'paid', 'held', 'rejected', 'capped', 'lapsed')),
  -- The first approved deposit, and the amounts (paise) the settings in force then gave: a held reward pays
  -- these later, whatever the settings say by then.
  deposit_request_id bigint UNIQUE REFERENCES deposit_requests (id),
  qualified_at timestamptz,
  referrer_reward bigint CHECK (referrer_reward >= 0),
  referred_reward bigint CHECK (referred_reward >= 0),
  link_reasons text[],
  journal_id bigint UNIQUE REFERENCES journals (id),
  decided_by bigint REFERENCES operators (id),
  decided_at timestamptz,
  decision_reason text,
  CONSTRAINT referral_not_self CHECK (referrer_id <> referred_id),
  CONSTRAINT referral_qualified CHECK (
    (state = 'waiting') = (qualified_at IS NULL)
    AND (state = 'waiting') = (deposit_request_id IS NULL)
    AND (state = 'waiting') = (referrer_reward IS NULL)
    AND (state = 'waiting') = (referred_reward IS NULL)),
  CONSTRAINT referral_paid_iff_journal CHECK ((state = 'paid') = (journal_id IS NOT NULL)),
  CONSTRAINT referral_reward_positive CHECK (state NOT IN ('paid', 'held') OR referrer_reward > 0),
  CONSTRAINT referral_decided CHECK ((state = 'rejected') <= (decided_at IS NOT NULL AND decided_by IS NOT NULL))
);
CREATE INDEX referrals_by_referrer ON referrals (referrer_id, qualified_at);
CREATE INDEX referrals_by_state ON referrals (state, created_at);
CREATE INDEX referrals_by_created ON referrals (created_at);
