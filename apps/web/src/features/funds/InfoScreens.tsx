import { History, ListOrdered, ReceiptText, ScrollText, Star, Trophy, TriangleAlert } from 'lucide-react';
import { Card, Page, PageTitle } from '../../components/Page.tsx';
import { Skeleton } from '@gama/ui/Skeleton';
import { errorMessage } from '../../lib/api-client.ts';
import { useRules } from './api.ts';
import { EmptyState, fundsStyles as styles, TileLink } from './parts.tsx';

function RulesScreen({ title, pick }: { title: string; pick: 'withdrawal_rule' | 'deposit_rule' }) {
  const rules = useRules();
  const text = rules.data?.[pick].trim() ?? '';
  return (
    <Page>
      <PageTitle>{title}</PageTitle>
      {rules.isPending ? (
        <Card>
          <div className={styles.section} role="status" aria-label="Loading rules">
            <Skeleton height={16} />
            <Skeleton height={16} width="85%" />
            <Skeleton height={16} width="70%" />
          </div>
        </Card>
      ) : rules.isError ? (
        <p className={styles.notice} role="alert">
          <TriangleAlert size={18} aria-hidden="true" />
          {errorMessage(rules.error)}
        </p>
      ) : text === '' ? (
        <EmptyState>No rules have been published yet.</EmptyState>
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
  return (
    <Page>
      <PageTitle>History</PageTitle>
      <nav className={styles.tiles} aria-label="Histories">
        <TileLink to="/AddFundHistory" money icon={<History size={22} />}>
          Deposit History
        </TileLink>
        <TileLink to="/transaction" money icon={<ReceiptText size={22} />}>
          Wallet History
        </TileLink>
        <TileLink to="/imp4" icon={<ListOrdered size={22} />}>
          Main Bid-History
        </TileLink>
        <TileLink to="/imp3" icon={<Trophy size={22} />}>
          Main Win-History
        </TileLink>
        <TileLink to="/imp5" icon={<Star size={22} />}>
          Starline Bid-History
        </TileLink>
        <TileLink to="/imp6" icon={<Trophy size={22} />}>
          Starline Win-History
        </TileLink>
        <TileLink to="/impbid" icon={<ScrollText size={22} />}>
          Gali Bid-History
        </TileLink>
        <TileLink to="/impwin" icon={<Trophy size={22} />}>
          Gali Win-History
        </TileLink>
      </nav>
    </Page>
  );
}
