import { marketClosedMessages } from '@gama/core/rules/market-closed-messages';
import { ChartColumn, History, Trophy, type LucideIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@gama/ui/Button';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { Dialog } from '@gama/ui/Dialog';
import { Skeleton } from '@gama/ui/Skeleton';
import styles from './MarketList.module.css';
import { prefersReducedMotion } from '../../lib/motion.ts';
import { useT } from '../../lib/i18n/use-t.ts';

const SHAKE_MS = 500;
const VIBRATE_MS = 100;

/**
 * Play on a market that is closed for the day: the card shakes for 0.5 s, the phone buzzes for 0.1 s and
 * the "Sorry!" popup opens (spec 02 section 4). Motion and vibration are skipped for players who asked
 * their phone for less motion; phones without a vibration motor just show the popup.
 */
export function useClosedMarket() {
  const [shakingId, setShakingId] = useState<number | null>(null);
  const [popupOpen, setPopupOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const refuse = useCallback((gameId: number) => {
    if (!prefersReducedMotion()) {
      setShakingId(gameId);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setShakingId(null), SHAKE_MS);
      if (typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATE_MS);
    }
    setPopupOpen(true);
  }, []);

  const popup = <ClosedMarketDialog open={popupOpen} onClose={() => setPopupOpen(false)} />;
  return { refuse, shakeClass: (gameId: number) => (gameId === shakingId ? 'shake' : undefined), popup };
}

/** Every market list's closed-market popup: headed "Sorry!", reading "Oops! …" once (spec 02 section 4). */
export function ClosedMarketDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={t(marketClosedMessages.marketClosedTitle)}>
      <div className={styles.popup}>
        <p>{t(marketClosedMessages.marketClosedToday)}</p>
        <Button block onClick={onClose}>
          {t('OK')}
        </Button>
      </div>
    </Dialog>
  );
}

interface ListActionsProps {
  chartUrl: string | undefined;
  /** Opens the chart in a new tab (the Gali list does, spec 02 section 2). */
  chartInNewTab?: boolean;
  bidHistoryTo?: string;
  winHistoryTo?: string;
}

/** Chart always; the two histories only for accounts with betting on (the caller passes them or not). */
export function ListActions({ chartUrl, chartInNewTab, bidHistoryTo, winHistoryTo }: ListActionsProps) {
  const t = useT();
  return (
    <div className={styles.actions}>
      {chartUrl === undefined ? (
        <Skeleton height={44} radius={12} />
      ) : (
        <ListAction
          to={chartUrl}
          icon={ChartColumn}
          label={t('Chart')}
          {...(chartInNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        />
      )}
      {bidHistoryTo && <ListAction to={bidHistoryTo} icon={History} label={t('Bid-History')} />}
      {winHistoryTo && <ListAction to={winHistoryTo} icon={Trophy} label={t('Win History')} />}
    </div>
  );
}

function ListAction({
  icon: Icon,
  label,
  ...link
}: {
  to: string;
  icon: LucideIcon;
  label: string;
  target?: string;
  rel?: string;
}) {
  return (
    <ButtonLink
      variant="outline"
      className={styles.action}
      icon={<Icon size={18} aria-hidden="true" />}
      {...link}
    >
      {label}
    </ButtonLink>
  );
}

export interface RateLine {
  label: string;
  value: string;
}

export function RatesBox({ title, lines, loading }: { title: string; lines: RateLine[]; loading: boolean }) {
  const t = useT();
  return (
    <section className={styles.rates} aria-label={t.fromServer(title)}>
      <h2 className={styles.ratesTitle}>{t.fromServer(title)}</h2>
      <dl className={styles.rateList}>
        {lines.map((line) => (
          <div key={line.label} className={styles.rate}>
            <dt>{line.label}</dt>
            <dd className="tabular">{loading ? <Skeleton width={56} height={18} /> : line.value || '—'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function MarketStatus({ open, children }: { open: boolean; children: ReactNode }) {
  return (
    <p className={[styles.status, open ? styles.statusOpen : styles.statusClosed].join(' ')}>
      <span className={styles.dot} aria-hidden="true" />
      {children}
    </p>
  );
}

export function ListSkeleton({ count, tall }: { count: number; tall?: boolean }) {
  const t = useT();
  return (
    <div className={tall ? styles.stack : styles.grid} role="status" aria-label={t('Loading markets')}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} height={tall ? 150 : 168} radius={18} />
      ))}
    </div>
  );
}

export function ListEmpty({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}
