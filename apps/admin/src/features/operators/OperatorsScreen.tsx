import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { roles, type Role } from '@gama/core/operators/permissions';
import { Button } from '@gama/ui/Button';
import { PasswordField, TextField } from '@gama/ui/Field';
import { useFormFields } from '@gama/ui/use-form-fields';
import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ExportButton } from '../../components/ExportButton.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { call } from '../../lib/api-client.ts';
import { roleNames, useOperator } from '../../lib/session.ts';
import { useAfterAction } from '../../shared/use-action.ts';
import { timeColumn } from '../../shared/columns.ts';
import { roleSummaries } from './role-summaries.ts';

type OperatorRow = Answer<typeof endpoints.operatorsList>['operators'][number];
const operatorsKey = ['operators'] as const;

type Pending =
  | { kind: 'create' }
  | { kind: 'role'; operator: OperatorRow }
  | { kind: 'password'; operator: OperatorRow }
  | { kind: 'disable'; operator: OperatorRow }
  | { kind: 'enable'; operator: OperatorRow }
  | { kind: 'totp'; operator: OperatorRow };

const roleOptions = roles.map((role) => ({
  value: role,
  label: `${roleNames[role]} — ${roleSummaries[role]}`,
}));
const MIN_PASSWORD = 10;
const passwordRule = (value: string) =>
  value.length < MIN_PASSWORD ? `Operator passwords must be at least ${MIN_PASSWORD} characters` : null;

