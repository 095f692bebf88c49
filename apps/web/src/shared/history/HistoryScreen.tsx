import type { BidRecord } from '@gama/core/endpoints/bids/index';
import { bidHistoryMessages } from '@gama/core/contract/bids';
import type { MarketGroup } from '@gama/core/rules/bet-types';
import { isIsoDate, type IsoDate } from '@gama/core/rules/dates';
import { zonedParts } from '@gama/core/rules/time';
import { Search, Trophy } from 'lucide-react';
import { useState, type CSSProperties, type FormEvent } from 'react';
import { toast } from '../../lib/toast.ts';
import { Button } from '@gama/ui/Button';
import { DateField } from '@gama/ui/DateInput';
import { Card, Form, Page } from '../../components/Page.tsx';
import { Skeleton } from '@gama/ui/Skeleton';
import { marketTimeZone, serverNow } from '../../lib/server-clock.ts';
import { betAccent } from './bet-accent.ts';
import { useHistory, type HistoryKind } from './history-api.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { Link } from '../../lib/router/index.ts';
import { askAboutPath } from '../support/unread.ts';
import styles from './HistoryScreen.module.css';

export interface HistoryScreenProps {
  /** Heading, e.g. "Bid History", "GALI DISAWAR BIDS". */
  title: string;
  /** `bids` reads `bid_data` (sends bid_from/bid_to), `wins` reads `win_data` (sends date_from/date_to). */
  kind: HistoryKind;
  /** Whose history: the main markets, Starline or Gali Disawar. */
  group: MarketGroup;
  /** Show each record's session (main markets); Starline and Gali rows are all Open. */
  showSession?: boolean;
}

/**
 * One history screen for the six bid and win lists (spec 02 section 2): From/To defaulting to the server's
 * today, loaded once on opening and again on every Submit.
 */
export function HistoryScreen({ title, kind, group, showSession = true }: HistoryScreenProps) {
  const t = useT();
  const [today] = useState<IsoDate>(() => zonedParts(serverNow(), marketTimeZone()).date);
  const [from, setFrom] = useState<IsoDate>(today);
  const [to, setTo] = useState<IsoDate>(today);
  const [range, setRange] = useState({ from: today, to: today });
  const history = useHistory(kind, group, range);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isIsoDate(from) || !isIsoDate(to) || from > to) {
      toast.error(bidHistoryMessages.badRange, { id: 'history-range' });
      return;
    }
    if (from === range.from && to === range.to) void history.refetch();
    else setRange({ from, to });
  };

  const rows = history.data?.rows ?? [];
  return (
    <Page title={t.fromServer(title)}>
      <Card>
        <Form onSubmit={submit}>
          <div className={styles.dates}>
            <DateField label={t('From')} name="from" value={from} max={today} onValueChange={setFrom} />
            <DateField label={t('To')} name="to" value={to} max={today} onValueChange={setTo} />
          </div>
          <Button
            type="submit"
            block
            busy={history.isFetching}
            busyText={t('Submitting...')}
            icon={<Search size={20} aria-hidden="true" />}
          >
            {t('Submit')}
          </Button>
        </Form>
      </Card>
      {history.isPending ? (
        <div className={styles.list} role="status" aria-label={t('Loading')}>
          <Skeleton height={96} radius={18} />
          <Skeleton height={96} radius={18} />
          <Skeleton height={96} radius={18} />
        </div>
      ) : history.isError || rows.length === 0 ? (
        <p className={styles.empty}>{t('NO DATA FOUND')}</p>
      ) : (
        <ul className={styles.list} aria-label={t.fromServer(title)}>
          {history.data.kind === 'bids'
            ? history.data.rows.map((row) => (
                <HistoryCard
                  key={row.bid_id}
                  row={row}
                  showSession={showSession}
                  won={false}
                  value={row.points}
                  date={row.bid_date}
                  askAbout={askAboutPath('bid', row.bid_id)}
                />
              ))
            : history.data.rows.map((row, index) => (
                <HistoryCard
                  key={index}
                  row={row}
                  showSession={showSession}
                  won
                  value={row.amount}
                  date={row.wining_date}
                />
              ))}
        </ul>
      )}
    </Page>
  );
}

function accentStyle(label: string): CSSProperties {
  return { '--accent': betAccent(label) } as CSSProperties;
}

function numbersOf(row: { digits: string; closedigits: string }): string {
  return row.closedigits ? `${row.digits} - ${row.closedigits}` : row.digits;
}

/** Fields a bid and a win both carry: the card reads them the same way. */
type Played = Pick<BidRecord, 'game_name' | 'pana' | 'session' | 'digits' | 'closedigits'>;

/**
 * One card for a bid and a win. A win adds the congratulation above and shows its amount where a bid shows
 * its points; only a bid has an "Ask about this" link (a win's record names no bid).
 */
function HistoryCard({
  row,
  showSession,
  won,
  value,
  date,
  askAbout,
}: {
  row: Played;
  showSession: boolean;
  won: boolean;
  value: string;
  date: string;
  askAbout?: string;
}) {
  const t = useT();
  return (
    <li className={styles.card} style={accentStyle(row.pana)} data-testid="history-entry">
      {won && (
        <p className={styles.won}>
          <Trophy size={18} aria-hidden="true" />
          {t('Congratulations You Won')}
        </p>
      )}
      <div className={styles.head}>
        <span className={styles.market}>{row.game_name}</span>
        <span className={styles.type}>{row.pana}</span>
      </div>
      <div className={styles.body}>
        <span className={styles.digits}>{numbersOf(row)}</span>
        <span className={won ? [styles.points, styles.amount].join(' ') : styles.points}>
          {value} <small>{t('pts')}</small>
        </span>
      </div>
      <div className={styles.foot}>
        {showSession && <span className={styles.session}>{row.session}</span>}
        <span>{t.specDate(date)}</span>
        {askAbout && (
          <Link className={styles.ask} to={askAbout} data-testid="ask-about">
            {t('Ask about this')}
          </Link>
        )}
      </div>
    </li>
  );
}
