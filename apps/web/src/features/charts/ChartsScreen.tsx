import type { Text } from '@gama/core/i18n/texts';
import type { MarketGroup } from '@gama/core/rules/bet-types';
import { ankOf } from '@gama/core/rules/panas';
import { zonedParts } from '@gama/core/rules/time';
import { ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useSearchParams } from '../../lib/router/index.ts';
import { Page } from '../../components/Page.tsx';
import { Skeleton } from '@gama/ui/Skeleton';
import { marketTimeZone, serverNow } from '../../lib/server-clock.ts';
import { useChartDays, useChartMarkets } from './api.ts';
import {
  chartWeeks,
  DAY_LABELS,
  isDouble,
  shortDate,
  type ChartCell,
  type ChartWeek,
} from './chart-weeks.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import styles from './Charts.module.css';

const GROUPS: ReadonlyArray<{ id: MarketGroup; label: string }> = [
  { id: 'main', label: 'Main' },
  { id: 'starline', label: 'Starline' },
  { id: 'gali', label: 'Gali' },
];

function readGroup(value: string | null): MarketGroup {
  return GROUPS.find((g) => g.id === value)?.id ?? 'main';
}

/**
 * Market Charts for every signed-in player: past results as matka players read them, one row per week.
 * The group and market live in the address, so the Starline and Gali lists can link straight to theirs
 * and Back returns to the previous pick.
 */
export default function ChartsScreen() {
  const [params, setParams] = useSearchParams();
  const group = readGroup(params.get('group'));
  const markets = useChartMarkets(group);
  const wanted = Number(params.get('market'));
  const market = markets.data?.find((m) => m.game_id === wanted) ?? markets.data?.[0] ?? null;
  const days = useChartDays(market?.game_id ?? null);
  const pickerId = useId();
  const t = useT();

  const today = zonedParts(serverNow(), marketTimeZone()).date;
  const weeks = days.data ? chartWeeks(days.data.days, today, days.data.daysOff) : [];

  return (
    <Page title={t('Market Charts')}>
      <div className={styles.groups} role="group" aria-label={t('Market group')}>
        {GROUPS.map((g) => (
          <button
            key={g.id}
            type="button"
            className={styles.group}
            aria-pressed={g.id === group}
            onClick={() => setParams({ group: g.id }, { replace: true })}
          >
            {g.id === 'main' ? t('Main') : g.label}
          </button>
        ))}
      </div>
      <div className={styles.picker}>
        <label htmlFor={pickerId} className={styles.pickerLabel}>
          {t('Market')}
        </label>
        <div className={styles.selectWrap}>
          <select
            id={pickerId}
            className={styles.select}
            value={market?.game_id ?? ''}
            disabled={!markets.data || markets.data.length === 0}
            onChange={(event) => setParams({ group, market: event.target.value }, { replace: true })}
          >
            {markets.data?.map((m) => (
              <option key={m.game_id} value={m.game_id}>
                {m.game_name}
              </option>
            ))}
          </select>
          <ChevronDown size={20} className={styles.chevron} aria-hidden="true" />
        </div>
      </div>

      {markets.isPending || days.isPending ? (
        <div className={styles.loading} role="status" aria-label={t('Loading chart')}>
          <Skeleton height={24} width="40%" />
          <Skeleton height={260} radius={18} />
        </div>
      ) : markets.isError || days.isError || market === null || weeks.length === 0 ? (
        <p className={styles.empty}>{t('NO DATA FOUND')}</p>
      ) : (
        CHARTS[group].map((chart) => (
          <ChartTable
            key={chart.title}
            title={t(chart.title, { market: market.game_name })}
            weeks={weeks}
            render={chart.render}
            tall={chart.tall}
          />
        ))
      )}
    </Page>
  );
}

interface Rendered {
  content: ReactNode;
  double?: boolean;
}

function ank(pana: string | null): string {
  return pana === null ? '*' : String(ankOf(pana));
}

