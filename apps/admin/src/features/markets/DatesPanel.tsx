import { endpoints } from '@gama/core/endpoints';
import type { MarketAnswer } from '@gama/core/endpoints/markets/index';
import { Button } from '@gama/ui/Button';
import { DateField } from '@gama/ui/DateInput';
import { useFormFields } from '@gama/ui/use-form-fields';
import { Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Panel } from '../../components/PageHeader.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/format.ts';
import { SaveDialog } from '../../shared/SaveDialog.tsx';
import { marketKey, marketsKey, unitOf } from './market-text.ts';
import styles from './Markets.module.css';

interface Change {
  first_date?: string | null;
  last_date?: string | null;
}

/**
 * The first and last days a market draws on: how a Starline slot is added or removed from a date on (and a
 * main or Gali market started or ended on a day). Blank means no bound.
 */
export function DatesPanel({ answer, canManage }: { answer: MarketAnswer; canManage: boolean }) {
  const { market } = answer;
  const unit = unitOf(market.grp);
  const first = market.schedule.firstDate ?? '';
  const last = market.schedule.lastDate ?? '';
  const { values, field, validate } = useFormFields({ first, last });
  const [pending, setPending] = useState<Change | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ok = validate(event.currentTarget, [
      [
        'last',
        (v) =>
          v !== '' && values.first !== '' && v < values.first
            ? 'The last day cannot be before the first day'
            : null,
        values.last,
      ],
    ]);
    if (!ok) return;
    const change: Change = {};
    if (values.first !== first) change.first_date = values.first || null;
    if (values.last !== last) change.last_date = values.last || null;
    if (Object.keys(change).length > 0) setPending(change);
  };

  const firstText = values.first ? `from ${formatDay(values.first)}` : 'from today';
  const lastText = values.last ? `until ${formatDay(values.last)} (its last day)` : 'with no last day';

  return (
    <Panel title={market.grp === 'starline' ? 'Days this slot draws' : 'First and last day'}>
      <p className={styles.muted}>
        {market.grp === 'starline'
          ? 'A new slot starts on its first day; a slot removed from a date on draws until its last day.'
          : `Leave blank for a ${unit} that draws every week.`}
      </p>
      <form onSubmit={submit} noValidate aria-label="First and last day" className={styles.datesForm}>
        <DateField label="First day" disabled={!canManage} {...field('first')} />
        <DateField label="Last day" disabled={!canManage} {...field('last')} />
        {canManage && (
          <Button
            type="submit"
            variant="outline"
            disabled={values.first === first && values.last === last}
            icon={<Save size={18} aria-hidden="true" />}
          >
            Save days
          </Button>
        )}
      </form>
      <SaveDialog
        wording={{ title: 'Change the days it draws', confirmLabel: 'Save days', busyText: 'Saving' }}
        pending={pending}
        onClose={() => setPending(null)}
        save={(days) =>
          call(endpoints.updateMarket, { id: market.id, schedule_rev: market.schedule_rev, ...days })
        }
        saved={{ success: `${market.name}: days saved`, refresh: [marketsKey, marketKey(market.id)] }}
      >
        <p>
          <strong>{market.name}</strong> draws {firstText} {lastText}. Days outside show it closed in the
          player app and take no bids; a day that already has bids keeps its draws.
        </p>
      </SaveDialog>
    </Panel>
  );
}
