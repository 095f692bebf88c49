-- One-time recovery codes of an operator's two-factor (issue 32): handed out once at enrolment, kept only as
-- HMACs under the pepper, each signs in one time. An operator who lost the phone signs in without an owner.
CREATE TABLE operator_recovery_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators (id),
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  used_at timestamptz,
  UNIQUE (operator_id, code_hash)
);
