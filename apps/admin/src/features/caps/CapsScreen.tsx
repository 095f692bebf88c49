import { endpoints } from '@gama/core/endpoints';
import type { CapRow } from '@gama/core/endpoints/risk/index';
import type { MarketGroup } from '@gama/core/rules/bet-types';
import { Button } from '@gama/ui/Button';
import { TextField } from '@gama/ui/Field';
import { parsePaiseText, formatPoints } from '@gama/core/rules/money';
import { useQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { PageHeader, Panel } from '../../components/PageHeader.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useCan } from '../../lib/session.ts';
import { SaveDialog } from '../../shared/SaveDialog.tsx';
import { Loaded } from '../../shared/Loaded.tsx';
import styles from './CapsScreen.module.css';

const groups: ReadonlyArray<{ value: MarketGroup; label: string }> = [
  { value: 'main', label: 'Main' },
  { value: 'starline', label: 'Starline' },
  { value: 'gali', label: 'Gali Disawar' },
];
const capsKey = (group: MarketGroup) => ['caps', group] as const;

/** Per-number liability caps: per group and bet type, the most the house may owe on one number of one draw. */
export default function CapsScreen() {
  const [group, setGroup] = useState<MarketGroup>('main');
  const caps = useQuery({
    queryKey: capsKey(group),
    queryFn: ({ signal }) => call(endpoints.capsRead, { group }, { signal }),
  });
  return (
    <>
      <PageHeader
        title="Liability caps"
        description="The most the house may owe on one number of one draw, per bet type. A bid that would take a number past its cap is refused with “Limit reached for” the number; the other numbers of the slip are placed. Each change is in the audit log."
      />
      <div className={styles.groups}>
        <Segmented label="Market group" value={group} options={groups} onChange={setGroup} />
      </div>
      <Loaded query={caps} height={320} radius={12}>
        {(data) => <CapsForm key={`${group}:${JSON.stringify(data.caps)}`} group={group} saved={data.caps} />}
      </Loaded>
    </>
  );
}

const AMOUNT_ERROR = 'Enter points (up to two decimals), or leave empty for no cap';

/** A typed cap: paise, `null` for no cap (the field left empty), or `'invalid'`. */
function parseCapDraft(draft: string): number | null | 'invalid' {
  const text = draft.trim();
  if (text === '') return null;
  const paise = parsePaiseText(text);
  return paise === null || paise <= 0 ? 'invalid' : paise;
}

const owedAtMost = (paise: number) => `at most ${formatPoints(paise)} points owed on one number of one draw.`;

/**
 * The line under a cap's field. While the typed value differs from the saved cap it says what the typed value
 * will mean once saved, so a half-typed cap never sits above the saved state's "No cap".
 */
function capHint(row: CapRow, draft: string): string {
  const typed = parseCapDraft(draft);
  if (typed === 'invalid') return 'Not a cap yet: points with up to two decimals.';
  if (typed !== row.cap_paise) {
    return typed === null
      ? 'Not saved yet: no cap, every amount is taken.'
      : `Not saved yet: ${owedAtMost(typed)}`;
  }
  return row.cap_paise === null
    ? 'No cap: every amount is taken.'
    : `Set by ${row.username ?? 'the system'}, ${formatDateTime(row.updated_at)}`;
}

function CapsForm({ group, saved }: { group: MarketGroup; saved: readonly CapRow[] }) {
  const canChange = useCan('caps.manage');
  const [drafts, setDrafts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      saved.map((c) => [
        c.rate_field,
        c.cap_paise === null ? '' : formatPoints(c.cap_paise).replace(/,/g, ''),
      ]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<Record<string, number | null> | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const changes: Record<string, number | null> = {};
    const problems: Record<string, string> = {};
    for (const row of saved) {
      const paise = parseCapDraft(drafts[row.rate_field] ?? '');
      if (paise === 'invalid') {
        problems[row.rate_field] = AMOUNT_ERROR;
        continue;
      }
      if (paise !== row.cap_paise) changes[row.rate_field] = paise;
    }
    setErrors(problems);
    if (Object.keys(problems).length === 0 && Object.keys(changes).length > 0) setConfirming(changes);
  };

  const label = (field: string) => saved.find((c) => c.rate_field === field)?.label ?? field;

  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Liability caps" className={styles.form}>
        <Panel title={`${groups.find((g) => g.value === group)?.label ?? group} markets`}>
          <ul className={styles.rows}>
            {saved.map((row) => (
              <li key={row.rate_field} className={styles.row}>
                <TextField
                  label={`${row.label} cap (points)`}
                  name={row.rate_field}
                  inputMode="decimal"
                  placeholder="No cap"
                  value={drafts[row.rate_field] ?? ''}
                  onValueChange={(value) => {
                    setDrafts({ ...drafts, [row.rate_field]: value.replace(/[^\d.]/g, '').slice(0, 16) });
                    setErrors({ ...errors, [row.rate_field]: '' });
                  }}
                  error={errors[row.rate_field] || undefined}
                  disabled={!canChange}
                />
                <p className={styles.meta} data-testid="cap-hint">
                  {capHint(row, drafts[row.rate_field] ?? '')}
                </p>
              </li>
            ))}
          </ul>
        </Panel>
        {canChange && (
          <div>
            <Button type="submit" icon={<Save size={18} aria-hidden="true" />}>
              Save caps
            </Button>
          </div>
        )}
      </form>
      <SaveDialog
        wording={{ title: 'Save caps', confirmLabel: 'Save', busyText: 'Saving' }}
        pending={confirming}
        onClose={() => setConfirming(null)}
        save={(caps) => call(endpoints.capsUpdate, { group, caps })}
        saved={{ success: 'Caps saved', refresh: [capsKey(group)] }}
      >
        <ul className={styles.changes}>
          {Object.entries(confirming ?? {}).map(([field, paise]) => (
            <li key={field}>
              {paise === null ? (
                <>
                  <strong>{label(field)}</strong>: no cap.
                </>
              ) : (
                <>
                  <strong>{label(field)}</strong>: at most <strong>{formatPoints(paise)} points</strong> owed
                  on one number of one draw.
                </>
              )}
            </li>
          ))}
        </ul>
      </SaveDialog>
    </>
  );
}
