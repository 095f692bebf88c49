-- Roles of the console (packages/core/src/operators/permissions.ts): the first operator's 'admin' becomes 'owner'.
ALTER TABLE operators DROP CONSTRAINT operators_role_check;
UPDATE operators SET role = 'owner' WHERE role = 'admin';
ALTER TABLE operators ADD CONSTRAINT operators_role_check
  CHECK (role IN ('owner', 'results', 'cashier', 'support', 'viewer'));
