-- A win credit names its bid, on the bid's own draw date (decision 016: that pins "one credit per bid and
-- result revision" across partitions). The foreign key of 0028 checked it a row at a time: per credit a query
-- through the partitioned `bids` and a KEY SHARE lock written into the bid's row, which was a third of a
-- settlement's database time (issue 18, docs/performance.md "Settlement"). The same guarantee, set-based:
-- - each INSERT into win_credits checks all its rows at once, at the end of the statement as the key did, and
--   a credit never changes its bid or date afterwards (nothing does: a revert only adds its reversal journal);
-- - a bid is never deleted, truncated or moved to another id or date, so a credit that named one keeps naming
--   it (the key's other half: it refused such changes while a credit referenced the bid). Nothing does that
--   today; bids are the record of a stake, like the ledger rows their journals carry (L8).
ALTER TABLE win_credits DROP CONSTRAINT win_credits_bid_fkey;

CREATE FUNCTION check_win_credit_bids() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad bigint;
BEGIN
  SELECT c.bid_id INTO bad FROM new_credits c
   WHERE NOT EXISTS (SELECT 1 FROM bids b WHERE b.id = c.bid_id AND b.market_date = c.market_date)
   LIMIT 1;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'win credit names no bid % on its draw date', bad USING ERRCODE = '23503';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER win_credits_name_their_bids AFTER INSERT ON win_credits
  REFERENCING NEW TABLE AS new_credits FOR EACH STATEMENT EXECUTE FUNCTION check_win_credit_bids();

CREATE FUNCTION refuse_credit_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a win credit keeps the bid it names: % of bid % refused', TG_OP, OLD.bid_id
    USING ERRCODE = '55000';
END $$;
CREATE TRIGGER win_credits_keep_their_bid BEFORE UPDATE OF bid_id, market_date ON win_credits
  FOR EACH ROW EXECUTE FUNCTION refuse_credit_move();

CREATE FUNCTION refuse_bid_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'bids are kept as placed: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = '55000';
END $$;
CREATE TRIGGER bids_kept BEFORE UPDATE OF id, market_date OR DELETE ON bids
  FOR EACH ROW EXECUTE FUNCTION refuse_bid_change();
CREATE TRIGGER bids_no_truncate BEFORE TRUNCATE ON bids
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_bid_change();
