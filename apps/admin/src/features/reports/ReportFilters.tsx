import { BET_TYPE_IDS, BET_TYPES } from '@gama/core/rules/bet-types';
import { FilterBar, FilterInput, useFilterDraft } from '../../components/FilterBar.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { groupNames } from './labels.ts';
import { rangePresets, type ReportTable } from './report-params.ts';
import styles from './ReportFilters.module.css';

export type FilterField = 'market' | 'group' | 'bet_type' | 'session' | 'player' | 'status' | 'date_field';

/** Which URL parameter each filter field keeps its value in. */
const paramOf = {
  market: 'market_id',
  group: 'group',
  bet_type: 'bet_type',
  session: 'session',
  player: 'player_id',
  status: 'status',
  date_field: 'date_field',
} as const satisfies Record<FilterField, string>;

export const bidFilters = [
  'market',
  'group',
  'bet_type',
  'session',
] as const satisfies readonly FilterField[];

/** The URL parameters of some filter fields (what `useReportTable` should keep). */
export function filterParams(fields: readonly FilterField[]): string[] {
  return fields.map((field) => paramOf[field]);
}

export interface MarketOption {
  id: number;
  name: string;
  group: keyof typeof groupNames;
}

interface ReportFiltersProps {
  table: ReportTable;
  today: string;
  fields: readonly FilterField[];
  /** The markets to choose from (the market filter is a select only when they are known). */
  markets?: readonly MarketOption[];
}

/**
 * A report's filters: the range (with the usual periods one click away) and the report's own filters, a draft
 * until Apply; everything lives in the URL so a report can be shared as a link.
 */
export function ReportFilters({ table, today, fields, markets }: ReportFiltersProps) {
  const { draft, set } = useFilterDraft(table.filters);
  const has = (field: FilterField) => fields.includes(field);
  const value = (field: FilterField) => draft[paramOf[field]] ?? '';
  const setField = (field: FilterField, next: string) => set(paramOf[field], next);
  const presets = rangePresets(today);
  const activePreset = presets.find((p) => p.from === table.filters.from && p.to === table.filters.to);

  const group = value('group');
  const betTypeOptions = BET_TYPE_IDS.filter((id) => group === '' || BET_TYPES[id].group === group).map(
    (id) => ({
      value: id,
      label:
        group === '' ? `${groupNames[BET_TYPES[id].group]} · ${BET_TYPES[id].label}` : BET_TYPES[id].label,
    }),
  );
  const marketOptions = (markets ?? []).filter((m) => group === '' || m.group === group);

  const cleared: Record<string, string> = { from: today, to: today };
  for (const field of fields) cleared[paramOf[field]] = '';

  return (
    <div className={styles.filters}>
      <div className={styles.presets} role="group" aria-label="Period">
        {presets.map((preset) => (
          <button
            key={preset.id}
            type="button"
            className={styles.preset}
            aria-pressed={activePreset?.id === preset.id}
            onClick={() => table.setFilters({ from: preset.from, to: preset.to })}
          >
            {preset.label}
          </button>
        ))}
      </div>
      <FilterBar onApply={() => table.setFilters(draft)} onClear={() => table.setFilters(cleared)}>
        <FilterInput
          label="From"
          type="date"
          required
          value={draft.from ?? ''}
          onValueChange={(v) => set('from', v)}
        />
        <FilterInput
          label="To"
          type="date"
          required
          value={draft.to ?? ''}
          onValueChange={(v) => set('to', v)}
        />
        {has('group') && (
          <SelectField
            inline
            label="Group"
            value={group}
            onValueChange={(v) => {
              setField('group', v);
              // A bet type or market of another group would select nothing.
              if (
                v !== '' &&
                value('bet_type') !== '' &&
                BET_TYPES[value('bet_type') as keyof typeof BET_TYPES]?.group !== v
              )
                setField('bet_type', '');
            }}
            options={[
              { value: '', label: 'All groups' },
              ...Object.entries(groupNames).map(([id, label]) => ({ value: id, label })),
            ]}
          />
        )}
        {has('market') &&
          (markets ? (
            <SelectField
              inline
              label="Market"
              value={value('market')}
              onValueChange={(v) => setField('market', v)}
              options={[
                { value: '', label: 'All markets' },
                ...marketOptions.map((m) => ({
                  value: String(m.id),
                  // Starline slots and Gali markets may share a name with a main market.
                  label: group === '' && m.group !== 'main' ? `${m.name} (${groupNames[m.group]})` : m.name,
                })),
              ]}
            />
          ) : (
            <FilterInput
              label="Market id"
              inputMode="numeric"
              value={value('market')}
              onValueChange={(v) => setField('market', v.replace(/\D/g, ''))}
            />
          ))}
        {has('bet_type') && (
          <SelectField
            inline
            label="Bet type"
            value={value('bet_type')}
            onValueChange={(v) => setField('bet_type', v)}
            options={[{ value: '', label: 'All bet types' }, ...betTypeOptions]}
          />
        )}
        {has('session') && (
          <SelectField
            inline
            label="Session"
            value={value('session')}
            onValueChange={(v) => setField('session', v)}
            options={[
              { value: '', label: 'Both sessions' },
              { value: 'open', label: 'Open' },
              { value: 'close', label: 'Close' },
            ]}
          />
        )}
        {has('status') && (
          <SelectField
            inline
            label="Status"
            value={value('status')}
            onValueChange={(v) => setField('status', v)}
            options={[
              { value: '', label: 'Any status' },
              { value: 'pending', label: 'Pending' },
              { value: 'approved', label: 'Approved' },
              { value: 'rejected', label: 'Rejected' },
            ]}
          />
        )}
        {has('date_field') && (
          <SelectField
            inline
            label="Dates are when"
            value={value('date_field')}
            onValueChange={(v) => setField('date_field', v)}
            options={[
              { value: '', label: 'Requested' },
              { value: 'decided', label: 'Decided' },
            ]}
          />
        )}
        {has('player') && (
          <FilterInput
            label="Player id"
            inputMode="numeric"
            value={value('player')}
            onValueChange={(v) => setField('player', v.replace(/\D/g, ''))}
          />
        )}
      </FilterBar>
    </div>
  );
}
