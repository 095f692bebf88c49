-- The player's own events (issue 17): a deposit approved or rejected, a withdrawal paid or rejected, a win
-- credited, a result declared on a draw the player bid on. Each row is written by the transaction that makes
-- the event happen, so an event that commits has its notification and one that rolls back has none; the unique
-- key makes a retried or racing writer unable to report the same event twice. Rows are kept 30 days.
CREATE TABLE notifications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_id bigint NOT NULL REFERENCES players (id),
  kind text NOT NULL CHECK (kind IN (
    'deposit_approved', 'deposit_rejected', 'withdrawal_paid', 'withdrawal_rejected', 'win', 'result')),
  -- What it reports: the deposit or withdrawal request, the win journal, or the result revision.
  ref_id bigint NOT NULL,
  -- Paise, for the money events.
  amount bigint CHECK (amount > 0),
  -- The market's name (win, result) as it was when the event happened.
  market text,
  -- The declared value, or the operator's reason for a rejection.
  detail text,
  created_at timestamptz NOT NULL,
  read_at timestamptz,
  UNIQUE (player_id, kind, ref_id)
);
CREATE INDEX notifications_by_player ON notifications (player_id, id);
CREATE INDEX notifications_unread ON notifications (player_id) WHERE read_at IS NULL;
CREATE INDEX notifications_by_age ON notifications (created_at);

-- Each server process streams new rows to its connected players (Server-Sent Events): the insert itself names
-- the players on `gama_notifications`, delivered at commit only, as the ledger names wallets (0008). A payload
-- stays under 8,000 bytes, so a settlement chunk's players go 500 to a notice.
CREATE FUNCTION notifications_announce() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  players bigint[];
BEGIN
  SELECT array_agg(DISTINCT player_id) INTO players FROM new_rows;
  IF players IS NOT NULL THEN
    FOR i IN 0 .. (cardinality(players) - 1) / 500 LOOP
      PERFORM gama_notify('gama_notifications', array_to_string(players[i * 500 + 1 : (i + 1) * 500], ','));
    END LOOP;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER notifications_announce AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_announce();
