import { endpoints } from '@gama/core/endpoints';
import type { MarketGroup } from '@gama/core/rules/bet-types';
import { DateField } from '@gama/ui/DateInput';
import { TextField } from '@gama/ui/Field';
import { useFormFields } from '@gama/ui/use-form-fields';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog.tsx';
import { call } from '../../lib/api-client.ts';
import { useAfterAction } from '../../shared/use-action.ts';
import { clockOf, groupLabel, marketsKey, unitOf } from './market-text.ts';
import { WeekdayPicker } from './WeekdayPicker.tsx';
import styles from './Markets.module.css';

const TIME_ERROR = 'Enter a time';

/**
 * A new market of the group shown: its name, times and weekdays off, and for a Starline slot (or a main or Gali market)
 * the first day it draws. Weekday times, holidays and off days are set on its page afterwards.
 */
export function CreateMarketDialog({
  open,
  group,
  onClose,
  onCreated,
}: {
  open: boolean;
  group: MarketGroup;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  return open ? <CreateForm group={group} onClose={onClose} onCreated={onCreated} /> : null;
}

function CreateForm({
  group,
  onClose,
  onCreated,
}: {
  group: MarketGroup;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const after = useAfterAction();
  const main = group === 'main';
  const { values, field, validate } = useFormFields({ name: '', open: '', close: '', first: '' });
  const [daysOff, setDaysOff] = useState<number[]>([]);
  const overnight = main && values.open !== '' && values.close !== '' && values.close < values.open;
  const unit = unitOf(group);

  return (
    <FormDialog
      open
      onClose={onClose}
      title={main ? 'New market' : `New ${groupLabel(group)} ${unit}`}
      submitLabel={`Create ${unit}`}
      busyText="Creating"
      onSubmit={async (form) => {
        const valid = validate(form, [
          ['name', (v) => (v.trim() === '' ? 'Enter a name' : null), values.name],
          ['open', (v) => (clockOf(v) === null ? TIME_ERROR : null), values.open],
          ...(main
            ? ([['close', (v: string) => (clockOf(v) === null ? TIME_ERROR : null), values.close]] as const)
            : []),
        ]);
        if (!valid) return false;
        const { market_id } = await after(
          () =>
            call(endpoints.createMarket, {
              group,
              name: values.name.trim(),
              open_time: clockOf(values.open) ?? '',
              ...(main ? { close_time: clockOf(values.close) ?? '' } : {}),
              days_off: daysOff,
              active: true,
              ...(values.first ? { first_date: values.first } : {}),
            }),
          { success: `${values.name.trim()} created`, refresh: [marketsKey] },
        );
        onCreated(market_id);
        return true;
      }}
    >
      <TextField label="Name" autoComplete="off" maxLength={60} {...field('name')} />
      <div className={styles.pair}>
        <TextField
          label={main ? 'Open time' : group === 'starline' ? 'Slot time' : 'Draw time'}
          type="time"
          {...field('open')}
        />
        {main && <TextField label="Close time" type="time" {...field('close')} />}
      </div>
      {overnight && (
        <p className={styles.hint} role="status">
          The close is before the open, so it falls after midnight, on the next day.
        </p>
      )}
      <WeekdayPicker legend="Weekdays off" checked={daysOff} onChange={setDaysOff} />
      <DateField
        label={group === 'starline' ? 'First day it draws (blank: today)' : 'First day (blank: today)'}
        {...field('first')}
      />
    </FormDialog>
  );
}
