import { BET_TYPE_IDS, BET_TYPES } from '@gama/core/rules/bet-types';
import { FilterBar, useFilterDraft } from '../../components/FilterBar.tsx';
import { choices, FilterFields, type FilterField as BarField } from '../../shared/filters/FilterFields.tsx';
import { groupNames } from './labels.ts';
import { rangePresets, type ReportTable } from './report-params.ts';
import styles from './ReportFilters.module.css';

/** A field of the bar, kept under its URL parameter. */
type Field = BarField<string>;

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

/** The order the bar shows a report's fields in, after the range. */
const barOrder: readonly FilterField[] = [
  'group',
  'market',
  'bet_type',
  'session',
  'status',
  'date_field',
  'player',
];

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
  const value = (field: FilterField) => draft[paramOf[field]] ?? '';
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

  /** Each field the report has, in the bar's order (not the order the report names them in). */
  const own: Record<FilterField, Field> = {
    group: {
      kind: 'choice',
      name: paramOf.group,
      label: 'Group',
      options: choices(['', 'All groups'], ...Object.entries(groupNames)),
      // A bet type or market of another group would select nothing.
      also: (v, setParam) => {
        if (
          v !== '' &&
          value('bet_type') !== '' &&
          BET_TYPES[value('bet_type') as keyof typeof BET_TYPES]?.group !== v
        )
          setParam(paramOf.bet_type, '');
      },
    },
    market: markets
      ? {
          kind: 'choice',
          name: paramOf.market,
          label: 'Market',
          options: [
            { value: '', label: 'All markets' },
            ...marketOptions.map((m) => ({
              value: String(m.id),
              // Starline slots and Gali markets may share a name with a main market.
              label: group === '' && m.group !== 'main' ? `${m.name} (${groupNames[m.group]})` : m.name,
            })),
          ],
        }
      : { kind: 'digits', name: paramOf.market, label: 'Market id' },
    bet_type: {
      kind: 'choice',
      name: paramOf.bet_type,
      label: 'Bet type',
      options: [{ value: '', label: 'All bet types' }, ...betTypeOptions],
    },
    session: {
      kind: 'choice',
      name: paramOf.session,
      label: 'Session',
      options: choices(['', 'Both sessions'], ['open', 'Open'], ['close', 'Close']),
    },
    status: {
      kind: 'choice',
      name: paramOf.status,
      label: 'Status',
      options: choices(
        ['', 'Any status'],
        ['pending', 'Pending'],
        ['approved', 'Approved'],
        ['rejected', 'Rejected'],
      ),
    },
    date_field: {
      kind: 'choice',
      name: paramOf.date_field,
      label: 'Dates are when',
      options: choices(['', 'Requested'], ['decided', 'Decided']),
    },
    player: { kind: 'digits', name: paramOf.player, label: 'Player id' },
  };
  const bar: Field[] = [
    { kind: 'date', name: 'from', label: 'From', required: true },
    { kind: 'date', name: 'to', label: 'To', required: true },
    ...barOrder.filter((field) => fields.includes(field)).map((field) => own[field]),
  ];

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
        <FilterFields fields={bar} draft={draft} set={set} />
      </FilterBar>
    </div>
  );
}
