-- A held referral reward an operator approves is a credit that operator makes alone (decision 038, amended):
-- it is recorded among their money moves and counts against their 24-hour credit allowance (decision 027).
ALTER TABLE operator_money_moves DROP CONSTRAINT operator_money_moves_ref_type_check;
ALTER TABLE operator_money_moves ADD CONSTRAINT operator_money_moves_ref_type_check
  CHECK (ref_type IN ('deposit_request', 'withdraw_request', 'money_hold', 'player', 'referral'));
