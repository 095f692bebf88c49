import { endpoints } from '@gama/core/endpoints';
import type { RatesAnswer } from '@gama/core/endpoints/rates/index';
import type { RatePair } from '@gama/core/rules/rates';
import { rateProblem } from '@gama/core/rules/rates';
import { Button } from '@gama/ui/Button';
import { RotateCcw, Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { Panel } from '../../components/PageHeader.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useCan } from '../../lib/session.ts';
import { useAfterAction } from '../../shared/use-action.ts';
import { perPointText, rateChanges, rateText } from './rate-text.ts';
import { groupName, ratesKey } from './rate-groups.ts';
import styles from './RatesScreen.module.css';

interface Row {
  field: string;
  label: string;
  saved: RatePair | undefined;
}

type Draft = Record<string, { stake: string; pays: string }>;

const digits = (text: string) => text.replace(/\D/g, '').slice(0, 9);
/** An empty box is not a number: the shared rule then names the side that is missing. */
const numberOf = (text: string) => (text === '' ? Number.NaN : Number(text));

/**
 * The rates in force as a form: the owner edits the pairs they choose and saves them as one new version, after a
 * confirmation that lists each change. The same rule as the server's checks each pair first; the server's
 * refusal (another operator saved in between, nothing changed) is shown in the confirmation.
 */
export function RatesEditor({ answer }: { answer: RatesAnswer }) {
  const { group, fields, current } = answer;
  const canManage = useCan('rates.manage');
  const after = useAfterAction();
  const [draft, setDraft] = useState<Draft>(() =>
    Object.fromEntries(
      fields.map(({ field }) => {
        const pair = current.rates[field];
        return [field, { stake: pair ? String(pair[0]) : '', pays: pair ? String(pair[1]) : '' }];
      }),
    ),
  );
  const [checked, setChecked] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const entered = (field: string): [number, number] => {
    const d = draft[field];
    return [numberOf(d?.stake ?? ''), numberOf(d?.pays ?? '')];
  };
  const problems = Object.fromEntries(
    fields.flatMap(({ field }) => {
      const problem = rateProblem(group, field, entered(field));
      return problem ? [[field, problem]] : [];
    }),
  );
  const proposed = Object.fromEntries(
    fields.filter(({ field }) => !problems[field]).map(({ field }) => [field, entered(field)]),
  ) as Record<string, RatePair>;
  const changes = rateChanges(fields, current.rates, proposed);
  const changedFields = new Set(changes.map((c) => c.field));
  const invalid = Object.keys(problems).length > 0;
  const next = current.version + 1;
  const latest = answer.history[0];

  const edit = (field: string, side: 'stake' | 'pays', value: string) =>
    setDraft((was) => ({
      ...was,
      [field]: { stake: was[field]?.stake ?? '', pays: was[field]?.pays ?? '', [side]: digits(value) },
    }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (invalid) {
      const first = fields.find(({ field }) => problems[field]);
      event.currentTarget.querySelector<HTMLInputElement>(`[data-field="${first?.field}"]`)?.focus();
      return;
    }
    if (changes.length > 0) setConfirming(true);
  };

  const rows: Row[] = fields.map(({ field, label }) => ({ field, label, saved: current.rates[field] }));
  const showProblem = (field: string) => (checked || changedFields.has(field)) && problems[field];

  const input = (row: Row, side: 'stake' | 'pays') => (
    <input
      className={styles.rateInput}
      data-field={side === 'stake' ? row.field : undefined}
      inputMode="numeric"
      autoComplete="off"
      aria-label={`${row.label} ${side === 'stake' ? 'stake (val_1)' : 'payout (val_2)'}`}
      aria-invalid={showProblem(row.field) ? true : undefined}
      value={draft[row.field]?.[side] ?? ''}
      onChange={(event) => edit(row.field, side, event.target.value)}
    />
  );

  const columns: Column<Row>[] = [
    { id: 'label', header: 'Bet type', primary: true, cell: (r) => r.label },
    {
      id: 'in_force',
      header: `In force (version ${current.version})`,
      align: 'end',
      cell: (r) => <span className="tabular">{rateText(r.saved)}</span>,
    },
    ...(canManage
      ? [
          { id: 'stake', header: 'Stake', cell: (r: Row) => input(r, 'stake') },
          { id: 'pays', header: 'Pays', cell: (r: Row) => input(r, 'pays') },
        ]
      : []),
    {
      id: 'per_point',
      header: 'One point wins',
      cell: (r) => {
        const problem = showProblem(r.field);
        if (problem)
          return (
            <span className={styles.problem} role="alert">
              {problem}
            </span>
          );
        const pair = canManage ? proposed[r.field] : r.saved;
        return pair ? (
          <span className="tabular">
            {perPointText(pair)}
            {changedFields.has(r.field) && r.saved && (
              <span className={styles.was}> ({perPointText(r.saved)} in force)</span>
            )}
          </span>
        ) : (
          '—'
        );
      },
    },
  ];

  return (
    <>
      <form noValidate onSubmit={submit} aria-label={`${groupName(group)} rates`} className={styles.editor}>
        <Panel
          title={`${groupName(group)}: version ${current.version} in force`}
          actions={
            latest && (
              <p className={styles.meta}>
                Set {formatDateTime(latest.at)} by {latest.username ?? 'the system (install)'}
              </p>
            )
          }
        >
          <DataTable
            caption={`${groupName(group)} rates in force`}
            columns={columns}
            rows={rows}
            rowKey={(r) => r.field}
            empty="This group has no rates yet."
            rowTone={(r) =>
              showProblem(r.field) ? 'danger' : changedFields.has(r.field) ? 'warning' : undefined
            }
          />
          {canManage ? (
            <div
              className={[styles.saveBar, changes.length > 0 && styles.dirty].filter(Boolean).join(' ')}
              role="region"
              aria-label="Rate changes"
            >
              <p>
                {changes.length === 0
                  ? 'Change a stake or payout above to make a new version.'
                  : `${changes.length} ${changes.length === 1 ? 'rate' : 'rates'} changed; saving makes version ${next}.`}
              </p>
              <div className={styles.saveButtons}>
                <Button
                  small
                  variant="outline"
                  disabled={changes.length === 0 && !invalid}
                  icon={<RotateCcw size={16} aria-hidden="true" />}
                  onClick={() => {
                    setChecked(false);
                    setDraft(
                      Object.fromEntries(
                        rows.map((r) => [
                          r.field,
                          {
                            stake: r.saved ? String(r.saved[0]) : '',
                            pays: r.saved ? String(r.saved[1]) : '',
                          },
                        ]),
                      ),
                    );
                  }}
                >
                  Undo changes
                </Button>
                <Button
                  small
                  type="submit"
                  disabled={changes.length === 0 && !invalid}
                  icon={<Save size={16} aria-hidden="true" />}
                >
                  Save as version {next}
                </Button>
              </div>
            </div>
          ) : (
            <p className={styles.meta}>Only an owner can change rates.</p>
          )}
        </Panel>
      </form>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Change rates"
        confirmLabel={`Save version ${next}`}
        busyText="Saving"
        onConfirm={() =>
          after(
            () =>
              call(endpoints.ratesUpdate, {
                group,
                rates: Object.fromEntries(changes.map((c) => [c.field, c.after])),
                base_version: current.version,
              }),
            {
              success: ({ version }) => `${groupName(group)} rates saved as version ${version.version}`,
              refresh: [ratesKey(group)],
            },
          )
        }
      >
        <div className={styles.confirmText}>
          <p>
            {groupName(group)} rates become <strong>version {next}</strong>:
          </p>
          <ul className={styles.changeList}>
            {changes.map((c) => (
              <li key={c.field}>
                {c.label}: <span className="tabular">{rateText(c.before)}</span> →{' '}
                <strong className="tabular">{rateText(c.after)}</strong> (one point wins{' '}
                {perPointText(c.after)})
              </li>
            ))}
          </ul>
          <p>
            Bids placed from now on are paid at the new rates. Bids already placed keep the rate they were
            placed at.
          </p>
        </div>
      </ConfirmDialog>
    </>
  );
}
