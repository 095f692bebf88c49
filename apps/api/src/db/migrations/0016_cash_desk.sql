-- The cashier's desk (issue 14): payment evidence on deposits, reasons and references on decisions, the
-- two-person rule on large withdrawals, and the player flags support switches (blocked, transfers allowed).

-- A blocked player cannot sign in, and every money call of theirs is refused under the wallet lock.
ALTER TABLE players
  ADD COLUMN blocked_at timestamptz,
  ADD COLUMN blocked_reason text CHECK (char_length(blocked_reason) <= 500),
  ADD COLUMN transfer_allowed boolean NOT NULL DEFAULT true;

-- The UPI transaction reference the player enters after paying. One UTR proves one payment: the unique index
-- refuses the same UTR on a second request, whoever enters it and however the two calls race.
ALTER TABLE deposit_requests
  ADD COLUMN utr text CHECK (utr ~ '^[0-9]{12}$'),
  ADD COLUMN utr_at timestamptz,
  ADD COLUMN reason text CHECK (char_length(reason) <= 500),
  ADD CONSTRAINT deposit_utr_with_time CHECK ((utr IS NULL) = (utr_at IS NULL));
CREATE UNIQUE INDEX deposit_requests_utr ON deposit_requests (utr) WHERE utr IS NOT NULL;
CREATE INDEX deposit_requests_by_time ON deposit_requests (created_at, id);

-- The optional screenshot of the payment, checked (type, size, magic bytes) before it is stored.
CREATE TABLE deposit_screenshots (
  deposit_request_id bigint PRIMARY KEY REFERENCES deposit_requests (id),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  image bytea NOT NULL CHECK (octet_length(image) BETWEEN 1 AND 1048576),
  created_at timestamptz NOT NULL
);

-- Every UTR a player entered that was refused because another request already holds it: the queue flags
-- both requests, since one UTR offered twice is either a mistake or an attempt to be paid twice.
CREATE TABLE utr_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  deposit_request_id bigint NOT NULL REFERENCES deposit_requests (id),
  player_id bigint NOT NULL REFERENCES players (id),
  utr text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX utr_attempts_by_request ON utr_attempts (deposit_request_id);
CREATE INDEX utr_attempts_by_utr ON utr_attempts (utr);

-- Withdrawals: the payout's reference, the reason of a rejection, and the first of two approvals. A request
-- with approved_by_1 set and status '0' is awaiting its second approval (the player still sees it pending).
ALTER TABLE withdraw_requests
  ADD COLUMN payment_reference text CHECK (char_length(payment_reference) BETWEEN 1 AND 100),
  ADD COLUMN reason text CHECK (char_length(reason) <= 500),
  ADD COLUMN approved_by_1 bigint REFERENCES operators (id),
  ADD COLUMN approved_1_at timestamptz,
  ADD CONSTRAINT withdraw_first_approval_with_time CHECK ((approved_by_1 IS NULL) = (approved_1_at IS NULL)),
  ADD CONSTRAINT withdraw_second_approver_differs CHECK (
    status <> '2' OR approved_by_1 IS NULL OR decided_by IS DISTINCT FROM approved_by_1
  );
CREATE INDEX withdraw_requests_by_time ON withdraw_requests (created_at, id);
