-- Notices from the operator to players ("offers", issue 31 item 1, decision 037). A notice is written in the
-- console, sent to an audience at once or, past the owner's two-person threshold, proposed and sent when a
-- second operator approves it. Each player it reaches gets one `notifications` row (kind 'offer', ref the
-- notice), so the bell, the live stream and the push outbox carry it as they carry every other notification.
CREATE TABLE notices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL CHECK (char_length(title) BETWEEN 3 AND 80),
  body text NOT NULL CHECK (char_length(body) BETWEEN 3 AND 500),
  -- A screen of the player app (core's NOTICE_LINKS); never an address.
  link text CHECK (link ~ '^/[A-Za-z0-9/_-]{0,60}$'),
  title_hi text CHECK (char_length(title_hi) BETWEEN 3 AND 80),
  body_hi text CHECK (char_length(body_hi) BETWEEN 3 AND 500),
  audience text NOT NULL CHECK (audience IN ('all', 'market_bidders', 'inactive')),
  market_id bigint REFERENCES markets (id),
  inactive_days integer CHECK (inactive_days BETWEEN 1 AND 365),
  state text NOT NULL CHECK (state IN ('pending_approval', 'sent', 'rejected')),
  maker_id bigint NOT NULL REFERENCES operators (id),
  created_at timestamptz NOT NULL,
  -- The players the audience held when it was proposed or sent.
  counted integer NOT NULL CHECK (counted >= 0),
  checker_id bigint REFERENCES operators (id),
  decided_at timestamptz,
  decision_reason text CHECK (char_length(decision_reason) <= 500),
  -- The market day (market time zone) it was sent on: the daily limit and the two-person rule count by it.
  sent_day date,
  sent_at timestamptz,
  recipients integer CHECK (recipients >= 0),
  CONSTRAINT notices_hindi_pair CHECK ((title_hi IS NULL) = (body_hi IS NULL)),
  CONSTRAINT notices_audience_shape CHECK (
    (audience = 'market_bidders') = (market_id IS NOT NULL)
    AND (audience = 'inactive') = (inactive_days IS NOT NULL)),
  CONSTRAINT notices_sent_shape CHECK (
    (state = 'sent') = (sent_at IS NOT NULL AND sent_day IS NOT NULL AND recipients IS NOT NULL)),
  -- Nobody approves their own notice, not even an owner (the server refuses it first, with a message).
  CONSTRAINT notices_second_person CHECK (checker_id IS NULL OR checker_id <> maker_id OR state = 'rejected')
);
CREATE INDEX notices_by_sent_day ON notices (sent_day) WHERE state = 'sent';
CREATE INDEX notices_pending ON notices (id) WHERE state = 'pending_approval';

-- One row per market day, locked by every send and approval of that day before it counts the day's notices:
-- two sends at once (two operators, or one double-click with two keys) are counted one after the other, so
-- neither the daily limit nor the two-person threshold can be passed by racing.
CREATE TABLE notice_days (
  day date PRIMARY KEY
);

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
  'deposit_approved', 'deposit_rejected', 'withdrawal_paid', 'withdrawal_rejected', 'win', 'result',
  'support_reply', 'offer'));

-- The player's switch for notices pushed to their phones; existing players keep receiving them until they
-- turn it off, as a player without a preferences row receives every kind.
ALTER TABLE push_preferences ADD COLUMN offers boolean NOT NULL DEFAULT true;

