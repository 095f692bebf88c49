import { History, ListOrdered, ReceiptText, ScrollText, Star, Trophy } from 'lucide-react';
import { Card, Page } from '../../components/Page.tsx';
import { Skeleton } from '@gama/ui/Skeleton';
import { useRules } from './api.ts';
import { EmptyState, fundsStyles as styles, LoadError, TileLink } from './parts.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import type { Text } from '@gama/core/i18n/texts';

function RulesScreen({ title, pick }: { title: Text; pick: 'withdrawal_rule' | 'deposit_rule' }) {
  const rules = useRules();
  const t = useT();
  // The operator's Hindi text for a Hindi reader, while there is one.
  const hindi = t.language === 'hi' ? (rules.data?.[`${pick}_hi`].trim() ?? '') : '';
  const text = hindi || (rules.data?.[pick].trim() ?? '');
  return (
    <Page title={t(title)}>
      {rules.isPending ? (
        <Card>
          <div className={styles.section} role="status" aria-label={t('Loading rules')}>
            <Skeleton height={16} />
            <Skeleton height={16} width="85%" />
            <Skeleton height={16} width="70%" />
          </div>
        </Card>
      ) : rules.isError ? (
        <LoadError error={rules.error} />
      ) : text === '' ? (
        <EmptyState>{t('No rules have been published yet.')}</EmptyState>
      ) : (
        <Card>
          <p className={styles.rules}>{text}</p>
        </Card>
      )}
    </Page>
  );
}

export function WithdrawRulesScreen() {
  return <RulesScreen title="Withdraw Rules" pick="withdrawal_rule" />;
}

export function DepositRulesScreen() {
  return <RulesScreen title="Deposit Rules" pick="deposit_rule" />;
}

/** Spec 01 section 2.3: the history menu, in the spec's order and with its link letter case. */
export function HistoriesScreen() {
  const t = useT();
  return (
    <Page title={t('History')}>
      <nav className={styles.tiles} aria-label={t('Histories')}>
        <TileLink to="/AddFundHistory" money icon={<History size={22} />}>
          {t('Deposit History')}
        </TileLink>
        <TileLink to="/transaction" money icon={<ReceiptText size={22} />}>
          {t('Wallet History')}
        </TileLink>
        <TileLink to="/imp4" icon={<ListOrdered size={22} />}>
          {t('Main Bid-History')}
        </TileLink>
        <TileLink to="/imp3" icon={<Trophy size={22} />}>
          {t('Main Win-History')}
        </TileLink>
        <TileLink to="/imp5" icon={<Star size={22} />}>
          {t('Starline Bid-History')}
        </TileLink>
        <TileLink to="/imp6" icon={<Trophy size={22} />}>
          {t('Starline Win-History')}
        </TileLink>
        <TileLink to="/impbid" icon={<ScrollText size={22} />}>
          {t('Gali Bid-History')}
        </TileLink>
        <TileLink to="/impwin" icon={<Trophy size={22} />}>
          {t('Gali Win-History')}
        </TileLink>
      </nav>
    </Page>
  );
}
