-- Reports (issue 15) read ranges of days. Money requests and transfers by the time they were made or decided;
-- tables that stay small next to bids, so plain indexes on the instants.
CREATE INDEX deposit_requests_by_created ON deposit_requests (created_at);
CREATE INDEX deposit_requests_by_decided ON deposit_requests (decided_at) WHERE decided_at IS NOT NULL;
CREATE INDEX withdraw_requests_by_created ON withdraw_requests (created_at);
CREATE INDEX withdraw_requests_by_decided ON withdraw_requests (decided_at) WHERE decided_at IS NOT NULL;
CREATE INDEX transfers_by_created ON transfers (created_at);
