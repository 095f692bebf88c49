-- The withdrawal desk sums each queued player's transfers of the last 30 days, sent and received (issue 32):
-- by player and time, so a page of the queue reads its players' transfers, not the whole table.
CREATE INDEX transfers_by_sender ON transfers (from_player_id, created_at);
CREATE INDEX transfers_by_recipient ON transfers (to_player_id, created_at);
