import { History, ListOrdered, ReceiptText, ScrollText, Star, Trophy } from 'lucide-react';
import { Card, Page } from '../../components/Page.tsx';
import { Skeleton } from '@gama/ui/Skeleton';
import { useRules } from './api.ts';
import { EmptyState, fundsStyles as styles, LoadError, TileMenu, type Tile } from './parts.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import { operatorText } from '../../lib/operator-text.ts';
import type { Text } from '@gama/core/i18n/texts';

function RulesScreen({ title, pick }: { title: Text; pick: 'withdrawal_rule' | 'deposit_rule' }) {
  const rules = useRules();
  const t = useT();
  const text = operatorText(t.language, rules.data, pick);
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
const HISTORIES: readonly Tile[] = [
  { to: '/AddFundHistory', money: true, icon: History, label: 'Deposit History' },
  { to: '/transaction', money: true, icon: ReceiptText, label: 'Wallet History' },
  { to: '/imp4', icon: ListOrdered, label: 'Main Bid-History' },
  { to: '/imp3', icon: Trophy, label: 'Main Win-History' },
  { to: '/imp5', icon: Star, label: 'Starline Bid-History' },
  { to: '/imp6', icon: Trophy, label: 'Starline Win-History' },
  { to: '/impbid', icon: ScrollText, label: 'Gali Bid-History' },
  { to: '/impwin', icon: Trophy, label: 'Gali Win-History' },
];

export function HistoriesScreen() {
  const t = useT();
  return (
    <Page title={t('History')}>
      <TileMenu label={t('Histories')} tiles={HISTORIES} />
    </Page>
  );
}