function jodiOf(cell: ChartCell): string {
  if (cell.kind === 'future' || cell.kind === 'off') return '';
  if (cell.kind === 'pending') return '**';
  return cell.open === null ? '**' : `${ank(cell.open)}${ank(cell.close)}`;
}

function jodiCell(cell: ChartCell): Rendered {
  const jodi = jodiOf(cell);
  return { content: jodi, double: isDouble(jodi) };
}

function panelCell(cell: ChartCell): Rendered {
  if (cell.kind === 'future' || cell.kind === 'off') return { content: '' };
  const jodi = jodiOf(cell);
  const open = cell.kind === 'declared' ? (cell.open ?? '***') : '***';
  const close = cell.kind === 'declared' ? (cell.close ?? '***') : '***';
  return {
    content: (
      <span className={styles.panel}>
        <span className={styles.pana}>{open}</span>
        <span className={styles.jodi}>{jodi}</span>
        <span className={styles.pana}>{close}</span>
      </span>
    ),
    double: isDouble(jodi),
  };
}

function starlineCell(cell: ChartCell): Rendered {
  if (cell.kind === 'future' || cell.kind === 'off') return { content: '' };
  const pana = cell.kind === 'declared' ? cell.open : null;
  return {
    content: (
      <span className={styles.panel}>
        <span className={styles.pana}>{pana ?? '***'}</span>
        <span className={styles.jodi}>{ank(pana)}</span>
      </span>
    ),
  };
}

function galiCell(cell: ChartCell): Rendered {
  if (cell.kind === 'future' || cell.kind === 'off') return { content: '' };
  const pair = cell.kind === 'declared' && cell.open !== null ? cell.open : '**';
  return { content: pair, double: isDouble(pair) };
}

/** How each group's results are read: the main markets as jodis and as panels, the others one chart each. */
const CHARTS: Record<
  MarketGroup,
  ReadonlyArray<{ title: Text; render: (cell: ChartCell) => Rendered; tall?: boolean }>
> = {
  main: [
    { title: 'Jodi chart · {market}', render: jodiCell },
    { title: 'Panel chart · {market}', render: panelCell, tall: true },
  ],
  starline: [{ title: 'Starline chart · {market}', render: starlineCell }],
  gali: [{ title: 'Gali chart · {market}', render: galiCell }],
};

interface ChartTableProps {
  title: string;
  weeks: ChartWeek[];
  render: (cell: ChartCell) => Rendered;
  tall?: boolean;
}

/** A plain table (fast on any phone) that scrolls sideways inside its own box, never the page. */
function ChartTable({ title, weeks, render, tall }: ChartTableProps) {
  const t = useT();
  return (
    <section className={styles.chart}>
      <div className={styles.scroll} tabIndex={0} aria-label={t('{title}, scrolls sideways', { title })}>
        <table className={[styles.table, tall && styles.tall].filter(Boolean).join(' ')}>
          <caption className={styles.caption}>{title}</caption>
          <thead>
            <tr>
              <th scope="col" className={styles.weekHead}>
                {t('Week')}
              </th>
              {DAY_LABELS.map((day) => (
                <th key={day} scope="col">
                  {t(day)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.monday}>
                <th scope="row" className={styles.week}>
                  <span>
                    {t.language === 'en'
                      ? shortDate(week.monday)
                      : t.date(`${week.monday}T00:00:00Z`, {
                          day: 'numeric',
                          month: 'short',
                          timeZone: 'UTC',
                        })}
                  </span>
                  <span className={styles.year}>{week.monday.slice(0, 4)}</span>
                </th>
                {week.cells.map((cell) => {
                  const { content, double } = render(cell);
                  return (
                    <td
                      key={cell.date}
                      data-date={cell.date}
                      className={double ? styles.double : cell.kind === 'declared' ? undefined : styles.muted}
                    >
                      {content}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
