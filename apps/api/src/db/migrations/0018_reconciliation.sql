-- Deposit reconciliation (issue 15): uploaded bank / UPI statement exports and their payment lines. A file is
-- known by the SHA-256 of its text, so the same statement uploaded twice is stored once. Outcomes are not
-- stored: they are worked out against the deposit requests whenever a statement is read.
CREATE TABLE bank_statements (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sha256 text NOT NULL UNIQUE CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  filename text NOT NULL CHECK (char_length(filename) <= 200),
  -- The header names taken for each kind of column, and the header's line in the file.
  columns jsonb NOT NULL,
  header_line integer NOT NULL CHECK (header_line >= 1),
  uploaded_by bigint REFERENCES operators (id),
  uploaded_at timestamptz NOT NULL
);

CREATE TABLE bank_statement_lines (
  statement_id bigint NOT NULL REFERENCES bank_statements (id),
  line_no integer NOT NULL CHECK (line_no >= 1),
  utr text CHECK (utr ~ '^[0-9]{12}$'),
  reference text NOT NULL,
  -- Money in, paise; NULL with a reason in skip (a debit, a failed payment).
  amount bigint CHECK (amount > 0),
  paid_on date,
  date_text text NOT NULL,
  payer text NOT NULL,
  skip text,
  PRIMARY KEY (statement_id, line_no),
  CONSTRAINT statement_line_amount_or_skip CHECK ((amount IS NULL) = (skip IS NOT NULL))
);
CREATE INDEX bank_statement_lines_by_utr ON bank_statement_lines (utr) WHERE utr IS NOT NULL;
