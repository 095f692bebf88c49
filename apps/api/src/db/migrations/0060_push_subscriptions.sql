-- Push notifications (issue 31, item 1, decision 036). A device the player subscribed (the browser's Push API):
-- its push service address and the keys its payloads are encrypted to (RFC 8291). One address is one device,
-- so subscribing it again (another player on the same phone) moves it.
CREATE TABLE push_subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_id bigint NOT NULL REFERENCES players (id),
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL,
  last_sent_at timestamptz
);
CREATE INDEX push_subscriptions_by_player ON push_subscriptions (player_id);

-- The kinds the player wants pushed; no row means every kind.
CREATE TABLE push_preferences (
  player_id bigint PRIMARY KEY REFERENCES players (id),
  results boolean NOT NULL,
  money boolean NOT NULL,
  support boolean NOT NULL,
  updated_at timestamptz NOT NULL
);

-- The outbox of the push queue: the notifications a statement wrote, for players with a device, 500 ids to a
-- row, written by the statement's own transaction (so a rolled-back event pushes nothing and a committed one
-- cannot be missed). The dispatcher turns each row into a job of the queue and deletes it in one transaction.
-- One row per 500 notifications keeps a 50,000-bidder declaration to 100 inserts in its transaction.
CREATE TABLE push_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  notification_ids bigint[] NOT NULL
);

CREATE FUNCTION notifications_push_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO push_outbox (notification_ids)
  SELECT array_agg(id ORDER BY id)
    FROM (SELECT n.id, (row_number() OVER (ORDER BY n.id) - 1) / 500 AS chunk
            FROM new_rows n
           WHERE EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.player_id = n.player_id)) pushed
   GROUP BY chunk;
  RETURN NULL;
END $$;

CREATE TRIGGER notifications_push_outbox AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_push_outbox();
