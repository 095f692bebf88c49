-- The support inbox (issue 31, item 2). A conversation belongs to one player and may be about one of that
-- player's records (a deposit request, a withdrawal request or a bid: checked by the server when it starts,
-- since a bid's key includes its draw month). Messages are kept for the owner's support_retention_days and
-- swept by the server's clock; a conversation left with no message goes with its last one.
CREATE TABLE support_threads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_id bigint NOT NULL REFERENCES players (id),
  ref_type text CHECK (ref_type IN ('deposit', 'withdrawal', 'bid')),
  ref_id bigint,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  assigned_to bigint REFERENCES operators (id),
  created_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  -- Who wrote last: a conversation whose player wrote last waits for an answer.
  last_from text NOT NULL CHECK (last_from IN ('player', 'operator')),
  -- The first operator answer since the conversation started: the dashboard's first-response time.
  first_response_at timestamptz,
  first_response_by bigint REFERENCES operators (id),
  closed_at timestamptz,
  closed_by bigint REFERENCES operators (id),
  -- The newest operator message the player has seen (unread replies are those after it).
  player_read_id bigint NOT NULL DEFAULT 0,
  CHECK ((ref_type IS NULL) = (ref_id IS NULL))
);
CREATE INDEX support_threads_by_player ON support_threads (player_id, last_at DESC);
CREATE INDEX support_threads_inbox ON support_threads (status, assigned_to, last_at);

CREATE TABLE support_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  thread_id bigint NOT NULL REFERENCES support_threads (id) ON DELETE CASCADE,
  player_id bigint NOT NULL REFERENCES players (id),
  operator_id bigint REFERENCES operators (id),
  body text NOT NULL CHECK (char_length(body) <= 1000),
  -- The screenshot as the server re-encoded it (WebP), never the bytes that were sent.
  image bytea,
  created_at timestamptz NOT NULL,
  CHECK (body <> '' OR image IS NOT NULL)
);
CREATE INDEX support_messages_by_thread ON support_messages (thread_id, id);
-- The player's rate limit counts their own messages of the last hour.
CREATE INDEX support_messages_by_player ON support_messages (player_id, created_at) WHERE operator_id IS NULL;
CREATE INDEX support_messages_by_age ON support_messages (created_at);

-- The owner's canned replies, in order.
CREATE TABLE support_canned_replies (
  position int PRIMARY KEY,
  title text NOT NULL,
  body text NOT NULL
);

-- A reply reaches the player's open app on the notification stream (0025's trigger names the player).
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
  'deposit_approved', 'deposit_rejected', 'withdrawal_paid', 'withdrawal_rejected', 'win', 'result',
  'support_reply'));
