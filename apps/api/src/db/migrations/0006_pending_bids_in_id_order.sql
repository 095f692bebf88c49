-- Settlement takes pending bids of a market and date in id order, a chunk at a time. Keyed by session, the
-- pending index made every chunk sort all the market's pending bids (fifty sorts of up to a million rows for a
-- million-bid market); in id order each chunk reads just its slice.
CREATE INDEX bids_pending_in_id_order ON bids (market_id, market_date, id) WHERE status = 'pending';
