-- Bid reports read a range of market days (issue 15). Bids are written in market-day order, so a BRIN index on
-- the day (a few pages for millions of bids, next to no work per insert, unlike a B-tree on the bid path) lets a
-- report of a month or a day read only that part of the table as it grows. Journals likewise by time, for wallet
-- reports that end in the past. autosummarize has PostgreSQL's autovacuum summarize each filled range; PGlite's
-- maintenance does it (db/maintenance.ts).
CREATE INDEX bids_by_market_date ON bids USING brin (market_date) WITH (autosummarize = on);
CREATE INDEX journals_by_created ON journals USING brin (created_at) WITH (autosummarize = on);
