-- The operator's inbox (issue 32 item 10): a rejected declaration reaches its maker, a waiting one its
-- approvers. One row per reader and declaration and kind, so writing it again (a retried request) adds nothing.
CREATE TABLE operator_inbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators (id),
  kind text NOT NULL CHECK (kind IN ('declaration_rejected', 'declaration_waiting')),
  declaration_id bigint NOT NULL REFERENCES result_declarations (id),
  created_at timestamptz NOT NULL,
  read_at timestamptz,
  UNIQUE (operator_id, kind, declaration_id)
);
CREATE INDEX operator_inbox_by_reader ON operator_inbox (operator_id, id DESC);