/** The owner's list of operators: roles, state, two-factor, and the changes an owner makes. */
export default function OperatorsScreen() {
  const me = useOperator();
  const list = useQuery({
    queryKey: operatorsKey,
    queryFn: ({ signal }) => call(endpoints.operatorsList, {}, { signal }),
  });
  const after = useAfterAction();
  const [pending, setPending] = useState<Pending | null>(null);
  const close = () => setPending(null);

  const columns: Column<OperatorRow>[] = [
    {
      id: 'username',
      header: 'Username',
      primary: true,
      cell: (o) => (
        <span>
          {o.username} {o.id === me.id && <StatusPill tone="brand">You</StatusPill>}
        </span>
      ),
      csv: (o) => o.username,
    },
    { id: 'role', header: 'Role', cell: (o) => roleNames[o.role], csv: (o) => o.role },
    {
      id: 'state',
      header: 'State',
      cell: (o) =>
        o.disabled ? (
          <StatusPill tone="danger">Disabled</StatusPill>
        ) : (
          <StatusPill tone="success">Active</StatusPill>
        ),
      csv: (o) => (o.disabled ? 'disabled' : 'active'),
    },
    {
      id: 'totp',
      header: 'Two-factor',
      cell: (o) =>
        o.totp_enabled ? (
          <StatusPill tone="success">On</StatusPill>
        ) : (
          <StatusPill tone="pending">Off</StatusPill>
        ),
      csv: (o) => (o.totp_enabled ? 'on' : 'off'),
    },
    {
      id: 'sessions',
      header: 'Sessions',
      align: 'end',
      cell: (o) => o.active_sessions,
      csv: (o) => o.active_sessions,
    },
    timeColumn('seen', 'Last active', (o) => o.last_seen_at),
    timeColumn('created', 'Created', (o) => o.created_at),
  ];

  return (
    <>
      <PageHeader
        title="Operators"
        description="Who can use the console and what their role lets them do."
        actions={
          <>
            <ExportButton rows={list.data?.operators} columns={columns} filename="operators.csv" />
            <Button
              small
              icon={<UserPlus size={16} aria-hidden="true" />}
              onClick={() => setPending({ kind: 'create' })}
            >
              New operator
            </Button>
          </>
        }
      />
      <DataTable
        caption="Operators"
        columns={columns}
        rows={list.data?.operators}
        rowKey={(o) => o.id}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty="No operators."
        // The server refuses an owner's change of their own role, account or two-factor (another owner makes
        // it), so their own row offers only a new password.
        actions={(o) => (
          <>
            {o.id !== me.id && (
              <Button small variant="outline" onClick={() => setPending({ kind: 'role', operator: o })}>
                Role
              </Button>
            )}
            <Button small variant="outline" onClick={() => setPending({ kind: 'password', operator: o })}>
              Password
            </Button>
            {o.totp_enabled && o.id !== me.id && (
              <Button small variant="outline" onClick={() => setPending({ kind: 'totp', operator: o })}>
                Reset 2FA
              </Button>
            )}
            {o.id === me.id ? null : o.disabled ? (
              <Button small variant="outline" onClick={() => setPending({ kind: 'enable', operator: o })}>
                Enable
              </Button>
            ) : (
              <Button small variant="danger" onClick={() => setPending({ kind: 'disable', operator: o })}>
                Disable
              </Button>
            )}
          </>
        )}
      />

      <CreateOperator
        open={pending?.kind === 'create'}
        onClose={close}
        onCreate={(body) =>
          after(() => call(endpoints.operatorCreate, body), {
            success: ({ operator }) => `${operator.username} can now sign in as ${roleNames[operator.role]}`,
            refresh: [operatorsKey],
          })
        }
      />
      {pending?.kind === 'role' && (
        <ChangeRole
          operator={pending.operator}
          onClose={close}
          onSave={(role) =>
            after(() => call(endpoints.operatorRole, { id: pending.operator.id, role }), {
              success: ({ operator }) => `${operator.username} is now ${roleNames[operator.role]}`,
              refresh: [operatorsKey],
            })
          }
        />
      )}
      {pending?.kind === 'password' && (
        <ResetPassword
          operator={pending.operator}
          onClose={close}
          onSave={(password) =>
            after(() => call(endpoints.operatorResetPassword, { id: pending.operator.id, password }), {
              success: ({ operator }) => `New password set for ${operator.username}; their sessions ended`,
              refresh: [operatorsKey],
            })
          }
        />
      )}
      <ConfirmDialog
        open={pending?.kind === 'disable' || pending?.kind === 'enable' || pending?.kind === 'totp'}
        onClose={close}
        title={
          pending?.kind === 'disable'
            ? 'Disable operator'
            : pending?.kind === 'enable'
              ? 'Enable operator'
              : 'Reset two-factor'
        }
        confirmLabel={
          pending?.kind === 'disable' ? 'Disable' : pending?.kind === 'enable' ? 'Enable' : 'Reset two-factor'
        }
        busyText="Saving"
        tone={pending?.kind === 'enable' ? 'primary' : 'danger'}
        onConfirm={async () => {
          if (!pending || !('operator' in pending)) return;
          const id = pending.operator.id;
          if (pending.kind === 'disable')
            await after(() => call(endpoints.operatorDisable, { id }), {
              success: ({ operator }) => `${operator.username} is disabled`,
              refresh: [operatorsKey],
            });
          else if (pending.kind === 'enable')
            await after(() => call(endpoints.operatorEnable, { id }), {
              success: ({ operator }) => `${operator.username} is enabled`,
              refresh: [operatorsKey],
            });
          else
            await after(() => call(endpoints.operatorResetTotp, { id }), {
              success: ({ operator }) => `Two-factor reset for ${operator.username}`,
              refresh: [operatorsKey],
            });
        }}
      >
        {pending && 'operator' in pending && (
          <p>
            {pending.kind === 'disable' && (
              <>
                <strong>{pending.operator.username}</strong> ({roleNames[pending.operator.role]}) will be
                signed out everywhere and cannot sign in until an owner enables them again.
              </>
            )}
            {pending.kind === 'enable' && (
              <>
                <strong>{pending.operator.username}</strong> will be able to sign in again as{' '}
                {roleNames[pending.operator.role]}.
              </>
            )}
            {pending.kind === 'totp' && (
              <>
                Two-factor for <strong>{pending.operator.username}</strong> will be turned off and their
                sessions ended, so they can enrol a new phone.
              </>
            )}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

function CreateOperator({
  open,
  onClose,
  onCreate,
}: {
  open: boolean;
  onClose: () => void;
  onCreate: (body: { username: string; password: string; role: Role }) => Promise<unknown>;
}) {
  const { values, field, validate } = useFormFields({ username: '', password: '' });
  const [role, setRole] = useState<Role>('viewer');
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="New operator"
      submitLabel="Create operator"
      busyText="Creating"
      onSubmit={async (form) => {
        const valid = validate(form, [
          [
            'username',
            (v) =>
              /^[A-Za-z0-9._-]{3,40}$/.test(v.trim())
                ? null
                : 'Usernames are 3 to 40 letters, digits, dots, dashes or underscores',
            values.username,
          ],
          ['password', passwordRule, values.password],
        ]);
        if (!valid) return false;
        await onCreate({ username: values.username.trim(), password: values.password, role });
        return true;
      }}
    >
      <TextField
        label="Username"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        {...field('username')}
      />
      <PasswordField label="First password" autoComplete="new-password" {...field('password')} />
      <SelectField
        label="Role"
        value={role}
        onValueChange={(v) => setRole(v as Role)}
        options={roleOptions}
      />
    </FormDialog>
  );
}

function ChangeRole({
  operator,
  onClose,
  onSave,
}: {
  operator: OperatorRow;
  onClose: () => void;
  onSave: (role: Role) => Promise<unknown>;
}) {
  const [role, setRole] = useState<Role>(operator.role);
  return (
    <FormDialog
      open
      onClose={onClose}
      title={`Role of ${operator.username}`}
      submitLabel="Change role"
      busyText="Saving"
      onSubmit={async () => {
        await onSave(role);
        return true;
      }}
    >
      <p>
        Now <strong>{roleNames[operator.role]}</strong>. A new role applies to their next request.
      </p>
      <SelectField
        label="New role"
        value={role}
        onValueChange={(v) => setRole(v as Role)}
        options={roleOptions}
      />
    </FormDialog>
  );
}

function ResetPassword({
  operator,
  onClose,
  onSave,
}: {
  operator: OperatorRow;
  onClose: () => void;
  onSave: (password: string) => Promise<unknown>;
}) {
  const { values, field, validate } = useFormFields({ password: '' });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={`New password for ${operator.username}`}
      submitLabel="Set password"
      busyText="Saving"
      tone="danger"
      onSubmit={async (form) => {
        if (!validate(form, [['password', passwordRule, values.password]])) return false;
        await onSave(values.password);
        return true;
      }}
    >
      <p>Every session of theirs ends. Give them the new password in person.</p>
      <PasswordField label="New password" autoComplete="new-password" {...field('password')} />
    </FormDialog>
  );
}
